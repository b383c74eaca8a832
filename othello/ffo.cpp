#include "othello/ffo.hpp"

#include <charconv>
#include <fstream>
#include <sstream>

#include "search/input_error.hpp"

namespace alphactor::othello {

EndgameProblem parse_endgame_line(std::string_view line, const std::string& where) {
  std::istringstream in{std::string(line)};
  std::string board, side, score, moves, id;
  in >> board >> side >> score >> moves >> id;
  EndgameProblem p;
  try {
    p.position = parse_position(board + " " + side);
  } catch (const InputError& e) {
    throw InputError(where + ": " + e.what());
  }
  p.id = id.empty() ? where : id;
  if (score.empty()) return p;
  int value = 0;
  const char* first = score.data() + (score[0] == '+' ? 1 : 0);
  const auto [end, ec] = std::from_chars(first, score.data() + score.size(), value);
  if (ec != std::errc{} || end != score.data() + score.size() || value < -64 || value > 64)
    throw InputError(where + ": bad score '" + score + "' (expected an integer in -64..64)");
  p.score = value;
  if (moves.empty()) throw InputError(where + ": score without best moves");
  std::size_t start = 0;
  while (start <= moves.size()) {
    const std::size_t comma = std::min(moves.find(',', start), moves.size());
    const std::string name = moves.substr(start, comma - start);
    const auto sq = parse_square(name);
    if (!sq) throw InputError(where + ": bad move '" + name + "' (expected a1..h8 or pass)");
    p.best_moves.push_back(*sq);
    start = comma + 1;
  }
  return p;
}

std::vector<EndgameProblem> load_endgame_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot open endgame file '" + path + "'");
  std::vector<EndgameProblem> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    out.push_back(parse_endgame_line(line, path + ":" + std::to_string(number)));
  }
  if (out.empty()) throw InputError("endgame file '" + path + "' holds no position");
  return out;
}

}  // namespace alphactor::othello
