// The registry of parallel algorithms, and one parallel search of one position: the algorithm
// chosen by name on P processor actors, and the sequential baseline it is measured against
// (docs/SIMULATION.md, "The measures"). Templates over the Game concept; the actor runtime
// itself (actors/run.hpp) is compiled once. Adding an algorithm: its folder under algorithms/,
// a line in kParallelAlgorithms and a case in make_algorithm().
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "actors/memory_estimate.hpp"
#include "actors/run.hpp"
#include "actors/table_placement.hpp"
#include "actors/tunables.hpp"
#include "algorithms/dts/dts.hpp"
#include "algorithms/er/er.hpp"
#include "algorithms/pchess/pchess.hpp"
#include "algorithms/processor_tree/processor_tree.hpp"
#include "algorithms/ybwc/ybwc.hpp"
#include "search/input_error.hpp"
#include "search/searcher.hpp"

namespace alphactor::actors {

// Parallel algorithms known to the runtime: each is a ProcessorAlgorithm built by
// make_algorithm() below.
struct ParallelAlgorithmInfo {
  std::string_view name;
  std::string_view origin;      // paper and section
  std::string_view topologies;  // the topologies it runs on ("any": every one)
  std::string_view default_topology;
};
inline constexpr std::array<ParallelAlgorithmInfo, 9> kParallelAlgorithms = {{
    {"ybwc", "Feldmann, Mysliwietz & Monien, ZUGZWANG, section 4", "any", "complete"},
    {"pvsplit", "Marsland & Popowich 1985, section III, Fig. 3", "tree, star", "tree"},
    {"pmws", "Marsland & Popowich 1985, Fig. 4", "star", "star"},
    {"treesplit", "Fishburn 1981, as in Marsland & Popowich 1985, section III", "tree, star",
     "tree"},
    {"masterslave", "Steele 1999 (pChess), master/slave model", "star, complete", "star"},
    {"evensplit", "Steele 1999 (pChess), even split model", "star, complete", "star"},
    {"dts-bf", "Ferguson & Korf, AAAI-88, sections 2 and 6 (breadth-first allocation)", "any",
     "hypercube"},
    {"dts-bb", "Ferguson & Korf, AAAI-88, section 7 (Bound-and-Branch allocation)", "any",
     "hypercube"},
    {"er", "Steinberg & Solomon 1989, sections 5-6, Tables 1-2 (problem heap)", "any", "complete"},
}};
inline constexpr const char* kParallelAlgorithmNames =
    "ybwc, pvsplit, pmws, treesplit, masterslave, evensplit, dts-bf, dts-bb, er";
inline const ParallelAlgorithmInfo* parallel_algorithm(std::string_view name) {
  for (const auto& a : kParallelAlgorithms)
    if (a.name == name) return &a;
  return nullptr;
}
inline bool is_parallel_algorithm(std::string_view name) {
  return parallel_algorithm(name) != nullptr;
}
// pvsplit, pmws, treesplit: the algorithms the `helping` and `affinity` settings apply to.
inline bool is_processor_tree_algorithm(std::string_view name) {
  return name == "pvsplit" || name == "pmws" || name == "treesplit";
}
// The topology a run of `algorithm` uses when none is named.
inline std::string default_topology(std::string_view algorithm) {
  const ParallelAlgorithmInfo* a = parallel_algorithm(algorithm);
  return std::string(a ? a->default_topology : "complete");
}
// Throws InputError when `algorithm` cannot run on `topology`, naming the ones it takes.
inline void check_topology(std::string_view algorithm, const std::string& topology) {
  const ParallelAlgorithmInfo* a = parallel_algorithm(algorithm);
  if (!a)
    throw InputError("unknown parallel algorithm '" + std::string(algorithm) + "' (" +
                     kParallelAlgorithmNames + ")");
  if (a->topologies == "any") return;
  for (std::string_view rest = a->topologies; !rest.empty();) {
    const auto comma = rest.find(", ");
    if (rest.substr(0, comma) == topology) return;
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 2);
  }
  throw InputError(std::string(algorithm) + " runs on topology " + std::string(a->topologies) +
                   ", not '" + topology + "'");
}

struct ParallelConfig {
  std::string algorithm = "ybwc";
  int depth = 1;
  bool iterative_deepening = true;
  // Deepen exactly when the best sequential search of the position does (the experiment
  // runner sets iterative_deepening from the baseline: app/parallel_runner.cpp). Real mode's
  // default: at P = 2 the parallel root's deepening costs what it costs the sequential search
  // (Kiwipete d8 deepening 1.16, at once 1.79; Italian d8 deepening 1.58, at once 0.97).
  bool deepen_like_baseline = false;
  bool pvs = true;  // zero-window younger brothers (false: alpha-beta windows)
  // Smallest remaining depth given away; <= 0: quiescence too (chess, BK-24 transputer1990
  // depth 6: 0 gives 20.3 at P = 64 where 1 gives 16.9; docs/results/BENCHMARKS.md).
  int min_split_depth = 0;
  int cut_wait = 1;       // sons an expected CUT node evaluates before splitting
  int inline_depth = -1;  // nodes this near the horizon searched whole, recursively; -1: mode's
  // ybwc: the game root's re-searches run alone (ResumableParams::lone_root_research).
  bool lone_root_research = false;
  // The searches prune as the play search does (ResumableSearch::set_play; chess): for
  // playing, no reference, so no value is checked against a sequential search. Real-mode
  // ybwc only (the UCI engine's, app/parallel_player.hpp).
  bool play = false;
  bool work_killers = true;     // work messages carry the master's killers
  bool work_hints = true;       // work messages carry the previous iteration's PV and refutations
  bool work_table_line = true;  // work messages carry the master's table moves (local table)
  std::uint64_t slice_nodes = 1000;  // K
  std::size_t table_kb = 0;          // each processor's transposition table (share); 0: none
  // Where the table lives (actors/table_placement.hpp); depth-limited: probe and store only
  // nodes more than table_min_draft plies from the horizon.
  TablePlacement table = TablePlacement::kLocal;
  int table_min_draft = 0;
  // hybrid: nodes above this draft use the distributed table; replicated: their entries are
  // copied to the neighbours; -1: the tunable
  int hybrid_draft = -1;
  // Shared history and killers (actors/gossip.hpp); -1: the tunable's default.
  bool gossip_history = false;
  bool gossip_killers = false;
  std::int64_t gossip_threshold = -1;
  std::int64_t gossip_interval = -1;
  bool killers = true;
  bool history = true;
  bool quiescence = true;
  Time steal_backoff_ns = -1;  // -1: the mode's default (actors/tunables.hpp)
  // pvsplit, pmws, treesplit: a waiting processor asks a busy tree child for work
  // (algorithms/processor_tree/processor_tree.hpp); false: the papers' algorithms.
  bool helping = true;
  // pvsplit, pmws, treesplit: a son goes to the child that searched it in an earlier
  // iteration (its local table knows the subtree); false: the first free child takes the next.
  bool affinity = true;
  // er (algorithms/er/er.hpp): the ply from which problems are solved whole by serial ER (0:
  // depth / 2) and the refinements of Steinberg & Solomon's section 5.
  int er_serial_ply = 0;
  bool er_parallel_refutation = true;
  bool er_multiple_enodes = true;
  bool er_early_choice = true;
  bool er_speculative_rnodes = true;  // beyond the paper: r-nodes' children speculatively
  // Processor 0 takes problems too, when no other is idle (unset: only at small P, see
  // tunables::kErMasterSolvesUpTo).
  std::optional<bool> er_master_solves;
  int er_prefetch = 0;               // problems a processor holds at once (0: ErParams's default)
  bool er_distributed_heap = false;  // every processor its own heap, stealing from neighbours
  // The runtime.
  std::string topology = "complete";  // see default_topology()
  topo::TopologyParams topology_params;
  int processors = 1;
  Mode mode = Mode::kSim;
  int threads = 2;
  CostModel costs;
  std::uint64_t seed = 1;
  std::vector<Fault> faults;
  std::string trace_jsonl, chrome_trace;
  std::string baseline = "best";  // best | pvs | alphabeta
  double max_seconds = 3600;      // guard of one run: sim CPU, real wall (RunSpec::max_seconds)
  // A player's run (the UCI engine, app/parallel_player.hpp), real mode and ybwc only: the
  // control it is stopped and watched through, and each processor's table, allocated before
  // the clock runs and kept between moves (by processor id; empty: each allocates its own).
  LiveControl* live = nullptr;
  std::vector<TranspositionTable*> tables;
  // With play: each processor's move statistics (by id, as tables; kept between moves).
  std::vector<PlayHistory*> play_histories;
  // Real mode in one process: the caller's scheduler, kept between runs (RunSpec::system).
  RealSystem* system = nullptr;
  // Real mode: other processes (`alphactor node`) host blocks of the processors
  // (actors/cluster.hpp; the run's text is set per run by app/parallel_runner.cpp).
  ClusterSpec cluster;
};

// The sequential search every speedup is measured against.
struct Baseline {
  std::string algorithm;             // pvs or alphabeta, the faster
  bool iterative_deepening = false;  // whether the fastest deepened iteratively
  Value value = 0;
  std::vector<std::uint32_t> line;
  SearchStats stats;
  Time time_ns = 0;  // sim: its nodes priced by the cost model; real: wall time
};

// Whether the runs have a transposition table at all.
inline bool uses_table(const ParallelConfig& c) {
  return c.table_kb > 0 && c.table != TablePlacement::kNone;
}

// A processor's own search options: the context holds a table only when it is local.
inline SearchOptions processor_search_options(const ParallelConfig& c) {
  SearchOptions o;
  o.depth = c.depth;
  o.iterative_deepening = c.iterative_deepening;
  o.use_table =
      uses_table(c) && (c.table == TablePlacement::kLocal || c.table == TablePlacement::kHybrid ||
                        c.table == TablePlacement::kReplicated);
  o.table_kilobytes = c.table_kb;
  o.killers = c.killers;
  o.history = c.history;
  o.quiescence = c.quiescence;
  o.full_width = !c.play;  // the table cuts on deeper entries too when pruning
  return o;
}

// inline_depth as run: the mode's default unless set (actors/tunables.hpp).
inline int resolved_inline_depth(const ParallelConfig& c) {
  if (c.inline_depth >= 0) return c.inline_depth;
  if (c.play) return tunables::kPlayInlineDepth;
  if (c.mode == Mode::kSim) return tunables::kSimInlineDepth;
  return c.costs.interior_ns <= tunables::kRealCheapNodeNs ? tunables::kRealInlineDepthCheapNodes
                                                           : tunables::kRealInlineDepth;
}

// lone_root_research as run (ybwc): off unless set, in both modes. Real mode, P = 2, medians
// of 5, off -> on: random:w=8,d=11,seed=S for S = 1..5 1.59 -> 1.49, 1.90 -> 1.62,
// 1.43 -> 1.48, 1.87 -> 1.76, 1.85 -> 1.79; Kiwipete depth 8 1.91 -> 1.94, Italian depth 8
// 1.86 -> 1.84: it helps the tree it was made for and loses on the others. Sim: it helps at
// P = 2 (seed 3 1.57 -> 1.83, Kiwipete depth 6 1.81 -> 2.11) and is mixed at P = 4..64
// (docs/results/BENCHMARKS.md, "The root's re-search alone").
inline bool resolved_lone_root_research(const ParallelConfig& c) {
  return c.algorithm == "ybwc" && c.lone_root_research;
}

// "best" is the fastest sequential program for the same game, depth and tables: PVS or
// alpha-beta, each deepening iteratively or searching the depth at once, whatever the parallel
// run does. Without a table to carry moves from one iteration to the next, deepening is mostly
// overhead (a w = 8 tree: 2-3x the nodes), and a parallel search that deepens must not be
// credited with it. "pvs" and "alphabeta" are that algorithm with the run's own deepening: the
// same program as the parallel one, as the papers measure.
// A candidate stops once it cannot win: sim mode at as many nodes as the fastest so far could
// pay for at the cheapest node price, real mode at the fastest so far's wall time. (Kiwipete
// at depth 8: alpha-beta takes 35-41 s where PVS at once takes 7 s.)
template <Game G>
Baseline sequential_baseline(const G& root, const ParallelConfig& c) {
  struct Candidate {
    Algorithm algorithm;
    bool iterative;
  };
  std::vector<Candidate> candidates;
  const bool best = c.baseline == "best";
  for (const Algorithm a : {Algorithm::kPvs, Algorithm::kAlphaBeta}) {
    if (best) {  // the run's own deepening first: usually the fastest, so the others stop early
      candidates.push_back({a, c.iterative_deepening});
      candidates.push_back({a, !c.iterative_deepening});
    } else if (c.baseline == algorithm_name(a)) {
      candidates.push_back({a, c.iterative_deepening});
    }
  }
  if (candidates.empty())
    throw InputError("baseline must be best, pvs or alphabeta, not '" + c.baseline + "'");
  Baseline best_so_far;
  bool have = false;
  for (const auto [a, iterative] : candidates) {
    G game = root;
    SearchOptions o = processor_search_options(c);
    o.use_table = uses_table(c);  // the sequential program has one table of table_kb
    o.algorithm = a;
    o.iterative_deepening = iterative;
    if (have && c.mode == Mode::kSim) {
      const Time cheapest = std::max<Time>(
          1, std::min({c.costs.interior_ns, c.costs.leaf_ns, c.costs.quiescence_ns}));
      o.node_limit = static_cast<std::uint64_t>(best_so_far.time_ns / cheapest) + 1;
    } else if (have) {
      o.time_limit_ms = static_cast<std::uint64_t>(best_so_far.time_ns / 1'000'000) + 1;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const SearchResult r = search(game, o);
    if (r.stopped) continue;  // slower than the fastest so far
    const Time wall =
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    Baseline b;
    b.algorithm = std::string(algorithm_name(a));
    b.iterative_deepening = iterative;
    b.value = r.value;
    b.line = r.principal_variation;
    b.stats = r.stats;
    b.time_ns = c.mode == Mode::kSim ? c.costs.nodes_ns(r.stats) : wall;
    if (!have || b.time_ns < best_so_far.time_ns) best_so_far = b;
    have = true;
  }
  return best_so_far;
}

// What every algorithm on resumable searches shares, from the config and the topology.
inline TaskParams task_params(const ParallelConfig& c, const topo::Topology& topology) {
  TaskParams p;
  p.depth = c.depth;
  p.iterative_deepening = c.iterative_deepening;
  p.slice_nodes = c.slice_nodes;
  p.search.pvs = c.pvs;
  p.search.min_split_depth = c.min_split_depth;
  p.search.cut_wait = c.cut_wait;
  p.search.inline_depth = resolved_inline_depth(c);
  p.play = c.play;
  if (c.play && c.live) p.stop = &c.live->stop;
  p.send_killers = c.work_killers;
  p.send_hints = c.work_hints;
  p.table_line_plies = c.work_table_line ? tunables::kWorkTableLinePlies : 0;
  p.options = processor_search_options(c);
  p.table.placement = uses_table(c) ? c.table : TablePlacement::kNone;
  p.table.kilobytes = c.table_kb;
  p.table.min_draft = c.table_min_draft;
  p.search.table_min_draft = c.table_min_draft;
  if (c.table == TablePlacement::kHybrid)
    p.search.port_min_draft = c.hybrid_draft >= 0 ? c.hybrid_draft : tunables::kHybridDraft;
  p.replication.min_draft = c.hybrid_draft >= 0 ? c.hybrid_draft : tunables::kReplicaDraft;
  p.replication.batch = tunables::kReplicaBatchEntries;
  p.replication.pass_on = topology.is_processor_tree();  // no cycles
  p.gossip.history = c.gossip_history && c.history;
  p.gossip.killers = c.gossip_killers && c.killers;
  p.gossip.threshold = c.gossip_threshold >= 0 ? std::int32_t(c.gossip_threshold)
                                               : tunables::kGossipHistoryThreshold;
  p.gossip.interval =
      c.gossip_interval >= 0 ? std::uint64_t(c.gossip_interval) : tunables::kGossipIntervalNodes;
  p.gossip.fanout = tunables::kGossipFanout;
  return p;
}

// The longest back-off of an idle processor after no-work answers, as run.
inline Time steal_backoff(const ParallelConfig& c) {
  return c.steal_backoff_ns >= 0 ? c.steal_backoff_ns
         : c.mode == Mode::kReal ? tunables::kRealStealBackoffNs
                                 : tunables::kSimStealBackoffNs;
}

template <Game G>
std::function<std::unique_ptr<ProcessorAlgorithm>(Runtime&)> make_algorithm(
    const G& root, const ParallelConfig& c, const topo::Topology& topology) {
  using Made = std::unique_ptr<ProcessorAlgorithm>;
  const std::string& name = c.algorithm;
  if (name == "er") {
    ErParams e;
    e.depth = c.depth;
    e.serial_ply = c.er_serial_ply;
    e.rules.parallel_refutation = c.er_parallel_refutation;
    e.rules.multiple_enodes = c.er_multiple_enodes;
    e.rules.early_choice = c.er_early_choice;
    e.master_solves = c.er_master_solves;
    e.rules.speculative_rnodes = c.er_speculative_rnodes;
    e.prefetch = c.er_prefetch;
    e.distributed_heap = c.er_distributed_heap;
    e.steal_backoff_ns = steal_backoff(c);
    e.slice_nodes = c.slice_nodes;
    e.options = processor_search_options(c);
    return [root, e](Runtime& rt) -> Made { return std::make_unique<ParallelEr<G>>(rt, root, e); };
  }
  // One root position for all processors of the other algorithms (ER keeps its own copy in
  // each): each copies it with its first work.
  const auto shared_root = std::make_shared<const G>(root);
  if (name == "ybwc") {
    YbwcParams p;
    static_cast<TaskParams&>(p) = task_params(c, topology);
    p.steal_backoff_ns = steal_backoff(c);
    p.search.lone_root_research = resolved_lone_root_research(c);
    // Near-first stealing and pacing where distance costs CPU (sim mode only: real-mode
    // forwarding is the scheduler's, measured not modelled).
    const bool forwarding_costs = c.mode == Mode::kSim && c.costs.forward_cpu;
    p.near_first = forwarding_costs;
    p.steal_pacing = forwarding_costs ? tunables::kSimStealPacing : 0;
    if (!c.tables.empty())  // each processor its own table: its own parameters
      return
          [shared_root, p, tables = c.tables, histories = c.play_histories](Runtime& rt) -> Made {
            auto own = std::make_shared<YbwcParams>(p);
            const auto id = static_cast<std::size_t>(rt.id());
            own->options.external_table = tables.at(id);
            if (!histories.empty()) own->options.play_history = histories.at(id);
            return std::make_unique<Ybwc<G>>(rt, shared_root, std::move(own));
          };
    return [shared_root, shared = std::make_shared<const YbwcParams>(p)](Runtime& rt) -> Made {
      return std::make_unique<Ybwc<G>>(rt, shared_root, shared);
    };
  }
  TaskParams p = task_params(c, topology);
  if (is_processor_tree_algorithm(name)) {
    ProcessorTreeParams tp;
    static_cast<TaskParams&>(tp) = p;
    tp.helping = c.helping;
    tp.affinity = c.affinity;
    if (name == "treesplit") {
      tp.search.split_rule = SplitRule::kRootAtOnce;
      tp.search.pvs = false;  // Fishburn's tree-splitting is alpha-beta: no zero windows
    } else {
      tp.search.split_rule = SplitRule::kFirstPath;
    }
    return [shared_root,
            shared = std::make_shared<const ProcessorTreeParams>(tp)](Runtime& rt) -> Made {
      return std::make_unique<ProcessorTreeSplitting<G>>(rt, shared_root, shared);
    };
  }
  if (name == "masterslave" || name == "evensplit") {
    p.search.split_rule = SplitRule::kFirstPath;
    const PChessModel model =
        name == "masterslave" ? PChessModel::kMasterSlave : PChessModel::kEvenSplit;
    return
        [shared_root, shared = std::make_shared<const TaskParams>(p), model](Runtime& rt) -> Made {
          return std::make_unique<PChess<G>>(rt, shared_root, shared, model);
        };
  }
  if (name == "dts-bf" || name == "dts-bb") {
    p.search.split_rule = name == "dts-bf" ? SplitRule::kAtOnce : SplitRule::kCutoffBound;
    p.search.pvs = false;  // the paper's alpha-beta; see algorithms/dts/dts.hpp
    return [shared_root, shared = std::make_shared<const TaskParams>(p)](Runtime& rt) -> Made {
      return std::make_unique<Dts<G>>(rt, shared_root, shared);
    };
  }
  throw InputError("unknown parallel algorithm '" + c.algorithm + "' (" + kParallelAlgorithmNames +
                   ")");
}

template <Game G>
RunOutcome run_parallel(const G& root, const ParallelConfig& c, const topo::Topology& topology) {
  if (c.depth < 1 || c.depth >= kMaxPly)
    throw InputError("depth must be 1.." + std::to_string(kMaxPly - 1));
  if (c.slice_nodes < 1) throw InputError("slice must be at least 1 node");
  if (c.table_min_draft < 0) throw InputError("table_min_draft must be at least 0");
  if (c.hybrid_draft < -1 || c.hybrid_draft >= kMaxPly)
    throw InputError("hybrid_draft must be 0.." + std::to_string(kMaxPly - 1));
  if (c.min_split_depth < -kMaxPly || c.min_split_depth > kMaxPly)
    throw InputError("min_split_depth must be -" + std::to_string(kMaxPly) + ".." +
                     std::to_string(kMaxPly));
  if (c.inline_depth < -1 || c.inline_depth >= kMaxPly)
    throw InputError("inline_depth must be 0.." + std::to_string(kMaxPly - 1));
  if (c.er_serial_ply < 0 || c.er_serial_ply > c.depth)
    throw InputError("er_serial_ply must be 0.." + std::to_string(c.depth) + " (0: depth / 2)");
  // Real mode: an idle actor that asks again at once keeps a request and its no-work answer
  // going between two actors for ever, and a CAF worker runs the job it enqueued last first
  // (work_stealing::internal_enqueue prepends): with both workers in such loops, a busy actor
  // queued behind them is never run (ER, distributed heap, P = 6: no node for 37 s).
  if (c.mode == Mode::kReal && c.steal_backoff_ns == 0)
    throw InputError(
        "steal back-off 0 in real mode: idle actors asking again at once starve the busy ones "
        "on CAF's worker queues (give at least 1 us)");
  check_topology(c.algorithm, topology.name());
  if (c.play && !PlayGame<G>) throw InputError("the play search is for chess only");
  if (c.play && (c.mode != Mode::kReal || c.algorithm != "ybwc"))
    throw InputError("the play search runs in real mode with ybwc only");
  if ((c.live || !c.tables.empty()) && (c.mode != Mode::kReal || c.algorithm != "ybwc"))
    throw InputError("a live run (stop, external tables) is real mode and ybwc only");
  if (!c.play_histories.empty() &&
      (c.tables.size() != c.play_histories.size() || !c.play || !PlayGame<G>))
    throw InputError("play histories: one for each processor's table, with the play search");
  if (!c.tables.empty() && c.tables.size() != std::size_t(topology.size()))
    throw InputError("external tables: " + std::to_string(c.tables.size()) + " for " +
                     std::to_string(topology.size()) + " processors");
  // Refused up front when it cannot fit this machine (tables handed in are already held).
  check_memory_fits(estimate_memory(topology, c.mode, c.tables.empty() ? c.table_kb : 0,
                                    uses_table(c) ? c.table : TablePlacement::kNone,
                                    !c.trace_jsonl.empty() || !c.chrome_trace.empty()));
  RunSpec spec;
  spec.topology = &topology;
  spec.mode = c.mode;
  spec.threads = c.threads;
  spec.costs = c.costs;
  spec.seed = c.seed;
  spec.faults = c.faults;
  spec.trace_jsonl = c.trace_jsonl;
  spec.chrome_trace = c.chrome_trace;
  spec.live = c.live;
  spec.system = c.system;
  spec.max_seconds = c.max_seconds;
  spec.stall_events = std::max<std::uint64_t>(tunables::kSimStallEvents,
                                              tunables::kSimStallEventsPerProcessorHop *
                                                  std::uint64_t(topology.size()) *
                                                  std::uint64_t(std::max(1, topology.diameter())));
  if (!c.cluster.nodes.empty()) {
    if (c.mode != Mode::kReal || c.live || !c.tables.empty() || c.system)
      throw InputError("nodes: only a real-mode run that is not live spans processes");
    spec.cluster = &c.cluster;
  }
  spec.make_algorithm = make_algorithm(root, c, topology);
  return run_processors(spec);
}

}  // namespace alphactor::actors
