// A searched position described in text: what `alphactor search` prints and writes as JSON,
// and what tables in reports are made of.
#pragma once

#include <string>
#include <vector>

#include "app/json.hpp"
#include "search/options.hpp"
#include "search/searcher.hpp"

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
// A line is checked as it is played: it ends before a move that is not legal where it stands
// (a search's line is data from elsewhere, and playing an illegal move corrupts the position).
template <typename G>
std::vector<std::string> line_text(G& game, const std::vector<std::uint32_t>& moves) {
  std::vector<std::string> out;
  std::vector<typename G::Move> played;
  for (const auto w : moves) {
    const auto m = G::decode(w);
    typename G::MoveList legal;
    game.generate_moves(legal);
    bool found = false;
    for (const auto& x : legal) found = found || G::encode(x) == w;
    if (!found) break;
    out.push_back(game.move_text(m));
    game.play(m);
    played.push_back(m);
  }
  for (auto it = played.rbegin(); it != played.rend(); ++it) game.undo(*it);
  return out;
}

// Searches `game` sequentially and describes the result (game, position and algorithm are the
// names to print).
template <typename G>
SearchReport search_and_report(G& game, const SearchOptions& options, std::string game_name,
                               std::string position, std::string algorithm) {
  SearchReport r;
  r.game = std::move(game_name);
  r.position = std::move(position);
  r.algorithm = std::move(algorithm);
  r.depth = options.depth;
  r.result = search(game, options);
  r.line = line_text(game, r.result.principal_variation);
  if (!r.line.empty()) r.best_move = r.line.front();
  return r;
}

}  // namespace alphactor::app
