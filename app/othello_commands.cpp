// Othello's perft from the command line: `alphactor perft --game othello --depth N [--divide]
// [--board B]`. The function othello_perft_command() is what a game-generic perft command
// calls for Othello; add_othello_perft_command() registers a `perft` subcommand only when no
// other part of the CLI has registered one.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "app/commands.hpp"
#include "othello/perft.hpp"
#include "search/input_error.hpp"

namespace alphactor::app {

int othello_perft_command(int depth, bool divide, const std::string& board) {
  if (depth < 1 || depth > 60) throw InputError("--depth must be 1..60 for othello perft");
  const othello::Position pos = othello::parse_position(board);
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  std::uint64_t total = 0;
  if (divide) {
    for (const auto& [sq, n] : othello::perft_divide(pos, depth)) {
      std::printf("%s %llu\n", othello::square_name(sq).c_str(), (unsigned long long)n);
      total += n;
    }
  } else {
    total = othello::perft(pos, depth);
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  std::printf("perft %d: %llu leaves  %.3f s  %.0f leaves/s  (cpu %.3f s)\n", depth,
              (unsigned long long)total, s, s > 0 ? double(total) / s : 0.0, cpu);
  return 0;
}

void add_othello_perft_command(CLI::App& app) {
  try {
    app.get_subcommand("perft");
    return;  // a game-generic perft exists; it calls othello_perft_command for Othello
  } catch (const CLI::OptionNotFound&) {
  }
  struct Args {
    std::string game = "othello", board = "start";
    int depth = 0;
    bool divide = false;
  };
  auto a = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("perft", "count the leaves of the game tree to a depth");
  cmd->add_option("--game", a->game, "game: othello")->capture_default_str();
  cmd->add_option("--depth", a->depth, "depth in plies")->required();
  cmd->add_option("--board", a->board, "othello board: 64 chars X/O/- and X|O, or start")
      ->capture_default_str();
  cmd->add_flag("--divide", a->divide, "leaves below each root move");
  cmd->callback([a] {
    if (a->game != "othello") throw InputError("perft: unknown game '" + a->game + "' (othello)");
    othello_perft_command(a->depth, a->divide, a->board);
  });
}

}  // namespace alphactor::app
