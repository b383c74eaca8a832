#include "app/search_args.hpp"

#include <CLI/CLI.hpp>
#include <charconv>
#include <system_error>

#include "actors/tunables.hpp"
#include "app/cluster_run.hpp"
#include "app/config.hpp"
#include "app/option_scope.hpp"

namespace alphactor::app {
namespace {

// The whole of `text` as a number (from_chars alone stops at "5us" after the 5, and a
// negative count must not wrap into an unsigned one).
template <class T>
bool whole_number(const std::string& text, T& out) {
  const char* last = text.data() + text.size();
  const auto [end, ec] = std::from_chars(text.data(), last, out);
  return !text.empty() && ec == std::errc() && end == last;
}

}  // namespace

CLI::Option* add_search_options(CLI::App* cmd, SearchArgs& a) {
  cmd->add_option("--game", a.position.game, "game: tree")->capture_default_str();
  cmd->add_option("--tree", a.tree, "tree spec, e.g. random:w=4,d=10,seed=1");
  cmd->add_option("--fen", a.fen, "chess position: a FEN, or startpos");
  cmd->add_option("--board", a.board, "othello board: 64 chars X/O/- (a1..h8) and X|O, or start");
  cmd->add_option("--algorithm", a.algorithm,
                  std::string("sequential: negamax|alphabeta|pvs|er; parallel: ") +
                      actors::kParallelAlgorithmNames)
      ->capture_default_str();
  cmd->add_option("--depth", a.depth, "search depth in plies")->required();
  cmd->add_flag("--iterative", a.iterative,
                "iterative deepening up to --depth (parallel: always; default: when the best "
                "sequential search deepens, but always for chess and Othello in sim)");
  cmd->add_flag(
      "--no-iterative", a.no_iterative,
      "parallel algorithms (which deepen by default) and their baseline search --depth at "
      "once");
  cmd->add_flag("--no-table", a.no_table, "search without a transposition table");
  cmd->add_option("--hash", a.hash,
                  "transposition table size: MiB (16, 0.5) or with a unit (320KiB); parallel: "
                  "each processor's (default 16 MiB; parallel sim: none)");
  cmd->add_flag("--json", a.json, "print one JSON object");
  cmd->add_flag("--no-killers", a.no_killers, "search without killer moves");
  cmd->add_flag("--no-history", a.no_history, "search without the history heuristic");
  // Only parallel runs use the options of this group; a sequential search refuses them.
  CLI::Option* processors =
      cmd->add_option("--processors,-p", a.processors,
                      "processor counts (parallel algorithms; er with them is parallel ER)")
          ->delimiter(',')
          ->group(kParallelGroup);
  cmd->add_option("--topology", a.topology,
                  std::string(topo::Topology::known_names()) +
                      " (default: the algorithm's: tree for pvsplit and treesplit, star for "
                      "pmws, masterslave and evensplit, complete for ybwc, hypercube for dts-bf "
                      "and dts-bb)")
      ->group(kParallelGroup);
  cmd->add_option("--fanout", a.topology_params.fanout, "processor tree fan-out")
      ->group(kParallelGroup);
  cmd->add_option("--rows", a.topology_params.rows, "torus rows")->group(kParallelGroup);
  cmd->add_option("--mode", a.mode, "sim (virtual time) | real (threads)")
      ->capture_default_str()
      ->group(kParallelGroup);
  cmd->add_option("--cost", a.cost, "sim cost preset: modern | transputer1990 | sun1985")
      ->capture_default_str()
      ->each([&a](const std::string&) { a.cost_given = true; })
      ->group(kParallelGroup);
  cmd->add_option("--cost-set", a.cost_sets, "override a cost field: field=value (repeatable)")
      ->group(kParallelGroup);
  cmd->add_option("--threads", a.threads, "real mode: scheduler threads")
      ->capture_default_str()
      ->group(kParallelGroup);
  cmd->add_option("--seed", a.seed, "random seed")->capture_default_str()->group(kParallelGroup);
  cmd->add_option("--slice", a.slice, "nodes per search slice (0: auto)")->group(kParallelGroup);
  cmd->add_option("--min-split-depth", a.min_split_depth, "smallest depth given away")
      ->capture_default_str()
      ->group(kParallelGroup);
  cmd->add_option("--cut-wait", a.cut_wait, "sons an expected CUT node evaluates before splitting")
      ->capture_default_str()
      ->group(kParallelGroup);
  cmd->add_option("--inline-depth", a.inline_depth,
                  "nodes this near the horizon searched whole by the recursive search "
                  "(default: real 4 for synthetic trees, 2 for chess and Othello; sim 0 = never)")
      ->group(kParallelGroup);
  auto* lone = cmd->add_flag("--lone-root-research", a.lone_root_research,
                             "ybwc: a re-search of a root son runs alone, the root's other sons "
                             "wait for its bound (default: off)")
                   ->group(kParallelGroup);
  cmd->add_flag("--no-lone-root-research", a.no_lone_root_research,
                "ybwc: the root's other sons go on beside a re-search (ZUGZWANG; the default)")
      ->excludes(lone)
      ->group(kParallelGroup);
  cmd->add_option("--table-kb", a.old_table_kb)->group("");  // refused, naming --hash
  cmd->add_option("--table", a.table_placement,
                  "where the table lives: local, global, distributed, hybrid, replicated or none "
                  "(default: real mode replicated, sim local)")
      ->group(kParallelGroup);
  cmd->add_option("--hybrid-draft", a.hybrid_draft,
                  "hybrid table: nodes more than this many plies from the horizon use the "
                  "distributed table (default 2); replicated: their entries are copied (default 0)")
      ->group(kParallelGroup);
  cmd->add_option("--table-min-draft", a.table_min_draft,
                  "probe and store only nodes more than this many plies from the horizon")
      ->group(kParallelGroup);
  cmd->add_flag("--gossip", a.gossip, "share history and killers with topology neighbours")
      ->group(kParallelGroup);
  cmd->add_flag("--alphabeta-windows", a.alphabeta_windows,
                "younger brothers with full windows instead of PVS zero windows")
      ->group(kParallelGroup);
  cmd->add_flag("--no-helping", a.no_helping,
                "pvsplit, pmws, treesplit as in their papers: a waiting processor does not ask "
                "a busy child for work")
      ->group(kParallelGroup);
  cmd->add_flag("--no-affinity", a.no_affinity,
                "pvsplit, pmws, treesplit: a son goes to the first free child, not to the one "
                "that searched it in the previous iteration")
      ->group(kParallelGroup);
  cmd->add_flag("--no-work-hints", a.no_work_hints,
                "work carries no previous-iteration PV and refutations")
      ->group(kParallelGroup);
  cmd->add_flag("--no-work-table-line", a.no_work_table_line,
                "work messages without the master's table moves along the job's line")
      ->group(kParallelGroup);
  cmd->add_option(
         "--baseline", a.baseline,
         "sequential reference: best (fastest of pvs and alphabeta, deepening or not) | pvs | "
         "alphabeta (with the run's deepening)")
      ->capture_default_str()
      ->group(kParallelGroup);
  cmd->add_option(
         "--steal-backoff-us", a.steal_backoff_us,
         "ybwc, er: most an idle processor waits after no-work answers (us; default sim 0, "
         "real 1000; real mode needs at least 1)")
      ->group(kParallelGroup);
  cmd->add_option("--kill", a.kills, "kill PROCESSOR after NODES: K:N (repeatable)")
      ->group(kParallelGroup);
  cmd->add_option("--nodes", a.nodes,
                  "real mode: spread the processors over these `alphactor node`s too, "
                  "HOST:PORT,... (contiguous blocks; this process keeps the first)")
      ->group(kParallelGroup);
  cmd->add_option("--secret", a.secret,
                  "the nodes' secret (default: the environment's ALPHACTOR_SECRET)")
      ->group(kParallelGroup);
  cmd->add_option("--trace", a.trace, "message trace, JSON lines")->group(kParallelGroup);
  cmd->add_option("--chrome-trace", a.chrome_trace, "Trace Event file (Perfetto)")
      ->group(kParallelGroup);
  cmd->add_option("--er-serial-ply", a.er_serial_ply,
                  "parallel er: nodes from this ply on are problems solved by serial ER "
                  "(0: depth / 2)")
      ->capture_default_str()
      ->group(kParallelGroup);
  cmd->add_flag("--no-parallel-refutation", a.no_parallel_refutation,
                "parallel er: an e-node refutes its other children one after the other")
      ->group(kParallelGroup);
  cmd->add_flag("--no-multiple-enodes", a.no_multiple_enodes,
                "parallel er: no speculative second e-child")
      ->group(kParallelGroup);
  cmd->add_flag("--no-early-choice", a.no_early_choice,
                "parallel er: the e-child is chosen only once all elder grandchildren are known")
      ->group(kParallelGroup);
  cmd->add_flag("--legend", a.legend, "parallel runs: explain the table's columns")
      ->group(kParallelGroup);
  cmd->add_option("--er-heap", a.er_heap,
                  "parallel er: where the problem heap lives: central (processor 0, the "
                  "paper's) or distributed (each processor its own; idle ones steal from "
                  "neighbours)")
      ->capture_default_str()
      ->group(kParallelGroup);
  auto* solves = cmd->add_flag("--master-solves", a.master_solves,
                               "parallel er: processor 0, which keeps the heap, solves problems "
                               "too (in slices) when no "
                               "other processor is idle (default: only at P <= " +
                                   std::to_string(actors::tunables::kErMasterSolvesUpTo) + ")")
                     ->group(kParallelGroup);
  cmd->add_flag("--no-master-solves", a.no_master_solves,
                "parallel er: processor 0 only keeps the heap, it solves no problem itself")
      ->excludes(solves)
      ->group(kParallelGroup);
  auto* rnodes = cmd->add_flag("--speculative-rnodes", a.speculative_rnodes,
                               "parallel er, beyond the paper: idle processors start an r-node's "
                               "next child before its running ones end (the default)")
                     ->group(kParallelGroup);
  cmd->add_flag("--no-speculative-rnodes", a.no_speculative_rnodes,
                "parallel er: an r-node refutes its children one after the other, as in the paper")
      ->excludes(rnodes)
      ->group(kParallelGroup);
  cmd->add_option("--max-seconds", a.max_seconds,
                  "parallel: stop a run that takes longer than this many seconds, of the "
                  "simulator's CPU in sim mode and of wall time in real mode (an internal "
                  "error, exit 3)")
      ->capture_default_str()
      ->group(kParallelGroup);
  return processors;
}

std::vector<std::string> parallel_options_given(const CLI::App* cmd) {
  std::vector<std::string> names;
  for (const CLI::Option* o : cmd->get_options(
           [](const CLI::Option* o) { return o->get_group() == kParallelGroup && o->count() > 0; }))
    names.push_back(o->get_name());
  return names;
}

void refuse_parallel_options(const SearchArgs& a) {
  if (a.parallel_options_given.empty()) return;
  const std::string what = a.algorithm == "er" ? "er without --processors is serial ER"
                                               : "'" + a.algorithm + "' is a sequential search";
  throw InputError(a.parallel_options_given.front() + " is for parallel runs, and " + what +
                   " (parallel algorithms: " + actors::kParallelAlgorithmNames +
                   "; er is parallel with --processors)");
}

void finish_search_args(SearchArgs& a) {
  // One position, in the flag of its game: a FEN read as a tree spec, or a tree beside a FEN
  // that was dropped, said nothing useful. (An unknown game is refused by name later.)
  if (int(!a.tree.empty()) + int(!a.fen.empty()) + int(!a.board.empty()) > 1)
    throw InputError("give one position: --tree (trees), --fen (chess) or --board (othello)");
  const std::string& game = a.position.game;
  if (game == "tree" || game == "chess" || game == "othello") {
    if (!a.fen.empty() && game != "chess")
      throw InputError("--fen is a chess position and the game is " + game + ": add --game chess");
    if (!a.board.empty() && game != "othello")
      throw InputError("--board is an othello board and the game is " + game +
                       ": add --game othello");
    if (!a.tree.empty() && game != "tree")
      throw InputError("--tree is a synthetic tree and the game is " + game + ": drop --game " +
                       game);
  }
  a.position.position = !a.tree.empty() ? a.tree : !a.fen.empty() ? a.fen : a.board;
  if (!a.old_table_kb.empty())
    throw InputError("--table-kb is gone: use --hash SIZE (MiB, or with a unit: --hash " +
                     a.old_table_kb + "KiB), each processor's table in parallel runs");
  if (a.depth < 1 || a.depth >= kMaxPly)
    throw InputError("--depth must be 1.." + std::to_string(kMaxPly - 1));
  if (a.iterative && a.no_iterative)
    throw InputError("--iterative and --no-iterative exclude each other");
}

ParallelExperiment parallel_experiment(SearchArgs& a) {
  if (a.topology.empty()) a.topology = actors::default_topology(a.algorithm);
  actors::check_topology(a.algorithm, a.topology);
  if (const auto o = option_out_of_scope(a.parallel_options_given, a.algorithm, a.topology))
    throw InputError(o->name + " " + o->why);
  if (const auto why = table_out_of_scope(a.table_placement, a.algorithm))
    throw InputError("--table: " + *why);
  ParallelExperiment e;
  actors::ParallelConfig& c = e.config;
  c.algorithm = a.algorithm;
  c.depth = a.depth;
  // Deepening: as asked; by default the root deepens when the best sequential search does,
  // except that sim chess and Othello always deepen (the papers' programs do).
  c.iterative_deepening = !a.no_iterative;
  c.deepen_like_baseline = deepens_like_baseline_by_default(a.mode == "real", a.position.game) &&
                           !a.iterative && !a.no_iterative;
  c.pvs = !a.alphabeta_windows;
  c.killers = !a.no_killers;
  c.work_hints = !a.no_work_hints;
  c.helping = !a.no_helping;
  c.affinity = !a.no_affinity;
  if (a.er_serial_ply < 0) throw InputError("--er-serial-ply must be at least 0");
  c.er_serial_ply = a.er_serial_ply;
  c.er_parallel_refutation = !a.no_parallel_refutation;
  c.er_multiple_enodes = !a.no_multiple_enodes;
  c.er_early_choice = !a.no_early_choice;
  if (a.master_solves || a.no_master_solves) c.er_master_solves = a.master_solves;
  c.er_speculative_rnodes = !a.no_speculative_rnodes;
  if (a.er_heap != "central" && a.er_heap != "distributed")
    throw InputError("--er-heap must be central or distributed, not '" + a.er_heap + "'");
  c.er_distributed_heap = a.er_heap == "distributed";
  c.history = !a.no_history;
  c.work_table_line = !a.no_work_table_line;
  c.min_split_depth = a.min_split_depth;
  if (a.cut_wait < 1) throw InputError("--cut-wait must be at least 1");
  c.cut_wait = a.cut_wait;
  if (a.inline_depth && *a.inline_depth < 0) throw InputError("--inline-depth must be at least 0");
  c.inline_depth = a.inline_depth.value_or(-1);
  c.lone_root_research = a.lone_root_research && !a.no_lone_root_research;
  c.slice_nodes = a.slice;
  // The table: --hash per processor, or the mode's default (app/config.hpp).
  const bool real = a.mode == "real";
  c.table_kb = a.no_table        ? 0
               : !a.hash.empty() ? parse_table_size(a.hash, "--hash")
                                 : default_parallel_table_kilobytes(real, a.position.game);
  c.table = actors::parse_table_placement(
      !a.table_placement.empty() ? a.table_placement : default_table_placement(real));
  if (a.table_min_draft < 0) throw InputError("--table-min-draft must be at least 0");
  c.table_min_draft = a.table_min_draft;
  if (a.hybrid_draft && *a.hybrid_draft < 0) throw InputError("--hybrid-draft must be at least 0");
  if (!a.no_table && !a.table_placement.empty() && a.table_placement != "none" && c.table_kb == 0)
    throw InputError("--table " + a.table_placement + " needs --hash SIZE (" +
                     no_default_table_note(real) + ")");
  c.hybrid_draft = a.hybrid_draft.value_or(-1);
  c.gossip_history = c.gossip_killers = a.gossip;
  c.steal_backoff_ns = a.steal_backoff_us < 0 ? -1 : a.steal_backoff_us * 1000;
  c.topology = a.topology;
  c.topology_params = a.topology_params;
  if (a.mode != "sim" && a.mode != "real")
    throw InputError("--mode must be sim or real, not '" + a.mode + "'");
  c.mode = a.mode == "real" ? actors::Mode::kReal : actors::Mode::kSim;
  if (a.threads < 1) throw InputError("--threads must be at least 1");
  c.threads = a.threads;
  c.costs = actors::cost_preset(a.cost, a.position.game);
  for (const auto& s : a.cost_sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos) throw InputError("--cost-set needs field=value, got '" + s + "'");
    std::int64_t v = 0;
    const std::string text = s.substr(eq + 1);
    if (!whole_number(text, v))
      throw InputError("--cost-set " + s.substr(0, eq) + ": not an integer '" + text + "'");
    actors::set_cost_field(c.costs, s.substr(0, eq), v);
  }
  c.seed = a.seed;
  for (const auto& k : a.kills) {
    const auto colon = k.find(':');
    int processor = 0;
    std::uint64_t after_nodes = 0;
    if (colon == std::string::npos || !whole_number(k.substr(0, colon), processor) ||
        !whole_number(k.substr(colon + 1), after_nodes))
      throw InputError("--kill needs PROCESSOR:NODES, got '" + k + "'");
    c.faults.push_back({processor, after_nodes});
  }
  c.baseline = a.baseline;
  c.cluster = cluster_of(a.nodes, a.secret, c.mode == actors::Mode::kReal,
                         !a.trace.empty() || !a.chrome_trace.empty());
  for (const int p : a.processors) {
    if (p < 1) throw InputError("--processors must be at least 1");
    (void)topo::Topology::make(a.topology, p,
                               a.topology_params);  // a one-line error if P does not fit
  }
  e.game = a.position.game;
  e.positions = {a.position.position};
  e.processors = a.processors;
  e.trace_jsonl = a.trace;
  e.chrome_trace = a.chrome_trace;
  e.progress = !a.json;
  if (!(a.max_seconds > 0)) throw InputError("--max-seconds must be more than 0");
  c.max_seconds = a.max_seconds;
  return e;
}

}  // namespace alphactor::app
