// YBWC on chess, full width at fixed depth (quiescence included): the root value equals the
// sequential search's for P in {1, 2, 3, 5, 16, 64} on every topology that admits P, in sim
// and real mode, with and without each processor's own transposition table.
#include <catch2/catch.hpp>

#include "algorithms/parallel.hpp"
#include "chess/chess_game.hpp"
#include "chess/notation.hpp"
#include "search/play_search.hpp"
#include "search/resumable_search.hpp"
#include "tests/algorithm_cases.hpp"

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
            jobs += test::jobs_given(r);
            ++runs;
          }
        }
      }
    }
  }
  CHECK(runs > 120);
  CHECK(jobs > 1000);
}

// Play mode (ParallelConfig::play, the UCI engine's search with Threads > 1): the actors prune
// as search/play_search.hpp does, so there is no reference value to compare with. What must
// hold: mates are found and played, pruning searches fewer nodes than full width to the same
// depth, while the root is searched whole the actors search the play search's nodes (the same
// root windows), and settings it does not run in are refused.
namespace {

ParallelConfig play_config(int depth, int P, bool play) {
  ParallelConfig c;
  c.depth = depth;
  c.mode = Mode::kReal;
  c.processors = c.threads = P;
  c.costs = cost_preset("modern", "chess");
  c.slice_nodes = actors::tunables::kRealSliceNodes;
  c.iterative_deepening = true;
  c.table = TablePlacement::kReplicated;
  c.table_kb = 1024;
  c.play = play;
  return c;
}

std::uint64_t nodes(const RunOutcome& r) {
  std::uint64_t n = 0;
  for (const auto& p : r.processors) n += p.search.nodes();
  return n;
}

}  // namespace

TEST_CASE("chess: play mode prunes on the actors and finds the mates", "[real]") {
  const std::string bk01 = "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1";
  const std::string mate_in_one = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
  const std::string kiwipete =
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  for (const int P : {1, 2}) {
    INFO("P " << P);
    // Bratko-Kopec 1: Qd1+ mates in three (five plies).
    const RunOutcome bk =
        run_parallel(ChessGame(bk01), play_config(8, P, true), topo::Topology::make("complete", P));
    CHECK(bk.result.value == kMate - 5);
    REQUIRE(!bk.result.line.empty());
    CHECK(chess::to_uci(ChessGame::decode(bk.result.line.front())) == "d6d1");
    const RunOutcome one = run_parallel(ChessGame(mate_in_one), play_config(6, P, true),
                                        topo::Topology::make("complete", P));
    CHECK(one.result.value == kMate - 1);
    REQUIRE(!one.result.line.empty());
    CHECK(chess::to_uci(ChessGame::decode(one.result.line.front())) == "d1d8");
    // Pruning searches fewer nodes than full width to the same depth.
    const RunOutcome pruned = run_parallel(ChessGame(kiwipete), play_config(6, P, true),
                                           topo::Topology::make("complete", P));
    const RunOutcome full = run_parallel(ChessGame(kiwipete), play_config(6, P, false),
                                         topo::Topology::make("complete", P));
    CHECK(nodes(pruned) * 2 < nodes(full));
    CHECK(full.result.value == sequential(kiwipete, 6, 0));
  }
  // While the root is searched whole (depth <= kPlayInlineDepth), processor 0 searches what the
  // sequential play search does, iteration for iteration: the same root windows (aspiration
  // from the fourth iteration on), so the same value and the same nodes. A full-window root
  // at every iteration searches other trees from depth 4 on.
  const std::string italian = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  for (const std::string& fen : {kiwipete, bk01, italian}) {
    const int depth = actors::tunables::kPlayInlineDepth;
    SearchOptions o = processor_search_options(play_config(depth, 1, true));
    o.use_table = true;
    ChessGame game(fen);
    PlaySearcher<ChessGame> sequential(game, o);
    PlayLimits limits;
    limits.depth = depth;
    const SearchResult s = sequential.run(limits);
    for (const int P : {1, 2}) {
      INFO(fen << " P " << P);
      const RunOutcome r = run_parallel(ChessGame(fen), play_config(depth, P, true),
                                        topo::Topology::make("complete", P));
      CHECK(r.result.value == s.value);
      CHECK(nodes(r) == s.stats.nodes());
    }
  }
  // Refused where it does not run: sim mode, another algorithm.
  ParallelConfig sim = play_config(4, 2, true);
  sim.mode = Mode::kSim;
  CHECK_THROWS_AS(run_parallel(ChessGame(kiwipete), sim, topo::Topology::make("complete", 2)),
                  InputError);
  ParallelConfig pvsplit = play_config(4, 2, true);
  pvsplit.algorithm = "pvsplit";
  CHECK_THROWS_AS(run_parallel(ChessGame(kiwipete), pvsplit, topo::Topology::make("tree", 2)),
                  InputError);
}

// Play mode: a delegated son whose zero window failed high (a bound B, son's view) raises
// nothing at its master and is re-searched by its helper with the open window, as
// search/play_search.hpp re-searches. The search is not exact: brothers searched under a
// raised bound returned fail-low bounds the node took for values once the re-search failed
// low, and a re-search bounded by B (or B + 1) could fail high again, its bound coming back
// as the son's value; both showed as PVs of a move or two (bench/uci_short_pv.py). So the
// node's best stays the eldest son's, and the master's later NEWBOUNDs to that helper keep
// the son's beta, narrowing only its alpha. Full width raises the best to -B at once and
// narrows the helper to the textbook fail-soft window (alpha, B). Driven by hand on the root
// of a chess search.
TEST_CASE("play mode: a fail high raises nothing and its re-search has the open window") {
  const std::string kiwipete =
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const int depth = 6;
  for (const bool play : {true, false}) {
    INFO("play " << play);
    SearchOptions o = processor_search_options(play_config(depth, 1, play));
    ChessGame game(kiwipete);
    SearchContext<ChessGame> ctx(game, o);
    PlaySearcher<ChessGame> searcher(ctx);
    ResumableSearch<ChessGame> rs(ctx, {}, depth, -kInfinity, kInfinity, false, ResumableParams{});
    if (play) rs.set_play(&searcher);
    rs.attach();
    // 1. Until the root may split (its eldest son done), then its last son goes to a helper.
    std::optional<ResumableSearch<ChessGame>::Split> split;
    while (!(split = rs.best_split()) || split->frame != 0)
      REQUIRE(rs.run(1) != ResumableSearch<ChessGame>::Status::kDone);
    const DelegatedJob job = rs.delegate(rs.unstarted(*split).back(), 1, 1);
    REQUIRE(job.scout);
    REQUIRE(job.beta < kInfinity);
    // 2. Its helper reports a fail high 100 below the son's beta: full width raises the root's
    //    best to -bound (a son still being searched: no best so far to answer with).
    const Value bound = job.beta - 100;
    rs.events().clear();
    rs.on_fail_high(1, bound);
    Value so_far = 0;
    std::vector<std::uint32_t> line;
    CHECK(rs.best_so_far(so_far, line) == play);
    if (play) CHECK(so_far == -job.beta);
    // 3. The root's window narrows from above (a NEWBOUND from its own master): the helper's
    //    alpha follows; its beta stays the son's (play) or is the bound (full width).
    const Value root_beta = -bound + 50;
    rs.on_new_bound(-kInfinity, root_beta);
    const auto& ev = rs.events();
    const auto it = std::find_if(ev.begin(), ev.end(), [](const SearchEvent& e) {
      return e.kind == SearchEvent::Kind::kNewBound && e.job == 1;
    });
    REQUIRE(it != ev.end());
    CHECK(it->alpha == -root_beta);
    CHECK(it->beta == (play ? job.beta : bound));
    rs.detach();
  }
}
