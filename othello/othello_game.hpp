// OthelloGame: an Othello position with its undo history, modelling the Game concept
// (search/game.hpp) so that every generic search (negamax, alpha-beta, PVS, ER, the searcher's
// iterative deepening, the parallel actors) plays Othello.
//
// Moves are squares 0..63 and kPassSquare (64). A pass is generated as the only move when the
// side to move has none and the opponent has some; when neither side can move the game is
// over: is_terminal() is true and generate_moves() leaves the list empty.
//
// Values: evaluate() is the midgame evaluation in centi-discs (othello/eval.hpp);
// terminal_value() is 100 x the final disc difference (empties to the winner), so heuristic
// and exact values share one scale. The exact endgame solver (endgame.hpp) reports plain discs.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "othello/board.hpp"
#include "othello/eval.hpp"
#include "search/game.hpp"

namespace alphactor::othello {

inline constexpr Value kDiscValue = 100;  // centi-discs per disc: terminal = 100 x disc diff
// order_hint of a corner: above any history score (history >> 4 < 2^20), below killers.
inline constexpr int kOrderCorner = 1 << 21;

class OthelloGame {
 public:
  using Move = std::uint8_t;  // square, or kPassSquare
  using MoveList = alphactor::MoveList<Move, 64>;
  static constexpr std::size_t kHistorySize = 65;

  explicit OthelloGame(const Position& p = initial_position());
  explicit OthelloGame(std::string_view board_text) : OthelloGame(parse_position(board_text)) {}

  void generate_moves(MoveList& list) const;
  void play(Move m);
  void undo(Move m);
  [[nodiscard]] Value evaluate() const { return othello::evaluate(pos_.player, pos_.opponent); }
  [[nodiscard]] std::uint64_t hash() const { return hash_; }
  [[nodiscard]] bool is_terminal() const {
    return !legal_moves(pos_.player, pos_.opponent) && !legal_moves(pos_.opponent, pos_.player);
  }
  [[nodiscard]] Value terminal_value(int /*ply*/) const {
    return kDiscValue * final_score(pos_.player, pos_.opponent);
  }
  static std::uint32_t encode(Move m) { return m; }
  static Move decode(std::uint32_t w) { return static_cast<Move>(w); }
  [[nodiscard]] std::string move_text(Move m) const { return square_name(m); }
  [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;
  [[nodiscard]] std::size_t history_index(Move m) const { return m; }
  // Corners first, X-squares next to an empty corner last; 0 elsewhere (left to history).
  [[nodiscard]] int order_hint(Move m) const;

  [[nodiscard]] const Position& position() const { return pos_; }
  [[nodiscard]] int ply() const { return static_cast<int>(history_.size()); }

 private:
  struct Saved {
    Position pos;
    std::uint64_t hash;
  };
  Position pos_;
  std::uint64_t hash_;
  std::vector<Saved> history_;
};

}  // namespace alphactor::othello
