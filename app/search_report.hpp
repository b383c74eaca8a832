// A searched position described in text: what `alphactor search` prints and writes as JSON,
// and what tables in reports are made of.
#pragma once

#include <string>
#include <vector>

#include "app/json.hpp"
#include "search/options.hpp"

namespace alphactor::app {

struct SearchReport {
  std::string game;
  std::string position;
  std::string algorithm;
  int depth = 0;
  SearchResult result;
  std::string best_move;          // in the game's notation
  std::vector<std::string> line;  // principal variation in the game's notation

  [[nodiscard]] double nodes_per_second() const {
    return result.seconds > 0 ? double(result.stats.nodes()) / result.seconds : 0.0;
  }
  // The result object of the JSON schema (app/result_schema.hpp); time_s = wall_s here.
  void write_json(JsonWriter& w) const;
  [[nodiscard]] std::string text() const;
};

// Translates encoded moves into the game's notation by playing them from the current position.
template <typename G>
std::vector<std::string> line_text(G& game, const std::vector<std::uint32_t>& moves) {
  std::vector<std::string> out;
  std::vector<typename G::Move> played;
  for (const auto w : moves) {
    const auto m = G::decode(w);
    out.push_back(game.move_text(m));
    game.play(m);
    played.push_back(m);
  }
  for (auto it = played.rbegin(); it != played.rend(); ++it) game.undo(*it);
  return out;
}

}  // namespace alphactor::app
