// Search on chess: in full-width mode every sequential algorithm returns negamax's value at
// fixed depth (with and without the table, with and without iterative deepening); mates are
// found and scored by distance. The play search's node limit (UCI's `go nodes`) and its reports
// of the root moves it starts (UCI's currmove).
#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

#include "chess/chess_game.hpp"
#include "search/play_search.hpp"
#include "search/searcher.hpp"

using namespace alphactor;
using chess::ChessGame;

namespace {

SearchResult run(const std::string& fen, Algorithm a, int depth, bool table,
                 bool iterative = false) {
  ChessGame g(fen);
  SearchOptions opt;
  opt.algorithm = a;
  opt.depth = depth;
  opt.use_table = table;
  opt.table_megabytes = 4;
  opt.iterative_deepening = iterative;
  opt.full_width = true;
  return search(g, opt);
}

}  // namespace

TEST_CASE("chess: negamax and alpha-beta and PVS and ER agree at depth 2 to 4 full-width") {
  // Negamax's quiescence runs with an open window, so capture-rich positions get small depths.
  const std::vector<std::pair<std::string, int>> positions = {
      {"startpos", 4},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2},
      {"r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1", 2},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4},
      {"2r3k1/1q3ppp/p3p3/1p1nP3/3P4/P4N2/1Q3PPP/2R3K1 b - - 0 1", 3},
      {"8/8/3k4/8/2PK4/8/8/8 w - - 0 1", 4},
  };
  for (const auto& [fen, depth] : positions) {
    INFO(fen << " depth " << depth);
    const Value reference = run(fen, Algorithm::kNegamax, depth, false).value;
    for (const bool table : {false, true}) {
      INFO("table " << table);
      CHECK(run(fen, Algorithm::kAlphaBeta, depth, table).value == reference);
      CHECK(run(fen, Algorithm::kPvs, depth, table).value == reference);
      CHECK(run(fen, Algorithm::kEr, depth, table).value == reference);
    }
    CHECK(run(fen, Algorithm::kPvs, depth, true, true).value == reference);
    CHECK(run(fen, Algorithm::kAlphaBeta, depth, true, true).value == reference);
  }
}

TEST_CASE("chess: alpha-beta and PVS and ER agree at depth 4 on middle games full-width") {
  // Alpha-beta without a table is the reference here (it agrees with negamax above).
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
                          "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1"}) {
    INFO(fen);
    const Value reference = run(fen, Algorithm::kAlphaBeta, 4, false).value;
    CHECK(run(fen, Algorithm::kAlphaBeta, 4, true).value == reference);
    CHECK(run(fen, Algorithm::kPvs, 4, true).value == reference);
    CHECK(run(fen, Algorithm::kPvs, 4, true, true).value == reference);
    CHECK(run(fen, Algorithm::kEr, 4, false).value == reference);
    CHECK(run(fen, Algorithm::kEr, 4, true).value == reference);
  }
}

TEST_CASE("chess: mates are found and scored by distance") {
  // Mate in one (back rank), mate in two (king and rook), being mated in one.
  const SearchResult m1 = run("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Algorithm::kPvs, 2, true);
  CHECK(m1.value == kMate - 1);
  ChessGame g("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  CHECK(g.move_text(ChessGame::decode(m1.best_move)) == "a1a8");
  const SearchResult m2 = run("k7/8/2K5/8/8/8/8/7R w - - 0 1", Algorithm::kAlphaBeta, 4, true);
  CHECK(m2.value == kMate - 3);
  const SearchResult mated = run("k7/8/1K6/8/8/8/8/7R b - - 0 1", Algorithm::kNegamax, 3, false);
  CHECK(mated.value == -(kMate - 2));
}

TEST_CASE("chess: every algorithm's principal variation is a line of legal moves") {
  // ER once kept a stale continuation behind a refuted node's first move (the bench's
  // endgame at depth 6 gave b4f4 h4g3 c4f4, with no piece on c4).
  const std::vector<std::pair<std::string, int>> positions = {
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6},
      {"r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1", 3},
      {"startpos", 5},
  };
  for (const auto& [fen, depth] : positions)
    for (const Algorithm a : {Algorithm::kAlphaBeta, Algorithm::kPvs, Algorithm::kEr})
      for (const bool iterative : {false, true}) {
        INFO(fen << " depth " << depth << " " << algorithm_name(a) << " iterative " << iterative);
        const SearchResult r = run(fen, a, depth, true, iterative);
        REQUIRE_FALSE(r.principal_variation.empty());
        ChessGame g(fen);
        for (const auto w : r.principal_variation) {
          ChessGame::MoveList legal;
          g.generate_moves(legal);
          bool found = false;
          for (const auto& m : legal) found = found || ChessGame::encode(m) == w;
          REQUIRE(found);
          g.play(ChessGame::decode(w));
        }
      }
}

TEST_CASE("chess: the play search's node limit spares the first iteration, then holds exactly") {
  const std::string kiwipete =
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  SearchOptions o;
  o.full_width = false;
  o.table_megabytes = 1;
  const auto run_with = [&](std::uint64_t nodes) {
    ChessGame g(kiwipete);
    PlaySearcher<ChessGame> s(g, o);
    PlayLimits limits;
    limits.depth = 30;
    limits.nodes = nodes;
    return s.run(limits);
  };
  // One node: the first iteration is searched whole (the move played has been searched), and
  // nothing after it.
  const SearchResult one = run_with(1);
  CHECK(one.depth_completed == 1);
  CHECK(one.has_move);
  CHECK(one.stats.nodes() > 1);
  // Beyond the first iteration the limit is polled at its count, not at the next multiple of
  // the poll interval: the search ends within a few nodes of it (after the poll that stops it,
  // each node still running counts itself once on the way out).
  for (const std::uint64_t limit :
       {one.stats.nodes() + 1, std::uint64_t{5000}, std::uint64_t{33333}}) {
    const SearchResult r = run_with(limit);
    INFO("limit " << limit << ", nodes " << r.stats.nodes());
    CHECK(r.stopped);
    CHECK(r.has_move);
    CHECK(r.stats.nodes() >= limit);
    CHECK(r.stats.nodes() < limit + 16);
  }
}

TEST_CASE("chess: the play search reports each root move it starts, numbered in order") {
  ChessGame g("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  ChessGame::MoveList legal;
  g.generate_moves(legal);
  SearchOptions o;
  o.full_width = false;
  o.table_megabytes = 1;
  PlaySearcher<ChessGame> s(g, o);
  std::vector<std::vector<std::uint32_t>> passes;  // one per search of the root
  s.on_root_move([&](std::uint32_t move, int number) {
    if (number == 1) passes.emplace_back();
    REQUIRE(!passes.empty());
    CHECK(number == int(passes.back().size()) + 1);
    passes.back().push_back(move);
  });
  PlayLimits limits;
  limits.depth = 6;
  s.run(limits);
  REQUIRE(passes.size() >= 6);  // an iteration each, and the aspiration windows' re-searches
  std::vector<std::uint32_t> all;
  for (const auto m : legal) all.push_back(ChessGame::encode(m));
  std::sort(all.begin(), all.end());
  for (auto pass : passes) {  // distinct legal moves
    std::sort(pass.begin(), pass.end());
    CHECK(std::adjacent_find(pass.begin(), pass.end()) == pass.end());
    CHECK(std::includes(all.begin(), all.end(), pass.begin(), pass.end()));
  }
  std::sort(passes.front().begin(), passes.front().end());
  CHECK(passes.front() == all);  // depth 1 searches every root move (none is pruned there)
}
