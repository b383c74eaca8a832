// `alphactor bench`: searches the fixed bench positions (app/bench_suite.hpp) sequentially and
// prints a node-count signature and nodes/s. The signature is deterministic.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "app/bench_suite.hpp"
#include "app/commands.hpp"
#include "app/game_select.hpp"
#include "search/searcher.hpp"

namespace alphactor::app {
namespace {

void run_bench(const std::string& only_game) {
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  std::printf("%-6s %-36s %5s %-9s %8s %12s %9s %12s\n", "game", "position", "depth", "algorithm",
              "value", "nodes", "time s", "nodes/s");
  for (const BenchPosition& b : bench_positions()) {
    if (!only_game.empty() && b.game != only_game) continue;
    SearchOptions opt;
    opt.algorithm = *parse_algorithm(b.algorithm);
    opt.depth = b.depth;
    opt.iterative_deepening = true;
    const SearchResult r = with_game(PositionChoice{b.game, b.position},
                                     [&](auto& game) { return search(game, opt); });
    total_nodes += r.stats.nodes();
    total_seconds += r.seconds;
    const std::string shown =
        b.position.size() > 36 ? b.position.substr(0, 33) + "..." : b.position;
    std::printf("%-6s %-36s %5d %-9s %8d %12llu %9.3f %12.0f\n", b.game.c_str(), shown.c_str(),
                b.depth, b.algorithm.c_str(), r.value, (unsigned long long)r.stats.nodes(),
                r.seconds, r.seconds > 0 ? r.stats.nodes() / r.seconds : 0.0);
  }
  std::printf("signature %llu nodes  %.3f s  %.0f nodes/s\n", (unsigned long long)total_nodes,
              total_seconds, total_seconds > 0 ? total_nodes / total_seconds : 0.0);
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto game = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("bench", "search fixed positions; print a node signature");
  cmd->add_option("--game", *game, "only this game's positions");
  cmd->callback([game] {
    if (!game->empty() && *game != "tree" && *game != "chess" && *game != "othello")
      throw InputError("unknown game '" + *game + "'");
    run_bench(*game);
  });
}

}  // namespace alphactor::app
