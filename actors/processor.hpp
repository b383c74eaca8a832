// Internal to actors/*.cpp (it includes CAF): the processor actor's state, shared by the
// actor itself (processor_actor.cpp) and the two execution modes that drive it
// (real_mode.cpp, sim_mode.cpp; see actors/run.hpp for the contract).
//
// One CAF actor per virtual processor. It owns its algorithm (and through it the game, search
// stack and tables) and handles to its topology neighbours only. A protocol message whose
// destination is another processor is forwarded to next_hop(here, destination); the hop is
// counted. What the actor does costs time through an Environment:
//  - RealEnv (real_mode.cpp): wall clock; sends are CAF sends to neighbour handles; busy time
//    is measured around each handler; "continue" is a message to itself;
//  - SimEnv (sim_mode.cpp): the discrete-event simulator of docs/SIMULATION.md. Actors never
//    send through CAF: a send becomes an event (arrival time, seq, neighbour, message) in one
//    queue; the simulator pops events in (time, seq) order, puts each message into its actor's
//    mailbox and resumes exactly that actor for one message (on the simulator's own CAF
//    execution unit; the actor system runs CAF's testing coordinator), with the actor's clock
//    at max(its clock, event time). Costs advance the clock of the step's processor.
// Everything here is in `detail`: one definition for the three files, none for the rest of
// the program. Processor's members are defined in the class and the dispatch table's lookups
// are inline, so the simulator's loop (sim_mode.cpp) inlines them as it did when the three were
// one file (runtime-bench, P = 65536, sim loop: 1.99 M messages/s against 1.95 M before, medians
// of six runs alternating).
#pragma once

#include <algorithm>
#include <atomic>
#include <caf/all.hpp>
#include <chrono>
#include <functional>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <utility>
#include <variant>
#include <vector>

#include "actors/run.hpp"
#include "actors/trace.hpp"
#include "actors/tunables.hpp"
#include "search/context.hpp"
#include "search/prefetch.hpp"

// ThreadSanitizer cannot see the happens-before edges of CAF's mailboxes: Debian's libcaf_core
// is not instrumented. Every send therefore releases the receiver's control block and every
// handler acquires its own, which is exactly the ordering a mailbox guarantees (what it cannot
// annotate, CAF's own accesses around a message, processor_actor.cpp suppresses by name).
#if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#define ALPHACTOR_TSAN 1
#endif

namespace alphactor::actors::detail {

// Released once each actor's behaviour (the handlers and what they capture) exists; every
// handler acquires it before it reads its captures.
#ifdef ALPHACTOR_TSAN
inline char behaviour_key = 0;
#endif
inline void behaviour_created() {
#ifdef ALPHACTOR_TSAN
  __tsan_release(&behaviour_key);
#endif
}
inline void behaviour_used() {
#ifdef ALPHACTOR_TSAN
  __tsan_acquire(&behaviour_key);
#endif
}

template <class Handle>
void mailbox_release(const Handle& h) {
#ifdef ALPHACTOR_TSAN
  __tsan_release(caf::actor_cast<caf::actor_control_block*>(h));
#else
  (void)h;
#endif
}
template <class Handle>
void mailbox_acquire(const Handle& h) {
#ifdef ALPHACTOR_TSAN
  __tsan_acquire(caf::actor_cast<caf::actor_control_block*>(h));
#else
  (void)h;
#endif
}

// --- Control messages (driver <-> actor, and the simulator's signals); never counted. ------
struct Init {
  std::vector<caf::actor> neighbours;  // in the order of topology().neighbours(p)
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, Init& x) {
  return f(x.neighbours);
}
// Sim mode's stand-in for a monitor's down_msg: neighbour `processor` died.
struct NeighbourDown {
  std::int32_t processor = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, NeighbourDown& x) {
  return f(x.processor);
}
using begin_atom = caf::atom_constant<caf::atom("begin")>;
using ready_atom = caf::atom_constant<caf::atom("ready")>;
using start_atom = caf::atom_constant<caf::atom("start")>;
using resume_atom = caf::atom_constant<caf::atom("resume")>;
using report_atom = caf::atom_constant<caf::atom("report")>;
using reported_atom = caf::atom_constant<caf::atom("reported")>;
using done_atom = caf::atom_constant<caf::atom("done")>;
using stop_atom = caf::atom_constant<caf::atom("stop")>;
using describe_atom = caf::atom_constant<caf::atom("describe")>;

inline constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

inline std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class Processor;

// "%g" of s, for messages.
std::string seconds_text(double s);
// The processors a no-progress report names: the root (it has not answered, so it waits) and
// every live processor whose algorithm says it waits for something.
std::vector<WaitingProcessor> waiting_processors(
    int processors, const std::function<std::optional<std::string>(int)>& describe);

class Environment {
 public:
  virtual ~Environment() = default;
  virtual Time now(int p) = 0;
  virtual void charge(int p, Time ns) = 0;
  // Puts `msg` on the link to `hop`, which is a neighbour, or with links > 1 the processor at
  // the end of that many links (see collapse_routes); final_to is the message's destination.
  // service: a table request (PROBE / STORE), which the holder may serve concurrently with
  // its search (CostModel::service_cpu).
  // steps: under wants_route_steps(), the De Bruijn route on from `hop` (none elsewhere).
  virtual void transmit(Processor& from, int hop, int final_to, caf::message msg, std::size_t bytes,
                        bool service, int links, const topo::RouteSteps& steps) = 0;
  virtual void wake(Processor& p, Time delay, std::uint32_t wake) = 0;  // resume p after delay
  virtual void root_done(Processor& p) = 0;
  virtual void died(Processor& p) = 0;
  // Sim with link engines: a message that is only passed on costs the processor nothing.
  [[nodiscard]] virtual bool free_forwarding() const = 0;
  // Sim with link engines and no processor that can die: passing a message on then neither
  // costs nor changes anything but the forwarder's counters, so the sender may put the
  // message straight on its last link, with the arrival time of the hop-by-hop route, and
  // count the forwarders with passed_on(). At P = 1024 on DB(10) (6.8 hops a message) this
  // skips over three quarters of the simulator's events. Only the order of events that
  // arrive at the same virtual time can differ from hop-by-hop delivery (seq is the order of
  // the pushes), and that order stays deterministic.
  [[nodiscard]] virtual bool collapse_routes() const { return false; }
  virtual void passed_on(int /*processor*/, std::size_t /*bytes*/) {}
  // Sim where forwarding takes the forwarder's CPU, no processor can die and nothing is
  // traced: a forwarder's step is then fixed by the cost model alone (its clock, the hop's
  // cost, the next hop of the static route), so the simulator takes it itself instead of
  // delivering the message to the forwarder's actor, and the sender counts the route's hops
  // up front. Same events, same times, same order; no mailbox, no dispatch, no copy.
  [[nodiscard]] virtual bool forwards_itself() const { return false; }
  // Either of the two: a message's route is walked without asking a hop of it, so the sender
  // looks the whole route's steps up once (send()).
  [[nodiscard]] bool wants_route_steps() const { return forwards_itself() || collapse_routes(); }
};

// What every actor of a run shares: read-only except each processor's own stats slot.
struct Shared {
  Shared(const RunSpec& s, int p) : spec(s), processors(p) {}
  const RunSpec& spec;
  int processors;
  Environment* env = nullptr;
  TraceSink* trace = nullptr;
  std::vector<ProcessorStats> stats;  // slot p written by processor p only
  std::vector<std::uint64_t> kill_after;
  RootResult result;
  Time makespan = -1;
  // LiveControl: the last complete iteration the root reported, and the best move so far of
  // the one under way (written on the root's thread, read by the driver after a stop), under
  // `iteration_mutex`.
  std::mutex iteration_mutex;
  std::optional<RootResult> last_iteration;
  std::optional<RootResult> iteration_progress;
  caf::actor driver;  // real mode
  // Nodes searched so far by all processors (each adds its count at the end of every step):
  // what the no-progress guards watch.
  std::atomic<std::uint64_t> nodes{0};
  std::vector<Processor*> sim_processors;  // sim mode: processor p, for the no-progress report
  std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
};

// What a processor counts as it runs: the traffic part of ProcessorStats (the rest is its
// algorithm's, read at the end). A kind's four counts are one 32-byte record. Those of the
// work-stealing kinds (Kind's first four, 128 bytes) are made with the first message counted,
// so a processor that never sends or receives one holds none (issue 23: bytes per idle
// actor); the other fifteen kinds' (480 bytes) are made when the processor first counts one of
// them, so one that only asks for work and is refused holds 136 bytes of counts, not 640. The
// commonest exchange (a work request out, no work back, or the other way round) touches the
// first records, and the simulator fetches them ahead (prefetch(); at P = 65536 the counts'
// lines missed at every message). They are not aligned to a line: an aligned allocation
// (memalign) cost a tenth of runtime-bench's event loop, more than a third line fetched.
class TrafficCounts {
 public:
  void sent(int kind, std::size_t bytes) {
    PerKind& k = of(kind);
    ++k.sent;
    k.sent_bytes += bytes;
  }
  void received(int kind, std::size_t bytes) {
    PerKind& k = of(kind);
    ++k.received;
    k.received_bytes += bytes;
  }
  void into(ProcessorStats& s) const {
    if (stealing_)
      for (std::size_t k = 0; k < kKindCount; ++k) {
        const PerKind* c = k < kStealingKinds ? &stealing_->kinds[k]
                           : stealing_->rest  ? &stealing_->rest->kinds[k - kStealingKinds]
                                              : nullptr;
        if (c == nullptr) continue;
        s.sent[k] = c->sent;
        s.sent_bytes[k] = c->sent_bytes;
        s.received[k] = c->received;
        s.received_bytes[k] = c->received_bytes;
      }
    s.busy_ns = busy_ns;
    s.forwarded = forwarded;
    s.forwarded_bytes = forwarded_bytes;
    s.delivered_hops = delivered_hops;
    s.dropped = dropped;
    s.slices = slices;
    s.remote_sent = remote_sent;
    s.remote_sent_bytes = remote_sent_bytes;
  }
  // The records of the work-stealing kinds (requests and work, no work and results; 136
  // bytes, three lines), or null before the first message is counted.
  [[nodiscard]] const void* records() const { return stealing_.get(); }

  Time busy_ns = 0;  // real mode; the simulator keeps sim mode's
  std::uint64_t forwarded = 0, forwarded_bytes = 0, delivered_hops = 0, dropped = 0, slices = 0;
  std::uint64_t remote_sent = 0, remote_sent_bytes = 0;

 private:
  static constexpr std::size_t kStealingKinds = 4;
  static_assert(int(Kind::kWorkRequest) == 0 && int(Kind::kWork) == 1 && int(Kind::kNoWork) == 2 &&
                    int(Kind::kResult) == 3,
                "the work-stealing kinds are Kind's first four (their records come first)");
  struct PerKind {
    std::uint64_t sent = 0, sent_bytes = 0, received = 0, received_bytes = 0;
  };
  struct Rest {
    std::array<PerKind, kKindCount - kStealingKinds> kinds;
  };
  struct Stealing {  // the pointer to the rest after the records
    std::array<PerKind, kStealingKinds> kinds;
    std::unique_ptr<Rest> rest;
  };
  PerKind& of(int kind) {
    if (!stealing_) stealing_ = std::make_unique<Stealing>();
    if (std::size_t(kind) < kStealingKinds) return stealing_->kinds[std::size_t(kind)];
    if (!stealing_->rest) stealing_->rest = std::make_unique<Rest>();
    return stealing_->rest->kinds[std::size_t(kind) - kStealingKinds];
  }
  std::unique_ptr<Stealing> stealing_;
};

class Processor final : public Runtime {
 public:
  Processor(caf::event_based_actor* self, Shared& sh, int id)
      : self_(self), sh_(sh), id_(id), costs_(sh.spec.costs), kill_after_(sh.kill_after[id]) {
    rng_ = sh.spec.seed * 0x9e3779b97f4a7c15ULL ^ (std::uint64_t(id) + 1) * 0xd6e8feb86659fd93ULL;
    splitmix(rng_);
    algo_ = sh.spec.make_algorithm(*this);
    if (sh.spec.mode == Mode::kSim) sh.sim_processors[id] = this;
  }

  caf::event_based_actor* self() { return self_; }
  const caf::actor& handle_of(int neighbour) const {
    const std::span<const int> ids = neighbours();
    return handles_[std::size_t(std::lower_bound(ids.begin(), ids.end(), neighbour) - ids.begin())];
  }

  // --- Runtime (what the algorithm may do) -------------------------------------------------
  [[nodiscard]] int id() const override { return id_; }
  [[nodiscard]] int processors() const override { return sh_.processors; }
  [[nodiscard]] std::span<const int> neighbours() const override {
    return sh_.spec.topology->neighbours(id_);
  }
  [[nodiscard]] int neighbour_of(int p, std::uint64_t r) const override {
    return sh_.spec.topology->neighbour(p, r);
  }
  [[nodiscard]] int diameter() const override { return sh_.spec.topology->diameter(); }
  [[nodiscard]] int distance(int from, int to) const override {
    return sh_.spec.topology->distance(from, to);
  }
  void send(int to, Message m) override {
    if (died_) return;
    if (to == id_ || to < 0 || to >= sh_.processors)
      throw std::logic_error("processor " + std::to_string(id_) + " sends to " +
                             std::to_string(to));
    sync_nodes();
    Route& r = route_of(m);
    r.from = id_;
    r.to = to;
    r.hops = 0;
    r.sent_at = now();
    const std::size_t bytes = wire_bytes(m);
    const int k = static_cast<int>(kind_of(m));
    traffic_.sent(k, bytes);
    charge(costs_.send_ns + costs_.bytes_cpu_ns(bytes));
    // No faults there, so no detours: the route's steps are the static route's.
    topo::RouteSteps steps;
    if (sh_.env->wants_route_steps()) {
      steps = sh_.spec.topology->route_steps(id_, to);
      if (steps.hops > 0) last_to_ = to, last_hops_ = static_cast<std::int16_t>(steps.hops);
    }
    const int hop =
        steps.hops > 0 ? sh_.spec.topology->take_step(id_, steps.step(steps.hops--)) : next_hop(to);
    if (hop < 0) {
      ++traffic_.dropped;
      return;
    }
    std::visit([&](auto& x) { transmit(hop, std::move(x), bytes, steps); }, m);
  }
  void wake(Time delay) override {
    if (delay == 0) {
      if (pending_ == Pending::kNow || want_ == Pending::kNow) return;
      want_ = Pending::kNow;
      want_delay_ = 0;
    } else {
      if (pending_ != Pending::kNone || want_ != Pending::kNone) return;
      want_ = Pending::kLater;
      want_delay_ = delay;
    }
  }
  std::uint64_t random() override { return splitmix(rng_); }
  [[nodiscard]] Time forwarding_ns(int to, std::size_t bytes,
                                   std::size_t answer_bytes) const override {
    if (sh_.spec.mode != Mode::kSim || !costs_.forward_cpu) return 0;
    const int hops = to == last_to_ ? last_hops_ : sh_.spec.topology->distance(id_, to);
    if (hops <= 1) return 0;
    const Time answer = answer_bytes ? costs_.forward_ns(answer_bytes) : 0;
    return Time(hops - 1) * (costs_.forward_ns(bytes) + answer);
  }
  [[nodiscard]] bool route_broken(int from, int to) const override {
    if (!known_dead_) return false;
    if (!alive(from)) return true;
    thread_local std::vector<int> path;
    sh_.spec.topology->route(from, to, path);
    return std::any_of(path.begin(), path.end(), [&](int x) { return !alive(x); });
  }
  [[nodiscard]] bool alive(int p) const override {
    return !known_dead_ ||
           !std::binary_search(known_dead_->processors.begin(), known_dead_->processors.end(), p);
  }
  [[nodiscard]] bool mail_waiting() const override {
    return sh_.spec.mode == Mode::kReal && !self_->mailbox().empty();
  }
  void root_done(const RootResult& r) override {
    sync_nodes();
    if (sh_.spec.live) iteration_done(r);
    sh_.result = r;
    sh_.makespan = now();
    sh_.env->root_done(*this);
  }
  void iteration_done(const RootResult& r) override {
    LiveControl* live = sh_.spec.live;
    if (!live) return;
    sync_nodes();
    {
      std::lock_guard lock(sh_.iteration_mutex);
      sh_.last_iteration = r;
    }
    if (live->on_iteration) live->on_iteration(r);
  }
  [[nodiscard]] bool wants_progress() const override { return sh_.spec.live != nullptr; }
  void iteration_progress(const RootResult& r) override {
    std::lock_guard lock(sh_.iteration_mutex);
    sh_.iteration_progress = r;
  }
  void root_move(std::uint32_t move, int number) override {
    if (LiveControl* live = sh_.spec.live; live && live->on_root_move)
      live->on_root_move(move, number);
  }

  // --- Handlers ----------------------------------------------------------------------------
  void init(Init& m) {
    const std::span<const int> ids = neighbours();
    // Taken over, not copied: the message is this actor's alone (dispatch copies one that
    // someone else holds), and its list was reserved to the neighbours' count (a copy was one
    // more allocation each idle actor kept, issue 23).
    handles_ = std::move(m.neighbours);
    if (handles_.size() != ids.size())
      throw std::logic_error("init: " + std::to_string(handles_.size()) + " handles for " +
                             std::to_string(ids.size()) + " neighbours");
    if (sh_.spec.mode == Mode::kReal)
      for (std::size_t i = 0; i < ids.size(); ++i) {
        const caf::actor& h = handles_[i];
        const bool elsewhere = h.node() != self_->node();
        // Watched only if it can end before the run: a fault kills it, or its process is lost.
        // Any other end is the run's, which on_down ignores; a monitor costs an idle actor
        // about 35 B (issue 23).
        if (elsewhere || sh_.kill_after[std::size_t(ids[i])] != kNever) self_->monitor(h);
        if (!elsewhere) continue;
        if (remote_.empty()) remote_.assign(sh_.processors, 0);
        remote_[ids[i]] = 1;
      }
  }
  // Whether neighbour `p` lives in another process (a run with nodes).
  [[nodiscard]] bool remote(int p) const { return !remote_.empty() && remote_[p]; }
  void count_remote(std::size_t bytes) {
    ++traffic_.remote_sent;
    traffic_.remote_sent_bytes += bytes;
  }
  // Every processor is initialised: the run begins (idle processors ask for work).
  void begin() {
    begin_step(false);
    algo_->begin();
    end_step();
  }
  void start() {
    begin_step(false);
    algo_->start();
    end_step();
  }
  // `wake`: the number the wake was sent with. Only the latest wake counts: an immediate
  // wake asked for while a delayed one (a work-stealing backoff) was on its way supersedes
  // it, and the delayed one must then do nothing. Were it to run a step, two wakes would
  // circulate from then on, each step sending one again, and in real mode every slice would
  // end after a few dozen nodes because the other wake is waiting in the mailbox.
  void resume(std::uint32_t wake) {
    if (halted_ || wake != wakes_sent_) return;
    begin_step(false);
    pending_ = Pending::kNone;
    ++traffic_.slices;
    algo_->step();
    end_step();
  }
  template <class T>
  void on(T& m) {
    if (halted_) return;
    const bool forward = m.route.to != id_;
    begin_step(forward);
    const std::size_t bytes = wire_bytes(m);
    if (forward) {
      ++traffic_.forwarded;
      traffic_.forwarded_bytes += bytes;
      if (!free_step_) charge(costs_.forward_ns(bytes));
      const int hop = next_hop(m.route.to);
      if (hop < 0) ++traffic_.dropped;
      else transmit(hop, std::move(m), bytes);
      end_step();
      return;
    }
    charge(costs_.receive_ns + costs_.bytes_cpu_ns(bytes));
    const int k = static_cast<int>(kind_of<T>());
    traffic_.received(k, bytes);
    traffic_.delivered_hops += m.route.hops;
    if (sh_.trace) {
      TraceRecord r;
      r.type = TraceRecord::Type::kMessage;
      r.kind = kind_of<T>();
      r.hops = m.route.hops;
      r.from = m.route.from;
      r.to = id_;
      r.bytes = static_cast<std::uint32_t>(bytes);
      r.job = [&] {
        if constexpr (requires { m.job; }) return m.job;
        else return JobId{0};
      }();
      r.t0 = m.route.sent_at;
      r.t1 = step_start_;
      sh_.trace->record(id_, r);
    }
    if constexpr (std::is_same_v<T, ProcessorDown>) {
      learn_down(m.dead);
    } else {
      Message msg{std::move(m)};
      algo_->receive(msg);
    }
    end_step();
  }
  // The processor's own lines (264 bytes: five lines, six where it straddles one more): a
  // handler reads members on all of them (its algorithm and the traffic records' pointers are
  // on the first and third), and with the first line alone fetched ahead the loop stalled on
  // the others.
  void prefetch_self() const {
    const char* first = reinterpret_cast<const char*>(this);
    for (std::size_t at = 0; at < sizeof(Processor); at += 64) prefetch(first + at);
    prefetch(first + sizeof(Processor) - 1);
  }
  // What a handler touches beyond the processor's own lines, for the simulator to fetch ahead:
  // the algorithm's object whole (YBWC's is 288 bytes: a no-work answer reads its counts, its
  // tasks and its stealing state, on three of its lines; the first line alone left the
  // others to miss, runtime-bench's loop 2.5 -> 2.75 M messages/s at P = 65536) and the
  // traffic records of the work-stealing kinds (null until the first message is counted).
  static constexpr int kAlgorithmLines = 5;
  [[nodiscard]] const void* algorithm_lines() const { return algo_.get(); }
  [[nodiscard]] const void* traffic_lines() const { return traffic_.records(); }
  // A neighbour died (sim: the simulator's signal; real: a monitor's down_msg).
  void neighbour_down(int p) {
    if (halted_) return;
    begin_step(false);
    charge(costs_.receive_ns);
    learn_down(p);
    end_step();
  }
  void on_down(const caf::down_msg& d) {
    // A fault, or the connection to a neighbour's process lost (a node died); anything else
    // is a normal end of the run.
    if (d.reason != caf::exit_reason::kill && d.reason != caf::exit_reason::remote_link_unreachable)
      return;
    const std::span<const int> ids = neighbours();
    for (std::size_t i = 0; i < ids.size(); ++i)
      if (handles_[i].address() == d.source) neighbour_down(ids[i]);
  }
  // What this processor waits for (the no-progress report): its algorithm's words.
  [[nodiscard]] std::string describe() const {
    if (died_) return "dead";
    return algo_->describe_wait();
  }
  // The run is over: answer nothing, ask nothing; the statistics go to the driver by message
  // (the same for a processor in the driver's process and one on a node).
  ProcessorStats report() {
    if (died_) return sh_.stats[id_];  // as they were when it died (die wrote them there)
    halted_ = true;
    ProcessorStats s = stats();
    if (sh_.spec.mode == Mode::kSim) sh_.stats[id_] = s;
    if (sh_.trace && span_ && span_->open) {
      sh_.trace->record(id_, span_->record);
      span_->open = false;
    }
    return s;
  }

 private:
  enum class Pending : std::uint8_t { kNone, kNow, kLater };

  Time now() { return sh_.env->now(id_); }
  void charge(Time ns) {
    if (!free_step_ && ns > 0) sh_.env->charge(id_, ns);
  }
  void sync_nodes() {
    const SearchStats& s = algo_->search_stats();
    SearchStats delta;
    delta.interior_nodes = s.interior_nodes - charged_.interior;
    delta.leaf_nodes = s.leaf_nodes - charged_.leaf;
    delta.quiescence_nodes = s.quiescence_nodes - charged_.quiescence;
    charged_ = {s.interior_nodes, s.leaf_nodes, s.quiescence_nodes};
    charge(costs_.nodes_ns(delta));
    if (delta.nodes()) sh_.nodes.fetch_add(delta.nodes(), std::memory_order_relaxed);
    if (LiveControl* live = sh_.spec.live; live && delta.nodes()) {
      live->nodes.fetch_add(delta.nodes(), std::memory_order_relaxed);
      for (int seen = live->max_ply.load(std::memory_order_relaxed); s.max_ply > seen;)
        if (live->max_ply.compare_exchange_weak(seen, s.max_ply, std::memory_order_relaxed)) break;
    }
  }

  void begin_step(bool forward) {
    free_step_ = forward && sh_.env->free_forwarding();
    step_start_ = now();
  }
  void end_step() {
    sync_nodes();
    if (!died_ && charged_.nodes() >= kill_after_) die();
    const Time end = now();
    if (sh_.spec.mode == Mode::kReal) traffic_.busy_ns += end - step_start_;
    if (sh_.trace && end > step_start_) trace_span(step_start_, end);
    if (want_ != Pending::kNone && !died_) {
      pending_ = want_;
      want_ = Pending::kNone;
      sh_.env->wake(*this, want_delay_, ++wakes_sent_);
    }
  }
  void trace_span(Time start, Time end) {
    if (!span_) span_ = std::make_unique<OpenSpan>();
    TraceRecord& r = span_->record;
    if (span_->open && start <= r.t1) {  // contiguous: extend
      r.t1 = std::max(r.t1, end);
      return;
    }
    if (span_->open) sh_.trace->record(id_, r);
    r = TraceRecord{};
    r.type = TraceRecord::Type::kSpan;
    r.from = id_;
    r.t0 = start;
    r.t1 = end;
    span_->open = true;
  }

  // Route::hops is 16 bits on the wire: a route longer than that (a ring or torus of more
  // than 65536 processors) counts as 32767 hops.
  static void add_hops(Route& r, std::size_t n) {
    r.hops = static_cast<std::int16_t>(std::min<std::size_t>(r.hops + n, 32767));
  }
  // steps: the route on from `hop`, when send() has it.
  template <class T>
  void transmit(int hop, T&& m, std::size_t bytes, topo::RouteSteps steps = {}) {
    add_hops(m.route, 1);
    const int final_to = m.route.to;
    int links = 1;
    if (hop != final_to && sh_.env->forwards_itself()) {  // the forwarders' hops, counted now
      const topo::Topology& t = *sh_.spec.topology;
      add_hops(m.route,
               static_cast<std::size_t>(steps.hops > 0 ? steps.hops : t.distance(hop, final_to)));
    }
    if (hop != final_to && sh_.env->collapse_routes()) {  // the forwarders' part, at once
      const topo::Topology& t = *sh_.spec.topology;
      sh_.env->passed_on(hop, bytes);
      std::size_t after_hop = 0;  // processors from hop's successor to final_to
      if (steps.hops > 0) {       // De Bruijn: the steps send() looked up, no look-up a hop
        for (int x = hop; steps.hops > 0; ++after_hop) {
          x = t.take_step(x, steps.step(steps.hops--));
          if (x != final_to) sh_.env->passed_on(x, bytes);
        }
      } else {
        thread_local std::vector<int> path;
        t.route(hop, final_to, path);
        for (std::size_t i = 0; i + 1 < path.size(); ++i) sh_.env->passed_on(path[i], bytes);
        after_hop = path.size();
      }
      add_hops(m.route, after_hop);
      links += static_cast<int>(after_hop);
      hop = final_to;
    }
    using M = std::decay_t<T>;
    constexpr bool service = std::is_same_v<M, TableProbe> || std::is_same_v<M, TableStore>;
    sh_.env->transmit(*this, hop, final_to, caf::make_message(std::forward<T>(m)), bytes, service,
                      links, steps);
  }

  // Next neighbour towards `to`: the topology's table while the table's route from here on
  // crosses no processor known dead, else a shortest detour around the known dead.
  // Why only then: a message then leaves the table's route from `from` only at a processor
  // that knows of a dead one on that route, so a message lost anywhere has a dead processor
  // on the table's route, and the endpoints notice it with route_broken() (ybwc.hpp relies on
  // this). Detouring as soon as anybody died sent messages through processors whose death
  // nobody connected with them: the lost job was never searched again (the real-mode hang).
  // Deciding from the whole rest of the route, not just the next hop, keeps routes loop-free
  // once every processor knows the same dead.
  int next_hop(int to) {
    const topo::Topology& t = *sh_.spec.topology;
    if (!known_dead_) return t.next_hop(id_, to);
    if (!alive(to)) return -1;
    auto& detour = known_dead_->detour;
    if (const auto it = detour.find(to); it != detour.end()) return it->second;
    if (!route_broken(id_, to)) return detour[to] = t.next_hop(id_, to);
    std::vector<int> dist(sh_.processors, -1);
    std::deque<int> queue{to};
    dist[to] = 0;
    while (!queue.empty()) {
      const int x = queue.front();
      queue.pop_front();
      for (const int y : t.neighbours(x)) {
        if (dist[y] >= 0 || !alive(y)) continue;
        dist[y] = dist[x] + 1;
        queue.push_back(y);
      }
    }
    int best = -1;
    for (const int n : neighbours())
      if (alive(n) && dist[n] >= 0 && (best < 0 || dist[n] < dist[best])) best = n;
    detour[to] = best;
    return best;
  }

  void learn_down(int p) {
    if (!alive(p)) return;
    if (!known_dead_) known_dead_ = std::make_unique<KnownDead>();
    std::vector<int>& dead = known_dead_->processors;
    dead.insert(std::upper_bound(dead.begin(), dead.end(), p), p);
    known_dead_->detour.clear();
    for (const int n : neighbours()) {  // flood the notice: neighbours pass it on
      if (!alive(n)) continue;
      ProcessorDown m;
      m.dead = p;
      send(n, std::move(m));
    }
    algo_->processor_down(p);
  }

  void die() {
    died_ = true;
    sh_.stats[id_] = stats();
    sh_.stats[id_].died = true;
    mailbox_release(sh_.driver);  // the driver reads this slot after the actor is gone
    sh_.env->died(*this);
  }
  // The statistics as of now: what it counted, and what its algorithm reports. Written to the
  // run's slot by the processor only in sim mode and when it dies (the driver reads the slot
  // after it is gone); a real-mode report goes to the driver by message, which writes the
  // slot itself: writing it here as well raced with that write.
  [[nodiscard]] ProcessorStats stats() const {
    ProcessorStats s;
    traffic_.into(s);
    s.search = algo_->search_stats();
    s.algorithm = algo_->algorithm_stats();
    s.memory_bytes = algo_->memory_bytes();
    return s;
  }

  caf::event_based_actor* self_;
  Shared& sh_;
  int id_;
  // The last destination whose route send() looked up, and its hops: YBWC's pacing asks for
  // that distance again when the answer comes back (forwarding_ns), and on De Bruijn
  // computing it again was a twentieth of a run at P = 65536.
  int last_to_ = -1;
  const CostModel& costs_;
  std::uint64_t kill_after_;
  std::unique_ptr<ProcessorAlgorithm> algo_;
  std::vector<caf::actor> handles_;   // of neighbours(), in its (ascending) order
  std::vector<std::uint8_t> remote_;  // by processor id: in another process (empty: none)
  TrafficCounts traffic_;
  struct NodeCounts {
    std::uint64_t interior = 0, leaf = 0, quiescence = 0;
    [[nodiscard]] std::uint64_t nodes() const { return interior + leaf + quiescence; }
  };
  NodeCounts charged_;  // node counts already charged to the clock
  std::uint64_t rng_ = 0;
  Pending pending_ = Pending::kNone;  // a wake on its way
  Pending want_ = Pending::kNone;     // a wake asked for in this step
  Time want_delay_ = 0;
  std::uint32_t wakes_sent_ = 0;  // the latest wake carries this number
  Time step_start_ = 0;
  bool free_step_ = false;
  bool died_ = false;
  bool halted_ = false;
  std::int16_t last_hops_ = 0;  // see last_to_
  // What only some runs need is made when first needed: an idle processor of a run without
  // faults or trace holds two pointers (issue 23: bytes per idle actor).
  struct KnownDead {
    std::vector<int> processors;          // ascending (few)
    std::unordered_map<int, int> detour;  // destination -> next hop around the dead
  };
  std::unique_ptr<KnownDead> known_dead_;  // null: none known dead
  struct OpenSpan {                        // the trace's span of steps under way
    TraceRecord record;
    bool open = false;
  };
  std::unique_ptr<OpenSpan> span_;
};

struct Holder {
  std::optional<Processor> processor;  // inside the actor's own allocation
};

// Brackets every handler for ThreadSanitizer: an actor's consecutive handlers may run on
// different scheduler threads, and messages arrive from any thread (see mailbox_release).
struct InHandler {
  explicit InHandler(caf::event_based_actor* self) : self(self) { mailbox_acquire(self); }
  // Must be the first thing a handler does: it reads the handler's captures.
  ~InHandler() { mailbox_release(self); }
  caf::event_based_actor* self;
};

// --- Dispatch ---------------------------------------------------------------------------------
// Why not a behaviour with one case per message type, as CAF actors usually have: a behaviour
// is an object of each actor's (its cases capture the processor), 28 cases made it 1.3 KB per
// actor, and CAF tries the cases one after the other, so at thousands of actors a message
// touched several cache lines of its receiver's own behaviour before any of our code ran.
// Instead every message reaches the actor's default handler (a std::function of two
// pointers, which lives inside the actor), and the handler is found by the message's type in
// one table shared by every actor. The behaviour is one case that matches nothing, shared by
// every actor: CAF ends an actor that has no behaviour.
using Reply = caf::result<caf::message>;
// An empty message: CAF sends nothing back for an asynchronous message.
inline Reply no_reply() {
  return caf::message{};
}
using Handler = Reply (*)(Processor&, caf::event_based_actor*, caf::type_erased_tuple&);
struct HandlerEntry {
  const std::type_info* type;
  Handler handle;
};

template <class T>
HandlerEntry protocol_entry() {  // a message of the protocol (Message's alternatives)
  return {&typeid(T), [](Processor& p, caf::event_based_actor*, caf::type_erased_tuple& xs) {
            p.on(xs.get_mutable_as<T>(0));
            return no_reply();
          }};
}
template <std::size_t... I>
std::vector<HandlerEntry> protocol_entries(std::index_sequence<I...>) {
  return {protocol_entry<std::variant_alternative_t<I, Message>>()...};
}

// Every one-element message of a type of our own: the protocol in its order (work requests
// and answers first), then the control messages.
inline const std::vector<HandlerEntry>& handler_table() {
  static const std::vector<HandlerEntry> table = [] {
    std::vector<HandlerEntry> t = protocol_entries(std::make_index_sequence<kKindCount>{});
    t.push_back({&typeid(NeighbourDown),
                 [](Processor& p, caf::event_based_actor*, caf::type_erased_tuple& xs) {
                   p.neighbour_down(xs.get_as<NeighbourDown>(0).processor);
                   return no_reply();
                 }});
    t.push_back(
        {&typeid(Init), [](Processor& p, caf::event_based_actor* self, caf::type_erased_tuple& xs) {
           p.init(xs.get_mutable_as<Init>(0));
           mailbox_release(self->current_sender());
           return Reply{caf::make_message(ready_atom::value)};
         }});
    return t;
  }();
  return table;
}

// A wake (resume_atom, its number); nullopt for any other message.
inline std::optional<std::uint32_t> wake_of(const caf::type_erased_tuple& xs) {
  if (xs.size() == 2 && xs.type_nr(0) == caf::type_nr<caf::atom_value>::value &&
      xs.get_as<caf::atom_value>(0) == resume_atom::value &&
      xs.type_nr(1) == caf::type_nr<std::uint32_t>::value)
    return xs.get_as<std::uint32_t>(1);
  return std::nullopt;
}

// The table's entry for a one-element message of a type of our own; nullptr for the rest.
inline const HandlerEntry* handler_of(const caf::type_erased_tuple& xs) {
  if (xs.size() != 1) return nullptr;
  const caf::rtti_pair type = xs.type(0);
  if (type.first != 0) return nullptr;
  const auto& table = handler_table();
  // The same type_info object in this program; by name only if it came from elsewhere.
  for (const HandlerEntry& e : table)
    if (e.type == type.second) return &e;
  for (const HandlerEntry& e : table)
    if (*e.type == *type.second) return &e;
  return nullptr;
}

// Sim mode: the simulator is the one thread that runs every actor, and its event queue is
// every actor's mailbox. It hands a protocol message, a neighbour's death, a wake, begin or
// start to the processor's handler itself (the same handler CAF's default handler finds), and
// only what is left (Init, the report, the end) goes through CAF's mailbox and resume. Why: a
// message put into a CAF mailbox and resumed for one message took CAF's mailbox element, its
// queue of message categories, its tick emitter, the default handler and the result visitor;
// at P = 16384 that machinery was most of the loop's time (docs/results/BENCHMARKS.md, runtime
// cost). Returns false, untouched, for a message it leaves to CAF.
inline bool handle_in_sim(Processor& p, caf::message& msg) {
  if (msg.empty() || msg.cvals()->shared()) return false;  // a shared one: CAF copies it
  caf::type_erased_tuple& xs = msg.content();
  if (const auto wake = wake_of(xs)) {
    p.resume(*wake);
    return true;
  }
  // Every processor's first event (and the root's start) answers no one either: through
  // CAF's mailbox and scheduler it cost a sixth of the runtime bench's event loop.
  if (xs.size() == 1 && xs.type_nr(0) == caf::type_nr<caf::atom_value>::value) {
    const caf::atom_value atom = xs.get_as<caf::atom_value>(0);
    if (atom == begin_atom::value) p.begin();
    else if (atom == start_atom::value) p.start();
    else return false;  // report and the rest: CAF's (they answer, or end the actor)
    return true;
  }
  const HandlerEntry* e = handler_of(xs);
  if (e == nullptr || e->type == &typeid(Init)) return false;  // Init answers its sender: CAF's
  e->handle(p, nullptr, xs);
  return true;
}

// processor_actor.cpp: the actor; processor p's neighbours' handles, in the order of
// topology().neighbours(p).
caf::behavior processor_actor(caf::stateful_actor<Holder>* self, Shared* sh, int id);
std::vector<caf::actor> neighbour_handles(const topo::Topology& t, int p,
                                          const std::vector<caf::actor>& all);

// The two modes: each runs the processors of `sh` to the root's answer (or its stop).
void run_real(Shared& sh, RunOutcome& out);  // real_mode.cpp
void run_sim(Shared& sh, RunOutcome& out);   // sim_mode.cpp

}  // namespace alphactor::actors::detail
