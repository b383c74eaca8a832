// Othello board: move generation against the published perft counts, passes and game ends,
// the text format and its errors, Zobrist hashing, play/undo, stability, the evaluation's
// features, and the generic searches on Othello positions.
#include <catch2/catch.hpp>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>

#include "othello/board.hpp"
#include "othello/eval.hpp"
#include "othello/othello_game.hpp"
#include "othello/perft.hpp"
#include "othello/stability.hpp"
#include "othello/zobrist.hpp"
#include "search/input_error.hpp"
#include "search/searcher.hpp"

using namespace alphactor;
using namespace alphactor::othello;

static_assert(Game<OthelloGame>);

namespace {

struct PerftRow {
  int depth;
  std::uint64_t perft, no_carry, passes, ended;
};

// data/othello/perft.txt: depth perft no_carry passes_at_ply ended_at_ply
std::vector<PerftRow> perft_table() {
  std::ifstream in(std::string(ALPHACTOR_DATA_DIR) + "/othello/perft.txt");
  REQUIRE(in);
  std::vector<PerftRow> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    PerftRow r{};
    std::string ended;
    ls >> r.depth >> r.perft >> r.no_carry >> r.passes >> ended;
    r.ended = ended == "n/a" ? ~0ULL : std::stoull(ended);
    rows.push_back(r);
  }
  REQUIRE(rows.size() >= 12);
  return rows;
}

// Positions reached by random play from the start (seeded), with their empties.
std::vector<Position> random_positions(int count, unsigned seed, int min_empties = 0,
                                       int max_empties = 60) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  while (int(out.size()) < count) {
    Position p = initial_position();
    const int stop = min_empties + int(rng() % std::uint64_t(max_empties - min_empties + 1));
    for (;;) {
      if (p.empties() <= stop) break;
      Bits moves = legal_moves(p.player, p.opponent);
      if (!moves) {
        if (!legal_moves(p.opponent, p.player)) break;
        std::swap(p.player, p.opponent);
        p.side = other(p.side);
        continue;
      }
      int k = int(rng() % std::uint64_t(popcount(moves)));
      while (k--) moves &= moves - 1;
      const int sq = first_square(moves);
      const Bits f = flips(sq, p.player, p.opponent);
      p = Position{p.opponent ^ f, p.player ^ f ^ bit(sq), other(p.side)};
    }
    out.push_back(p);
  }
  return out;
}

// Per-ply counts of passes and ended games by walking every node (no bulk counting).
void count_events(Bits P, Bits O, int ply, int depth, std::vector<std::uint64_t>& passes,
                  std::vector<std::uint64_t>& ended) {
  if (ply == depth) {
    if (!legal_moves(P, O) && !legal_moves(O, P)) ++ended[ply];
    return;
  }
  Bits moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) {
      ++ended[ply];
      return;
    }
    ++passes[ply + 1];
    count_events(O, P, ply + 1, depth, passes, ended);
    return;
  }
  while (moves) {
    const int sq = first_square(moves);
    moves &= moves - 1;
    const Bits f = flips(sq, P, O);
    count_events(O ^ f, P ^ f ^ bit(sq), ply + 1, depth, passes, ended);
  }
}

std::string parse_error(const std::string& text) {
  try {
    parse_position(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("perft from the start matches data/othello/perft.txt at depths 1-10") {
  for (const PerftRow& r : perft_table()) {
    if (r.depth > 10) break;
    INFO("depth " << r.depth);
    CHECK(perft(initial_position(), r.depth) == r.perft);
  }
}

TEST_CASE("perft depth 11 and 12 match data/othello/perft.txt", "[.slow]") {
  for (const PerftRow& r : perft_table()) {
    if (r.depth < 11 || r.depth > 12) continue;
    INFO("depth " << r.depth);
    CHECK(perft(initial_position(), r.depth) == r.perft);
  }
}

TEST_CASE("passes and ended games per ply match perft.txt, and so does the no-carry column") {
  const int depth = 10;
  std::vector<std::uint64_t> passes(depth + 1), ended(depth + 1);
  const Position s = initial_position();
  count_events(s.player, s.opponent, 0, depth, passes, ended);
  std::uint64_t ended_before = 0;
  for (const PerftRow& r : perft_table()) {
    if (r.depth > depth) break;
    INFO("depth " << r.depth);
    CHECK(passes[r.depth] == r.passes);
    CHECK(ended[r.depth] == r.ended);
    // Ended games are carried as leaves to every deeper depth by the perft column only.
    CHECK(r.perft == r.no_carry + ended_before);
    ended_before += ended[r.depth];
  }
  CHECK(ended_before > 0);  // the test really covered ended games (228 at ply 9)
}

TEST_CASE("perft divide sums to perft and names the four opening moves") {
  const auto div = perft_divide(initial_position(), 6);
  REQUIRE(div.size() == 4);
  std::uint64_t sum = 0;
  for (const auto& [sq, n] : div) sum += n;
  CHECK(sum == 8200);
  CHECK(square_name(div[0].first) == "d3");  // the four symmetric openings
  CHECK(div[0].second == div[3].second);
}

TEST_CASE("the vectorised move generator and flips equal the portable ones") {
  for (const Position& p : random_positions(400, 7)) {
    for (const auto& [P, O] : {std::pair{p.player, p.opponent}, std::pair{p.opponent, p.player}}) {
      const Bits moves = legal_moves(P, O);
      REQUIRE(moves == legal_moves_scalar(P, O));
      for (int sq = 0; sq < 64; ++sq) {
        if ((P | O) & bit(sq)) continue;
        const Bits f = flips(sq, P, O);
        REQUIRE(f == flips_scalar(sq, P, O));
        CHECK(((moves >> sq) & 1) == (f != 0));  // a move is legal iff it flips
        CHECK((f & ~O) == 0);
      }
    }
  }
}

TEST_CASE("a move flips exactly the bracketed lines") {
  // Black X at a1, white O at b1 c1 and b2, black to move at d1: flips b1 c1 only.
  std::string s(64, '-');
  s[0] = 'X';
  s[1] = s[2] = s[9] = 'O';
  s[27] = 'X';  // d4: touches c3 diagonally, so c3 flanks nothing towards it
  const Position p = parse_position(s + " X");
  CHECK(flips(3, p.player, p.opponent) == (bit(1) | bit(2)));
  CHECK(flips(18, p.player, p.opponent) == bit(9));  // c3: between a1 and c3 lies b2
  CHECK(flips(4, p.player, p.opponent) == 0);
}

TEST_CASE("board text: round trip, start, and one-line errors naming the fault") {
  const std::string ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
  const Position p = parse_position(ffo40);
  CHECK(position_text(p) == ffo40);
  CHECK(p.empties() == 20);
  CHECK(p.side == Colour::kBlack);
  CHECK(parse_position("start") == initial_position());
  CHECK(position_text(initial_position()) ==
        "---------------------------OX------XO--------------------------- X");
  CHECK(parse_error(ffo40.substr(1)).find("63 square characters, expected 64") !=
        std::string::npos);
  std::string bad = ffo40;
  bad[10] = 'Z';
  CHECK(parse_error(bad).find("bad character 'Z' at square c2") != std::string::npos);
  CHECK(parse_error(ffo40.substr(0, 65) + "B").find("bad side to move 'B'") != std::string::npos);
  CHECK(parse_error(ffo40.substr(0, 64)).find("side to move missing") != std::string::npos);
  CHECK(parse_error("").find("0 square characters") != std::string::npos);
  for (const std::string& text : {ffo40.substr(1), bad, ffo40.substr(0, 64)})
    CHECK(parse_error(text).find('\n') == std::string::npos);
}

TEST_CASE("square notation") {
  CHECK(square_name(0) == "a1");
  CHECK(square_name(63) == "h8");
  CHECK(square_name(kPassSquare) == "pass");
  CHECK(parse_square("A2") == 8);
  CHECK(parse_square("h8") == 63);
  CHECK(parse_square("pass") == kPassSquare);
  CHECK(!parse_square("i1"));
  CHECK(!parse_square("a9"));
  CHECK(!parse_square("a"));
}

TEST_CASE("Zobrist hash is the XOR of the disc keys and the side key") {
  for (const Position& p : random_positions(50, 3)) {
    std::uint64_t h = p.side == Colour::kWhite ? zobrist_side_key() : 0;
    for (int sq = 0; sq < 64; ++sq) {
      if (p.black() & bit(sq)) h ^= zobrist_key(Colour::kBlack, sq);
      if (p.white() & bit(sq)) h ^= zobrist_key(Colour::kWhite, sq);
    }
    CHECK(zobrist_hash(p) == h);
  }
}

TEST_CASE("play then undo restores the position and the hash, through passes") {
  std::mt19937_64 rng(11);
  int passes = 0;
  for (int game = 0; game < 30; ++game) {
    OthelloGame g;
    std::vector<std::pair<Position, std::uint64_t>> seen;
    std::vector<OthelloGame::Move> played;
    for (;;) {
      OthelloGame::MoveList list;
      g.generate_moves(list);
      if (list.empty()) {
        CHECK(g.is_terminal());
        break;
      }
      CHECK_FALSE(g.is_terminal());
      const auto m = list[int(rng() % std::uint64_t(list.size()))];
      if (m == kPassSquare) {
        ++passes;
        CHECK(list.size() == 1);
      }
      seen.emplace_back(g.position(), g.hash());
      g.play(m);
      played.push_back(m);
      CHECK(g.hash() == zobrist_hash(g.position()));
    }
    while (!played.empty()) {
      g.undo(played.back());
      played.pop_back();
      CHECK(g.position() == seen.back().first);
      CHECK(g.hash() == seen.back().second);
      seen.pop_back();
    }
    CHECK(g.position() == initial_position());
  }
  CHECK(passes > 0);  // random games do pass now and then
}

TEST_CASE("a pass is the only move when the mover has none, and the game ends when neither has") {
  // White O at a1, black X at b1, c1 empty... X has no move; O can play c1 (flanking b1).
  std::string s(64, '-');
  s[0] = 'O';
  s[1] = 'X';
  OthelloGame g(s + " X");
  OthelloGame::MoveList list;
  g.generate_moves(list);
  REQUIRE(list.size() == 1);
  CHECK(list[0] == kPassSquare);
  CHECK(g.parse_move("pass") == kPassSquare);
  CHECK(!g.parse_move("c1"));
  g.play(kPassSquare);
  CHECK(g.position().side == Colour::kWhite);
  CHECK(g.parse_move("c1") == 2);
  g.play(2);
  CHECK(g.is_terminal());  // white holds every disc
  g.generate_moves(list);
  CHECK(list.empty());
  // O to move with 3 discs vs 0: wins 3 + 61 empties = 64 discs; from X's side -64.
  CHECK(g.terminal_value(0) == -64 * kDiscValue);
}

TEST_CASE("final score gives the empties to the winner") {
  CHECK(final_score(0xFF, 0xFF00) == 0);
  CHECK(final_score(0x7, 0x100) == 3 - 1 + 60);
  CHECK(final_score(0x100, 0x7) == -(3 - 1 + 60));
}

TEST_CASE("stable discs found never flip in random continuations") {
  std::mt19937_64 rng(5);
  int stable_seen = 0;
  for (const Position& p : random_positions(150, 9, 0)) {
    const Bits sb = stable_discs(p.black(), p.white());
    const Bits sw = stable_discs(p.white(), p.black());
    CHECK((sb & ~p.black()) == 0);
    CHECK((sw & ~p.white()) == 0);
    stable_seen += popcount(sb | sw);
    for (int trial = 0; trial < 10; ++trial) {
      Bits P = p.player, O = p.opponent;
      bool black_to_move = p.side == Colour::kBlack;
      for (;;) {
        Bits moves = legal_moves(P, O);
        if (!moves) {
          if (!legal_moves(O, P)) break;
          std::swap(P, O);
          black_to_move = !black_to_move;
          continue;
        }
        int k = int(rng() % std::uint64_t(popcount(moves)));
        while (k--) moves &= moves - 1;
        const int sq = first_square(moves);
        const Bits f = flips(sq, P, O);
        const Bits nP = O ^ f, nO = P ^ f ^ bit(sq);
        P = nP;
        O = nO;
        black_to_move = !black_to_move;
        const Bits black = black_to_move ? P : O, white = black_to_move ? O : P;
        REQUIRE((sb & ~black) == 0);
        REQUIRE((sw & ~white) == 0);
      }
    }
  }
  CHECK(stable_seen > 100);  // the check was not vacuous
}

TEST_CASE("stability: a full board is all stable, a lone corner is, edges exactly") {
  CHECK(stable_discs(0x00000000FFFFFFFFULL, 0xFFFFFFFF00000000ULL) == 0x00000000FFFFFFFFULL);
  CHECK(stable_discs(bit(0), bit(9)) == bit(0));
  CHECK(stable_discs(bit(9), bit(0)) == 0);
  // Edge line X X O - - - - -: the X pair at the corner is stable, the O is not.
  CHECK(edge_line_stable(0b011, 0b100) == 0b011);
  CHECK(edge_line_stable(0b100, 0b011) == 0);
  // Full edge: everything stable.
  CHECK(edge_line_stable(0b10101010, 0b01010101) == 0b10101010);
  // X at b1 alone (no corner) is not stable.
  CHECK(edge_line_stable(0b010, 0) == 0);
}

TEST_CASE("evaluation features are mover-minus-opponent and the value is clamped") {
  for (const Position& p : random_positions(100, 21)) {
    const EvalTerms a = eval_terms(p.player, p.opponent), b = eval_terms(p.opponent, p.player);
    CHECK(a.mobility == -b.mobility);
    CHECK(a.potential_mobility == -b.potential_mobility);
    CHECK(a.corners == -b.corners);
    CHECK(a.x_squares == -b.x_squares);
    CHECK(a.c_squares == -b.c_squares);
    CHECK(a.edge_stable == -b.edge_stable);
    CHECK(a.parity == b.parity);  // parity depends on the empties only
    CHECK(std::abs(evaluate(p.player, p.opponent)) <= 6400);
  }
  // A held corner counts, an X-square next to an empty corner costs, next to a held one not.
  std::string s(64, '-');
  s[9] = 'X';
  s[27] = s[28] = 'O';
  EvalTerms t = eval_terms(parse_position(s + " X").player, parse_position(s + " X").opponent);
  CHECK(t.x_squares == 1);
  s[0] = 'X';
  t = eval_terms(parse_position(s + " X").player, parse_position(s + " X").opponent);
  CHECK(t.x_squares == 0);
  CHECK(t.corners == 1);
}

TEST_CASE("negamax, alpha-beta, PVS and ER agree on Othello positions at small depth") {
  const auto positions = random_positions(12, 33, 8);
  for (const Position& p : positions) {
    for (int depth : {1, 2, 3, 4}) {
      INFO(position_text(p) << " depth " << depth);
      Value reference = 0;
      for (Algorithm a :
           {Algorithm::kNegamax, Algorithm::kAlphaBeta, Algorithm::kPvs, Algorithm::kEr}) {
        for (bool table : {false, true}) {
          OthelloGame g(p);
          SearchOptions opt;
          opt.algorithm = a;
          opt.depth = depth;
          opt.use_table = table;
          opt.table_megabytes = 1;
          const SearchResult r = search(g, opt);
          if (a == Algorithm::kNegamax && !table) reference = r.value;
          CHECK(r.value == reference);
          CHECK(g.position() == p);  // the search left the position as it found it
        }
      }
    }
  }
}

TEST_CASE("iterative deepening returns the fixed-depth value and a legal best move") {
  OthelloGame g;
  SearchOptions opt;
  opt.algorithm = Algorithm::kPvs;
  opt.depth = 6;
  const Value fixed = search(g, opt).value;
  opt.iterative_deepening = true;
  const SearchResult r = search(g, opt);
  CHECK(r.value == fixed);
  REQUIRE(r.has_move);
  CHECK(g.parse_move(g.move_text(OthelloGame::decode(r.best_move))));
}

TEST_CASE("searching to the end gives 100 x the exact disc difference") {
  // A position with few empties: alpha-beta to the end equals the brute-force final score.
  for (const Position& p : random_positions(10, 77, 4, 7)) {
    OthelloGame g(p);
    SearchOptions opt;
    opt.algorithm = Algorithm::kAlphaBeta;
    opt.depth = 2 * p.empties() + 2;  // passes can lengthen the game
    std::function<int(Bits, Bits, bool)> exact = [&](Bits P, Bits O, bool passed) -> int {
      Bits moves = legal_moves(P, O);
      if (!moves) return passed ? final_score(P, O) : -exact(O, P, true);
      int best = -100;
      while (moves) {
        const int sq = first_square(moves);
        moves &= moves - 1;
        const Bits f = flips(sq, P, O);
        best = std::max(best, -exact(O ^ f, P ^ f ^ bit(sq), false));
      }
      return best;
    };
    CHECK(search(g, opt).value == kDiscValue * exact(p.player, p.opponent, false));
  }
}

namespace {

// Plays one game; `black` and `white` choose a move for the position. Returns black's final
// disc difference.
template <typename A, typename B>
int play_game(A&& black, B&& white) {
  OthelloGame g;
  for (;;) {
    OthelloGame::MoveList list;
    g.generate_moves(list);
    if (list.empty()) break;
    const OthelloGame::Move m =
        g.position().side == Colour::kBlack ? black(g, list) : white(g, list);
    g.play(m);
  }
  const Position& p = g.position();
  return final_score(p.black(), p.white());
}

}  // namespace

TEST_CASE("the evaluation plays: a 2-ply search beats random and disc-greedy players") {
  auto searcher = [](OthelloGame& g, const OthelloGame::MoveList&) {
    SearchOptions opt;
    opt.algorithm = Algorithm::kAlphaBeta;
    opt.depth = 2;
    opt.table_megabytes = 1;
    return OthelloGame::decode(search(g, opt).best_move);
  };
  std::mt19937_64 rng(2024);
  auto random_player = [&](OthelloGame&, const OthelloGame::MoveList& list) {
    return list[int(rng() % std::uint64_t(list.size()))];
  };
  // Greedy: the move that leaves it the most discs (ties broken at random).
  auto greedy = [&](OthelloGame& g, const OthelloGame::MoveList& list) {
    OthelloGame::Move best = list[0];
    int most = -1;
    for (const auto m : list) {
      g.play(m);
      const int discs = popcount(g.position().opponent) * 64 + int(rng() % 64);
      g.undo(m);
      if (discs > most) {
        most = discs;
        best = m;
      }
    }
    return best;
  };
  int wins_random = 0, wins_greedy = 0;
  for (int game = 0; game < 10; ++game) {
    wins_random += play_game(searcher, random_player) > 0;
    wins_random += play_game(random_player, searcher) < 0;
    wins_greedy += play_game(searcher, greedy) > 0;
    wins_greedy += play_game(greedy, searcher) < 0;
  }
  CHECK(wins_random >= 18);  // of 20
  CHECK(wins_greedy >= 14);  // of 20
}
