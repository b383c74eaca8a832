#include "chess/position.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

#include "chess/notation.hpp"
#include "chess/zobrist.hpp"
#include "search/input_error.hpp"

namespace alphactor::chess {
namespace {

constexpr std::string_view kPieceLetters = "PNBRQKpnbrqk";

// Castling rights that survive a move from or to each square.
constexpr std::array<int, 64> make_castling_masks() {
  std::array<int, 64> m{};
  for (int& x : m) x = kAllCastling;
  m[0] = kAllCastling & ~kWhiteQueenSide;                      // a1
  m[4] = kAllCastling & ~(kWhiteKingSide | kWhiteQueenSide);   // e1
  m[7] = kAllCastling & ~kWhiteKingSide;                       // h1
  m[56] = kAllCastling & ~kBlackQueenSide;                     // a8
  m[60] = kAllCastling & ~(kBlackKingSide | kBlackQueenSide);  // e8
  m[63] = kAllCastling & ~kBlackKingSide;                      // h8
  return m;
}
constexpr std::array<int, 64> kCastlingMask = make_castling_masks();

[[noreturn]] void fen_error(std::string_view field, std::string_view value,
                            std::string_view detail = {}) {
  std::string msg = "bad FEN: " + std::string(field) + " '" + std::string(value) + "'";
  if (!detail.empty()) msg += " (" + std::string(detail) + ")";
  throw InputError(msg);
}

bool parse_int(std::string_view text, int& out) {
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && p == text.data() + text.size();
}

}  // namespace

Position::Position() : Position(from_fen(kStartFen)) {}
Position::Position(Empty) {
  clear();
}

void Position::clear() {
  init_tables();
  by_color_ = {};
  by_type_ = {};
  board_.fill(kNoPiece);
  side_ = kWhite;
  game_ply_ = 0;
  states_.clear();
  states_.reserve(256);
  states_.emplace_back();
}

Position Position::from_fen(std::string_view fen) {
  Position pos{Empty{}};
  std::vector<std::string_view> fields;
  for (std::size_t i = 0; i < fen.size();) {
    while (i < fen.size() && (fen[i] == ' ' || fen[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < fen.size() && fen[j] != ' ' && fen[j] != '\t') ++j;
    if (j > i) fields.push_back(fen.substr(i, j - i));
    i = j;
  }
  if (fields.empty()) throw InputError("bad FEN: empty");
  static constexpr const char* kNames[] = {"piece placement field", "side to move field",
                                           "castling field",        "en passant field",
                                           "halfmove clock field",  "fullmove number field"};
  if (fields.size() < 4)
    throw InputError("bad FEN: '" + std::string(fen) + "' (missing " + kNames[fields.size()] + ")");
  if (fields.size() > 6) fen_error("extra field", fields[6], "a FEN has at most 6 fields");

  // 1. Piece placement, rank 8 first.
  {
    const std::string_view f = fields[0];
    int rank = 7, file = 0;
    for (const char c : f) {
      if (c == '/') {
        if (file != 8)
          fen_error(
              kNames[0], f,
              "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares");
        if (--rank < 0) fen_error(kNames[0], f, "more than 8 ranks");
        file = 0;
      } else if (c >= '1' && c <= '8') {
        file += c - '0';
        if (file > 8)
          fen_error(kNames[0], f, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
      } else {
        const auto idx = kPieceLetters.find(c);
        if (idx == std::string_view::npos)
          fen_error(kNames[0], f, std::string("unknown piece '") + c + "'");
        if (file > 7)
          fen_error(kNames[0], f, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
        pos.put(Piece(idx), make_square(file, rank));
        ++file;
      }
    }
    if (rank != 0 || file != 8) fen_error(kNames[0], f, "it must describe 8 ranks of 8 squares");
    for (const Color c : {kWhite, kBlack}) {
      const char* name = c == kWhite ? "white" : "black";
      const int kings = popcount(pos.pieces(c, kKing));
      if (kings != 1)
        fen_error(kNames[0], f, std::string(name) + " has " + std::to_string(kings) + " kings");
    }
    if (pos.pieces(kPawn) & (kRank1 | kRank8)) fen_error(kNames[0], f, "a pawn on rank 1 or 8");
  }
  // 2. Side to move.
  if (fields[1] == "w") pos.side_ = kWhite;
  else if (fields[1] == "b") pos.side_ = kBlack;
  else fen_error(kNames[1], fields[1], "expected 'w' or 'b'");
  // 3. Castling rights; each must have its king and rook at home.
  State& s = pos.st();
  if (fields[2] != "-") {
    for (const char c : fields[2]) {
      int right = 0;
      Square king = 4, rook = 7;
      Color color = kWhite;
      switch (c) {
        case 'K':
          right = kWhiteKingSide;
          break;
        case 'Q':
          right = kWhiteQueenSide;
          rook = 0;
          break;
        case 'k':
          right = kBlackKingSide;
          king = 60;
          rook = 63;
          color = kBlack;
          break;
        case 'q':
          right = kBlackQueenSide;
          king = 60;
          rook = 56;
          color = kBlack;
          break;
        default:
          fen_error(kNames[2], fields[2], std::string("unknown letter '") + c + "'");
      }
      if (s.castling & right) fen_error(kNames[2], fields[2], std::string("'") + c + "' twice");
      if (pos.piece_on(king) != make_piece(color, kKing) ||
          pos.piece_on(rook) != make_piece(color, kRook))
        fen_error(kNames[2], fields[2],
                  std::string("'") + c + "' needs the king on " + square_name(king) +
                      " and a rook on " + square_name(rook));
      s.castling |= right;
    }
  }
  // 4. En passant: the square the last double push skipped.
  if (fields[3] != "-") {
    const std::string_view f = fields[3];
    if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
      fen_error(kNames[3], f, "not a square");
    const Square ep = make_square(f[0] - 'a', f[1] - '1');
    const Color mover = ~pos.side_;  // who double-pushed
    const int up = mover == kWhite ? 8 : -8;
    if (relative_rank(mover, ep) != 2) fen_error(kNames[3], f, "wrong rank for the side to move");
    if (pos.piece_on(ep + up) != make_piece(mover, kPawn) || pos.piece_on(ep) != kNoPiece ||
        pos.piece_on(ep - up) != kNoPiece)
      fen_error(kNames[3], f, "no pawn has just passed it");
    s.ep = pos.useful_ep(mover, ep);
  }
  // 5. Move counters (optional).
  if (fields.size() > 4) {
    if (!parse_int(fields[4], s.halfmove) || s.halfmove < 0)
      fen_error(kNames[4], fields[4], "expected a number >= 0");
  }
  int fullmove = 1;
  if (fields.size() > 5) {
    if (!parse_int(fields[5], fullmove) || fullmove < 1 || fullmove > 100000)
      fen_error(kNames[5], fields[5], "expected a number >= 1");
  }
  pos.game_ply_ = 2 * (fullmove - 1) + (pos.side_ == kBlack ? 1 : 0);
  // 6. The side that just moved must not be left in check.
  if (pos.attacked_by(pos.side_, pos.king_square(~pos.side_)))
    throw InputError("bad FEN: '" + std::string(fen) + "' (the side not to move is in check)");
  s.checkers = pos.compute_checkers();
  if (popcount(s.checkers) > 2)
    throw InputError("bad FEN: '" + std::string(fen) + "' (more than two pieces give check)");
  s.key = pos.compute_key();
  return pos;
}

std::string Position::fen() const {
  std::ostringstream out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = board_[make_square(file, rank)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) out << empty;
      empty = 0;
      out << kPieceLetters[p];
    }
    if (empty) out << empty;
    if (rank) out << '/';
  }
  out << (side_ == kWhite ? " w " : " b ");
  const int c = st().castling;
  if (!c) out << '-';
  if (c & kWhiteKingSide) out << 'K';
  if (c & kWhiteQueenSide) out << 'Q';
  if (c & kBlackKingSide) out << 'k';
  if (c & kBlackQueenSide) out << 'q';
  out << ' ' << (st().ep == kNoSquare ? std::string("-") : square_name(st().ep));
  out << ' ' << st().halfmove << ' ' << fullmove_number();
  return out.str();
}

Square Position::useful_ep(Color mover, Square skipped) const {
  return (pawn_attacks(mover, skipped) & pieces(~mover, kPawn)) ? skipped : kNoSquare;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(kBlack, s) & pieces(kWhite, kPawn)) |
         (pawn_attacks(kWhite, s) & pieces(kBlack, kPawn)) | (knight_attacks(s) & pieces(kKnight)) |
         (king_attacks(s) & pieces(kKing)) | (rook_attacks(s, occupied) & pieces(kRook, kQueen)) |
         (bishop_attacks(s, occupied) & pieces(kBishop, kQueen));
}

Bitboard Position::compute_checkers() const {
  return attackers_to(king_square(side_), pieces()) & pieces(~side_);
}

std::uint64_t Position::compute_key() const {
  std::uint64_t k = 0;
  for (Bitboard b = pieces(); b;) {
    const Square s = pop_lsb(b);
    k ^= zobrist::piece(board_[s], s);
  }
  k ^= zobrist::keys().castling[st().castling];
  if (st().ep != kNoSquare) k ^= zobrist::keys().en_passant_file[file_of(st().ep)];
  if (side_ == kBlack) k ^= zobrist::keys().side;
  return k;
}

bool Position::gives_check(Move m) const {
  const Color us = side_;
  const Square ksq = king_square(~us);
  const Square from = m.from(), to = m.to();
  Bitboard occ = (pieces() ^ bit(from)) | bit(to);
  Bitboard rooks = pieces(us, kRook) | pieces(us, kQueen);
  Bitboard bishops = pieces(us, kBishop) | pieces(us, kQueen);
  rooks &= ~bit(from);
  bishops &= ~bit(from);
  PieceType moved = m.is_promotion() ? m.promotion_type() : type_of(board_[from]);
  if (m.is_en_passant()) occ ^= bit(to + (us == kWhite ? -8 : 8));
  if (m.is_castle()) {
    const bool king_side = m.flag() == kKingCastle;
    const Square rfrom = king_side ? from + 3 : from - 4, rto = king_side ? from + 1 : from - 1;
    occ ^= bit(rfrom) | bit(rto);
    rooks ^= bit(rfrom) | bit(rto);
  }
  if (moved == kRook || moved == kQueen) rooks |= bit(to);
  if (moved == kBishop || moved == kQueen) bishops |= bit(to);
  if ((rook_attacks(ksq, occ) & rooks) || (bishop_attacks(ksq, occ) & bishops)) return true;
  if (moved == kKnight) return (knight_attacks(to) & bit(ksq)) != 0;
  if (moved == kPawn) return (pawn_attacks(us, to) & bit(ksq)) != 0;
  return false;
}

void Position::make(Move m) {
  const zobrist::Keys& keys = zobrist::keys();
  states_.emplace_back();  // may reallocate: take references after it
  State& s = states_.back();
  const State& p = states_[states_.size() - 2];
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const int flag = m.flag();
  const Piece piece = board_[from];
  std::uint64_t key = p.key ^ keys.side;
  if (p.ep != kNoSquare) key ^= keys.en_passant_file[file_of(p.ep)];
  s.halfmove = p.halfmove + 1;
  s.plies_from_null = p.plies_from_null + 1;

  if (flag == kKingCastle || flag == kQueenCastle) {
    const bool king_side = flag == kKingCastle;
    const Square rfrom = king_side ? from + 3 : from - 4, rto = king_side ? from + 1 : from - 1;
    const Piece rook = board_[rfrom];
    move_piece(from, to);
    move_piece(rfrom, rto);
    key ^= zobrist::piece(piece, from) ^ zobrist::piece(piece, to) ^ zobrist::piece(rook, rfrom) ^
           zobrist::piece(rook, rto);
  } else {
    if (m.is_capture()) {
      const Square cap = flag == kEnPassant ? to + (us == kWhite ? -8 : 8) : to;
      s.captured = board_[cap];
      key ^= zobrist::piece(s.captured, cap);
      remove(cap);
      s.halfmove = 0;
    }
    if (m.is_promotion()) {
      const Piece promoted = make_piece(us, m.promotion_type());
      remove(from);
      put(promoted, to);
      key ^= zobrist::piece(piece, from) ^ zobrist::piece(promoted, to);
    } else {
      move_piece(from, to);
      key ^= zobrist::piece(piece, from) ^ zobrist::piece(piece, to);
    }
    if (type_of(piece) == kPawn) {
      s.halfmove = 0;
      if (flag == kDoublePush) {
        s.ep = useful_ep(us, (from + to) / 2);
        if (s.ep != kNoSquare) key ^= keys.en_passant_file[file_of(s.ep)];
      }
    }
  }
  s.castling = p.castling & kCastlingMask[from] & kCastlingMask[to];
  if (s.castling != p.castling) key ^= keys.castling[p.castling] ^ keys.castling[s.castling];
  s.key = key;
  side_ = them;
  ++game_ply_;
  s.checkers = attackers_to(king_square(them), pieces()) & pieces(us);
}

void Position::unmake(Move m) {
  side_ = ~side_;
  --game_ply_;
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const int flag = m.flag();
  if (flag == kKingCastle || flag == kQueenCastle) {
    const bool king_side = flag == kKingCastle;
    const Square rfrom = king_side ? from + 3 : from - 4, rto = king_side ? from + 1 : from - 1;
    move_piece(to, from);
    move_piece(rto, rfrom);
  } else {
    if (m.is_promotion()) {
      remove(to);
      put(make_piece(us, kPawn), from);
    } else {
      move_piece(to, from);
    }
    if (m.is_capture()) {
      const Square cap = flag == kEnPassant ? to + (us == kWhite ? -8 : 8) : to;
      put(st().captured, cap);
    }
  }
  states_.pop_back();
}

void Position::make_null() {
  const State p = states_.back();
  State& s = states_.emplace_back();
  s.key = p.key ^ zobrist::keys().side;
  if (p.ep != kNoSquare) s.key ^= zobrist::keys().en_passant_file[file_of(p.ep)];
  s.castling = p.castling;
  s.halfmove = p.halfmove + 1;
  s.plies_from_null = 0;
  side_ = ~side_;
  ++game_ply_;
  s.checkers = 0;  // a null move is never made in check, so the other side is not in check
}

void Position::unmake_null() {
  side_ = ~side_;
  --game_ply_;
  states_.pop_back();
}

bool Position::is_repetition() const {
  const State& s = st();
  const int n = int(states_.size()) - 1;
  const int limit = std::min({s.halfmove, s.plies_from_null, n});
  for (int i = 4; i <= limit; i += 2)
    if (states_[n - i].key == s.key) return true;
  return false;
}

bool Position::insufficient_material() const {
  if (pieces(kPawn) | pieces(kRook) | pieces(kQueen)) return false;
  return popcount(pieces(kKnight) | pieces(kBishop)) <= 1;
}

}  // namespace alphactor::chess
