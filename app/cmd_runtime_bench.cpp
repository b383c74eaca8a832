// `alphactor runtime-bench`: what the actor runtime itself costs, at thousands of actors:
//  - bytes per idle actor (resident memory added by spawning and initialising P processor
//    actors with their algorithm, before any work), and what the algorithm objects hold;
//  - messages per second: a YBWC search on P processors in sim mode (events and messages
//    delivered per wall second through CAF's testing coordinator) and in real mode on the
//    given threads (messages, including each forwarding hop, per wall second).
#include <CLI/CLI.hpp>
#include <cstdio>

#include "algorithms/parallel.hpp"
#include "app/commands.hpp"
#include "app/game_select.hpp"
#include "app/parallel_runner.hpp"

namespace alphactor::app {
namespace {

struct RuntimeBenchArgs {
  int processors = 4096;
  std::string topology = "debruijn";
  std::string tree = "ordered:w=8,d=8,p=0.7,seed=3";
  int depth = 8;
  int threads = 2;
};

std::uint64_t delivered(const actors::RunOutcome& r) {
  std::uint64_t n = 0;
  for (const auto& p : r.processors) {
    for (auto k : p.received) n += k;
    n += p.forwarded;
  }
  return n;
}

void run_runtime_bench(const RuntimeBenchArgs& a) {
  const topo::Topology t = topo::Topology::make(a.topology, a.processors);
  trees::TreeGame root(a.tree);
  actors::ParallelConfig c;
  c.depth = a.depth;
  c.processors = a.processors;
  c.threads = a.threads;
  c.costs = actors::cost_preset("modern", "tree");
  std::printf("runtime cost at %d processors on %s (%s, depth %d)\n", a.processors,
              a.topology.c_str(), a.tree.c_str(), a.depth);

  actors::RunSpec idle;
  idle.topology = &t;
  idle.mode = actors::Mode::kReal;
  idle.threads = a.threads;
  idle.make_algorithm = actors::make_algorithm(root, c);
  const actors::IdleCost cost = actors::measure_idle_processors(idle);
  std::printf(
      "idle actors     %.0f bytes each resident (algorithm objects %.0f bytes), spawned "
      "and initialised in %.3f s\n",
      cost.bytes_per_actor, cost.algorithm_bytes, cost.spawn_seconds);

  c.mode = actors::Mode::kSim;
  c.slice_nodes = auto_slice(c);
  const actors::RunOutcome sim = actors::run_parallel(root, c, t);
  std::printf(
      "sim mode        %llu events in %.3f s wall: %.0f events/s, %.0f messages/s "
      "(%llu messages and hops)\n",
      (unsigned long long)sim.events, sim.wall_seconds, sim.events / sim.wall_seconds,
      delivered(sim) / sim.wall_seconds, (unsigned long long)delivered(sim));

  c.mode = actors::Mode::kReal;
  c.slice_nodes = auto_slice(c);
  const actors::RunOutcome real = actors::run_parallel(root, c, t);
  const double seconds = double(real.makespan_ns) * 1e-9;
  std::printf(
      "real mode       %d threads: %llu messages and hops in %.3f s: %.0f messages/s "
      "(run with spawn and shutdown: %.3f s)\n",
      a.threads, (unsigned long long)delivered(real), seconds, delivered(real) / seconds,
      real.wall_seconds);
}

}  // namespace

void add_runtime_bench_command(CLI::App& app) {
  auto args = std::make_shared<RuntimeBenchArgs>();
  CLI::App* cmd = app.add_subcommand(
      "runtime-bench", "measure the actor runtime: bytes per idle actor, messages per second");
  cmd->add_option("--processors,-p", args->processors, "actors")->capture_default_str();
  cmd->add_option("--topology", args->topology, topo::Topology::known_names())
      ->capture_default_str();
  cmd->add_option("--tree", args->tree, "tree searched for the message rates")
      ->capture_default_str();
  cmd->add_option("--depth", args->depth, "its depth")->capture_default_str();
  cmd->add_option("--threads", args->threads, "real-mode scheduler threads")->capture_default_str();
  cmd->callback([args] {
    if (args->threads < 1) throw InputError("--threads must be at least 1");
    if (args->depth < 1 || args->depth >= kMaxPly) throw InputError("--depth must be 1..127");
    run_runtime_bench(*args);
  });
}

}  // namespace alphactor::app
