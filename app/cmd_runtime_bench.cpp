// `alphactor runtime-bench`: what the actor runtime itself costs as the processor count grows
// (issue 23). For each P of --processors, one row: wall time, peak resident set, bytes per
// idle actor and the simulator's messages per second (app/runtime_bench.hpp says how each is
// measured, and why each P runs in its own process). Then the real-mode rate over at least a
// million messages beside CAF's own two-actor ping-pong on the same scheduler, and their
// ratio. --json prints the same as one object of the result schema (docs/JSON.md).
#include <CLI/CLI.hpp>
#include <cstdio>

#include "app/commands.hpp"
#include "app/result_schema.hpp"
#include "app/runtime_bench.hpp"
#include "search/game.hpp"
#include "search/input_error.hpp"
#include "topologies/topology.hpp"

namespace alphactor::app {
namespace {

struct RuntimeBenchArgs {
  RuntimeBenchSettings settings;
  std::vector<int> processors = {1024, 4096, 16384};
  bool json = false;
};

constexpr double kMiB = 1024.0 * 1024.0;

// Times with three decimals, the sim run's in ms: a small P's event loop takes well under a
// millisecond (two decimals of seconds printed 0.00, then three 0.000).
void print_row(const ScaleRow& r) {
  std::printf("%9d %8.3f %10.1f %11.0f %13llu %10.3f %10.3f %11.0f %9llu\n", r.processors, r.wall_s,
              double(r.peak_rss_bytes) / kMiB, r.bytes_per_actor,
              (unsigned long long)r.sim_messages, 1e3 * r.sim_wall_s, 1e3 * r.sim_loop_s,
              r.sim_messages_per_s(), (unsigned long long)r.sim_busy_processors);
  std::fflush(stdout);  // rows of large P take minutes: show each as it comes
}

void write_row_json(JsonWriter& w, const ScaleRow& r) {
  w.begin_object()
      .field("processors", r.processors)
      .field("wall_s", r.wall_s)
      .field("peak_rss_bytes", r.peak_rss_bytes)
      .field("bytes_per_actor", r.bytes_per_actor)
      .field("algorithm_bytes_per_actor", r.algorithm_bytes)
      .field("spawn_s", r.spawn_s)
      .field("value", int(r.sim_value))
      .field("sim_events", r.sim_events)
      .field("sim_messages", r.sim_messages)
      .field("sim_wall_s", r.sim_wall_s)
      .field("sim_loop_s", r.sim_loop_s)
      .field("sim_messages_per_s", r.sim_messages_per_s())
      .field("sim_busy_processors", r.sim_busy_processors)
      .end_object();
}

void write_json(const RuntimeBenchArgs& a, const std::vector<ScaleRow>& rows,
                const RealRate& real) {
  const RuntimeBenchSettings& s = a.settings;
  JsonWriter w;
  begin_result_document(w, "runtime-bench");
  w.field("game", "tree").field("position", s.tree).field("algorithm", "ybwc");
  w.field("depth", s.depth).field("topology", s.topology).field("threads", s.threads);
  w.field("peak_rss", "per P");  // each P measured in its own process
  w.key("results").begin_array();
  for (const auto& r : rows) write_row_json(w, r);
  w.end_array();
  w.key("summary").begin_object();
  w.key("real")
      .begin_object()
      .field("processors", real.processors)
      .field("runs", real.runs)
      .field("messages", real.messages)
      .field("time_s", real.seconds)
      .field("messages_per_s", real.messages_per_s())
      .end_object();
  w.key("caf_ping_pong")
      .begin_object()
      .field("actors", 2)
      .field("messages", real.caf.messages)
      .field("time_s", real.caf.seconds)
      .field("messages_per_s", real.caf.messages_per_s())
      .end_object();
  w.field("real_over_caf", real.ratio());
  w.end_object().end_object();
  std::printf("%s\n", w.str().c_str());
}

void run_runtime_bench(const RuntimeBenchArgs& a) {
  const RuntimeBenchSettings& s = a.settings;
  check_runtime_bench(s, a.processors);
  if (!a.json) {
    std::printf(
        "runtime cost on %s: YBWC on %s at depth %d in sim mode, the same tree at every P\n"
        "(only processor 0 gets a job, at every P: the rows measure the runtime per actor\n"
        "and the simulator per message). Each P in its own process: peak RSS is that P's.\n"
        "sim ms: the sim search's run (spawn, event loop, shutdown); the rate is over its loop.\n",
        s.topology.c_str(), s.tree.c_str(), s.depth);
    std::printf("%9s %8s %10s %11s %13s %10s %10s %11s %9s\n", "P", "wall s", "peak MiB",
                "B/idle act", "sim messages", "sim ms", "loop ms", "loop msg/s", "searched");
  }
  std::vector<ScaleRow> rows;
  for (const int p : a.processors) {
    rows.push_back(measure_scale(s, p));
    if (!a.json) print_row(rows.back());
  }
  const RealRate real = measure_real_rate(s);
  if (a.json) return write_json(a, rows, real);
  std::printf(
      "real mode       %d actors, %d threads: %llu messages and hops in %d searches, %.3f s: "
      "%.0f messages/s\n",
      real.processors, s.threads, (unsigned long long)real.messages, real.runs, real.seconds,
      real.messages_per_s());
  std::printf("CAF ping-pong   2 actors, %d threads: %llu messages in %.3f s: %.0f messages/s\n",
              s.threads, (unsigned long long)real.caf.messages, real.caf.seconds,
              real.caf.messages_per_s());
  std::printf("runtime / CAF   %.3f (a runtime message costs %.1f x a ping-pong message)\n",
              real.ratio(), real.ratio() > 0 ? 1 / real.ratio() : 0.0);
}

}  // namespace

void add_runtime_bench_command(CLI::App& app) {
  auto args = std::make_shared<RuntimeBenchArgs>();
  RuntimeBenchSettings& s = args->settings;
  CLI::App* cmd = app.add_subcommand(
      "runtime-bench",
      "measure the actor runtime as P grows: wall time, peak RSS, bytes per idle actor, "
      "messages per second");
  cmd->add_option("--processors,-p", args->processors, "processor counts, e.g. 1024,4096,65536")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_option("--topology", s.topology, topo::Topology::known_names())->capture_default_str();
  cmd->add_option("--tree", s.tree, "tree searched for the message rates")->capture_default_str();
  cmd->add_option("--depth", s.depth, "its depth")->capture_default_str();
  cmd->add_option("--threads", s.threads, "real-mode scheduler threads")->capture_default_str();
  cmd->add_option("--real-processors", s.real_processors, "actors of the real-mode rate")
      ->capture_default_str();
  cmd->add_option("--real-messages", s.real_messages,
                  "the real-mode rate and CAF's ping-pong over at least this many messages")
      ->capture_default_str();
  cmd->add_flag("--json", args->json, "print one JSON object (docs/JSON.md)");
  cmd->callback([args] {
    const RuntimeBenchSettings& s = args->settings;
    if (args->processors.empty()) throw InputError("--processors needs at least one count");
    for (const int p : args->processors)
      if (p < 1 || p > topo::kMaxProcessors)
        throw InputError("--processors: each count must be 1.." +
                         std::to_string(topo::kMaxProcessors) + ", got " + std::to_string(p));
    if (s.threads < 1) throw InputError("--threads must be at least 1");
    if (s.depth < 1 || s.depth >= kMaxPly) throw InputError("--depth must be 1..127");
    if (s.real_messages < 1) throw InputError("--real-messages must be at least 1");
    run_runtime_bench(*args);
  });
}

}  // namespace alphactor::app
