// What `alphactor runtime-bench` measures, one processor count at a time (the command and
// its table live in cmd_runtime_bench.cpp).
//
// Each P is measured in a child process forked before any CAF actor system exists, so that
// its peak resident set (VmHWM) belongs to that P alone, not to every P before it, and what
// one P leaves in the allocator does not flatter the next. In the child:
//  - idle actors: P processor actors spawned on CAF's threaded scheduler with their algorithm
//    and neighbours, anonymous resident memory added / P (actors::measure_idle_processors:
//    shared code pages faulted in meanwhile are no actor's, and Init goes out in batches so
//    that the messages in flight stay few);
//  - sim rate: one YBWC search of a fixed tree in sim mode, messages (each forwarding hop
//    counted) per wall second of its event loop (spawning P actors and shutting them down
//    are the idle-actor column's cost; at large P they took most of the run). The tree stays
//    the same as P grows, so the search's work is bounded; what grows with P is the idle
//    processors asking for work. With near-first stealing and kBenchSimBackoffNs each asks a
//    neighbour once and is refused (2 (P - 1) messages of one hop) while processor 0 searches
//    the small tree alone: the row measures the simulator's cost per message and per
//    processor, not speedup. The tree is small (processor 0 searches 1.6 k nodes) because its
//    search is in the loop's time too: the depth-8 tree used first (47 k nodes, 2 ms) was
//    most of the loop at P = 1024 and a fifth of it at 16384, and the depth-6 one after it
//    (4.1 k nodes, 0.26 ms) still a third of the loop at P = 1024.
// The real-mode rate runs in the calling process, after every child (see measure_real_rate).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "actors/ping_pong.hpp"

namespace alphactor::app {

// The measurement's own settings (they tune the benchmark, not the runtime, so they live here
// rather than in actors/tunables.hpp).
// Sim search: idle processors back off up to this much virtual time between requests for
// work (exponentially from 1/64 of it). With the sim default (ask again at once) every idle
// processor keeps a request crossing the network all run long, so messages grow like
// P x makespan / round trip; at 10 ms, 4096 processors still asked 4 times each (423 k
// messages). At 1 s the first retry comes after the small tree's search is over: each
// processor asks once (since near-first stealing, a neighbour), 2 (P - 1) messages.
inline constexpr std::int64_t kBenchSimBackoffNs = 1'000'000'000;
// The real-mode rate is taken over at least this many messages (and the CAF ping-pong beside
// it exchanges as many): one small search delivers tens of thousands in tens of ms.
inline constexpr std::uint64_t kBenchRealMessages = 1'000'000;

struct RuntimeBenchSettings {
  std::string topology = "debruijn";
  std::string tree = "ordered:w=8,d=5,p=0.7,seed=3";
  int depth = 5;
  int threads = 2;
  int real_processors = 1024;
  std::uint64_t real_messages = kBenchRealMessages;
};

// One row of the table. Trivially copyable: the child hands it to the parent through a pipe.
struct ScaleRow {
  int processors = 0;
  double wall_s = 0;                 // the whole measurement of this P (child process)
  std::uint64_t peak_rss_bytes = 0;  // the child's VmHWM
  double bytes_per_actor = 0;        // idle actors: resident growth / P
  double algorithm_bytes = 0;        // what the algorithm objects report, per processor
  double spawn_s = 0;                // spawning and initialising the idle actors
  std::uint64_t sim_events = 0;
  std::uint64_t sim_messages = 0;         // messages and forwarding hops delivered
  double sim_wall_s = 0;                  // the sim search's whole run: spawn, loop, shutdown
  double sim_loop_s = 0;                  // its event loop alone: what the message rate is over
  std::int32_t sim_value = 0;             // the root value (the same for every P)
  std::uint64_t sim_busy_processors = 0;  // processors that searched at least one node
  [[nodiscard]] double sim_messages_per_s() const {
    return sim_loop_s > 0 ? double(sim_messages) / sim_loop_s : 0;
  }
};

// Refuses, in one line (InputError), a processor count the topology does not admit or that
// cannot fit this machine, and a bad tree, before anything is measured (in a child too: the
// largest topologies' lists would otherwise stay in this process's heap under every row).
void check_runtime_bench(const RuntimeBenchSettings& s, const std::vector<int>& processors);

// Measures P in a forked child. Throws InputError when the child refused its input, and
// std::runtime_error when it failed or was killed (the OOM killer: named in the message).
ScaleRow measure_scale(const RuntimeBenchSettings& s, int processors);

// Real mode: YBWC searches of the tree on s.real_processors actors and s.threads workers,
// repeated (seed 1, 2, ...) until at least s.real_messages messages and hops were delivered;
// the rate is over the searches' own time (root started to root answered, no spawn or
// shutdown). Beside it, CAF's two-actor ping-pong of s.real_messages on the same scheduler.
struct RealRate {
  int processors = 0;
  int runs = 0;
  std::uint64_t messages = 0;
  double seconds = 0;
  actors::PingPong caf;
  [[nodiscard]] double messages_per_s() const { return seconds > 0 ? messages / seconds : 0; }
  // The runtime's rate over CAF's own: below 1 is the runtime's overhead per message.
  [[nodiscard]] double ratio() const {
    return caf.messages_per_s() > 0 ? messages_per_s() / caf.messages_per_s() : 0;
  }
};
RealRate measure_real_rate(const RuntimeBenchSettings& s);

}  // namespace alphactor::app
