// YBWC on chess, full width at fixed depth (quiescence included): the root value equals the
// sequential search's for P in {1, 2, 3, 5, 16, 64} on every topology that admits P, in sim
// and real mode, with and without each processor's own transposition table.
#include <catch2/catch.hpp>

#include "algorithms/parallel.hpp"
#include "chess/chess_game.hpp"

using namespace alphactor;
using namespace alphactor::actors;
using chess::ChessGame;

namespace {

const std::vector<std::pair<std::string, int>> kPositions = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3},  // kiwipete
    {"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1", 3},                  // BK.01
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5},                             // an ending
};
const std::vector<std::string> kTopologies = {"tree", "debruijn", "hypercube",
                                              "ring", "torus",    "complete"};

Value sequential(const std::string& fen, int depth, std::size_t table_kb) {
  ChessGame g(fen);
  SearchOptions o;
  o.algorithm = Algorithm::kAlphaBeta;
  o.depth = depth;
  o.use_table = table_kb > 0;
  o.table_kilobytes = table_kb;
  return search(g, o).value;
}

bool admits(const std::string& topology, int P) {
  try {
    (void)topo::Topology::make(topology, P);
    return true;
  } catch (const InputError&) {
    return false;
  }
}

}  // namespace

TEST_CASE("chess: ybwc = sequential value on every topology, both modes", "[real]") {
  int runs = 0;
  std::uint64_t jobs = 0;
  for (const auto& [fen, depth] : kPositions) {
    const ChessGame root(fen);
    for (const std::size_t table_kb : {std::size_t(0), std::size_t(64)}) {
      const Value expected = sequential(fen, depth, table_kb);
      for (const Mode mode : {Mode::kSim, Mode::kReal}) {
        for (const auto& topology : kTopologies) {
          for (const int P : {1, 2, 3, 5, 16, 64}) {
            if (!admits(topology, P)) continue;
            // Real mode: every topology at 5 and 16 processors, without tables (the rest in
            // sim mode, which is deterministic and cheaper).
            if (mode == Mode::kReal && ((P != 5 && P != 16) || table_kb > 0)) continue;
            ParallelConfig c;
            c.depth = depth;
            c.mode = mode;
            c.costs = cost_preset("transputer1990", "chess");
            c.slice_nodes = mode == Mode::kSim ? 1 : 200;
            c.table_kb = table_kb;
            c.seed = std::uint64_t(P) * 7 + depth;
            // Idle transputers back off up to 7 nodes' time: keeps 64-processor rings cheap.
            if (mode == Mode::kSim) c.steal_backoff_ns = 20'000'000;
            const topo::Topology t = topo::Topology::make(topology, P);
            INFO(fen << " depth " << depth << " table " << table_kb << " " << topology << " P " << P
                     << " mode " << int(mode));
            const RunOutcome r = run_parallel(root, c, t);
            CHECK(r.result.value == expected);
            for (const auto& p : r.processors) jobs += p.algorithm.jobs_given;
            ++runs;
          }
        }
      }
    }
  }
  CHECK(runs > 120);
  CHECK(jobs > 1000);
}
