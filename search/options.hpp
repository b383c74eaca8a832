// What a sequential search is asked to do, and what it answers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "search/game.hpp"
#include "search/stats.hpp"
#include "search/tunables.hpp"

namespace alphactor {

enum class Algorithm { kNegamax, kAlphaBeta, kPvs, kEr };

// Parses "negamax" | "alphabeta" | "pvs" | "er"; nullopt otherwise.
std::optional<Algorithm> parse_algorithm(std::string_view name);
std::string_view algorithm_name(Algorithm a);

class TranspositionTable;
struct PlayHistory;

struct SearchOptions {
  Algorithm algorithm = Algorithm::kAlphaBeta;
  int depth = 1;
  bool iterative_deepening = false;  // search depths 1..depth, each seeding the next's ordering
  bool use_table = true;
  std::size_t table_megabytes = tunables::kDefaultTableMegabytes;
  std::size_t table_kilobytes = 0;  // when nonzero, overrides table_megabytes (tiny tables)
  // A table owned elsewhere and kept between searches (the UCI engine's, allocated before the
  // clock runs): used instead of allocating one when use_table is set. Not owned.
  TranspositionTable* external_table = nullptr;
  // The play search's move statistics owned elsewhere and kept between searches
  // (search/play_search.hpp PlayHistory; the UCI engine's processors). Not owned.
  PlayHistory* play_history = nullptr;
  // Full width: no forward pruning, and the table cuts only on entries of exactly the searched
  // draft, so the root value at fixed depth cannot depend on the table's contents.
  bool full_width = true;
  bool killers = true;
  bool history = true;
  bool quiescence = true;           // for games that have one (chess)
  std::uint64_t node_limit = 0;     // 0: none
  std::uint64_t time_limit_ms = 0;  // 0: none
  // Time limits and elapsed times count the searching thread's CPU time instead of the wall
  // clock: "n seconds on one core" stays fair on a machine shared with other jobs.
  bool thread_cpu_clock = false;
};

struct SearchResult {
  Value value = 0;
  std::uint32_t best_move = 0;  // Game::encode of the best root move
  bool has_move = false;
  std::vector<std::uint32_t> principal_variation;  // encoded moves from the root
  int depth_completed = 0;
  bool stopped = false;  // a limit ended the search early; value is from depth_completed
  SearchStats stats;
  double seconds = 0.0;
  int hashfull = -1;  // per-mille of the table holding this search's entries (UCI); -1: unknown
};

}  // namespace alphactor
