// Run configurations: a TOML file (plus --set key=value overrides) describing an experiment.
// Every key is checked: an unknown key or a wrong value is refused with the key named.
//
// Keys (top level):
//   title       string        shown above the report
//   game        string        "tree" (chess and othello as they land)
//   positions   [string]      tree specs / FENs / boards
//   positions_file string     one position a line instead (chess: an EPD file; set game first)
//   positions_limit integer   only the first N positions (a shorter run of the same config,
//                             e.g. scripts/reproduce.sh --quick); 0: all (default)
//   depth       integer       search depth in plies (1..127)
//   algorithms  [string]      sequential algorithms to compare: negamax, alphabeta, pvs, er
//                             (refused beside a parallel `algorithm`, which would ignore them)
//   iterative_deepening bool  (default false)
//   table       bool          transposition table on/off (default true)
//   hash        number|string the table's size, for every search: MiB (16, 0.5), or with a
//                             unit ("320 KiB", "2 GiB"); parallel runs: each processor's table
//                             (a replica, share or local table). Default: sequential 16 MiB;
//                             real mode 16 MiB a processor, replicated (chess, Othello; trees
//                             none: no transpositions); sim mode none (tables are a paper's
//                             setting: the configs say), so a placement named there (`table`)
//                             without hash is refused. table_kb and table_mb are refused
//                             with a message naming it.
//
// Parallel experiments (when `algorithm` names a parallel algorithm; see configs/*.toml):
//   algorithm        string     ybwc | pvsplit | pmws | treesplit | masterslave | evensplit |
//                               dts-bf | dts-bb | er (er here is parallel ER; in `algorithms`
//                               it is serial ER)
//   processors       int|[int]  processor counts, one run each (1..4194304; complete: 4096)
//   topology         string     tree | star | debruijn | hypercube | ring | torus | complete
//                               (default: the algorithm's; see algorithms/parallel.hpp)
//   fanout, rows     integer    processor tree fan-out (2) / torus rows (0: most square)
//   mode             string     sim (virtual time) | real (CAF threads)
//   threads          integer    real mode: scheduler threads (default 2)
//   cost             string     sim cost preset: modern | transputer1990 | sun1985
//   [costs]          table      per-field overrides: interior_ns, leaf_ns, quiescence_ns, node_ns,
//                               receive_ns, send_ns, byte_cpu_ps, latency_ns, link_byte_ps,
//                               forward_cpu (--set costs.leaf_ns=...)
//   seed             integer    random streams (work-stealing targets)
//   slice            integer    K, nodes per search slice (0: auto for the mode and costs)
//   min_split_depth  integer    smallest remaining depth given to a helper (default 0); <= 0:
//                               the quiescence search runs as frames and horizon (0) and
//                               quiescence (< 0) nodes may be given away too (-127: all);
//                               games without quiescence never give a horizon node away
//   cut_wait         integer    sons an expected CUT node evaluates before its brothers are
//                               given away (1: the Young Brothers Wait Concept as published)
//   inline_depth     integer    nodes at most this far from the horizon are searched whole by
//                               the recursive search, between two looks at the mailbox
//                               (default: real 4 on synthetic trees, 2 on chess and
//                               Othello; sim 0 = never)
//   lone_root_research  bool    ybwc: a re-search of a root son runs alone; the root's other
//                               sons wait for its bound (default false)
//   table            bool|string parallel runs: where the table lives: "local" (sim default),
//                               "global" (one owner, probes are messages), "distributed"
//                               (h mod P holds it), "hybrid" (distributed far from the
//                               horizon, local near it), "replicated" (local, entries far
//                               from the horizon copied to neighbours; real-mode default),
//                               "none"; false = "none"
//   hybrid_draft     integer    hybrid table: nodes more than this many plies from the horizon
//                               use the distributed table; replicated: such entries are
//                               copied (defaults: tunables, hybrid 2, replicated 0)
//   table_min_draft  integer    depth-limited table: probe/store only nodes more than this
//                               many plies from the horizon (default 0: all)
//   gossip           bool       shared history and killers to topology neighbours (both)
//   gossip_history, gossip_killers bool  each of them alone
//   gossip_threshold integer    history change worth a message (default: tunable)
//   gossip_interval  integer    nodes between two gossip rounds of a kind (default: tunable)
//   pvs              bool       zero-window younger brothers (default true)
//   killers, history bool       the killer and history heuristics (default true)
//   work_killers     bool       work messages carry the master's killers (default true)
//   work_hints       bool       work messages carry the previous iteration's PV and root
//                               refutations below the job; helpers try them first (default true)
//   work_table_line  bool       work messages carry the master's table moves along the job's
//                               expected line (default true; local tables only)
//   baseline         string     the sequential reference: best (default: the fastest of pvs
//                               and alphabeta, deepening or not) | pvs | alphabeta (that
//                               algorithm with the run's own iterative_deepening)
//   helping          bool       pvsplit, pmws, treesplit: a waiting processor asks a busy
//                               child for work (default true; false: the papers' algorithms)
//   affinity         bool       pvsplit, pmws, treesplit: a son goes to the child that searched
//                               it in the previous iteration (default true)
//   er_serial_ply    integer    er: nodes from this ply on are problems solved whole by serial
//                               ER (the paper's serial depth; default 0: depth / 2)
//   parallel_refutation, multiple_enodes, early_choice  bool  er: the refinements of
//                               Steinberg & Solomon's section 5 (default true each)
//   er_heap          string     er: where the problem heap lives: central (default, the
//                               paper's: processor 0) | distributed (each processor its own,
//                               idle ones steal from topology neighbours)
//   master_solves    bool       er: processor 0, which keeps the heap, solves problems too
//                               when no other processor is idle (default: only at P <=
//                               actors::tunables::kErMasterSolvesUpTo, 8)
//   speculative_rnodes bool     er, beyond the paper: idle processors start an r-node's next
//                               child before its running ones end (default true)
//   steal_backoff_us integer    ybwc, er: idle processors back off exponentially after no-work
//                               answers, up to this; 0: ask again at once (default: sim 0, real
//                               1000)
//   faults           [table]    [{processor = k, after_nodes = n}, ...]: kill k after n nodes
//   paper            string     FILE/ID: a paper's published speedups (figure ID of
//                               data/papers/FILE.toml), printed and plotted beside alphactor's
//   paper_speedup    table      the same typed in: speedups by P ({2 = 1.84, 4 = 3.06}) for
//                               figures not in data/papers; paper_source (string) names them
//   output           string     folder for results.json and results.csv
//   plot             bool       also draw speedup, efficiency, search overhead and load
//                               against P into `output` (gnuplot; `alphactor plot`); with
//                               output empty nothing is drawn, and stderr says so
//   trace            string     message trace (JSON lines); chrome_trace: Trace Event file
//   iterative_deepening         parallel runs, default: the root deepens when the best
//                               sequential search of the position does (faster that way on
//                               each position tried), except in sim on chess and Othello,
//                               where it always deepens (the papers' programs did)
//   [[runs]]         tables     several experiments over the same positions: each table sets
//                               keys on top of the top-level ones (and its own `name`); --set
//                               values apply to every run
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/paper_figures.hpp"

namespace alphactor::app {

struct RunConfig {
  std::string source;  // file name, for messages
  std::string title;
  std::string game = "tree";
  std::vector<std::string> positions;
  std::size_t positions_limit = 0;  // 0: all
  int depth = 0;
  std::vector<std::string> algorithms = {"alphabeta"};
  bool algorithms_given = false;  // a parallel config refuses them rather than ignore them
  // Every key given, in order (top level, then the run's): app/option_scope.hpp checks them.
  std::vector<std::string> keys_given;
  bool check_scope = true;                  // false for a launcher's spec, which names every key
  std::optional<bool> iterative_deepening;  // unset: false for sequential, true for parallel
  bool table = true;
  std::optional<std::size_t> hash_kb;  // `hash`; unset: the mode's default (table_kilobytes())

  // Parallel experiment (algorithm non-empty).
  struct FaultSpec {
    int processor = 0;
    std::uint64_t after_nodes = 0;
  };
  std::string algorithm;
  std::vector<int> processors = {1};
  std::string topology;  // empty: the algorithm's own (actors::default_topology)
  int fanout = 2;
  int rows = 0;
  std::string mode = "sim";
  int threads = 2;
  std::string cost = "modern";
  std::vector<std::pair<std::string, std::int64_t>> cost_overrides;
  std::uint64_t seed = 1;
  std::uint64_t slice = 0;
  int min_split_depth = 0;
  int cut_wait = 1;
  int inline_depth = -1;
  bool lone_root_research = false;
  bool work_killers = true;
  bool work_hints = true;
  bool helping = true;
  bool affinity = true;
  int er_serial_ply = 0;
  bool parallel_refutation = true, multiple_enodes = true, early_choice = true;
  std::optional<bool> master_solves;  // unset: the algorithm's default (small P only)
  bool speculative_rnodes = true;
  std::string er_heap = "central";
  bool work_table_line = true;
  std::string table_placement;  // empty: the mode's default (table_placement_name())
  int table_min_draft = 0;
  int hybrid_draft = -1;
  bool gossip_history = false, gossip_killers = false;
  std::int64_t gossip_threshold = -1, gossip_interval = -1;
  bool pvs = true;
  bool killers = true;
  bool history = true;
  std::string baseline = "best";
  std::int64_t steal_backoff_us = -1;
  std::vector<FaultSpec> faults;
  std::string output;
  bool plot = false;
  std::string trace, chrome_trace;

  // A paper's figures for this experiment, printed beside alphactor's (`paper`, or
  // paper_speedup = {2 = 1.84, 3 = 2.53} with paper_source saying where they come from).
  PaperFigures paper;

  std::string name;                 // a [[runs]] entry's name
  std::vector<RunConfig> variants;  // the [[runs]] entries, each complete

  [[nodiscard]] bool parallel() const { return !algorithm.empty() || !variants.empty(); }
  // The table as run: its size per processor in KiB (0: none) and where it lives, with the
  // defaults of the mode when the config leaves them out.
  [[nodiscard]] std::size_t table_kilobytes() const;
  [[nodiscard]] std::string table_placement_name() const;
};

// A table size as `hash` / `--hash` take it: a number of MiB (fractions allowed) or a number
// with a unit (KiB, MiB, GiB; K, M, G; any case, a space allowed), 1 KiB..64 GiB. Returns
// KiB; throws InputError naming `what` otherwise.
std::size_t parse_table_size(const std::string& text, const std::string& what);
// The default table: sequential searches, and each processor in real mode.
inline constexpr std::size_t kDefaultTableKilobytes = 16 * 1024;
// A parallel run's table when neither a config nor `search` names one, the one place both
// take it from. Real mode: the sequential search's size, replicated (what won on chess:
// docs/results/BENCHMARKS.md), except on synthetic trees, which have no transpositions, so
// a table only costs there (random:w=8,d=11 at P = 2: 1.37 without, 0.99 with). Sim: no
// table unless the paper's config names one; placed locally when it does.
[[nodiscard]] inline std::size_t default_parallel_table_kilobytes(bool real,
                                                                  const std::string& game) {
  return real && game != "tree" ? kDefaultTableKilobytes : 0;
}
// Whether a parallel run that says nothing of deepening deepens exactly when the best
// sequential search of its position does. Sim chess and Othello deepen always, as the papers'
// programs did; everything else follows the baseline, so a synthetic tree (no table: the
// baseline searches at once) is not searched twice over (`ordered:w=8,d=10,p=0.7,seed=3`,
// YBWC on De Bruijn, transputer1990, P = 16 / 64: 3.91 / 7.51 deepening, 8.96 / 22.69 not).
[[nodiscard]] inline bool deepens_like_baseline_by_default(bool real, const std::string& game) {
  return real || game == "tree";
}
[[nodiscard]] inline const char* default_table_placement(bool real) {
  return real ? "replicated" : "local";
}
// Why a named placement got no size by default, for the message that asks for one.
[[nodiscard]] inline const char* no_default_table_note(bool real) {
  return real ? "synthetic trees have no default table" : "sim mode has no default table size";
}

// Loads and validates; `overrides` are "key=value" strings in TOML value syntax
// (e.g. depth=6, algorithms=["pvs"], title="x"). Throws InputError.
RunConfig load_config(const std::string& path, const std::vector<std::string>& overrides);
// The same from config text (`name` for messages): how a node reads the run it is asked to
// host (run_spec_text in app/cluster_run.hpp).
RunConfig load_config_text(const std::string& text, const std::string& name);

}  // namespace alphactor::app
