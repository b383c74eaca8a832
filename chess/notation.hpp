// Move notation: UCI long algebraic ("e2e4", "e7e8q", castling as the king's move "e1g1")
// and Standard Algebraic Notation ("Nbd2", "exd6", "e8=Q+", "O-O-O#").
//
// Parsing accepts only legal moves of the given position and answers nullopt otherwise.
// SAN parsing is lenient about decoration: check/mate marks and annotations (+ # ! ?) are
// ignored, "0-0" is accepted for "O-O", '=' before a promotion piece is optional and
// superfluous disambiguation ("Ngf3" when only one knight can go) is accepted; the move must
// still be unambiguous.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "chess/position.hpp"

namespace alphactor::chess {

std::string square_name(Square s);
std::string to_uci(Move m);  // "0000" for the null move
std::optional<Move> parse_uci(const Position& pos, std::string_view text);

std::string to_san(const Position& pos, Move m);  // m must be legal in pos
std::optional<Move> parse_san(const Position& pos, std::string_view text);

// Either notation (UCI tried first).
std::optional<Move> parse_move(const Position& pos, std::string_view text);

}  // namespace alphactor::chess
