// The seam between the actor runtime and a parallel algorithm.
//
// The runtime (actors/processor.hpp and the files that drive it: processor_actor.cpp,
// real_mode.cpp, sim_mode.cpp; with remote_*.cpp the only CAF code) owns one actor per virtual
// processor: its mailbox, routing, clock, costs, statistics, traces and faults. A parallel
// algorithm (YBWC, the processor-tree family, pChess's two, ER and DTS: algorithms/) is plain
// C++ behind `ProcessorAlgorithm`: it receives the protocol messages addressed
// to its processor, runs slices of search when woken, and acts only through `Runtime`. One
// ProcessorAlgorithm object per processor; the runtime calls it from one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "actors/protocol.hpp"
#include "search/game.hpp"
#include "search/stats.hpp"

namespace alphactor::actors {

using Time = std::int64_t;  // nanoseconds: virtual in sim mode, wall-clock in real mode

// The root processor's answer for the whole problem.
struct RootResult {
  Value value = 0;
  std::vector<std::uint32_t> line;  // encoded moves from the root
  int depth = 0;                    // depth of the last completed iteration
};

// What a processor's algorithm may do.
class Runtime {
 public:
  virtual ~Runtime() = default;
  [[nodiscard]] virtual int id() const = 0;
  [[nodiscard]] virtual int processors() const = 0;
  // This processor's topology neighbours (gossip goes to these only).
  [[nodiscard]] virtual std::span<const int> neighbours() const = 0;
  // Any processor's topology neighbour number r (taken mod its degree) in ascending order,
  // for a random walk over the network, and the network's diameter in hops.
  [[nodiscard]] virtual int neighbour_of(int p, std::uint64_t r) const = 0;
  [[nodiscard]] virtual int diameter() const = 0;
  // Hops of a shortest route between two processors.
  [[nodiscard]] virtual int distance(int from, int to) const = 0;
  // Sends to any processor; the runtime routes it hop by hop over neighbours.
  virtual void send(int to, Message message) = 0;
  // Asks for step() after the messages already waiting (after `delay_ns` when given). At most
  // one wake is pending; asking again while one is pending does nothing.
  virtual void wake(Time delay_ns = 0) = 0;
  // This processor's seeded random stream (seed and processor id).
  virtual std::uint64_t random() = 0;
  // Virtual CPU the processors on the route to `to` spend passing on one message of `bytes`
  // and its answer of `answer_bytes` (0: no answer) (sim mode with forwarding on the CPU; 0
  // otherwise, and 0 for a neighbour). One call for both: one distance.
  [[nodiscard]] virtual Time forwarding_ns(int to, std::size_t bytes,
                                           std::size_t answer_bytes) const = 0;
  // Whether the routing table's route from `from` to `to` crosses or ends at a processor known
  // dead here. A message between two live processors can only be lost on a broken route
  // (actors/processor.hpp's routing keeps to the table otherwise).
  [[nodiscard]] virtual bool route_broken(int from, int to) const = 0;
  [[nodiscard]] virtual bool alive(int processor) const = 0;
  // Whether the processor should end its slice now because messages are waiting (real mode;
  // sim mode slices are fixed, so always false there).
  [[nodiscard]] virtual bool mail_waiting() const = 0;
  // The root processor's final answer; ends the run.
  virtual void root_done(const RootResult& result) = 0;
  // The root processor completed an iteration of its deepening (`result.depth` plies) and goes
  // on: a run that is stopped early answers with the last one (actors/run.hpp, LiveControl).
  virtual void iteration_done(const RootResult& /*result*/) {}
  // Whether iteration_progress() is heard: only a live run, which can be stopped mid-iteration,
  // wants it, so other runs skip building the report on the root's hot path.
  [[nodiscard]] virtual bool wants_progress() const { return false; }
  // The iteration under way (`result.depth` plies) has a new best root move searched to the
  // end (ResumableSearch::best_so_far): a stopped run may answer with it.
  virtual void iteration_progress(const RootResult& /*result*/) {}
  // The root processor started a son of the game's root itself: the move (encoded) and its
  // number in the root's order from 1. Heard when wants_progress().
  virtual void root_move(std::uint32_t /*move*/, int /*number*/) {}
};

// Counters an algorithm keeps besides the search's node counts.
struct AlgorithmStats {
  std::uint64_t jobs_received = 0;    // subproblems this processor got from masters
  std::uint64_t jobs_given = 0;       // subproblems it handed to helpers
  std::uint64_t jobs_lost = 0;        // delegations re-searched after a helper's failure
  std::uint64_t requests = 0;         // work requests sent
  std::uint64_t late_answers = 0;     // table answers for nodes finished meanwhile (dropped)
  std::uint64_t table_bytes = 0;      // transposition table entries held (local table or share)
  std::uint64_t hint_jobs = 0;        // jobs given with the previous iteration's lines (hints)
  std::uint64_t quiescence_jobs = 0;  // jobs given at remaining depth <= 0 (quiescence nodes)
  std::uint64_t affine_jobs = 0;      // jobs given to the processor that searched them before
};

class ProcessorAlgorithm {
 public:
  virtual ~ProcessorAlgorithm() = default;
  // Every processor, once, when the run begins (idle processors start asking for work).
  virtual void begin() = 0;
  // The root processor only: the whole problem arrives.
  virtual void start() = 0;
  // A message addressed to this processor.
  virtual void receive(Message& message) = 0;
  // A slice of work after wake().
  virtual void step() = 0;
  // Processor `p` failed (the runtime learned it from a monitor or a failure notice).
  virtual void processor_down(int p) = 0;
  [[nodiscard]] virtual const SearchStats& search_stats() const = 0;
  [[nodiscard]] virtual AlgorithmStats algorithm_stats() const = 0;
  // Heap bytes the algorithm holds now (tables, stacks), for the memory report.
  [[nodiscard]] virtual std::size_t memory_bytes() const = 0;
  // What this processor waits for, in a few words ("job 7 at processor 3, a table answer"),
  // for the report of a run stopped for making no progress (actors/run.hpp, Deadlock); empty:
  // nothing, or nothing the algorithm can say.
  [[nodiscard]] virtual std::string describe_wait() const { return {}; }
};

}  // namespace alphactor::actors
