// `alphactor perft`: move-generator checks per game. cmd_perft.cpp parses the options and
// dispatches on --game to a function per game (each game's file defines its own).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace alphactor::app {

struct PerftArgs {
  std::string game = "chess";
  std::string fen;    // chess: one position (a FEN or startpos)
  std::string board;  // othello: one position
  std::string epd;    // a suite file: every listed depth of every line is checked
  int depth = 0;
  bool divide = false;
  std::uint64_t max_nodes = 0;  // suites: skip entries whose expected count is larger (0: none)
  bool json = false;            // one JSON object in the result schema (docs/JSON.md)
};

// Each returns the command's exit code (0, or 1 when a suite check failed); bad input throws
// InputError.
int chess_perft(const PerftArgs& args);

// One position's count as a JSON document of the result schema; `divide` holds the count
// below each root move (empty without --divide).
std::string perft_json(const std::string& game, const std::string& position, int depth,
                       std::uint64_t total, double seconds,
                       const std::vector<std::pair<std::string, std::uint64_t>>& divide);

}  // namespace alphactor::app
