// `alphactor perft`: move-generator checks per game. cmd_perft.cpp parses the options and
// dispatches on --game to a function per game (each game's file defines its own).
#pragma once

#include <cstdint>
#include <string>

namespace alphactor::app {

struct PerftArgs {
  std::string game = "chess";
  std::string fen;    // chess: one position (a FEN or startpos)
  std::string board;  // othello: one position
  std::string epd;    // a suite file: every listed depth of every line is checked
  int depth = 0;
  bool divide = false;
  std::uint64_t max_nodes = 0;  // suites: skip entries whose expected count is larger (0: none)
};

// Each returns the command's exit code (0, or 1 when a suite check failed); bad input throws
// InputError.
int chess_perft(const PerftArgs& args);

}  // namespace alphactor::app
