// Othello's perft from the command line: `alphactor perft --game othello --depth N [--divide]
// [--board B]`: othello_perft_command() is what the game-generic perft (cmd_perft.cpp) calls.
#include <chrono>
#include <cstdio>
#include <ctime>

#include "app/commands.hpp"
#include "app/perft.hpp"
#include "othello/perft.hpp"
#include "search/input_error.hpp"

namespace alphactor::app {

int othello_perft_command(int depth, bool divide, const std::string& board, bool json) {
  if (depth < 1 || depth > 60) throw InputError("--depth must be 1..60 for othello perft");
  const othello::Position pos = othello::parse_position(board);
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  std::uint64_t total = 0;
  std::vector<std::pair<std::string, std::uint64_t>> below;
  if (divide) {
    for (const auto& [sq, n] : othello::perft_divide(pos, depth)) {
      below.emplace_back(othello::square_name(sq), n);
      total += n;
    }
  } else {
    total = othello::perft(pos, depth);
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  if (json) {
    std::printf("%s\n", perft_json("othello", board, depth, total, s, below).c_str());
    return 0;
  }
  for (const auto& [sq, n] : below) std::printf("%s %llu\n", sq.c_str(), (unsigned long long)n);
  std::printf("perft %d: %llu leaves  %.3f s  %.0f leaves/s  (cpu %.3f s)\n", depth,
              (unsigned long long)total, s, s > 0 ? double(total) / s : 0.0, cpu);
  return 0;
}

}  // namespace alphactor::app
