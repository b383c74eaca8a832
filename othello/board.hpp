// An Othello position as two bitboards seen from the side to move (player, opponent) plus the
// colour of the side to move, its text format and the square notation.
//
// Text format (as in data/othello/*.txt): 64 characters for A1 B1 ... H1 A2 ... H8 (row 1
// first, column A first), 'X' a black disc, 'O' a white disc, '-' an empty square, then
// whitespace and the side to move, 'X' or 'O'. "start" names the initial position.
// Parse errors throw InputError with one line naming what is wrong (length, the bad character
// and its square, the side).
// Squares are written a1..h8 (parse accepts either case); a pass is "pass".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "othello/bitboard.hpp"

namespace alphactor::othello {

enum class Colour : std::uint8_t { kBlack = 0, kWhite = 1 };  // X moves first
inline constexpr Colour other(Colour c) {
  return c == Colour::kBlack ? Colour::kWhite : Colour::kBlack;
}
inline constexpr char colour_char(Colour c) {
  return c == Colour::kBlack ? 'X' : 'O';
}

struct Position {
  Bits player = 0;    // discs of the side to move
  Bits opponent = 0;  // discs of the other side
  Colour side = Colour::kBlack;

  [[nodiscard]] Bits empty() const { return ~(player | opponent); }
  [[nodiscard]] int empties() const { return popcount(empty()); }
  [[nodiscard]] Bits black() const { return side == Colour::kBlack ? player : opponent; }
  [[nodiscard]] Bits white() const { return side == Colour::kBlack ? opponent : player; }
  friend bool operator==(const Position&, const Position&) = default;
};

// The standard start: d4 = O, e4 = X, d5 = X, e5 = O, black (X) to move.
Position initial_position();

// Parses "<64 chars> <side>" or "start". Throws InputError naming the fault.
Position parse_position(std::string_view text);
// "<64 chars> <side>", the inverse of parse_position.
std::string position_text(const Position& p);
// A multi-line diagram (row 8 on top) for people.
std::string position_diagram(const Position& p);

// "a1".."h8" for 0..63, "pass" for kPassSquare.
std::string square_name(int sq);
// 0..63 from "a1".."h8" (either case), kPassSquare from "pass" or "ps" (Edax); else nullopt.
std::optional<int> parse_square(std::string_view text);

// Final disc difference for the side to move when the game is over: discs of the player minus
// discs of the opponent, the empty squares going to the winner (the FFO / Edax rule).
inline int final_score(Bits P, Bits O) {
  const int p = popcount(P), o = popcount(O), e = 64 - p - o;
  const int diff = p - o;
  return diff > 0 ? diff + e : diff < 0 ? diff - e : 0;
}

}  // namespace alphactor::othello
