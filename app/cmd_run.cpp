// `alphactor run CONFIG.toml [--set key=value]...`: runs the experiment a config describes and
// prints a table per position (one row per algorithm).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "app/commands.hpp"
#include "app/config.hpp"
#include "app/game_select.hpp"
#include "search/searcher.hpp"

namespace alphactor::app {
namespace {

struct RunArgs {
  std::string config;
  std::vector<std::string> sets;
};

void run_config(const RunArgs& a) {
  const RunConfig c = load_config(a.config, a.sets);
  if (!c.title.empty()) std::printf("%s\n", c.title.c_str());
  std::printf("game %s, depth %d%s, table %s\n", c.game.c_str(), c.depth,
              c.iterative_deepening ? " (iterative deepening)" : "", c.table ? "on" : "off");
  int mismatches = 0;
  for (const auto& position : c.positions) {
    std::printf("\nposition %s\n", position.c_str());
    std::printf("  %-10s %8s %12s %12s %12s %10s %12s\n", "algorithm", "value", "nodes", "leaves",
                "cutoffs", "time s", "nodes/s");
    std::optional<Value> reference;
    for (const auto& name : c.algorithms) {
      SearchOptions opt;
      opt.algorithm = *parse_algorithm(name);
      opt.depth = c.depth;
      opt.iterative_deepening = c.iterative_deepening;
      opt.use_table = c.table;
      opt.table_megabytes = c.table_mb;
      const SearchResult r = with_game(PositionChoice{c.game, position},
                                       [&](auto& game) { return search(game, opt); });
      if (!reference) reference = r.value;
      const bool same = r.value == *reference;
      mismatches += same ? 0 : 1;
      std::printf("  %-10s %8d %12llu %12llu %12llu %10.3f %12.0f%s\n", name.c_str(), r.value,
                  (unsigned long long)r.stats.nodes(), (unsigned long long)r.stats.leaf_nodes,
                  (unsigned long long)r.stats.cutoffs, r.seconds,
                  r.seconds > 0 ? r.stats.nodes() / r.seconds : 0.0,
                  same ? "" : "  VALUE DIFFERS");
    }
  }
  if (mismatches) {
    std::printf("\n%d searches disagree with the first algorithm's value\n", mismatches);
    command_exit_code() = 1;
  }
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand("run", "run the experiment described by a TOML config");
  cmd->add_option("config", args->config, "config file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--set", args->sets, "override a config key: key=value (repeatable)");
  cmd->callback([args] { run_config(*args); });
}

}  // namespace alphactor::app
