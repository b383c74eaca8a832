// Running P processor actors on a topology, in either execution mode (DESIGN.md decision 3):
//
//  - Mode::kReal: CAF's work-stealing scheduler with exactly `threads` workers; wall-clock
//    times; each actor's busy time is the wall time spent in its handlers.
//  - Mode::kSim: deterministic virtual time exactly as docs/SIMULATION.md specifies. CAF's
//    testing coordinator runs one actor at a time; a single event queue ordered by (time, seq)
//    decides which actor gets which message when; every processor has its own clock; receive,
//    nodes, sends, bytes and hops cost what the CostModel says; a search runs slices of K
//    nodes and schedules its own "continue" event; forwarding takes the intermediate
//    processor's CPU or not (CostModel::forward_cpu). The same spec gives the same outcome,
//    byte for byte.
//
// The algorithm is plugged in through RunSpec::make_algorithm (actors/algorithm.hpp); this
// header and its implementation are the only code that knows CAF (in the .cpp).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "actors/algorithm.hpp"
#include "actors/cluster.hpp"
#include "actors/cost_model.hpp"
#include "actors/tunables.hpp"
#include "topologies/topology.hpp"

namespace alphactor::actors {

enum class Mode { kReal, kSim };

// Kill processor `processor` once it has searched `after_nodes` nodes.
struct Fault {
  int processor = 0;
  std::uint64_t after_nodes = 0;
};

// A real-mode run controlled while it runs (the UCI engine: app/parallel_player.hpp): its
// completed iterations reported as they come, its nodes counted live, and ended from outside.
// `stop` and `nodes` are the only fields touched by two threads (atomics); on_iteration and
// on_root_move run on the root processor's scheduler thread, so they must be quick and
// thread-safe.
struct LiveControl {
  // Set from any thread: the run ends within a poll (tunables::kRealLivePollUs) once an
  // iteration is complete, and the outcome holds the last complete iteration, or the move
  // the interrupted one had found better, searched to the end, at its (lower bound) value.
  std::atomic<bool> stop{false};
  // Nodes searched so far by all processors (each adds its count after every slice), and the
  // deepest ply any of them reached (SearchStats::max_ply; UCI's seldepth).
  std::atomic<std::uint64_t> nodes{0};
  std::atomic<int> max_ply{0};
  // After each iteration of the root (nodes and max_ply are up to date with the root's).
  std::function<void(const RootResult&)> on_iteration;
  // The root processor started searching a root move itself (a helper's are not heard): the
  // move (encoded) and its number in the root's order from 1. Runs where on_iteration runs.
  std::function<void(std::uint32_t move, int number)> on_root_move;
};

// A real-mode scheduler kept from run to run (the UCI engine keeps one, not one per `go`):
// CAF's actor system with `threads` work-stealing workers, configured as every real run's is
// (configure_real_scheduler). Starting the workers and joining them again costs a run
// milliseconds (0.2-1.8 ms to start, 1.7-7 ms to join on the 2-core machine), which a game at
// a short time control pays every move. A run given one (RunSpec::system) waits for its own
// processors to end before it returns, and leaves the workers running. One run at a time.
class RealSystem {
 public:
  explicit RealSystem(int threads);
  ~RealSystem();
  RealSystem(const RealSystem&) = delete;
  RealSystem& operator=(const RealSystem&) = delete;
  [[nodiscard]] int threads() const { return threads_; }
  struct Impl;  // actors/processor_actor.cpp: the CAF system and its configuration
  [[nodiscard]] Impl& impl() { return *impl_; }
  // A run's own (run_processors without RunSpec::system); `network`: with CAF's io middleman
  // for a run over several processes.
  RealSystem(int threads, bool network);

 private:
  int threads_;
  std::unique_ptr<Impl> impl_;
};

struct RunSpec {
  const topo::Topology* topology = nullptr;
  Mode mode = Mode::kSim;
  int threads = 2;  // real mode: scheduler workers
  CostModel costs;  // sim mode
  std::uint64_t seed = 1;
  std::vector<Fault> faults;
  std::string trace_jsonl;   // empty: none
  std::string chrome_trace;  // empty: none
  // Guards against a run that never ends (a bug): sim events; seconds, of the simulator's CPU
  // in sim mode (a loaded machine does not trip it) and of wall time in real mode (not for a
  // live run, which its LiveControl ends). Tripping one throws std::runtime_error.
  std::uint64_t max_events = 2'000'000'000;
  double max_seconds = 3600;
  // No-progress guards: the run is stopped with a Deadlock when no processor searched a node
  // for this long while the root has not answered (tunables::kSimStall*, kRealStallSeconds).
  std::uint64_t stall_events = tunables::kSimStallEvents;  // sim: events delivered
  Time stall_virtual_ns = tunables::kSimStallNs;           // sim: virtual time
  double stall_seconds = tunables::kRealStallSeconds;      // real: wall seconds
  LiveControl* live = nullptr;  // real mode only; nullptr: the run ends when the root answers
  // Real mode in one process: the scheduler to run on, kept by the caller (its own thread
  // count, not `threads`); nullptr: the run starts its own and joins it at the end.
  RealSystem* system = nullptr;
  // Real mode: nodes (other processes) that host blocks of the processors (actors/cluster.hpp);
  // nullptr or no nodes: all in this process.
  const ClusterSpec* cluster = nullptr;
  // Builds processor p's algorithm (called once per processor, before the run starts).
  std::function<std::unique_ptr<ProcessorAlgorithm>(Runtime&)> make_algorithm;
};

// A run stopped for making no progress (a deadlock, or a livelock of messages without search):
// what() is one line naming the processors still waiting and on what, as their algorithms
// describe it (ProcessorAlgorithm::describe_wait). The CLI exits with code 4 (README).
struct WaitingProcessor {
  int processor = 0;
  std::string waits_for;  // empty: the algorithm says nothing
};
class Deadlock : public std::runtime_error {
 public:
  Deadlock(const std::string& why, std::vector<WaitingProcessor> waiting);
  [[nodiscard]] const std::vector<WaitingProcessor>& waiting() const { return waiting_; }

 private:
  std::vector<WaitingProcessor> waiting_;
};

struct ProcessorStats {
  SearchStats search;
  AlgorithmStats algorithm;
  Time busy_ns = 0;  // within [0, makespan]
  std::array<std::uint64_t, kKindCount> sent{}, sent_bytes{}, received{}, received_bytes{};
  std::uint64_t forwarded = 0, forwarded_bytes = 0;
  std::uint64_t delivered_hops = 0;  // sum of hops of the messages delivered here
  std::uint64_t dropped = 0;         // messages that could not be routed (dead ends)
  std::uint64_t slices = 0;          // steps woken to go on with local work (search slices)
  std::size_t memory_bytes = 0;      // the algorithm's heap at the end
  // Sent to a processor in another process (real mode with nodes): messages and their bytes.
  std::uint64_t remote_sent = 0, remote_sent_bytes = 0;
  bool died = false;
};

struct RunOutcome {
  RootResult result;
  bool stopped = false;      // ended by LiveControl::stop: result is the last complete iteration
  Time makespan_ns = 0;      // virtual (sim) or wall (real) time of the root's answer
  double wall_seconds = 0;   // wall time of the whole run, including spawn and shutdown
  double loop_seconds = 0;   // sim: wall time of the event loop alone (begin to the root's answer)
  std::uint64_t events = 0;  // sim: events delivered
  std::uint64_t trace_dropped = 0;
  std::vector<ProcessorStats> processors;

  // Messages of kind k sent, over all processors.
  [[nodiscard]] std::uint64_t sent(Kind k) const {
    std::uint64_t n = 0;
    for (const auto& p : processors) n += p.sent[static_cast<int>(k)];
    return n;
  }
};

// Runs the processors until the root answers. Throws InputError for an impossible spec and
// std::runtime_error when a guard trips.
RunOutcome run_processors(const RunSpec& spec);

// What idle processors cost: spawns the spec's processors on CAF's threaded scheduler as a
// real run does, gives them their neighbours, and measures the anonymous resident memory
// (heap and stacks, not shared code pages) they added (no work is started).
struct IdleCost {
  int processors = 0;
  double bytes_per_actor = 0;  // anonymous resident growth / processors
  double algorithm_bytes = 0;  // what the algorithm objects report, per processor
  double spawn_seconds = 0;    // spawning and initialising them all
};
IdleCost measure_idle_processors(const RunSpec& spec);

}  // namespace alphactor::actors
