// `alphactor node --listen HOST:PORT [--threads N] [--secret S]`: a worker process hosting
// processor actors for runs launched with --nodes (actors/remote_node.hpp). Its first line on
// stdout is "listening HOST:PORT" with the port it got (ask for port 0: any free port).
// `alphactor node-bench --node HOST:PORT`: round trips and messages/s to a node's echo actor.
#include <CLI/CLI.hpp>
#include <cstdio>

#include "actors/remote_bench.hpp"
#include "actors/remote_node.hpp"
#include "app/cluster_run.hpp"
#include "app/commands.hpp"
#include "search/input_error.hpp"

namespace alphactor::app {

void add_node_command(CLI::App& app) {
  struct NodeArgs {
    std::string listen = "127.0.0.1:0";
    int threads = 2;
    std::string secret;
  };
  auto args = std::make_shared<NodeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "node", "host processor actors for runs launched elsewhere with --nodes (real mode)");
  cmd->add_option("--listen", args->listen,
                  "HOST:PORT to listen on (default loopback; port 0: any free port, printed)")
      ->capture_default_str();
  cmd->add_option("--threads", args->threads, "scheduler threads for the hosted processors")
      ->capture_default_str();
  cmd->add_option("--secret", args->secret,
                  "runs must present this (default: the environment's ALPHACTOR_SECRET)");
  cmd->callback([args] {
    if (args->threads < 1 || args->threads > 256) throw InputError("--threads must be 1..256");
    actors::NodeOptions o;
    o.listen = actors::parse_endpoint(args->listen, "--listen", true);
    o.threads = args->threads;
    o.secret = actors::resolve_secret(args->secret);
    o.parse = hosted_run;
    o.listening = [](const actors::Endpoint& bound) {
      std::printf("listening %s\n", bound.text().c_str());
      std::fflush(stdout);
    };
    actors::serve_node(o);
  });

  struct BenchArgs {
    std::string node, secret;
    int round_trips = 2000;
    std::uint64_t echoes = 200000;
    int window = 100;
  };
  auto bench = std::make_shared<BenchArgs>();
  CLI::App* b = app.add_subcommand(
      "node-bench", "messages/s and round-trip latency to an `alphactor node` (loopback figures)");
  b->add_option("--node", bench->node, "HOST:PORT of the node")->required();
  b->add_option("--secret", bench->secret, "the node's secret (default: ALPHACTOR_SECRET)");
  b->add_option("--round-trips", bench->round_trips, "round trips timed one at a time")
      ->capture_default_str();
  b->add_option("--messages", bench->echoes, "messages streamed, each echoed back")
      ->capture_default_str();
  b->add_option("--window", bench->window, "messages in flight in the stream")
      ->capture_default_str();
  b->callback([bench] {
    if (bench->round_trips < 1 || bench->window < 1)
      throw InputError("--round-trips and --window must be at least 1");
    const actors::Endpoint node = actors::parse_endpoint(bench->node, "--node", false);
    const auto f = actors::measure_node_echo(node, actors::resolve_secret(bench->secret),
                                             bench->round_trips, bench->echoes, bench->window);
    std::printf("round trip    median %.1f us, 90th percentile %.1f us (%d one at a time)\n",
                f.round_trip_median_us, f.round_trip_p90_us, f.round_trips);
    std::printf("messages      %.0f /s both ways (%llu echoed, %d in flight)\n", f.messages_per_s,
                (unsigned long long)f.echoes, bench->window);
  });
}

}  // namespace alphactor::app
