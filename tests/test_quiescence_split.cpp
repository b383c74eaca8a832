// Distributed quiescence search (ZUGZWANG section 4, issue 6): with min_split_depth <= 0 the
// quiescence search runs as frames of the resumable search's stack. Undelegated and sliced it
// is still the sequential search node for node (interior, leaf and quiescence nodes); given
// away by YBWC on chess it keeps the full-width root value exact for several P in sim and real
// mode, and quiescence jobs are really given away.
#include <catch2/catch.hpp>

#include "algorithms/parallel.hpp"
#include "chess/chess_game.hpp"
#include "search/alphabeta.hpp"
#include "search/pvs.hpp"
#include "search/resumable_search.hpp"
#include "trees/tree_game.hpp"

using namespace alphactor;
using namespace alphactor::actors;
using chess::ChessGame;

namespace {

const std::vector<std::pair<std::string, int>> kChess = {
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3},  // kiwipete
    {"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1", 3},                  // BK.01
    {"r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1", 3},         // BK.05
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4},                             // an ending
};

SearchOptions options(bool table) {
  SearchOptions o;
  o.use_table = table;
  o.table_kilobytes = 64;
  return o;
}

// Jobs given away by all processors of a run, and how many of them were quiescence jobs.
std::pair<std::uint64_t, std::uint64_t> jobs_given(const actors::RunOutcome& r) {
  std::uint64_t jobs = 0, quiescence_jobs = 0;
  for (const auto& p : r.processors) {
    jobs += p.algorithm.jobs_given;
    quiescence_jobs += p.algorithm.quiescence_jobs;
  }
  return {jobs, quiescence_jobs};
}

}  // namespace

TEST_CASE("quiescence as frames = the recursive quiescence, node for node") {
  std::uint64_t quiescence_nodes = 0;
  for (const auto& [fen, depth] : kChess) {
    for (const bool pvs : {true, false}) {
      for (const bool table : {false, true}) {
        for (const int min_split : {0, -kMaxPly}) {
          for (const auto& [budget, inline_depth] :
               {std::pair<std::uint64_t, int>{1, 0}, {13, 0}, {1000000, 0}, {13, 2}}) {
            INFO(fen << " depth " << depth << " pvs " << pvs << " table " << table << " min_split "
                     << min_split << " budget " << budget << " inline_depth " << inline_depth);
            ChessGame g1(fen), g2(fen);
            SearchContext<ChessGame> seq(g1, options(table));
            const Value expected = pvs ? alphactor::pvs(seq, -kInfinity, kInfinity, depth, 0)
                                       : alphabeta(seq, -kInfinity, kInfinity, depth, 0);
            SearchContext<ChessGame> ctx(g2, options(table));
            ResumableParams p;
            p.pvs = pvs;
            p.min_split_depth = min_split;
            p.inline_depth = inline_depth;  // whole subtrees near the horizon: the same nodes
            ResumableSearch<ChessGame> rs(ctx, {}, depth, -kInfinity, kInfinity, false, p);
            rs.attach();
            int slices = 0;
            while (rs.run(budget) != ResumableSearch<ChessGame>::Status::kDone) ++slices;
            CHECK(rs.value() == expected);
            CHECK(ctx.stats().interior_nodes == seq.stats().interior_nodes);
            CHECK(ctx.stats().leaf_nodes == seq.stats().leaf_nodes);
            CHECK(ctx.stats().quiescence_nodes == seq.stats().quiescence_nodes);
            CHECK(ctx.stats().researches == seq.stats().researches);
            // Sliced node by node: the quiescence search is no longer one step.
            if (budget == 1) CHECK(std::uint64_t(slices + 1) >= seq.stats().nodes());
            rs.detach();
            quiescence_nodes += seq.stats().quiescence_nodes;
          }
        }
      }
    }
  }
  CHECK(quiescence_nodes > 10000);  // the positions have quiescence searches worth the name
}

TEST_CASE("chess: quiescence nodes given away by YBWC keep the value exact", "[real]") {
  std::uint64_t quiescence_jobs = 0, runs = 0;
  for (const auto& [fen, depth] : kChess) {
    const ChessGame root(fen);
    for (const std::size_t table_kb : {std::size_t(0), std::size_t(16)}) {
      ChessGame g(fen);
      SearchOptions o = options(table_kb > 0);
      o.algorithm = Algorithm::kAlphaBeta;
      o.depth = depth;
      o.table_kilobytes = table_kb;
      const Value expected = search(g, o).value;
      for (const Mode mode : {Mode::kSim, Mode::kReal}) {
        for (const int P : {2, 16, 64}) {
          if (mode == Mode::kReal && (P == 64 || table_kb > 0)) continue;
          for (const int min_split : {0, -kMaxPly}) {
            ParallelConfig c;
            c.depth = depth;
            c.mode = mode;
            c.costs = cost_preset("transputer1990", "chess");
            c.slice_nodes = mode == Mode::kSim ? 1 : 50;
            c.table_kb = table_kb;
            c.min_split_depth = min_split;
            c.seed = std::uint64_t(P) + depth;
            if (mode == Mode::kSim) c.steal_backoff_ns = 20'000'000;
            INFO(fen << " depth " << depth << " table " << table_kb << " mode " << int(mode)
                     << " P " << P << " min_split " << min_split);
            const RunOutcome r = run_parallel(root, c, topo::Topology::make("hypercube", P));
            CHECK(r.result.value == expected);
            quiescence_jobs += jobs_given(r).second;
            ++runs;
          }
        }
      }
    }
  }
  CHECK(runs == 4 * (2 * 2 * 3 + 2 * 2));
  CHECK(quiescence_jobs > 100);  // horizon and quiescence nodes were really given away
}

TEST_CASE("min_split_depth >= 1 gives no quiescence node away") {
  const auto& [fen, depth] = kChess[0];
  ParallelConfig c;
  c.min_split_depth = 1;
  c.depth = depth;
  c.costs = cost_preset("transputer1990", "chess");
  c.slice_nodes = 1;
  c.steal_backoff_ns = 20'000'000;
  const RunOutcome r = run_parallel(ChessGame(fen), c, topo::Topology::make("hypercube", 16));
  const auto [jobs, quiescence_jobs] = jobs_given(r);
  CHECK(jobs > 0);
  CHECK(quiescence_jobs == 0);
}

TEST_CASE("a game without quiescence gives no horizon node away, whatever min_split_depth") {
  const std::string spec = "ordered:w=6,d=7,p=0.7,seed=41";
  trees::TreeGame g(spec);
  SearchOptions o = options(false);
  o.depth = 6;
  const Value expected = search(g, o).value;
  ParallelConfig c;
  c.depth = 6;
  c.slice_nodes = 3;
  c.min_split_depth = -kMaxPly;
  const RunOutcome r =
      run_parallel(trees::TreeGame(spec), c, topo::Topology::make("hypercube", 16));
  CHECK(r.result.value == expected);
  const auto [jobs, quiescence_jobs] = jobs_given(r);
  CHECK(jobs > 0);
  CHECK(quiescence_jobs == 0);
}

TEST_CASE("iterative deepening on one processor: quiescence frames visit the same nodes") {
  // Lines end at the horizon with quiescence frames too, so each iteration's previous PV, and
  // with it the next iteration's move ordering, is the recursive quiescence's.
  for (const auto& [fen, depth] : kChess) {
    std::uint64_t nodes[2] = {0, 0};
    for (const int min_split : {1, 0}) {
      ParallelConfig c;
      c.depth = depth + 1;
      c.costs = cost_preset("transputer1990", "chess");
      c.table_kb = 64;
      c.min_split_depth = min_split;
      const RunOutcome r = run_parallel(ChessGame(fen), c, topo::Topology::make("hypercube", 1));
      nodes[min_split] = r.processors[0].search.nodes();
      INFO(fen);
      CHECK(r.result.line.size() <= std::size_t(depth + 1));
    }
    INFO(fen);
    CHECK(nodes[0] == nodes[1]);
  }
}
