#include "chess/notation.hpp"

#include "chess/movegen.hpp"

namespace alphactor::chess {
namespace {

constexpr std::string_view kPromoLetters = "nbrq";  // UCI, by promotion_type() - kKnight
constexpr std::string_view kSanPieces = "PNBRQK";   // by PieceType

bool is_file(char c) {
  return c >= 'a' && c <= 'h';
}
bool is_rank(char c) {
  return c >= '1' && c <= '8';
}

}  // namespace

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::string to_uci(Move m) {
  if (m.is_none()) return "0000";
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.is_promotion()) s += kPromoLetters[m.promotion_type() - kKnight];
  return s;
}

std::optional<Move> parse_uci(const Position& pos, std::string_view text) {
  if (text.size() != 4 && text.size() != 5) return std::nullopt;
  if (!is_file(text[0]) || !is_rank(text[1]) || !is_file(text[2]) || !is_rank(text[3]))
    return std::nullopt;
  const Square from = make_square(text[0] - 'a', text[1] - '1');
  const Square to = make_square(text[2] - 'a', text[3] - '1');
  int promo = -1;
  if (text.size() == 5) {
    const auto p = kPromoLetters.find(char(text[4] | 0x20));
    if (p == std::string_view::npos) return std::nullopt;
    promo = int(p) + kKnight;
  }
  MoveList list;
  generate_legal(pos, list);
  for (const Move m : list) {
    if (m.from() != from || m.to() != to) continue;
    if (m.is_promotion() ? promo == int(m.promotion_type()) : promo < 0) return m;
  }
  return std::nullopt;
}

std::string to_san(const Position& pos, Move m) {
  std::string s;
  if (m.is_castle()) {
    s = m.flag() == kKingCastle ? "O-O" : "O-O-O";
  } else {
    const PieceType pt = type_of(pos.piece_on(m.from()));
    if (pt == kPawn) {
      if (m.is_capture()) s += char('a' + file_of(m.from()));
    } else {
      s += kSanPieces[pt];
      // Disambiguate among other pieces of the same type that can reach the same square.
      MoveList list;
      generate_legal(pos, list);
      bool ambiguous = false, same_file = false, same_rank = false;
      for (const Move o : list) {
        if (o.to() != m.to() || o.from() == m.from() || type_of(pos.piece_on(o.from())) != pt)
          continue;
        ambiguous = true;
        same_file |= file_of(o.from()) == file_of(m.from());
        same_rank |= rank_of(o.from()) == rank_of(m.from());
      }
      if (ambiguous) {
        if (!same_file) s += char('a' + file_of(m.from()));
        else if (!same_rank) s += char('1' + rank_of(m.from()));
        else s += square_name(m.from());
      }
    }
    if (m.is_capture()) s += 'x';
    s += square_name(m.to());
    if (m.is_promotion()) {
      s += '=';
      s += kSanPieces[m.promotion_type()];
    }
  }
  if (pos.gives_check(m)) {
    Position after = pos;
    after.make(m);
    s += has_legal_move(after) ? '+' : '#';
  }
  return s;
}

std::optional<Move> parse_san(const Position& pos, std::string_view text) {
  while (!text.empty() && std::string_view("+#!?").find(text.back()) != std::string_view::npos)
    text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  MoveList list;
  generate_legal(pos, list);
  const auto unique = [&](auto&& matches) -> std::optional<Move> {
    std::optional<Move> found;
    for (const Move m : list) {
      if (!matches(m)) continue;
      if (found) return std::nullopt;  // ambiguous
      found = m;
    }
    return found;
  };
  if (text == "O-O" || text == "0-0") return unique([](Move m) { return m.flag() == kKingCastle; });
  if (text == "O-O-O" || text == "0-0-0")
    return unique([](Move m) { return m.flag() == kQueenCastle; });

  // [Piece] [from file] [from rank] [x] to-square [[=]Promotion]
  PieceType piece = kPawn;
  if (const auto p = kSanPieces.find(text.front()); p != std::string_view::npos && p > 0) {
    piece = PieceType(p);
    text.remove_prefix(1);
  }
  int promo = -1;
  if (text.size() >= 2) {
    const char last = text.back();
    const auto p = kSanPieces.find(char(last & ~0x20));
    const bool after_eq = text[text.size() - 2] == '=';
    if (p != std::string_view::npos && p >= kKnight && p <= kQueen &&
        (after_eq || (last >= 'A' && last <= 'Z' && is_rank(text[text.size() - 2])))) {
      promo = int(p);
      text.remove_suffix(after_eq ? 2 : 1);
    }
  }
  if (text.size() < 2 || !is_file(text[text.size() - 2]) || !is_rank(text.back()))
    return std::nullopt;
  const Square to = make_square(text[text.size() - 2] - 'a', text.back() - '1');
  text.remove_suffix(2);
  if (!text.empty() && (text.back() == 'x' || text.back() == ':')) text.remove_suffix(1);
  int from_file = -1, from_rank = -1;
  for (const char c : text) {
    if (is_file(c) && from_file < 0) from_file = c - 'a';
    else if (is_rank(c) && from_rank < 0) from_rank = c - '1';
    else return std::nullopt;
  }
  return unique([&](Move m) {
    if (m.to() != to || m.is_castle() || type_of(pos.piece_on(m.from())) != piece) return false;
    if (from_file >= 0 && file_of(m.from()) != from_file) return false;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) return false;
    return m.is_promotion() ? promo == int(m.promotion_type()) : promo < 0;
  });
}

std::optional<Move> parse_move(const Position& pos, std::string_view text) {
  if (auto m = parse_uci(pos, text)) return m;
  return parse_san(pos, text);
}

}  // namespace alphactor::chess
