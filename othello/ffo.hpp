// Endgame test files (data/othello/ffo-40-49.txt): one position a line,
//   <64 chars> <side> [<score> <best moves, comma-separated> [<id> [more columns...]]]
// '#' starts a comment line. A line with only the board and side has no expectation.
// Errors throw InputError naming the file, the line and the fault.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "othello/board.hpp"

namespace alphactor::othello {

struct EndgameProblem {
  Position position;
  std::optional<int> score;     // expected exact score for the side to move
  std::vector<int> best_moves;  // every move reaching it (squares; kPassSquare for a pass)
  std::string id;               // e.g. "ffo40"; "line N" when the file names none
};

// Parses one non-comment line; `where` prefixes error messages (e.g. "file.txt:12").
EndgameProblem parse_endgame_line(std::string_view line, const std::string& where);
// Reads every problem of a file.
std::vector<EndgameProblem> load_endgame_file(const std::string& path);

}  // namespace alphactor::othello
