// `alphactor calibrate`: measures what the `modern` cost preset needs on this machine: the
// mean cost of a search node per game (sequential alpha-beta/PVS over the bench positions)
// and the cost of one actor message (send + receive, CAF, one scheduler thread). Prints the
// figures and the [costs] lines a config can use; actors/cost_model.cpp holds the constants
// the preset uses (fixed, so that sim runs stay reproducible).
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <map>

#include "actors/calibrate.hpp"
#include "actors/cost_model.hpp"
#include "app/bench_suite.hpp"
#include "app/commands.hpp"
#include "app/game_select.hpp"
#include "search/searcher.hpp"

namespace alphactor::app {
namespace {

void run_calibrate(int repeats) {
  struct Sum {
    std::uint64_t nodes = 0;
    double seconds = 0;
  };
  std::map<std::string, Sum> games;
  for (int rep = 0; rep < repeats; ++rep) {
    for (const BenchPosition& b : bench_positions()) {
      SearchOptions opt;
      opt.algorithm = *parse_algorithm(b.algorithm == "er" ? "pvs" : b.algorithm);
      opt.depth = b.depth;
      opt.iterative_deepening = true;
      opt.table_kilobytes = 256;
      const SearchResult r = with_game(PositionChoice{b.game, b.position},
                                       [&](auto& game) { return search(game, opt); });
      games[b.game].nodes += r.stats.nodes();
      games[b.game].seconds += r.seconds;
    }
  }
  std::printf("%-8s %12s %10s %10s %14s\n", "game", "nodes", "time s", "ns/node", "preset ns/node");
  for (const auto& [g, s] : games)
    std::printf("%-8s %12llu %10.3f %10.1f %14lld\n", g.c_str(), (unsigned long long)s.nodes,
                s.seconds, s.seconds * 1e9 / double(s.nodes), (long long)actors::modern_node_ns(g));
  const actors::MessageCosts m = actors::measure_message_costs(200'000);
  const actors::CostModel preset = actors::cost_preset("modern", "tree");
  std::printf("message  %llu sends+receives, %.1f ns each (preset: send %lld + receive %lld ns)\n",
              (unsigned long long)m.messages, m.ns_per_message, (long long)preset.send_ns,
              (long long)preset.receive_ns);
  std::printf("\n# measured [costs] for a config (per game: node_ns)\n[costs]\n");
  std::printf("send_ns = %.0f\nreceive_ns = %.0f\n", m.ns_per_message / 2, m.ns_per_message / 2);
  for (const auto& [g, s] : games)
    std::printf("# %s: node_ns = %.0f\n", g.c_str(), s.seconds * 1e9 / double(s.nodes));
}

}  // namespace

void add_calibrate_command(CLI::App& app) {
  auto repeats = std::make_shared<int>(1);
  CLI::App* cmd = app.add_subcommand(
      "calibrate", "measure node and message costs on this machine (the modern cost preset)");
  cmd->add_option("--repeats", *repeats, "passes over the bench positions")->capture_default_str();
  cmd->callback([repeats] {
    if (*repeats < 1) throw InputError("--repeats must be at least 1");
    run_calibrate(*repeats);
  });
}

}  // namespace alphactor::app
