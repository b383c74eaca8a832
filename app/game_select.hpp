// Choosing a game and a position from the command line or a config, then calling generic
// code with the concrete game: with_game(choice, [](auto& game) { ... }).
// Each game registers here: its name, and which field names its position.
#pragma once

#include <string>
#include <utility>

#include "chess/chess_game.hpp"
#include "othello/othello_game.hpp"
#include "search/input_error.hpp"
#include "trees/tree_game.hpp"

namespace alphactor::app {

struct PositionChoice {
  std::string game = "tree";
  std::string position;  // tree spec, FEN, or Othello board text, depending on the game
};

inline constexpr const char* kGameNames = "tree, chess, othello";

template <typename F>
decltype(auto) with_game(const PositionChoice& choice, F&& f) {
  if (choice.game == "tree") {
    if (choice.position.empty()) throw InputError("game 'tree' needs a tree spec (--tree SPEC)");
    trees::TreeGame game(choice.position);
    return std::forward<F>(f)(game);
  }
  if (choice.game == "chess") {
    if (choice.position.empty())
      throw InputError("game 'chess' needs a position (--fen FEN or --fen startpos)");
    chess::ChessGame game(choice.position);
    return std::forward<F>(f)(game);
  }
  if (choice.game == "othello") {
    if (choice.position.empty())
      throw InputError("game 'othello' needs a board (--board '<64 chars X/O/-> <X|O>' or start)");
    othello::OthelloGame game(choice.position);
    return std::forward<F>(f)(game);
  }
  throw InputError("unknown game '" + choice.game + "' (known: " + kGameNames + ")");
}

}  // namespace alphactor::app
