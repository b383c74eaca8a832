#include "app/runtime_bench.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "actors/memory_estimate.hpp"
#include "actors/tunables.hpp"
#include "algorithms/parallel.hpp"
#include "app/parallel_runner.hpp"
#include "search/input_error.hpp"
#include "trees/tree_game.hpp"

namespace alphactor::app {
namespace {

std::uint64_t delivered(const actors::RunOutcome& r) {
  std::uint64_t n = 0;
  for (const auto& p : r.processors) {
    for (auto k : p.received) n += k;
    n += p.forwarded;
  }
  return n;
}

// The process's peak resident set, from the kernel's high-water mark.
std::uint64_t peak_rss_bytes() {
  std::uint64_t kb = 0;
  if (std::FILE* f = std::fopen("/proc/self/status", "r")) {
    char line[256];
    while (std::fgets(line, sizeof line, f))
      if (std::sscanf(line, "VmHWM: %lu kB", &kb) == 1) break;
    std::fclose(f);
  }
  return kb * 1024;
}

actors::ParallelConfig bench_config(const RuntimeBenchSettings& s, int processors,
                                    actors::Mode mode) {
  actors::ParallelConfig c;
  c.depth = s.depth;
  c.processors = processors;
  c.threads = s.threads;
  c.mode = mode;
  c.costs = actors::cost_preset("modern", "tree");
  c.slice_nodes = auto_slice(c);
  if (mode == actors::Mode::kSim) c.steal_backoff_ns = kBenchSimBackoffNs;
  return c;
}

ScaleRow measure_in_this_process(const RuntimeBenchSettings& s, int processors) {
  const auto t0 = std::chrono::steady_clock::now();
  const topo::Topology t = topo::Topology::make(s.topology, processors);
  trees::TreeGame root(s.tree);
  ScaleRow row;
  row.processors = processors;

  actors::ParallelConfig c = bench_config(s, processors, actors::Mode::kReal);
  actors::RunSpec idle;
  idle.topology = &t;
  idle.mode = actors::Mode::kReal;
  idle.threads = s.threads;
  idle.make_algorithm = actors::make_algorithm(root, c, t);
  const actors::IdleCost cost = actors::measure_idle_processors(idle);
  row.bytes_per_actor = cost.bytes_per_actor;
  row.algorithm_bytes = cost.algorithm_bytes;
  row.spawn_s = cost.spawn_seconds;

  c = bench_config(s, processors, actors::Mode::kSim);
  const actors::RunOutcome sim = actors::run_parallel(root, c, t);
  row.sim_events = sim.events;
  row.sim_messages = delivered(sim);
  row.sim_wall_s = sim.wall_seconds;
  row.sim_loop_s = sim.loop_seconds;
  row.sim_value = sim.result.value;
  for (const auto& p : sim.processors) row.sim_busy_processors += p.search.nodes() > 0 ? 1 : 0;
  row.peak_rss_bytes = peak_rss_bytes();
  row.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return row;
}

// What the child writes to the pipe: its row, or why it has none.
struct ChildReport {
  ScaleRow row;
  enum : int { kOk, kInputError, kFailed } status = kFailed;
  char why[480] = "";
};

void write_all(int fd, const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t k = ::write(fd, p, n);
    if (k <= 0) return;  // the parent is gone: nothing to tell
    p += k, n -= std::size_t(k);
  }
}

// Runs `measure` in a forked child and returns its row: see the header for why.
template <typename F>
ScaleRow in_child(const std::string& what, F&& measure) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("runtime-bench: pipe failed");
  std::fflush(stdout), std::fflush(stderr);  // or the child's exit would print them twice
  const pid_t child = ::fork();
  if (child < 0) throw std::runtime_error("runtime-bench: fork failed");
  if (child == 0) {
    ::close(fds[0]);
    ChildReport r;
    try {
      r.row = measure();
      r.status = ChildReport::kOk;
    } catch (const InputError& e) {
      r.status = ChildReport::kInputError;
      std::snprintf(r.why, sizeof r.why, "%s", e.what());
    } catch (const std::exception& e) {
      std::snprintf(r.why, sizeof r.why, "%s", e.what());
    }
    write_all(fds[1], &r, sizeof r);
    ::close(fds[1]);
    std::_Exit(0);  // no exit handlers: they belong to the parent
  }
  ::close(fds[1]);
  ChildReport r;
  std::size_t got = 0;
  while (got < sizeof r) {
    const ssize_t k = ::read(fds[0], reinterpret_cast<char*>(&r) + got, sizeof r - got);
    if (k <= 0) break;
    got += std::size_t(k);
  }
  ::close(fds[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  const std::string at = "runtime-bench, " + what + ": ";
  if (got != sizeof r) {
    if (WIFSIGNALED(status))
      throw std::runtime_error(at + "the measuring process was killed by signal " +
                               std::to_string(WTERMSIG(status)) +
                               (WTERMSIG(status) == SIGKILL ? " (out of memory?)" : ""));
    throw std::runtime_error(at + "the measuring process ended without a report");
  }
  if (r.status == ChildReport::kInputError) throw InputError(r.why);
  if (r.status != ChildReport::kOk) throw std::runtime_error(at + r.why);
  return r.row;
}

}  // namespace

void check_runtime_bench(const RuntimeBenchSettings& s, const std::vector<int>& processors) {
  (void)in_child("checking the processor counts", [&] {
    for (const int p : processors) {
      // Topology::make names a P the topology does not admit (range, power of two...).
      const topo::Topology t = topo::Topology::make(s.topology, p);
      actors::check_memory_fits(
          actors::estimate_memory(t, actors::Mode::kSim, 0, actors::TablePlacement::kNone, false));
    }
    (void)topo::Topology::make(s.topology, s.real_processors);
    trees::TreeGame root(s.tree);  // a bad spec: its one line
    return ScaleRow{};
  });
}

ScaleRow measure_scale(const RuntimeBenchSettings& s, int processors) {
  return in_child("P = " + std::to_string(processors),
                  [&] { return measure_in_this_process(s, processors); });
}

RealRate measure_real_rate(const RuntimeBenchSettings& s) {
  const topo::Topology t = topo::Topology::make(s.topology, s.real_processors);
  trees::TreeGame root(s.tree);
  actors::ParallelConfig c = bench_config(s, s.real_processors, actors::Mode::kReal);
  RealRate out;
  out.processors = s.real_processors;
  // One search of a small tree delivers tens of thousands of messages in tens of ms: repeat
  // (another seed each time: other steal victims) until the total means something.
  while (out.messages < s.real_messages) {
    c.seed = std::uint64_t(out.runs) + 1;
    const actors::RunOutcome real = actors::run_parallel(root, c, t);
    out.messages += delivered(real);
    out.seconds += double(real.makespan_ns) * 1e-9;
    ++out.runs;
  }
  out.caf = actors::caf_ping_pong(s.threads, s.real_messages);
  return out;
}

}  // namespace alphactor::app
