// The exact endgame solver: equal to a plain minimax of final scores on many small positions,
// fail-soft bounds that hold for any window, the FFO positions (the quicker ones here; all ten
// in bench/), the parallel root split equal to the sequential solve, and the FFO file parser.
#include <catch2/catch.hpp>
#include <random>

#include "othello/endgame.hpp"
#include "othello/ffo.hpp"
#include "othello/parallel_solve.hpp"
#include "search/input_error.hpp"

using namespace alphactor;
using namespace alphactor::othello;

namespace {

// Plain negamax to the end of the game, no pruning: the reference score.
int minimax(Bits P, Bits O, bool passed = false) {
  Bits moves = legal_moves(P, O);
  if (!moves) return passed ? final_score(P, O) : -minimax(O, P, true);
  int best = -100;
  while (moves) {
    const int sq = first_square(moves);
    moves &= moves - 1;
    const Bits f = flips(sq, P, O);
    best = std::max(best, -minimax(O ^ f, P ^ f ^ bit(sq)));
  }
  return best;
}

// Random positions with exactly `empties` empty squares (random play from the start).
std::vector<Position> positions_with_empties(int count, int empties, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  while (int(out.size()) < count) {
    Position p = initial_position();
    while (p.empties() > empties) {
      Bits moves = legal_moves(p.player, p.opponent);
      if (!moves) {
        if (!legal_moves(p.opponent, p.player)) break;
        p = Position{p.opponent, p.player, other(p.side)};
        continue;
      }
      int k = int(rng() % std::uint64_t(popcount(moves)));
      while (k--) moves &= moves - 1;
      const int sq = first_square(moves);
      const Bits f = flips(sq, p.player, p.opponent);
      p = Position{p.opponent ^ f, p.player ^ f ^ bit(sq), other(p.side)};
    }
    if (p.empties() == empties) out.push_back(p);
  }
  return out;
}

std::vector<EndgameProblem> ffo() {
  return load_endgame_file(std::string(ALPHACTOR_DATA_DIR) + "/othello/ffo-40-49.txt");
}

bool is_best(const EndgameProblem& p, int move) {
  return std::find(p.best_moves.begin(), p.best_moves.end(), move) != p.best_moves.end();
}

// The position after playing `moves` (squares; kPassSquare passes) from p.
Position after(Position p, int move) {
  if (move == kPassSquare) return Position{p.opponent, p.player, other(p.side)};
  const Bits f = flips(move, p.player, p.opponent);
  return Position{p.opponent ^ f, p.player ^ f ^ bit(move), other(p.side)};
}

}  // namespace

TEST_CASE("the solver equals plain minimax on positions with 1 to 10 empties") {
  EndgameSolver solver(4);
  int positions = 0;
  for (int empties = 1; empties <= 10; ++empties) {
    for (const Position& p :
         positions_with_empties(empties <= 8 ? 40 : 8, empties, 100 + empties)) {
      INFO(position_text(p));
      const int exact = minimax(p.player, p.opponent);
      const SolveResult r = solver.solve(p);
      CHECK(r.score == exact);
      // The move it names reaches that score.
      if (r.best_move >= 0) {
        const Position c = after(p, r.best_move);
        CHECK(-minimax(c.player, c.opponent) == exact);
      }
      ++positions;
    }
  }
  CHECK(positions == 8 * 40 + 2 * 8);
}

TEST_CASE("MTD(f) probes reach the exact score from any guess") {
  EndgameSolver solver(4);
  std::mt19937 rng(17);
  for (int empties : {5, 8, 10}) {
    for (const Position& p : positions_with_empties(6, empties, 31 * empties)) {
      const int exact = minimax(p.player, p.opponent);
      for (int guess : {-64, 64, 0, int(rng() % 129) - 64}) {
        solver.clear_table();
        INFO(position_text(p) << " guess " << guess);
        CHECK(solver.exact(p.player, p.opponent, guess) == exact);
      }
    }
  }
}

TEST_CASE("fail-soft windows: a score outside the window still bounds the exact score") {
  EndgameSolver solver(4);
  std::mt19937 rng(3);
  for (int empties : {6, 9, 12}) {
    for (const Position& p : positions_with_empties(6, empties, 7 * empties)) {
      const int exact = solver.solve(p).score;
      for (int trial = 0; trial < 8; ++trial) {
        const int alpha = int(rng() % 129) - 65;
        const int beta = std::min(65, alpha + 1 + int(rng() % 20));
        solver.clear_table();  // each window on its own, and then with a warm table
        for (int pass = 0; pass < 2; ++pass) {
          const int v = solver.search(p.player, p.opponent, alpha, beta);
          INFO(position_text(p) << " window " << alpha << "," << beta << " exact " << exact);
          if (v <= alpha) CHECK(exact <= v);
          else if (v >= beta) CHECK(exact >= v);
          else CHECK(v == exact);
        }
      }
    }
  }
}

// An optimal line of FFO #40 (+38 for black): the file's best move a2, then moves found by
// this solver; the slow test below checks every position on it still scores +-38, so the
// quick tests may use the positions it reaches as exactly known ones.
const char* kFfo40Line[] = {"a2", "b1", "c1", "pass", "b6", "c7", "a7", "b7", "b8"};

// FFO #40 after the first `plies` moves of kFfo40Line; sign: +1 if black is to move.
Position ffo40_line(int plies, int& sign) {
  Position p = ffo()[0].position;
  sign = 1;
  for (int i = 0; i < plies; ++i) {
    p = after(p, *parse_square(kFfo40Line[i]));
    sign = -sign;
  }
  return p;
}

TEST_CASE("FFO #40 seven plies along its best line (14 empties) scores -38 for white") {
  int sign = 0;
  const Position p = ffo40_line(7, sign);
  REQUIRE(p.empties() == 14);
  EndgameSolver solver(16);
  const SolveResult r = solver.solve(p);
  CHECK(r.score == sign * 38);
  CHECK(r.score == -38);
  // Its move keeps the score: solved on its own, the child scores +38 for black.
  solver.clear_table();
  const Position c = after(p, r.best_move);
  CHECK(solver.solve(c).score == 38);
}

TEST_CASE("parallel solves equal sequential ones on random 13-16 empty positions") {
  int positions = 0;
  for (int empties = 13; empties <= 16; ++empties) {
    for (const Position& p : positions_with_empties(3, empties, 500 + empties)) {
      INFO(position_text(p));
      const SolveResult one = EndgameSolver(8).solve(p);
      for (int threads : {2, 4}) {
        const SolveResult many = solve_parallel(p, threads, 8);
        CHECK(many.score == one.score);
        if (one.best_move >= 0 && one.best_move != kPassSquare) {
          const Position c = after(p, many.best_move);
          CHECK(-EndgameSolver(8).solve(c).score == one.score);
        }
      }
      ++positions;
    }
  }
  CHECK(positions == 12);
}

TEST_CASE("parallel solve of the FFO #40 line gives its score and a best move") {
  int sign = 0;
  const Position p = ffo40_line(5, sign);  // 15 empties, white to move
  const SolveResult one = EndgameSolver(16).solve(p);
  CHECK(one.score == sign * 38);
  for (int threads : {2, 3}) {
    const SolveResult many = solve_parallel(p, threads, 16);
    CHECK(many.score == one.score);
    // The move it chose scores the same when solved on its own.
    const Position c = after(p, many.best_move);
    CHECK(-EndgameSolver(16).solve(c).score == one.score);
  }
}

TEST_CASE("every position on the FFO #40 line used above scores +-38", "[.slow]") {
  EndgameSolver solver(64);
  for (int plies = 0; plies <= int(std::size(kFfo40Line)); ++plies) {
    int sign = 0;
    const Position p = ffo40_line(plies, sign);
    INFO(plies << " plies: " << position_text(p));
    CHECK(solver.solve(p).score == sign * 38);
  }
}

TEST_CASE("FFO #40, #41 and #42 are solved exactly with a listed best move", "[.slow]") {
  const auto problems = ffo();
  REQUIRE(problems.size() == 10);
  for (int i : {0, 1, 2}) {
    const EndgameProblem& p = problems[i];
    INFO(p.id);
    const SolveResult r = EndgameSolver().solve(p.position);
    CHECK(r.score == *p.score);
    CHECK(is_best(p, r.best_move));
  }
}

TEST_CASE("the FFO file parses: ten positions with scores, best moves and ids") {
  const auto problems = ffo();
  REQUIRE(problems.size() == 10);
  CHECK(problems[0].id == "ffo40");
  CHECK(problems[0].position.empties() == 20);
  CHECK(*problems[0].score == 38);
  CHECK(problems[3].best_moves == std::vector<int>{*parse_square("g3"), *parse_square("c7")});
  CHECK(*problems[3].score == -12);
  CHECK(problems[9].position.empties() == 26);
}

TEST_CASE("endgame lines: errors name the line and the fault") {
  auto error = [](const std::string& line) -> std::string {
    try {
      parse_endgame_line(line, "f.txt:3");
    } catch (const InputError& e) {
      return e.what();
    }
    return "accepted";
  };
  const std::string board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
  CHECK(error(board) == "accepted");
  CHECK(error(board + " +38 A2 ffo40") == "accepted");
  CHECK(error(board + " +x A2").find("f.txt:3: bad score '+x'") != std::string::npos);
  CHECK(error(board + " 99 A2").find("bad score '99'") != std::string::npos);
  CHECK(error(board + " +38 Z9").find("bad move 'Z9'") != std::string::npos);
  CHECK(error(board + " +38").find("score without best moves") != std::string::npos);
  CHECK(error("XO X").find("f.txt:3: othello board has 2 square characters") != std::string::npos);
}
