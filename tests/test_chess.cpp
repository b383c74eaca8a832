// Chess board and moves: perft (fast part of the suite), FEN/EPD refusals naming the field,
// UCI and SAN both ways, make/unmake restoring everything, incremental == from-scratch Zobrist
// keys, draws by rule, evaluation symmetry, static exchange evaluation.
#include <catch2/catch.hpp>
#include <cctype>
#include <random>
#include <sstream>
#include <string>

#include "chess/chess_game.hpp"
#include "chess/epd.hpp"
#include "chess/eval.hpp"
#include "chess/movegen.hpp"
#include "chess/notation.hpp"
#include "chess/perft.hpp"
#include "chess/see.hpp"
#include "search/input_error.hpp"

using namespace alphactor;
using namespace alphactor::chess;

namespace {

const char* kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

std::string fen_error(const std::string& fen) {
  try {
    Position::from_fen(fen);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

// The same position with colours swapped and the board flipped top to bottom.
std::string mirror_fen(const Position& pos) {
  const std::string fen = pos.fen();
  std::istringstream in(fen);
  std::string board, side, castling, ep, half, full;
  in >> board >> side >> castling >> ep >> half >> full;
  std::vector<std::string> ranks;
  std::stringstream rs(board);
  for (std::string r; std::getline(rs, r, '/');) ranks.push_back(r);
  std::string out;
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
    for (char c : *it)
      out += std::isalpha(c) ? char(std::islower(c) ? std::toupper(c) : std::tolower(c)) : c;
    if (it + 1 != ranks.rend()) out += '/';
  }
  std::string cs;
  for (char c : std::string("kqKQ"))
    if (castling.find(char(std::islower(c) ? std::toupper(c) : std::tolower(c))) !=
        std::string::npos)
      cs += c;
  // Order KQkq as FEN wants.
  std::string ordered;
  for (char c : std::string("KQkq"))
    if (cs.find(c) != std::string::npos) ordered += c;
  if (ep != "-") ep[1] = char('1' + ('8' - ep[1]));
  return out + (side == "w" ? " b " : " w ") + (ordered.empty() ? "-" : ordered) + " " + ep + " " +
         half + " " + full;
}

// A random legal walk from pos, calling f(pos) after every move, then undone move by move.
template <typename F>
void random_walk(Position& pos, std::mt19937& rng, int plies, F&& f) {
  std::vector<Move> played;
  for (int i = 0; i < plies; ++i) {
    chess::MoveList list;
    generate_legal(pos, list);
    if (list.empty()) break;
    const Move m = list[int(rng() % unsigned(list.size()))];
    pos.make(m);
    played.push_back(m);
    f(pos);
  }
  for (auto it = played.rbegin(); it != played.rend(); ++it) pos.unmake(*it);
}

}  // namespace

TEST_CASE("perft: the perft suite's counts up to 2 million nodes a depth") {
  const auto records = read_epd_file(std::string(ALPHACTOR_DATA_DIR) + "/chess/perft.epd");
  REQUIRE(records.size() == 166);
  int checked = 0;
  for (const auto& rec : records) {
    Position pos = rec.position;
    for (const auto& op : rec.operations) {
      if (op.opcode.size() < 2 || op.opcode[0] != 'D') continue;
      const int depth = std::stoi(op.opcode.substr(1));
      const auto expected = std::stoull(op.operands.at(0));
      if (expected > 2'000'000) continue;
      INFO(rec.fen << " depth " << depth);
      CHECK(perft(pos, depth) == expected);
      ++checked;
    }
  }
  CHECK(checked > 600);
}

TEST_CASE("perft: divide sums to the total and bulk counting equals the move list size") {
  Position pos = Position::from_fen(kKiwipete);
  std::uint64_t sum = 0;
  for (const auto& [m, n] : perft_divide(pos, 3)) sum += n;
  CHECK(sum == 97862);
  std::mt19937 rng(7);
  for (int game = 0; game < 20; ++game) {
    Position p;
    random_walk(p, rng, 120, [](const Position& q) {
      chess::MoveList list;
      generate_legal(q, list);
      REQUIRE(count_legal(q) == std::uint64_t(list.size()));
      // Noisy moves are exactly the captures and promotions among the legal moves.
      chess::MoveList noisy;
      generate_noisy(q, noisy);
      int expected = 0;
      for (const Move m : list) expected += m.is_noisy();
      REQUIRE(noisy.size() == expected);
      for (const Move m : noisy) REQUIRE(m.is_noisy());
    });
  }
}

TEST_CASE("FEN: round trip and refusals that name the field") {
  for (const char* fen : {kStartFen.data(), kKiwipete, "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
                          "4k3/8/8/8/8/8/8/4K2R w K - 12 40"}) {
    CHECK(Position::from_fen(fen).fen() == fen);
  }
  // EPD style: no counters.
  CHECK(Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K -").fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  // An en-passant square no pawn can use is dropped (it cannot matter).
  CHECK(Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").fen() ==
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");

  CHECK(fen_error("") == "bad FEN: empty");
  CHECK_THAT(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1"),
             Catch::StartsWith("bad FEN: castling field 'KQxq'"));
  CHECK_THAT(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
             Catch::StartsWith("bad FEN: side to move field 'x'"));
  CHECK_THAT(fen_error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
             Catch::StartsWith("bad FEN: piece placement field"));
  CHECK_THAT(fen_error("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
             Catch::Contains("8 ranks"));
  CHECK_THAT(fen_error("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
             Catch::Contains("unknown piece 'x'"));
  CHECK_THAT(fen_error("rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"),
             Catch::Contains("black has 0 kings"));
  CHECK_THAT(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"),
             Catch::StartsWith("bad FEN: en passant field 'e9'"));
  CHECK_THAT(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1"),
             Catch::StartsWith("bad FEN: en passant field 'e6'"));
  CHECK_THAT(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"),
             Catch::StartsWith("bad FEN: halfmove clock field 'x'"));
  CHECK_THAT(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"),
             Catch::StartsWith("bad FEN: fullmove number field '0'"));
  CHECK_THAT(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 9"),
             Catch::StartsWith("bad FEN: extra field '9'"));
  CHECK_THAT(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
             Catch::Contains("missing castling field"));
  CHECK_THAT(fen_error("4k3/8/8/8/8/8/8/R3K3 w K - 0 1"),
             Catch::Contains("castling field 'K' ('K' needs the king on e1 and a rook on h1)"));
  CHECK_THAT(fen_error("4k3/8/8/8/8/8/8/4K2P w - - 0 1"), Catch::Contains("a pawn on rank 1 or 8"));
  CHECK_THAT(fen_error("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"),
             Catch::Contains("side not to move is in check"));
  // Every message is one line.
  for (const char* bad : {"x", "8/8/8/8/8/8/8/8 w - - 0 1",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1"}) {
    const std::string e = fen_error(bad);
    CHECK(e != "accepted");
    CHECK(e.find('\n') == std::string::npos);
  }
}

TEST_CASE("EPD: operations and quoted operands and perft counters and errors") {
  const EpdRecord bk =
      parse_epd("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";");
  CHECK(bk.position.side_to_move() == kBlack);
  REQUIRE(bk.find("bm"));
  CHECK(bk.find("bm")->operands == std::vector<std::string>{"Qd1+"});
  CHECK(bk.id() == "BK.01");
  const EpdRecord two = parse_epd(
      "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - bm Nd5 a4; id \"BK.05\";");
  CHECK(two.find("bm")->operands == std::vector<std::string>{"Nd5", "a4"});
  const EpdRecord perft_line = parse_epd(std::string(kKiwipete) + " ;D1 48 ;D2 2039");
  CHECK(perft_line.fen == kKiwipete);
  REQUIRE(perft_line.operations.size() == 2);
  CHECK(perft_line.operations[1].opcode == "D2");
  CHECK(perft_line.operations[1].operands == std::vector<std::string>{"2039"});
  CHECK(parse_epd("4k3/8/8/8/8/8/8/4K3 w - - c0 \"a; b\"; id x").find("c0")->operands[0] == "a; b");
  CHECK_THROWS_WITH(parse_epd("4k3/8/8/8/8/8/8/4K3 w - - id \"open"),
                    Catch::Contains("unterminated string"));
  CHECK_THROWS_WITH(parse_epd("4k3/8/8/8/8/8/8/4K3 w KQ - bm Ke2;"),
                    Catch::StartsWith("bad FEN: castling field 'KQ'"));
  CHECK_THROWS_WITH(read_epd_file("/nonexistent.epd"), Catch::Contains("cannot read EPD file"));
}

TEST_CASE("notation: UCI and SAN both ways on every legal move of many positions") {
  std::mt19937 rng(11);
  int moves = 0;
  for (const char* fen : {kStartFen.data(), kKiwipete,
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}) {
    Position start = Position::from_fen(fen);
    random_walk(start, rng, 60, [&](const Position& pos) {
      chess::MoveList list;
      generate_legal(pos, list);
      for (const Move m : list) {
        const std::string uci = to_uci(m), san = to_san(pos, m);
        INFO(pos.fen() << " " << uci << " " << san);
        REQUIRE(parse_uci(pos, uci) == m);
        REQUIRE(parse_san(pos, san) == m);
        REQUIRE(parse_move(pos, san) == m);
        ++moves;
      }
    });
  }
  CHECK(moves > 1000);
}

TEST_CASE("notation: SAN details — disambiguation and promotions and castling and check and mate") {
  const Position kiwi = Position::from_fen(kKiwipete);
  CHECK(to_san(kiwi, *parse_uci(kiwi, "e1g1")) == "O-O");
  CHECK(to_san(kiwi, *parse_uci(kiwi, "e1c1")) == "O-O-O");
  CHECK(to_san(kiwi, *parse_uci(kiwi, "d5e6")) == "dxe6");
  CHECK(to_san(kiwi, *parse_uci(kiwi, "c3b1")) == "Nb1");
  CHECK(to_san(kiwi, *parse_uci(kiwi, "e2a6")) == "Bxa6");
  CHECK(to_san(kiwi, *parse_uci(kiwi, "e5f7")) == "Nxf7");
  // Two rooks on the first rank: file disambiguation.
  CHECK(to_san(kiwi, *parse_uci(kiwi, "a1b1")) == "Rb1");
  const Position rooks = Position::from_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
  CHECK(to_san(rooks, *parse_uci(rooks, "a1d1")) == "Rad1");
  CHECK(to_san(rooks, *parse_uci(rooks, "f1d1")) == "Rfd1");
  CHECK(to_san(rooks, *parse_uci(rooks, "f1f5")) == "Rf5");
  const Position stack = Position::from_fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
  CHECK(to_san(stack, *parse_uci(stack, "a1a3")) == "R1a3");
  const Position promo = Position::from_fen("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(to_san(promo, *parse_uci(promo, "e7d8q")) == "exd8=Q+");
  CHECK(to_san(promo, *parse_uci(promo, "e7e8n")) == "e8=N");
  CHECK(parse_san(promo, "e8Q") == parse_uci(promo, "e7e8q"));
  CHECK(parse_san(promo, "exd8=R") == parse_uci(promo, "e7d8r"));
  CHECK_FALSE(parse_san(promo, "e8"));  // a promotion needs its piece
  const Position mate = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  CHECK(to_san(mate, *parse_uci(mate, "a1a8")) == "Ra8#");
  CHECK(parse_san(mate, "Ra8#") == parse_uci(mate, "a1a8"));
  CHECK(parse_san(mate, "Ra8") == parse_uci(mate, "a1a8"));
  // Refusals: illegal, ambiguous, malformed.
  const Position start;
  CHECK_FALSE(parse_san(start, "e5"));
  CHECK_FALSE(parse_san(start, "Nd2"));
  CHECK_FALSE(parse_san(rooks, "Rd1"));  // two rooks can go there
  CHECK_FALSE(parse_san(start, "Zf3"));
  CHECK_FALSE(parse_uci(start, "e2e5"));
  CHECK_FALSE(parse_uci(start, "e2e4q"));
  CHECK_FALSE(parse_uci(start, "i2i4"));
  CHECK(parse_san(start, "0-0") == std::nullopt);
}

TEST_CASE("make/unmake restore position and FEN and key - incremental key equals from-scratch") {
  std::mt19937 rng(3);
  for (const char* fen : {kStartFen.data(), kKiwipete,
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
                          "rnbqkbnr/pppp1pp1/8/3Pp2p/3Q4/8/PPP1PPPP/RNB1KBNR w KQkq e6 0 1"}) {
    for (int walk = 0; walk < 10; ++walk) {
      Position pos = Position::from_fen(fen);
      const std::string before = pos.fen();
      const std::uint64_t key = pos.key();
      random_walk(pos, rng, 80, [](const Position& p) {
        REQUIRE(p.key() == p.compute_key());
        // A position rebuilt from its FEN has the same key.
        REQUIRE(Position::from_fen(p.fen()).key() == p.key());
      });
      CHECK(pos.fen() == before);
      CHECK(pos.key() == key);
      CHECK(pos.moves_played() == 0);
    }
  }
  // Null moves too.
  Position pos = Position::from_fen(kKiwipete);
  const auto key = pos.key();
  pos.make_null();
  CHECK(pos.key() != key);
  CHECK(pos.key() == pos.compute_key());
  pos.unmake_null();
  CHECK(pos.key() == key);
}

TEST_CASE("draws by rule and mate and stalemate values") {
  ChessGame g("startpos");
  CHECK_FALSE(g.is_terminal());  // the root is never terminal
  for (const char* mv : {"g1f3", "g8f6", "f3g1"}) {
    g.play(*g.parse_move(mv));
    CHECK_FALSE(g.is_terminal());
  }
  g.play(*g.parse_move("f6g8"));
  CHECK(g.is_terminal());  // the start position again
  CHECK(g.terminal_value(4) == 0);

  ChessGame fifty("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  fifty.play(*fifty.parse_move("a1a2"));
  CHECK(fifty.is_terminal());
  // Mate on the hundredth half-move is still mate.
  ChessGame mate_at_fifty("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
  mate_at_fifty.play(*mate_at_fifty.parse_move("a1a8"));
  CHECK_FALSE(mate_at_fifty.is_terminal());
  chess::MoveList list;
  mate_at_fifty.generate_moves(list);
  CHECK(list.empty());
  CHECK(mate_at_fifty.terminal_value(1) == -(kMate - 1));

  ChessGame bare("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
  bare.play(*bare.parse_move("d1c3"));
  CHECK(bare.is_terminal());
  ChessGame stalemate("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  stalemate.generate_moves(list);
  CHECK(list.empty());
  CHECK(stalemate.terminal_value(3) == 0);
}

TEST_CASE("evaluation: colour-mirrored positions evaluate the same - material counts") {
  std::mt19937 rng(5);
  int compared = 0;
  for (const char* fen : {kStartFen.data(), kKiwipete, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1"}) {
    Position start = Position::from_fen(fen);
    random_walk(start, rng, 50, [&](const Position& pos) {
      const Position mirrored = Position::from_fen(mirror_fen(pos));
      INFO(pos.fen() << " vs " << mirrored.fen());
      REQUIRE(evaluate(pos) == evaluate(mirrored));
      ++compared;
    });
  }
  CHECK(compared > 150);
  // An extra queen is worth a lot, for either side to move.
  CHECK(evaluate(Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")) > 800);
  CHECK(evaluate(Position::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1")) < -800);
  // A far advanced passed pawn is worth more than one at home.
  CHECK(evaluate(Position::from_fen("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1")) >
        evaluate(Position::from_fen("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1")));
}

TEST_CASE("static exchange evaluation") {
  // Pawn takes a defended knight: wins a knight for a pawn.
  const Position a = Position::from_fen("4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1");
  const Move dxe5 = *parse_uci(a, "d4e5");
  CHECK(see_ge(a, dxe5, 200));
  CHECK_FALSE(see_ge(a, dxe5, 300));
  // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
  const Position b = Position::from_fen("4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1");
  const Move qxe5 = *parse_uci(b, "e2e5");
  CHECK_FALSE(see_ge(b, qxe5, 0));
  CHECK(see_ge(b, qxe5, -900));
  // Rook takes an undefended pawn backed by an x-ray: wins a pawn.
  const Position c = Position::from_fen("4k3/4r3/8/4p3/8/8/4R3/4RK2 w - - 0 1");
  const Move rxe5 = *parse_uci(c, "e2e5");
  CHECK(see_ge(c, rxe5, 0));  // R takes, r takes, R takes: +100
  CHECK(see_ge(c, rxe5, 100));
  CHECK_FALSE(see_ge(c, rxe5, 101));
  // A quiet move to a square a pawn attacks loses the piece; to a safe square it does not.
  const Position d = Position::from_fen("4k3/8/8/3p4/8/8/5N2/4K3 w - - 0 1");
  CHECK_FALSE(see_ge(d, *parse_uci(d, "f2e4"), 0));
  CHECK(see_ge(d, *parse_uci(d, "f2e4"), -320));
  CHECK(see_ge(d, *parse_uci(d, "f2d3"), 0));
  CHECK_FALSE(see_ge(d, *parse_uci(d, "f2d3"), 1));
}

TEST_CASE("ChessGame: order hints are positive exactly for noisy moves and MVV-LVA ordered") {
  ChessGame g(kKiwipete);
  chess::MoveList list;
  g.generate_moves(list);
  for (const Move m : list) CHECK((g.order_hint(m) > 0) == m.is_noisy());
  // Pawn takes queen before queen takes pawn... here: e5 knight takes f7 pawn vs e2 bishop takes a6
  // bishop.
  const Move bxa6 = *g.parse_move("e2a6"), nxf7 = *g.parse_move("e5f7"),
             nxg6 = *g.parse_move("e5g6");
  CHECK(g.order_hint(bxa6) > g.order_hint(nxf7));
  CHECK(g.order_hint(nxf7) == g.order_hint(nxg6));
  CHECK(ChessGame::decode(ChessGame::encode(bxa6)) == bxa6);
  CHECK(g.history_index(bxa6) < ChessGame::kHistorySize);
}
