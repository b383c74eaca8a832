// The processor-tree family (pvsplit, pmws, treesplit) and pChess's two models (masterslave,
// evensplit) on the actor runtime: the root value equals the sequential one on synthetic
// trees, chess and Othello for P in {1, 2, 3, 4, 7, 16} on every topology each takes, in sim
// and real mode; one processor is the sequential search node for node; sim runs repeat byte
// for byte; a killed processor leaves the value exact; a topology an algorithm cannot use is
// refused by name.
#include <catch2/catch.hpp>

#include "algorithms/parallel.hpp"
#include "chess/chess_game.hpp"
#include "othello/othello_game.hpp"
#include "tests/algorithm_cases.hpp"
#include "tests/exactness_trees.hpp"
#include "tests/same_run.hpp"
#include "trees/tree_game.hpp"

using namespace alphactor;
using namespace alphactor::actors;
using trees::TreeGame;

namespace {

const std::vector<std::string> kAlgorithms = {"pvsplit", "pmws", "treesplit", "masterslave",
                                              "evensplit"};
const std::vector<int> kProcessors = {1, 2, 3, 4, 7, 16};

// The topologies `algorithm` takes, as (name, fan-out) pairs: trees of fan-out 2 and 3.
std::vector<std::pair<std::string, int>> topologies_of(const std::string& algorithm) {
  const std::string_view taken = parallel_algorithm(algorithm)->topologies;
  std::vector<std::pair<std::string, int>> out;
  if (taken.find("tree") != std::string_view::npos) {
    out.push_back({"tree", 2});
    out.push_back({"tree", 3});
  }
  if (taken.find("star") != std::string_view::npos) out.push_back({"star", 2});
  if (taken.find("complete") != std::string_view::npos) out.push_back({"complete", 2});
  return out;
}

template <class G>
RunOutcome run(const G& root, const ParallelConfig& c, const std::string& topology, int fanout,
               int P) {
  topo::TopologyParams tp;
  tp.fanout = fanout;
  return run_parallel(root, c, topo::Topology::make(topology, P, tp));
}

template <class G>
Value sequential(const G& root, int depth, std::size_t table_kb = 0) {
  G g = root;
  SearchOptions o;
  o.algorithm = Algorithm::kAlphaBeta;
  o.depth = depth;
  o.use_table = table_kb > 0;
  o.table_kilobytes = table_kb;
  return search(g, o).value;
}

// Every algorithm, topology and P on `root`; returns the number of runs and of jobs given.
template <class G>
std::pair<int, std::uint64_t> every_setting(const G& root, int depth, Mode mode, const char* game,
                                            const std::vector<int>& counts,
                                            std::size_t table_kb = 0) {
  const Value expected = sequential(root, depth, table_kb);
  int runs = 0;
  std::uint64_t jobs = 0;
  for (const auto& algorithm : kAlgorithms) {
    for (const auto& [topology, fanout] : topologies_of(algorithm)) {
      for (const int P : counts) {
        ParallelConfig c = test::algorithm_config(algorithm, depth, mode, game);
        c.table_kb = table_kb;
        INFO(algorithm << " on " << topology << " (fan-out " << fanout << ") P " << P << " depth "
                       << depth << " table " << table_kb << " mode "
                       << (mode == Mode::kSim ? "sim" : "real"));
        const RunOutcome r = run(root, c, topology, fanout, P);
        CHECK(r.result.value == expected);
        CHECK(r.result.depth == depth);
        jobs += test::jobs_given(r);
        ++runs;
      }
    }
  }
  return {runs, jobs};
}

const auto& kTrees = testing::kExactnessTrees;

}  // namespace

TEST_CASE(
    "sim: split algorithms = sequential value on trees, P in {1,2,3,4,7,16}, every topology") {
  int runs = 0;
  std::uint64_t jobs = 0;
  for (const auto& [spec, depth] : kTrees) {
    const auto [n, j] = every_setting(TreeGame(spec), depth, Mode::kSim, "tree", kProcessors);
    runs += n;
    jobs += j;
  }
  CHECK(runs == 4 * 6 * 11);  // trees x P x (algorithm, topology) pairs
  CHECK(jobs > 2000);         // work was really shared
}

TEST_CASE("real: split algorithms = sequential value on trees, P in {1,2,3,4,7,16}, every topology",
          "[real]") {
  int runs = 0;
  for (const auto& [spec, depth] : kTrees) {
    runs += every_setting(TreeGame(spec), depth, Mode::kReal, "tree", kProcessors).first;
  }
  CHECK(runs == 4 * 6 * 11);
}

TEST_CASE("chess: split algorithms = sequential value, with and without tables, both modes",
          "[real]") {
  const std::vector<std::pair<std::string, int>> positions = {
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3},  // kiwipete
      {"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1", 3},                  // BK.01
  };
  std::uint64_t jobs = 0;
  for (const auto& [fen, depth] : positions) {
    const chess::ChessGame root(fen);
    jobs += every_setting(root, depth, Mode::kSim, "chess", {1, 2, 3, 4, 7, 16}).second;
    jobs += every_setting(root, depth, Mode::kSim, "chess", {4, 7}, 64).second;
    jobs += every_setting(root, depth, Mode::kReal, "chess", {3, 7}).second;
  }
  CHECK(jobs > 500);
}

TEST_CASE("othello: split algorithms = sequential value, both modes", "[real]") {
  const othello::OthelloGame start;
  othello::OthelloGame midgame;  // eight plies of a fixed line from the start
  for (int ply = 0; ply < 8; ++ply) {
    othello::OthelloGame::MoveList moves;
    midgame.generate_moves(moves);
    REQUIRE(moves.size() > 0);
    midgame.play(moves[(ply * 5) % moves.size()]);
  }
  std::uint64_t jobs = 0;
  for (const othello::OthelloGame* root :
       {&start, static_cast<const othello::OthelloGame*>(&midgame)}) {
    jobs += every_setting(*root, 5, Mode::kSim, "othello", {1, 2, 3, 4, 7, 16}).second;
    jobs += every_setting(*root, 5, Mode::kReal, "othello", {4, 7}).second;
  }
  CHECK(jobs > 300);
}

TEST_CASE("one processor is the sequential iterative search, node for node") {
  for (const auto& [spec, depth] : kTrees) {
    for (const auto& algorithm : kAlgorithms) {
      TreeGame g(spec);
      SearchOptions o;
      o.algorithm = algorithm == "treesplit" ? Algorithm::kAlphaBeta : Algorithm::kPvs;
      o.depth = depth;
      o.iterative_deepening = true;
      o.use_table = false;
      const SearchResult s = search(g, o);
      const std::string topology = topologies_of(algorithm).front().first;
      const RunOutcome r =
          run(TreeGame(spec), test::algorithm_config(algorithm, depth, Mode::kSim, "tree"),
              topology, 2, 1);
      INFO(algorithm << " " << spec);
      CHECK(r.result.value == s.value);
      CHECK(r.processors[0].search.interior_nodes == s.stats.interior_nodes);
      CHECK(r.processors[0].search.leaf_nodes == s.stats.leaf_nodes);
    }
  }
}

TEST_CASE("the papers' algorithms (no helping, no affinity) are exact and never ask for work") {
  std::uint64_t affine = 0;
  for (const auto& [spec, depth] : kTrees) {
    const TreeGame root(spec);
    const Value expected = sequential(root, depth);
    for (const std::string algorithm : {"pvsplit", "pmws", "treesplit"}) {
      for (const auto& [topology, fanout] : topologies_of(algorithm)) {
        for (const int P : {2, 4, 7}) {
          ParallelConfig c = test::algorithm_config(algorithm, depth, Mode::kSim, "tree");
          c.helping = false;
          c.affinity = false;
          c.table_kb = 16;
          INFO(algorithm << " on " << topology << " P " << P << " " << spec);
          const RunOutcome r = run(root, c, topology, fanout, P);
          CHECK(r.result.value == expected);
          CHECK(r.sent(Kind::kWorkRequest) == 0);
          for (const auto& p : r.processors) CHECK(p.algorithm.affine_jobs == 0);
          c.affinity = true;  // and with affinity, sons go back to the child that had them
          for (const auto& p : run(root, c, topology, fanout, P).processors)
            affine += p.algorithm.affine_jobs;
        }
      }
    }
  }
  CHECK(affine > 100);
}

TEST_CASE("pvsplit on a star is pmws: the processor tree of length one (000, section III)") {
  const TreeGame root("ordered:w=6,d=7,p=0.7,seed=12");
  for (const int P : {2, 5, 9}) {
    const RunOutcome a =
        run(root, test::algorithm_config("pvsplit", 7, Mode::kSim, "tree"), "star", 2, P);
    const RunOutcome b =
        run(root, test::algorithm_config("pmws", 7, Mode::kSim, "tree"), "star", 2, P);
    CHECK(a.makespan_ns == b.makespan_ns);
    CHECK(a.events == b.events);
    CHECK(test::jobs_given(a) == test::jobs_given(b));
  }
}

TEST_CASE("who talks: split algorithms use only their tree or star links") {
  const TreeGame root("random:w=5,d=6,seed=11");
  for (const auto& algorithm : kAlgorithms) {
    for (const auto& [topology, fanout] : topologies_of(algorithm)) {
      const RunOutcome r =
          run(root, test::algorithm_config(algorithm, 6, Mode::kSim, "tree"), topology, fanout, 13);
      std::uint64_t hops = 0, delivered = 0;
      for (const auto& p : r.processors) {
        hops += p.delivered_hops;
        for (const auto n : p.received) delivered += n;
      }
      INFO(algorithm << " on " << topology);
      CHECK(delivered > 0);
      CHECK(hops == delivered);  // every message crossed exactly one link
      // Master/slave's slaves ask for work; so do waiting processors of the processor-tree
      // algorithms (helping, on by default); even split never asks.
      CHECK((r.sent(Kind::kWorkRequest) > 0) == (algorithm != "evensplit"));
      if (algorithm == "evensplit") CHECK(r.sent(Kind::kNoWork) == 0);
    }
  }
}

TEST_CASE("two sim runs of one split config are identical") {
  const TreeGame root("irregular:w=2..7,d=6,seed=5");
  for (const auto& algorithm : kAlgorithms) {
    ParallelConfig c = test::algorithm_config(algorithm, 6, Mode::kSim, "tree");
    c.costs = cost_preset("sun1985", "tree");
    const std::string topology = topologies_of(algorithm).front().first;
    const RunOutcome a = run(root, c, topology, 3, 13);
    const RunOutcome b = run(root, c, topology, 3, 13);
    INFO(algorithm);
    alphactor::testing::check_same_run(a, b);
  }
}

TEST_CASE("a killed processor: its master re-searches its jobs, the value stays exact", "[real]") {
  const std::string spec = "random:w=6,d=7,seed=21";
  const Value expected = sequential(TreeGame(spec), 7);
  for (const Mode mode : {Mode::kSim, Mode::kReal}) {
    std::uint64_t lost = 0;  // in real mode the victim may die before it had any work
    for (const auto& algorithm : kAlgorithms) {
      for (const auto& [topology, fanout] : topologies_of(algorithm)) {
        // A leaf of the tree (an inner processor's death would cut the tree in two).
        const int P = 7, victim = 6;
        for (const std::uint64_t after : {0u, 40u, 400u}) {
          ParallelConfig c = test::algorithm_config(algorithm, 7, mode, "tree");
          c.faults = {{victim, after}};
          const RunOutcome r = run(TreeGame(spec), c, topology, fanout, P);
          INFO(algorithm << " on " << topology << " kill after " << after << " mode " << int(mode));
          CHECK(r.result.value == expected);
          for (const auto& p : r.processors) lost += p.algorithm.jobs_lost;
        }
      }
    }
    if (mode == Mode::kSim) CHECK(lost > 0);  // masters really searched lost jobs again
  }
}

TEST_CASE("a topology an algorithm cannot use is refused, naming the ones it takes") {
  const TreeGame root("random:w=3,d=4,seed=1");
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"pvsplit", "ring"},       {"pvsplit", "complete"}, {"pmws", "tree"},
      {"treesplit", "debruijn"}, {"masterslave", "tree"}, {"evensplit", "hypercube"}};
  for (const auto& [algorithm, topology] : refused) {
    INFO(algorithm << " on " << topology);
    try {
      (void)run(root, test::algorithm_config(algorithm, 4, Mode::kSim, "tree"), topology, 2, 4);
      FAIL("not refused");
    } catch (const InputError& e) {
      const std::string what = e.what();
      CHECK(what.find(algorithm) != std::string::npos);
      CHECK(what.find(std::string(parallel_algorithm(algorithm)->topologies)) != std::string::npos);
      CHECK(what.find('\n') == std::string::npos);
    }
  }
  CHECK(default_topology("pvsplit") == "tree");
  CHECK(default_topology("evensplit") == "star");
  CHECK(default_topology("ybwc") == "complete");
}

TEST_CASE("even split hands each processor one contiguous share of a PV node's sons") {
  // best:w=9: the root's 8 younger brothers over P = 4: processor 0 keeps the first two and
  // each other processor gets two of the rest, in move order, at once.
  const TreeGame root("best:w=9,d=4");
  ParallelConfig c = test::algorithm_config("evensplit", 4, Mode::kSim, "tree");
  c.iterative_deepening = false;
  const RunOutcome r = run(root, c, "star", 2, 4);
  CHECK(r.result.value == sequential(root, 4));
  for (int p = 1; p < 4; ++p) {
    INFO("processor " << p);
    CHECK(r.processors[p].algorithm.jobs_received % 2 == 0);
    CHECK(r.processors[p].algorithm.jobs_received >= 2);
  }
}
