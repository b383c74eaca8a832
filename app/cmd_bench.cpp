// `alphactor bench`: searches the fixed bench positions (app/bench_suite.hpp) sequentially and
// prints a node-count signature and nodes/s. The signature is deterministic.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "app/bench_suite.hpp"
#include "app/commands.hpp"
#include "app/game_select.hpp"
#include "app/result_schema.hpp"
#include "app/search_report.hpp"
#include "search/searcher.hpp"

namespace alphactor::app {
namespace {

void run_bench(const std::string& only_game, bool json) {
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  JsonWriter w;
  if (json) {
    begin_result_document(w, "bench");
    w.field("game", only_game.empty() ? "all" : only_game).key("results").begin_array();
  } else {
    std::printf("%-6s %-36s %5s %-9s %8s %12s %9s %12s\n", "game", "position", "depth", "algorithm",
                "value", "nodes", "time s", "nodes/s");
  }
  for (const BenchPosition& b : bench_positions()) {
    if (!only_game.empty() && b.game != only_game) continue;
    SearchOptions opt;
    opt.algorithm = *parse_algorithm(b.algorithm);
    opt.depth = b.depth;
    opt.iterative_deepening = true;
    std::vector<std::string> pv;
    const SearchResult r = with_game(PositionChoice{b.game, b.position}, [&](auto& game) {
      SearchResult found = search(game, opt);
      pv = line_text(game, found.principal_variation);
      return found;
    });
    total_nodes += r.stats.nodes();
    total_seconds += r.seconds;
    if (json) {
      w.begin_object()
          .field("game", b.game)
          .field("position", b.position)
          .field("depth", b.depth)
          .field("algorithm", b.algorithm)
          .field("value", static_cast<std::int64_t>(r.value))
          .field("best_move", pv.empty() ? std::string() : pv.front());
      w.key("pv").begin_array();
      for (const auto& m : pv) w.value(m);
      w.end_array();
      write_node_total(w, r.stats.nodes());
      w.field("time_s", r.seconds).field("nps", nodes_per_second(r.stats.nodes(), r.seconds));
      w.end_object();
      continue;
    }
    const std::string shown =
        b.position.size() > 36 ? b.position.substr(0, 33) + "..." : b.position;
    std::printf("%-6s %-36s %5d %-9s %8d %12llu %9.3f %12.0f\n", b.game.c_str(), shown.c_str(),
                b.depth, b.algorithm.c_str(), r.value, (unsigned long long)r.stats.nodes(),
                r.seconds, r.seconds > 0 ? r.stats.nodes() / r.seconds : 0.0);
  }
  if (json) {
    w.end_array().key("summary").begin_object().field("signature", total_nodes);
    write_node_total(w, total_nodes);
    w.field("time_s", total_seconds).field("nps", nodes_per_second(total_nodes, total_seconds));
    w.end_object().end_object();
    std::printf("%s\n", w.str().c_str());
    return;
  }
  std::printf("signature %llu nodes  %.3f s  %.0f nodes/s\n", (unsigned long long)total_nodes,
              total_seconds, total_seconds > 0 ? total_nodes / total_seconds : 0.0);
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto game = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("bench", "search fixed positions; print a node signature");
  cmd->add_option("--game", *game, "only this game's positions");
  cmd->add_flag("--json", *json, "print one JSON object (docs/JSON.md)");
  cmd->callback([game, json] {
    if (!game->empty() && *game != "tree" && *game != "chess" && *game != "othello")
      throw InputError("unknown game '" + *game + "'");
    run_bench(*game, *json);
  });
}

}  // namespace alphactor::app
