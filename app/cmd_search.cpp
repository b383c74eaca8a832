// `alphactor search`: one position, one algorithm, one depth; prints the result or JSON.
#include <CLI/CLI.hpp>
#include <iostream>
#include <optional>

#include "app/cluster_run.hpp"
#include "app/commands.hpp"
#include "app/config.hpp"
#include "app/game_select.hpp"
#include "app/parallel_runner.hpp"
#include "app/result_schema.hpp"
#include "app/search_report.hpp"
#include "search/searcher.hpp"

namespace alphactor::app {
namespace {

struct SearchArgs {
  PositionChoice position;
  std::string tree, fen, board;
  std::string algorithm = "alphabeta";
  int depth = 0;
  bool iterative = false;
  bool no_iterative = false;  // parallel runs: the root searches --depth at once
  bool no_table = false;
  std::string hash;  // empty: the default (app/config.hpp: sequential and real mode 16 MiB)
  bool json = false;
  // Parallel algorithms (--algorithm ybwc).
  std::vector<int> processors = {1};
  // er is serial ER (search/er.hpp) unless processors are named: then parallel ER.
  bool processors_given = false;
  int er_serial_ply = 0;
  bool no_parallel_refutation = false, no_multiple_enodes = false, no_early_choice = false,
       no_master_solves = false, speculative_rnodes = false;
  std::string er_heap = "central";
  bool legend = false;   // explain the parallel table's columns
  std::string topology;  // empty: the algorithm's own (actors::default_topology)
  topo::TopologyParams topology_params;
  std::string mode = "sim";
  std::string cost = "modern";
  std::vector<std::string> cost_sets;
  int threads = 2;
  std::uint64_t seed = 1;
  std::uint64_t slice = 0;
  int min_split_depth = 0;
  int cut_wait = 1;
  std::optional<int> inline_depth;  // unset: the mode's default
  std::string old_table_kb;     // --table-kb: refused, naming --hash
  std::string table_placement;  // empty: real mode replicated, sim local
  int table_min_draft = 0;
  std::optional<int> hybrid_draft;  // unset: the tunable
  bool gossip = false;
  bool alphabeta_windows = false;
  bool no_killers = false, no_history = false;
  bool no_work_hints = false;
  bool no_helping = false;
  bool no_affinity = false;
  bool no_work_table_line = false;
  std::string baseline = "best";
  std::int64_t steal_backoff_us = -1;
  std::vector<std::string> kills;
  std::string trace, chrome_trace;
  std::string nodes, secret;  // a run over several processes (actors/cluster.hpp)
};

void run_parallel_search(SearchArgs& a) {
  if (a.topology.empty()) a.topology = actors::default_topology(a.algorithm);
  actors::check_topology(a.algorithm, a.topology);
  ParallelExperiment e;
  actors::ParallelConfig& c = e.config;
  c.algorithm = a.algorithm;
  c.depth = a.depth;
  // Deepening: as asked; by default sim deepens (the papers' programs do), real mode deepens
  // when the best sequential search does.
  c.iterative_deepening = !a.no_iterative;
  c.deepen_like_baseline = a.mode == "real" && !a.iterative && !a.no_iterative;
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
  c.er_master_solves = !a.no_master_solves;
  c.er_speculative_rnodes = a.speculative_rnodes;
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
  c.slice_nodes = a.slice;
  // The table: --hash per processor; by default real mode gets the sequential search's size,
  // replicated (what won on chess: docs/results/BENCHMARKS.md), sim mode none.
  // Synthetic trees have no transpositions: there a table only costs (random:w=8,d=11 at
  // P = 2: 1.37 without, 0.99 with).
  const bool real = a.mode == "real";
  c.table_kb = a.no_table                            ? 0
               : !a.hash.empty()                     ? parse_table_size(a.hash, "--hash")
               : real && a.position.game != "tree"   ? kDefaultTableKilobytes
                                                     : 0;
  c.table = actors::parse_table_placement(
      !a.table_placement.empty() ? a.table_placement : real ? "replicated" : "local");
  if (a.table_min_draft < 0) throw InputError("--table-min-draft must be at least 0");
  c.table_min_draft = a.table_min_draft;
  if (a.hybrid_draft && *a.hybrid_draft < 0) throw InputError("--hybrid-draft must be at least 0");
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
    try {
      v = std::stoll(s.substr(eq + 1));
    } catch (const std::exception&) {
      throw InputError("--cost-set " + s.substr(0, eq) + ": not an integer '" + s.substr(eq + 1) +
                       "'");
    }
    actors::set_cost_field(c.costs, s.substr(0, eq), v);
  }
  c.seed = a.seed;
  for (const auto& k : a.kills) {
    const auto colon = k.find(':');
    try {
      if (colon == std::string::npos) throw std::invalid_argument(k);
      c.faults.push_back({std::stoi(k.substr(0, colon)), std::stoull(k.substr(colon + 1))});
    } catch (const std::exception&) {
      throw InputError("--kill needs PROCESSOR:NODES, got '" + k + "'");
    }
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
  const std::vector<ParallelRow> rows = run_experiment(e);
  if (a.json) {
    JsonWriter w;
    begin_result_document(w, "search");
    w.field("game", a.position.game)
        .field("position", a.position.position)
        .field("algorithm", a.algorithm)
        .field("depth", a.depth)
        .field("mode", a.mode)
        .field("topology", a.topology)
        .field("cost", a.cost)
        .field("seed", static_cast<std::uint64_t>(a.seed))
        .field("slice", static_cast<std::uint64_t>(c.slice_nodes ? c.slice_nodes : auto_slice(c)))
        .field("inline_depth", actors::resolved_inline_depth(c));
    w.key("results").begin_array();
    for (const auto& r : rows) write_row_json(w, r);
    w.end_array().end_object();
    std::cout << w.str() << "\n";
  } else {
    const ParallelRow& r = rows.back();
    std::cout << "game        " << a.position.game << "  " << a.position.position << "\n"
              << "algorithm   " << a.algorithm << "  depth " << a.depth << "  on " << a.topology
              << ", " << a.mode << " mode"
              << (c.mode == actors::Mode::kSim ? ", cost " + a.cost : "") << "\n"
              << "value       " << r.value
              << (r.exact() ? "  (= sequential)"
                            : "  (SEQUENTIAL: " + std::to_string(r.sequential_value) + ")")
              << "\n"
              << "best move   " << (r.best_move.empty() ? "-" : r.best_move) << "\n"
              << "baseline    " << r.baseline_label() << ", " << r.baseline_nodes << " nodes\n";
    if (!c.costs.note.empty() && c.mode == actors::Mode::kSim)
      std::cout << "note        " << c.costs.note << "\n";
    std::cout << format_table(rows, false, c.mode == actors::Mode::kSim ? "s(v)" : "s")
              << legend_footer(a.legend);
  }
  for (const auto& r : rows)
    if (!r.exact()) command_exit_code() = 1;
}

void run_search(SearchArgs& a) {
  a.position.position = !a.tree.empty() ? a.tree : !a.fen.empty() ? a.fen : a.board;
  if (!a.old_table_kb.empty())
    throw InputError("--table-kb is gone: use --hash SIZE (MiB, or with a unit: --hash " +
                     a.old_table_kb + "KiB), each processor's table in parallel runs");
  if (a.depth < 1 || a.depth >= kMaxPly)
    throw InputError("--depth must be 1.." + std::to_string(kMaxPly - 1));
  if (a.iterative && a.no_iterative)
    throw InputError("--iterative and --no-iterative exclude each other");
  if (actors::is_parallel_algorithm(a.algorithm) && (a.algorithm != "er" || a.processors_given))
    return run_parallel_search(a);
  const auto algorithm = parse_algorithm(a.algorithm);
  if (!algorithm)
    throw InputError("unknown algorithm '" + a.algorithm + "' (negamax, alphabeta, pvs, er, " +
                     actors::kParallelAlgorithmNames + ")");
  SearchOptions opt;
  opt.algorithm = *algorithm;
  opt.depth = a.depth;
  opt.iterative_deepening = a.iterative;
  opt.use_table = !a.no_table;
  opt.table_kilobytes = a.hash.empty() ? kDefaultTableKilobytes : parse_table_size(a.hash, "--hash");
  const SearchReport report = with_game(a.position, [&](auto& game) {
    return search_and_report(game, opt, a.position.game, a.position.position, a.algorithm);
  });
  if (a.json) {
    JsonWriter w;
    begin_result_document(w, "search");
    w.field("game", report.game)
        .field("position", report.position)
        .field("algorithm", report.algorithm)
        .field("depth", report.depth);
    w.key("results").begin_array();
    report.write_json(w);
    w.end_array().end_object();
    std::cout << w.str() << "\n";
  } else {
    std::cout << report.text();
  }
}

}  // namespace

void add_search_command(CLI::App& app) {
  auto args = std::make_shared<SearchArgs>();
  CLI::App* cmd =
      app.add_subcommand("search", "search one position (sequential or parallel algorithm)");
  cmd->add_option("--game", args->position.game, "game: tree")->capture_default_str();
  cmd->add_option("--tree", args->tree, "tree spec, e.g. random:w=4,d=10,seed=1");
  cmd->add_option("--fen", args->fen, "chess position: a FEN, or startpos");
  cmd->add_option("--board", args->board,
                  "othello board: 64 chars X/O/- (a1..h8) and X|O, or start");
  cmd->add_option("--algorithm", args->algorithm,
                  std::string("sequential: negamax|alphabeta|pvs|er; parallel: ") +
                      actors::kParallelAlgorithmNames)
      ->capture_default_str();
  cmd->add_option("--depth", args->depth, "search depth in plies")->required();
  cmd->add_flag("--iterative", args->iterative,
                "iterative deepening up to --depth (parallel: always; default sim always, real "
                "when the best sequential search deepens)");
  cmd->add_flag(
      "--no-iterative", args->no_iterative,
      "parallel algorithms (which deepen by default) and their baseline search --depth at "
      "once");
  cmd->add_flag("--no-table", args->no_table, "search without a transposition table");
  cmd->add_option("--hash", args->hash,
                  "transposition table size: MiB (16, 0.5) or with a unit (320KiB); parallel: "
                  "each processor's (default 16 MiB; parallel sim: none)");
  cmd->add_flag("--json", args->json, "print one JSON object");
  // Parallel algorithms.
  CLI::Option* processors =
      cmd->add_option("--processors,-p", args->processors,
                      "processor counts (parallel algorithms; er with them is parallel ER)")
          ->delimiter(',');
  cmd->add_option("--topology", args->topology,
                  std::string(topo::Topology::known_names()) +
                      " (default: the algorithm's: tree for pvsplit and treesplit, star for "
                      "pmws, masterslave and evensplit, complete for ybwc, hypercube for dts-bf "
                      "and dts-bb)");
  cmd->add_option("--fanout", args->topology_params.fanout, "processor tree fan-out");
  cmd->add_option("--rows", args->topology_params.rows, "torus rows");
  cmd->add_option("--mode", args->mode, "sim (virtual time) | real (threads)")
      ->capture_default_str();
  cmd->add_option("--cost", args->cost, "sim cost preset: modern | transputer1990 | sun1985")
      ->capture_default_str();
  cmd->add_option("--cost-set", args->cost_sets, "override a cost field: field=value (repeatable)");
  cmd->add_option("--threads", args->threads, "real mode: scheduler threads")
      ->capture_default_str();
  cmd->add_option("--seed", args->seed, "random seed")->capture_default_str();
  cmd->add_option("--slice", args->slice, "nodes per search slice (0: auto)");
  cmd->add_option("--min-split-depth", args->min_split_depth, "smallest depth given away")
      ->capture_default_str();
  cmd->add_option("--cut-wait", args->cut_wait,
                  "sons an expected CUT node evaluates before splitting")
      ->capture_default_str();
  cmd->add_option("--inline-depth", args->inline_depth,
                  "nodes this near the horizon searched whole by the recursive search "
                  "(default: real 4 for synthetic trees, 2 for chess and Othello; sim 0 = never)");
  cmd->add_option("--table-kb", args->old_table_kb)->group("");  // refused, naming --hash
  cmd->add_option("--table", args->table_placement,
                  "where the table lives: local, global, distributed, hybrid, replicated or none "
                  "(default: real mode replicated, sim local)");
  cmd->add_option(
      "--hybrid-draft", args->hybrid_draft,
      "hybrid table: nodes more than this many plies from the horizon use the "
      "distributed table (default 2); replicated: their entries are copied (default 0)");
  cmd->add_option("--table-min-draft", args->table_min_draft,
                  "probe and store only nodes more than this many plies from the horizon");
  cmd->add_flag("--gossip", args->gossip, "share history and killers with topology neighbours");
  cmd->add_flag("--alphabeta-windows", args->alphabeta_windows,
                "younger brothers with full windows instead of PVS zero windows");
  cmd->add_flag("--no-killers", args->no_killers, "search without killer moves");
  cmd->add_flag("--no-helping", args->no_helping,
                "pvsplit, pmws, treesplit as in their papers: a waiting processor does not ask "
                "a busy child for work");
  cmd->add_flag("--no-affinity", args->no_affinity,
                "pvsplit, pmws, treesplit: a son goes to the first free child, not to the one "
                "that searched it in the previous iteration");
  cmd->add_flag("--no-work-hints", args->no_work_hints,
                "work carries no previous-iteration PV and refutations");
  cmd->add_flag("--no-history", args->no_history, "search without the history heuristic");
  cmd->add_flag("--no-work-table-line", args->no_work_table_line,
                "work messages without the master's table moves along the job's line");
  cmd->add_option(
         "--baseline", args->baseline,
         "sequential reference: best (fastest of pvs and alphabeta, deepening or not) | pvs | "
         "alphabeta (with the run's deepening)")
      ->capture_default_str();
  cmd->add_option(
      "--steal-backoff-us", args->steal_backoff_us,
      "most an idle processor waits after no-work answers (us; default sim 0, real 1000)");
  cmd->add_option("--kill", args->kills, "kill PROCESSOR after NODES: K:N (repeatable)");
  cmd->add_option("--nodes", args->nodes,
                  "real mode: spread the processors over these `alphactor node`s too, "
                  "HOST:PORT,... (contiguous blocks; this process keeps the first)");
  cmd->add_option("--secret", args->secret,
                  "the nodes' secret (default: the environment's ALPHACTOR_SECRET)");
  cmd->add_option("--trace", args->trace, "message trace, JSON lines");
  cmd->add_option("--chrome-trace", args->chrome_trace, "Trace Event file (Perfetto)");
  cmd->add_option("--er-serial-ply", args->er_serial_ply,
                  "parallel er: nodes from this ply on are problems solved by serial ER "
                  "(0: depth / 2)")
      ->capture_default_str();
  cmd->add_flag("--no-parallel-refutation", args->no_parallel_refutation,
                "parallel er: an e-node refutes its other children one after the other");
  cmd->add_flag("--no-multiple-enodes", args->no_multiple_enodes,
                "parallel er: no speculative second e-child");
  cmd->add_flag("--no-early-choice", args->no_early_choice,
                "parallel er: the e-child is chosen only once all elder grandchildren are known");
  cmd->add_flag("--legend", args->legend, "parallel runs: explain the table's columns");
  cmd->add_option("--er-heap", args->er_heap,
                  "parallel er: where the problem heap lives: central (processor 0, the "
                  "paper's) or distributed (each processor its own; idle ones steal from "
                  "neighbours)")
      ->capture_default_str();
  cmd->add_flag("--no-master-solves", args->no_master_solves,
                "parallel er: processor 0 only keeps the heap, it solves no problem itself");
  cmd->add_flag("--speculative-rnodes", args->speculative_rnodes,
                "parallel er, beyond the paper: idle processors start an r-node's next child "
                "before its running ones end");
  cmd->callback([args, processors] {
    args->processors_given = processors->count() > 0;
    run_search(*args);
  });
}

}  // namespace alphactor::app
