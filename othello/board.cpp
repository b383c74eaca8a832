#include "othello/board.hpp"

#include <cctype>

#include "search/input_error.hpp"

namespace alphactor::othello {

Position initial_position() {
  Position p;
  p.player = bit(28) | bit(35);    // e4, d5: black
  p.opponent = bit(27) | bit(36);  // d4, e5: white
  p.side = Colour::kBlack;
  return p;
}

Position parse_position(std::string_view text) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
  };
  text = trim(text);
  if (text == "start") return initial_position();
  const std::size_t gap = text.find_first_of(" \t");
  const std::string_view squares = text.substr(0, gap);
  const std::string_view side =
      gap == std::string_view::npos ? std::string_view{} : trim(text.substr(gap));
  if (squares.size() != 64)
    throw InputError(
        "othello board has " + std::to_string(squares.size()) +
        " square characters, expected 64 (X, O or - for A1..H8) then the side to move");
  Bits black = 0, white = 0;
  for (int sq = 0; sq < 64; ++sq) {
    const char c = squares[sq];
    if (c == 'X' || c == 'x' || c == '*') black |= bit(sq);
    else if (c == 'O' || c == 'o') white |= bit(sq);
    else if (c != '-' && c != '.')
      throw InputError(std::string("othello board: bad character '") + c + "' at square " +
                       square_name(sq) + " (expected X, O or -)");
  }
  if (side.empty())
    throw InputError("othello board: side to move missing after the 64 squares (expected X or O)");
  Position p;
  if (side == "X" || side == "x" || side == "*") p.side = Colour::kBlack;
  else if (side == "O" || side == "o") p.side = Colour::kWhite;
  else
    throw InputError("othello board: bad side to move '" + std::string(side) +
                     "' (expected X or O)");
  p.player = p.side == Colour::kBlack ? black : white;
  p.opponent = p.side == Colour::kBlack ? white : black;
  return p;
}

std::string position_text(const Position& p) {
  std::string s(64, '-');
  for (int sq = 0; sq < 64; ++sq) {
    if (p.black() & bit(sq)) s[sq] = 'X';
    else if (p.white() & bit(sq)) s[sq] = 'O';
  }
  s += ' ';
  s += colour_char(p.side);
  return s;
}

std::string position_diagram(const Position& p) {
  std::string s = "  a b c d e f g h\n";
  for (int row = 7; row >= 0; --row) {
    s += char('1' + row);
    for (int col = 0; col < 8; ++col) {
      const int sq = 8 * row + col;
      s += ' ';
      s += (p.black() & bit(sq)) ? 'X' : (p.white() & bit(sq)) ? 'O' : '-';
    }
    s += '\n';
  }
  s += std::string(1, colour_char(p.side)) + " to move\n";
  return s;
}

std::string square_name(int sq) {
  if (sq == kPassSquare) return "pass";
  return {char('a' + sq % 8), char('1' + sq / 8)};
}

std::optional<int> parse_square(std::string_view t) {
  auto lower = [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  };
  if (t.size() == 4 && lower(t[0]) == 'p' && lower(t[1]) == 'a' && lower(t[2]) == 's' &&
      lower(t[3]) == 's')
    return kPassSquare;
  if (t.size() != 2) return std::nullopt;
  const char c = lower(t[0]), r = t[1];
  if (c == 'p' && lower(r) == 's') return kPassSquare;
  if (c < 'a' || c > 'h' || r < '1' || r > '8') return std::nullopt;
  return 8 * (r - '1') + (c - 'a');
}

}  // namespace alphactor::othello
