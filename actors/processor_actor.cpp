// The processor actor and the two execution modes (see actors/run.hpp for the contract).
//
// One CAF actor per virtual processor. It owns its algorithm (and through it the game, search
// stack and tables) and handles to its topology neighbours only. A protocol message whose
// destination is another processor is forwarded to next_hop(here, destination); the hop is
// counted. What the actor does costs time through an Environment:
//  - RealEnv: wall clock; sends are CAF sends to neighbour handles; busy time is measured
//    around each handler; "continue" is a message to itself;
//  - SimEnv: the discrete-event simulator of docs/SIMULATION.md. Actors never send through
//    CAF: a send becomes an event (arrival time, seq, neighbour, message) in one queue; the
//    simulator pops events in (time, seq) order, puts each message into its actor's mailbox
//    and resumes exactly that actor for one message (on the simulator's own CAF execution
//    unit; the actor system runs CAF's testing coordinator), with the actor's
//    clock at max(its clock, event time). Costs advance the clock of the step's processor.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <caf/all.hpp>
#include <caf/scheduler/test_coordinator.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <functional>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "actors/event_queue.hpp"
#include "actors/processor_host.hpp"
#include "actors/run.hpp"
#include "actors/stats_inspect.hpp"
#include "actors/trace.hpp"
#include "actors/tunables.hpp"
#include "search/context.hpp"
#include "search/input_error.hpp"
#include "search/prefetch.hpp"

// ThreadSanitizer cannot see the happens-before edges of CAF's mailboxes: Debian's libcaf_core
// is not instrumented. Every send therefore releases the receiver's control block and every
// handler acquires its own, which is exactly the ordering a mailbox guarantees.
// What it cannot annotate are CAF's own accesses around a message (matching its type before
// the handler runs, destroying it after, spawning): those are suppressed by name below, and
// only those.
#if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
extern "C" const char* __tsan_default_suppressions() {
  // CAF's own message objects (made by the sender, typed and freed by CAF in the receiver),
  // spawning, handle reference counts, actor clean-up and the scoped driver's internals.
  // None of these names occurs in the stack of an alphactor handler.
  return "called_from_lib:libcaf_core.so.0.17.6\n"
         "race:make_mailbox_element\n"
         "race:caf::make_message\n"
         "race:caf::make_counted\n"
         "race:caf::detail::tuple_vals\n"
         "race:tuple_vals<\n"
         "race:init_fun_factory\n"
         "race:apply_moved_args_prefixed\n"
         "race:caf::intrusive_ptr<caf::actor_control_block>\n"
         "race:caf::intrusive_ptr_add_ref\n"
         "race:caf::intrusive_ptr_release\n"
         "race:caf::local_actor::context\n"
         "race:caf::actor_system::~actor_system\n"
         "race:caf::monitorable_actor::cleanup\n"
         "race:block_dtor\n"
         "race:caf::detail::default_invoke_result_visitor\n"
         "race:caf::blocking_actor::receive_impl\n"
         "race:::pseudo_tuple<caf::type_erased_tuple>\n"
         // A delayed message (a back-off's wake) waits in CAF's clock thread, which delivers
         // or destroys it: CAF's code only, it never runs a handler.
         "race:caf::detail::simple_actor_clock\n";
}
// The suppressions above match a report by either access's stack. A message sent with a delay
// (a work-stealing back-off's wake) reaches its actor through CAF's clock thread, so the
// sender's write of it is often older than TSan's default history can restore ("failed to
// restore the stack"), and make_mailbox_element could not match: the longest history lets it.
extern "C" const char* __tsan_default_options() {
  return "history_size=7";
}
#define ALPHACTOR_TSAN 1
#endif

namespace alphactor::actors {

struct RealSystem::Impl {
  Impl(int threads, bool network) : sys{configured(cfg, threads, network)} {}
  static caf::actor_system_config& configured(caf::actor_system_config& c, int threads,
                                              bool network) {
    if (threads < 1) throw InputError("threads must be at least 1");
    configure_real_scheduler(c, threads);
    if (network) configure_network(c);
    return c;
  }
  caf::actor_system_config cfg;  // CAF keeps a reference: it must outlive `sys`
  caf::actor_system sys;
};

namespace {

// Released once each actor's behaviour (the handlers and what they capture) exists; every
// handler acquires it before it reads its captures.
#ifdef ALPHACTOR_TSAN
char behaviour_key = 0;
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

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class Processor;

std::string seconds_text(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", s);
  return text;
}

// The processors a no-progress report names: the root (it has not answered, so it waits) and
// every live processor whose algorithm says it waits for something.
std::vector<WaitingProcessor> waiting_processors(
    int processors, const std::function<std::optional<std::string>(int)>& describe) {
  std::vector<WaitingProcessor> out;
  for (int p = 0; p < processors; ++p) {
    const std::optional<std::string> d = describe(p);
    if (!d || *d == "dead") continue;
    if (p == 0 || !d->empty()) out.push_back({p, *d});
  }
  return out;
}

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
Reply no_reply() {
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
const std::vector<HandlerEntry>& handler_table() {
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
std::optional<std::uint32_t> wake_of(const caf::type_erased_tuple& xs) {
  if (xs.size() == 2 && xs.type_nr(0) == caf::type_nr<caf::atom_value>::value &&
      xs.get_as<caf::atom_value>(0) == resume_atom::value &&
      xs.type_nr(1) == caf::type_nr<std::uint32_t>::value)
    return xs.get_as<std::uint32_t>(1);
  return std::nullopt;
}

// The table's entry for a one-element message of a type of our own; nullptr for the rest.
const HandlerEntry* handler_of(const caf::type_erased_tuple& xs) {
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

Reply dispatch_atom(Processor& p, caf::event_based_actor* self, caf::message_view& view,
                    caf::type_erased_tuple& xs) {
  if (const auto wake = wake_of(xs)) {
    p.resume(*wake);
    return no_reply();
  }
  const caf::atom_value atom = xs.get_as<caf::atom_value>(0);
  if (xs.size() != 1) return caf::print_and_drop(self, view);
  if (atom == begin_atom::value) {
    p.begin();
    return no_reply();
  }
  if (atom == start_atom::value) {
    p.start();
    return no_reply();
  }
  if (atom == report_atom::value) {
    ProcessorStats s = p.report();
    mailbox_release(self->current_sender());
    return Reply{caf::make_message(reported_atom::value, std::int32_t(p.id()), std::move(s))};
  }
  if (atom == describe_atom::value) {
    std::string d = p.describe();
    mailbox_release(self->current_sender());
    return Reply{caf::make_message(std::move(d))};
  }
  if (atom == stop_atom::value) {
    self->quit();
    return no_reply();
  }
  return caf::print_and_drop(self, view);  // what CAF does with a message no one handles
}

Reply dispatch(Processor& p, caf::event_based_actor* self, caf::message_view& view) {
  // Handlers may take the message apart (move its vectors on), so one that someone else
  // still holds is handled as a copy, as CAF does for a case that takes its argument by
  // non-const reference. Our sends never share one; a message from elsewhere might.
  caf::message copy;
  if (view.content().shared()) copy = view.copy_content_to_message();
  caf::type_erased_tuple& xs = copy.empty() ? view.content() : copy.content();
  if (xs.empty()) return caf::print_and_drop(self, view);
  if (xs.type_nr(0) == caf::type_nr<caf::atom_value>::value)
    return dispatch_atom(p, self, view, xs);
  if (const HandlerEntry* e = handler_of(xs)) return e->handle(p, self, xs);
  return caf::print_and_drop(self, view);
}

// Sim mode: the simulator is the one thread that runs every actor, and its event queue is
// every actor's mailbox. It hands a protocol message, a neighbour's death, a wake, begin or
// start to the processor's handler itself (the same handler CAF's default handler finds), and
// only what is left (Init, the report, the end) goes through CAF's mailbox and resume. Why: a
// message put into a CAF mailbox and resumed for one message took CAF's mailbox element, its
// queue of message categories, its tick emitter, the default handler and the result visitor;
// at P = 16384 that machinery was most of the loop's time (docs/results/BENCHMARKS.md, runtime
// cost). Returns false, untouched, for a message it leaves to CAF.
bool handle_in_sim(Processor& p, caf::message& msg) {
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

caf::behavior processor_actor(caf::stateful_actor<Holder>* self, Shared* sh, int id) {
  InHandler guard(self);
  Processor* p = &self->state.processor.emplace(self, *sh, id);
  self->set_down_handler([p, self](caf::down_msg& d) {
    behaviour_used();
    InHandler g(self);
    p->on_down(d);
  });
  self->set_default_handler([p, self](caf::scheduled_actor*, caf::message_view& view) {
    behaviour_used();
    InHandler g(self);  // before the message is read
    return dispatch(*p, self, view);
  });
  behaviour_created();
  using never_atom = caf::atom_constant<caf::atom("never")>;
  static const caf::behavior matches_nothing{[](never_atom) {}};
  return matches_nothing;
}

// --- Real mode ---------------------------------------------------------------------------------
class RealEnv final : public Environment {
 public:
  explicit RealEnv(Shared& sh) : sh_(sh) {}
  Time now(int) override {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() -
                                                                sh_.t0)
        .count();
  }
  void charge(int, Time) override {}
  void transmit(Processor& from, int hop, int, caf::message msg, std::size_t bytes, bool, int,
                const topo::RouteSteps&) override {
    const caf::actor& to = from.handle_of(hop);
    if (from.remote(hop)) from.count_remote(bytes);
    mailbox_release(to);
    from.self()->send(to, std::move(msg));
  }
  void wake(Processor& p, Time delay, std::uint32_t wake) override {
    // The payload is written before the release, as transmit's is, so the receiving handler's
    // acquire orders it for ThreadSanitizer.
    caf::message msg = caf::make_message(resume_atom::value, wake);
    mailbox_release(p.self());
    if (delay <= 0) p.self()->send(p.self(), std::move(msg));
    else p.self()->delayed_send(p.self(), std::chrono::nanoseconds(delay), std::move(msg));
  }
  void root_done(Processor& p) override {
    mailbox_release(sh_.driver);
    p.self()->send(sh_.driver, done_atom::value);
  }
  void died(Processor& p) override { p.self()->quit(caf::exit_reason::kill); }
  [[nodiscard]] bool free_forwarding() const override { return false; }

 private:
  Shared& sh_;
};

std::vector<caf::actor> neighbour_handles(const topo::Topology& t, int p,
                                          const std::vector<caf::actor>& all) {
  std::vector<caf::actor> out;
  out.reserve(t.neighbours(p).size());
  for (const int n : t.neighbours(p)) out.push_back(all[n]);
  return out;
}

// What processor `a` says it waits for; nullopt when it is gone (died). A processor that does
// not answer in time (stuck inside a handler) is described as such.
std::optional<std::string> describe_real(caf::scoped_actor& driver, const caf::actor& a) {
  std::optional<std::string> out;
  mailbox_release(a);
  driver->request(a, std::chrono::milliseconds(tunables::kStallDescribeMs), describe_atom::value)
      .receive(
          [&](std::string& d) {
            mailbox_acquire(caf::actor(driver));
            out = std::move(d);
          },
          [&](caf::error& e) {
            if (e != caf::sec::request_timeout) return;
            out = "no answer within " + std::to_string(tunables::kStallDescribeMs) +
                  " ms (busy in a handler)";
          });
  return out;
}

// Real mode with or without nodes: the blocks of actors/cluster.hpp's placement that are not
// local are spawned by their nodes (launch_remote) and addressed through CAF remote handles;
// everything else is the same run.
void run_real(Shared& sh, RunOutcome& out) {
  const RunSpec& spec = sh.spec;
  const bool nodes = spec.cluster && !spec.cluster->nodes.empty();
  // The caller's scheduler, or one of the run's own, joined when the run returns.
  std::optional<RealSystem> own;
  if (!spec.system) own.emplace(spec.threads, nodes);
  caf::actor_system& sys = (spec.system ? *spec.system : *own).impl().sys;
  RealEnv env(sh);
  sh.env = &env;
  const std::vector<Block> blocks = nodes ? placement(sh.processors, spec.cluster->nodes.size())
                                          : std::vector<Block>{Block{-1, 0, sh.processors}};
  std::vector<caf::actor> actors;
  bool finished = false;
  std::optional<std::vector<WaitingProcessor>> stall_waiting;  // set: no progress
  {
    caf::scoped_actor driver{sys};
    sh.driver = driver;
    actors = nodes ? launch_remote(sys, driver, spec, blocks)
                   : std::vector<caf::actor>(std::size_t(sh.processors));
    std::vector<char> local(std::size_t(sh.processors), 0);
    for (const Block& b : blocks)
      for (int p = b.first; p < b.last && b.where < 0; ++p) {
        local[std::size_t(p)] = 1;
        actors[std::size_t(p)] = sys.spawn<caf::lazy_init>(processor_actor, &sh, p);
      }
    const auto stop_all = [&] {
      for (auto& a : actors) driver->send(a, stop_atom::value);
      sh.driver = nullptr;
    };
    // Nobody may send before everybody knows its neighbours: Init all, then begin.
    for (int p = 0; p < sh.processors; ++p) {
      Init init{neighbour_handles(*spec.topology, p, actors)};
      mailbox_release(actors[p]);
      driver->send(actors[p], std::move(init));
    }
    int ready = 0;
    bool silent = false;  // a node's processors did not answer (its process died meanwhile)
    while (ready < sh.processors && !silent)
      driver->receive(
          [&](ready_atom) { ++ready; },
          caf::after(std::chrono::milliseconds(tunables::kNodeAnswerMs)) >> [&] { silent = true; });
    if (silent) {
      stop_all();
      throw InputError("nodes: " + std::to_string(sh.processors - ready) +
                       " processors did not answer Init within " +
                       std::to_string(tunables::kNodeAnswerMs / 1000) + " s (" +
                       placement_text(blocks, *spec.cluster) + ")");
    }
    mailbox_acquire(caf::actor(driver));
    sh.t0 = std::chrono::steady_clock::now();
    for (int p = 0; p < sh.processors; ++p)
      mailbox_release(actors[p]), driver->send(actors[p], begin_atom::value);
    driver->send(actors[0], start_atom::value);
    // Until the root answers; under LiveControl, looking at the stop flag every poll; and
    // every poll, whether any node was searched since the last (the no-progress guard).
    const auto deadline = sh.t0 + std::chrono::milliseconds(std::int64_t(spec.max_seconds * 1000));
    const auto stall = std::chrono::duration<double>(spec.stall_seconds);
    const auto poll = spec.live ? std::chrono::microseconds(tunables::kRealLivePollUs)
                                : std::chrono::duration_cast<std::chrono::microseconds>(std::min(
                                      std::chrono::duration<double>(spec.max_seconds), stall / 4));
    std::uint64_t nodes = 0;
    auto progress = std::chrono::steady_clock::now();
    // A live run is ended by its player (an infinite analysis may take hours): no deadline.
    while (!finished && (spec.live || std::chrono::steady_clock::now() < deadline)) {
      driver->receive(
          [&](done_atom) {
            finished = true;
            mailbox_acquire(caf::actor(driver));
          },
          caf::after(poll) >> [] {});
      if (finished) break;
      const auto now = std::chrono::steady_clock::now();
      if (const std::uint64_t n = sh.nodes.load(std::memory_order_relaxed); n != nodes) {
        nodes = n;
        progress = now;
      } else if (now - progress > stall) {
        stall_waiting = waiting_processors(sh.processors,
                                           [&](int p) { return describe_real(driver, actors[p]); });
        break;
      }
      if (!spec.live || !spec.live->stop.load()) continue;
      std::lock_guard lock(sh.iteration_mutex);
      if (sh.last_iteration) finished = out.stopped = true;  // else: iteration 1 first
    }
    if (finished) {  // every live processor reports its statistics (the dead wrote theirs)
      const auto store = [&](reported_atom, std::int32_t p, ProcessorStats& s) {
        sh.stats[std::size_t(p)] = std::move(s);
      };
      int live = 0;
      for (int p = 0; p < sh.processors; ++p) {
        mailbox_release(actors[p]);
        if (!local[std::size_t(p)]) {  // a node's: it may be gone with its process
          driver
              ->request(actors[p], std::chrono::milliseconds(tunables::kNodeReportMs),
                        report_atom::value)
              .receive(store, [&](caf::error&) { sh.stats[std::size_t(p)].died = true; });
        } else if (sh.kill_after[p] != kNever) {  // may have died: ask and wait for the answer
          driver->request(actors[p], caf::infinite, report_atom::value)
              .receive(store, [](caf::error&) {});
        } else {
          driver->send(actors[p], report_atom::value);
          ++live;
        }
      }
      int reported = 0;
      driver->receive_for(reported, live)(store);
      mailbox_acquire(caf::actor(driver));
    }
    stop_all();
  }
  actors.clear();
  // The processors use `sh` until they end: on a kept scheduler, wait for them here (an own
  // one's destructor waits for them).
  if (spec.system) sys.await_all_actors_done();
  if (stall_waiting)
    throw Deadlock("real mode: no node searched for " + seconds_text(spec.stall_seconds) +
                       " s of wall time and the root has not answered",
                   std::move(*stall_waiting));
  if (!finished)
    throw std::runtime_error("real-mode run did not finish within " +
                             seconds_text(spec.max_seconds) + " s");
  // Stopped: every processor has reported (and halted), so the root's writes are seen here.
  if (out.stopped && sh.makespan >= 0) out.stopped = false;  // the root answered first
  if (out.stopped) {                                         // the last complete iteration answers
    sh.result = *sh.last_iteration;
    // ... unless the interrupted one had already found a better move, searched to the end (the
    // sequential search/play_search.hpp does the same): its value is a lower bound.
    std::lock_guard lock(sh.iteration_mutex);
    const auto& p = sh.iteration_progress;
    if (p && p->depth == sh.result.depth + 1 && !p->line.empty() && !sh.result.line.empty() &&
        p->line.front() != sh.result.line.front()) {
      sh.result.value = p->value;
      sh.result.line = p->line;
    }
    sh.makespan = env.now(0);
  }
  out.makespan_ns = sh.makespan;
  for (auto& s : sh.stats) s.busy_ns = std::min(s.busy_ns, sh.makespan);
}

// --- Sim mode ----------------------------------------------------------------------------------
class SimEnv final : public Environment {
 public:
  SimEnv(Shared& sh, caf::scheduler::test_coordinator& sched)
      : sh_(sh),
        sched_(sched),
        unit_(sched.system()),
        at_(sh.processors),
        dead_(sh.processors, 0),
        no_faults_(std::all_of(sh.kill_after.begin(), sh.kill_after.end(),
                               [](std::uint64_t k) { return k == kNever; })),
        collapse_(!sh.spec.costs.forward_cpu && no_faults_),
        forwards_itself_(sh.spec.costs.forward_cpu && no_faults_ && sh.trace == nullptr) {}

  Time now(int) override { return start_ + cost_; }
  void charge(int, Time ns) override { cost_ += ns; }
  void transmit(Processor& from, int hop, int final_to, caf::message msg, std::size_t bytes,
                bool service, int links, const topo::RouteSteps& steps) override {
    const CostModel& c = sh_.spec.costs;
    // Delivered "free" (at its arrival time, without taking the processor's clock): a message
    // only passed on by link engines, or a table request served by a concurrent process.
    push(now(from.id()) + links * c.link_ns(bytes), hop, free_at(hop, final_to, service),
         std::move(msg), final_to, bytes, service, steps);
  }
  [[nodiscard]] bool collapse_routes() const override { return collapse_; }
  [[nodiscard]] bool forwards_itself() const override { return forwards_itself_; }
  void passed_on(int p, std::size_t bytes) override {
    ++at_[p].passed_on;
    at_[p].passed_on_bytes += bytes;
  }
  // The forwarding that collapse_routes() skipped, for processor p's statistics.
  void add_passed_on(ProcessorStats& s, int p) const {
    s.forwarded += at_[p].passed_on;
    s.forwarded_bytes += at_[p].passed_on_bytes;
  }
  void wake(Processor& p, Time delay, std::uint32_t wake) override {
    push(now(p.id()) + delay, p.id(), false, caf::make_message(resume_atom::value, wake));
  }
  void root_done(Processor&) override { done_ = true; }
  void died(Processor& p) override {
    dead_[p.id()] = 1;
    for (const int n : sh_.spec.topology->neighbours(p.id()))
      push(now(p.id()) + sh_.spec.costs.latency_ns, n, false,
           caf::make_message(NeighbourDown{p.id()}));
  }
  [[nodiscard]] bool free_forwarding() const override { return !sh_.spec.costs.forward_cpu; }

  // final_to: the message's destination when dest only passes it on (forwards_itself()).
  void push(Time t, int dest, bool free_forward, caf::message msg, int final_to = -1,
            std::size_t bytes = 0, bool service = false, const topo::RouteSteps& steps = {}) {
    queue_.push(t, Event{dest, final_to < 0 ? dest : final_to, static_cast<std::uint32_t>(bytes),
                         free_forward, service, std::move(msg), steps});
  }

  // Delivers one message to actor p at time t and lets exactly p handle it.
  void deliver(const caf::actor& a, int p, Time t, bool free_forward, caf::message msg) {
    free_ = free_forward;
    ProcessorClock& here = at_[p];
    start_ = free_ ? t : std::max(here.clock, t);
    cost_ = 0;
    Processor& processor = *sh_.sim_processors[p];
    if (!handle_in_sim(processor, msg)) resume_with(a, std::move(msg));
    here.traffic = processor.traffic_lines();  // made with the first message counted
    if (!free_) {
      here.clock = start_ + cost_;
      here.busy += cost_;
    }
  }
  // Once every processor exists: the addresses prefetch_coming() asks for.
  void know_processors() {
    for (int p = 0; p < sh_.processors; ++p) {
      at_[p].processor = sh_.sim_processors[p];
      at_[p].algorithm = sh_.sim_processors[p]->algorithm_lines();
      at_[p].traffic = sh_.sim_processors[p]->traffic_lines();
    }
  }
  // The rest (Init, the report): what anon_send followed by the testing coordinator's
  // run_once does, without the coordinator's job deque: the message goes into the actor's
  // mailbox as a mailbox element, the idle actor hands itself to `unit_` (exec_later)
  // instead of the coordinator, and we resume it for exactly one message, as run_once would.
  void resume_with(const caf::actor& a, caf::message msg) {
    unit_.ready = nullptr;
    caf::actor_cast<caf::abstract_actor*>(a)->enqueue(
        caf::make_mailbox_element(nullptr, caf::make_message_id(caf::message_priority::normal), {},
                                  std::move(msg)),
        &unit_);
    caf::resumable* job = std::exchange(unit_.ready, nullptr);
    // Actors never send through CAF in sim mode, so `a` was idle and is the only job.
    if (job == nullptr || !sched_.jobs.empty())
      throw std::logic_error("sim: an actor sent outside the simulator");
    switch (job->resume(&unit_, 1)) {
      case caf::resumable::resume_later:  // more mail than the one message: not in sim mode
        throw std::logic_error("sim: an actor sent outside the simulator");
      case caf::resumable::done:
      case caf::resumable::awaiting_message:
        caf::intrusive_ptr_release(job);  // the reference enqueue took for scheduling
        break;
      case caf::resumable::shutdown_execution_unit:
        break;
    }
    if (unit_.ready != nullptr) throw std::logic_error("sim: an actor sent outside the simulator");
  }

  // Runs until the root answers. Returns the events delivered. Throws Deadlock when no node
  // is searched any more (no event left, or the stall guards of the spec).
  std::uint64_t run(const std::vector<caf::actor>& actors) {
    const RunSpec& spec = sh_.spec;
    // The guard counts this thread's CPU, not wall time: the whole simulation runs here, and
    // on a loaded machine (a soak beside a build) wall time tripped it on runs that replay in
    // a fraction of it.
    const double cpu0 = thread_cpu_seconds();
    std::uint64_t events = 0, progress_events = 0, nodes = 0;
    Time progress_t = 0;
    while (!done_) {
      if (queue_.empty()) stalled("no event is left");
      if (++events > spec.max_events)
        throw std::runtime_error("sim: more than " + std::to_string(spec.max_events) + " events");
      if (events % 4096 == 0 && thread_cpu_seconds() - cpu0 > spec.max_seconds)
        throw std::runtime_error("sim: the run did not finish within " +
                                 seconds_text(spec.max_seconds) + " s of CPU time");
      // Moved out, not copied (a copy of the caf::message is an atomic reference count up and
      // down per event).
      auto popped = queue_.pop();
      prefetch_coming();
      const Time t = popped.t;
      Event& e = popped.payload;
      if (dead_[e.dest]) continue;
      if (e.dest != e.final_to && forwards_itself_) forward(t, std::move(e));
      else deliver(actors[e.dest], e.dest, t, e.free_forward, std::move(e.msg));
      if (const std::uint64_t n = sh_.nodes.load(std::memory_order_relaxed); n != nodes) {
        nodes = n;
        progress_events = events;
        progress_t = t;
      } else if (events - progress_events > spec.stall_events) {
        stalled(std::to_string(events - progress_events) + " events delivered");
      } else if (t - progress_t > spec.stall_virtual_ns) {
        stalled(seconds_text(double(t - progress_t) / 1e9) + " s of virtual time passed");
      }
    }
    return events;
  }
  // Whether an event goes to its processor's handler (not only passed on by forward()).
  [[nodiscard]] bool delivered(int dest, int final_to) const {
    return dest == final_to || !forwards_itself_;
  }
  // At thousands of processors every event touches memory no recent event touched: its slot
  // in the queue's slab, the receiver's clock record, the processor, its algorithm and
  // traffic records, and the message. The queue knows the events of the batch being popped,
  // so while this event is handled the memory of the coming ones is fetched in stages, each
  // reading only what an earlier stage fetched: the slot of the event kSlotAhead pops on; the
  // clock record of the one kRecordAhead on, whose line also holds the addresses of the
  // processor, its algorithm and its traffic records; and all of those, with the message, for
  // the one kDataAhead on. Measured: the slab and clock loads were a fifth of the loop's time
  // at P = 16384 (prefetching took that run from 17.9 to 16.3 s); at P = 2^20 fetching the
  // processor-table entry a stage earlier took runtime-bench's loop from 2.9 to 3.1-3.2 M
  // messages/s.
  static constexpr std::size_t kSlotAhead = 3, kRecordAhead = 2, kDataAhead = 1;
  void prefetch_coming() {
    if (const Event* after = queue_.peek(kSlotAhead)) {
      prefetch(after);
      prefetch(reinterpret_cast<const char*>(after) + sizeof(Event) - 1);
    }
    if (const Event* soon = queue_.peek(kRecordAhead))  // its slot was fetched earlier
      prefetch(&at_[soon->dest]);
    // The next event was not known a pop ago when it starts a batch the queue's guess missed.
    if (const Event* now = queue_.peek(0); now != nullptr && now != data_fetched_)
      prefetch_handler(*now);
    const Event* next = queue_.peek(kDataAhead);  // its slot and record were fetched earlier
    data_fetched_ = next;
    if (next != nullptr) prefetch_handler(*next);
  }
  template <class E>  // Event, declared below
  void prefetch_handler(const E& next) const {
    if (!delivered(next.dest, next.final_to)) return;
    const ProcessorClock& c = at_[next.dest];
    c.processor->prefetch_self();
    const char* algorithm = static_cast<const char*>(c.algorithm);
    for (int line = 0; line < Processor::kAlgorithmLines; ++line) prefetch(algorithm + 64 * line);
    if (const char* traffic = static_cast<const char*>(c.traffic)) {
      prefetch(traffic);
      prefetch(traffic + 64);
      prefetch(traffic + 127);
    }
    if (const auto* data = next.msg.cvals().get()) prefetch(data);
  }

  [[noreturn]] void stalled(const std::string& how) {
    throw Deadlock("sim: no node searched while " + how + " and the root has not answered",
                   waiting_processors(sh_.processors, [&](int p) -> std::optional<std::string> {
                     if (dead_[p]) return std::nullopt;
                     return sh_.sim_processors[p]->describe();
                   }));
  }

  // busy within [0, T]: past T a processor is busy without a gap up to its clock.
  Time busy_within(int p, Time makespan) const {
    return std::max<Time>(0, at_[p].busy - std::max<Time>(0, at_[p].clock - makespan));
  }
  [[nodiscard]] bool dead(int p) const { return dead_[p] != 0; }

 private:
  struct Event {  // at its arrival time, the queue's key
    int dest;
    int final_to;         // the message's destination (dest when it is the last hop)
    std::uint32_t bytes;  // on the wire, when dest only passes the message on
    bool free_forward;
    bool service;  // a table request (Environment::transmit)
    caf::message msg;
    // De Bruijn: the route on from dest, so that forward() need not look it up (hops 0:
    // next_hop's closed form, or dest is the destination).
    topo::RouteSteps steps;
  };
  // Delivered at its arrival time without taking the receiver's clock (see transmit).
  [[nodiscard]] bool free_at(int hop, int final_to, bool service) const {
    const CostModel& c = sh_.spec.costs;
    return final_to != hop ? !c.forward_cpu : service && !c.service_cpu;
  }
  // The step processor e.dest's actor would take to pass e on (Processor::on with a message
  // for another processor, under forwards_itself()): receive and send it on its clock, then
  // put it on the link of the static route's next hop.
  void forward(Time t, Event&& e) {
    const CostModel& c = sh_.spec.costs;
    const int p = e.dest;
    ProcessorClock& here = at_[p];
    const Time start = std::max(here.clock, t);
    const Time cost = c.forward_ns(e.bytes);
    here.clock = start + cost;
    here.busy += cost;
    passed_on(p, e.bytes);
    const topo::Topology& topology = *sh_.spec.topology;
    int hop;
    if (e.steps.hops > 0) {  // the route's next step, and the rest of it
      hop = topology.take_step(p, e.steps.step(e.steps.hops));
      --e.steps.hops;
    } else {
      hop = topology.next_hop(p, e.final_to);
    }
    push(here.clock + c.link_ns(e.bytes), hop, free_at(hop, e.final_to, e.service),
         std::move(e.msg), e.final_to, e.bytes, e.service, e.steps);
  }
  Shared& sh_;
  caf::scheduler::test_coordinator& sched_;
  // The execution unit the simulator resumes actors on (the testing coordinator's own
  // dummy worker pushes to its job deque; this one only remembers the actor to run).
  struct Unit final : caf::execution_unit {
    explicit Unit(caf::actor_system& sys) : caf::execution_unit(&sys) {}
    void exec_later(caf::resumable* job) override { ready = job; }
    caf::resumable* ready = nullptr;
  };
  Unit unit_;
  EventQueue<Event> queue_;  // on (arrival time, seq): see event_queue.hpp
  // One record a processor, so that a forwarding step (clock, busy time and counts of one
  // processor, at random across thousands) touches one cache line, not four.
  // The same line holds the addresses a handler of its will touch, so that the prefetching of
  // a coming event needs one line before it can ask for all the others at once.
  struct alignas(64) ProcessorClock {
    Time clock = 0;  // when it is free again
    Time busy = 0;
    std::uint64_t passed_on = 0, passed_on_bytes = 0;  // what collapse_routes skipped
    const Processor* processor = nullptr;
    const void* algorithm = nullptr;  // Processor::algorithm_lines()
    const void* traffic = nullptr;    // Processor::traffic_lines() after its last handler
  };
  std::vector<ProcessorClock> at_;
  std::vector<std::uint8_t> dead_;
  bool no_faults_;
  bool collapse_;
  bool forwards_itself_;
  Time start_ = 0, cost_ = 0;
  bool free_ = false;
  bool done_ = false;
  const Event* data_fetched_ = nullptr;  // prefetch_coming's last kDataAhead event
};

void run_sim(Shared& sh, RunOutcome& out) {
  caf::actor_system_config cfg;
  cfg.set("scheduler.policy", caf::atom("testing"));
  caf::actor_system sys{cfg};
  auto& sched = dynamic_cast<caf::scheduler::test_coordinator&>(sys.scheduler());
  SimEnv env(sh, sched);
  sh.env = &env;
  std::vector<caf::actor> actors;
  actors.reserve(sh.processors);
  for (int p = 0; p < sh.processors; ++p) actors.push_back(sys.spawn(processor_actor, &sh, p));
  sched.run();
  env.know_processors();
  // Every processor learns its neighbours, then all begin at time 0 (in id order), then the
  // root gets the problem.
  for (int p = 0; p < sh.processors; ++p)
    env.deliver(actors[p], p, 0, false,
                caf::make_message(Init{neighbour_handles(*sh.spec.topology, p, actors)}));
  for (int p = 0; p < sh.processors; ++p)
    env.push(0, p, false, caf::make_message(begin_atom::value));
  env.push(0, 0, false, caf::make_message(start_atom::value));
  const auto loop0 = std::chrono::steady_clock::now();
  try {
    out.events = env.run(actors);
  } catch (...) {  // a guard tripped: the actors end first (~actor_system waits for them)
    for (auto& a : actors) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
    sched.run();
    throw;
  }
  out.loop_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - loop0).count();
  out.makespan_ns = sh.makespan;
  for (int p = 0; p < sh.processors; ++p) {
    if (!env.dead(p))
      env.deliver(actors[p], p, sh.makespan, false, caf::make_message(report_atom::value));
    sh.stats[p].busy_ns = env.busy_within(p, sh.makespan);
    env.add_passed_on(sh.stats[p], p);
  }
  for (auto& a : actors) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
  sched.run();
}

// The process's anonymous resident memory (heaps, stacks): resident less its file-backed and
// shared pages. The code pages that first handling a message faults in (libc's, CAF's: about
// 0.3 MB) are resident too, but they are shared text that no actor holds; counted, they were
// 300 B of each of 1024 idle actors.
long anonymous_resident_bytes() {
  long pages = 0, resident = 0, shared = 0;
  if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld %ld", &pages, &resident, &shared) != 3) resident = shared = 0;
    std::fclose(f);
  }
  return (resident - shared) * sysconf(_SC_PAGESIZE);
}

}  // namespace

IdleCost measure_idle_processors(const RunSpec& spec) {
  const int P = spec.topology->size();
  Shared sh{spec, P};
  sh.stats.resize(P);
  sh.sim_processors.resize(P);
  sh.kill_after.assign(P, kNever);
  caf::actor_system_config cfg;
  cfg.set("scheduler.max-threads", spec.threads);
  caf::actor_system sys{cfg};
  RealEnv env(sh);
  sh.env = &env;
  IdleCost out;
  out.processors = P;
  {
    caf::scoped_actor driver{sys};
    std::vector<caf::actor> actors;
    actors.reserve(P);
    const long before = anonymous_resident_bytes();
    const auto t0 = std::chrono::steady_clock::now();
    // Spawned as run_real spawns them: made when their first message (Init) comes.
    for (int p = 0; p < P; ++p)
      actors.push_back(sys.spawn<caf::lazy_init>(processor_actor, &sh, p));
    // Init goes out a batch at a time, each batch answered before the next: the messages in
    // flight are the driver's, not the actors', and how many piled up depended on how fast the
    // workers kept up (with the other core busy, 150 B an actor more).
    for (int first = 0; first < P; first += int(tunables::kIdleInitBatch)) {
      const int last = std::min(P, first + int(tunables::kIdleInitBatch));
      for (int p = first; p < last; ++p) {
        Init init{neighbour_handles(*spec.topology, p, actors)};
        mailbox_release(actors[p]);
        driver->send(actors[p], std::move(init));
      }
      int ready = 0;
      driver->receive_for(ready, last - first)([](ready_atom) {});
      mailbox_acquire(caf::actor(driver));
    }
    out.spawn_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out.bytes_per_actor = double(anonymous_resident_bytes() - before) / P;
    for (int p = 0; p < P; ++p)
      mailbox_release(actors[p]), driver->send(actors[p], report_atom::value);
    int reported = 0;
    driver->receive_for(reported, P)([&](reported_atom, std::int32_t p, ProcessorStats& s) {
      sh.stats[std::size_t(p)] = std::move(s);
    });
    mailbox_acquire(caf::actor(driver));
    double algo = 0;
    for (const auto& s : sh.stats) algo += double(s.memory_bytes);
    out.algorithm_bytes = algo / P;
    for (auto& a : actors) driver->send(a, stop_atom::value);
  }
  return out;
}

Deadlock::Deadlock(const std::string& why, std::vector<WaitingProcessor> waiting)
    : std::runtime_error([&] {
        std::string s = "deadlock: " + why + "; waiting:";
        const std::size_t shown = std::min(waiting.size(), tunables::kStallReportProcessors);
        for (std::size_t i = 0; i < shown; ++i)
          s += (i ? "; processor " : " processor ") + std::to_string(waiting[i].processor) +
               (waiting[i].waits_for.empty() ? std::string(" (says nothing)")
                                             : " (" + waiting[i].waits_for + ")");
        if (waiting.size() > shown)
          s += "; and " + std::to_string(waiting.size() - shown) + " more";
        return s;
      }()),
      waiting_(std::move(waiting)) {}

RunOutcome run_processors(const RunSpec& spec) {
  if (!spec.topology) throw InputError("no topology");
  const int P = spec.topology->size();
  if (spec.mode == Mode::kReal && spec.threads < 1) throw InputError("threads must be at least 1");
  if (spec.system && (spec.mode != Mode::kReal || (spec.cluster && !spec.cluster->nodes.empty())))
    throw InputError("a kept real-mode scheduler runs real-mode runs in one process only");
  Shared sh{spec, P};
  sh.stats.resize(P);
  sh.sim_processors.resize(P);
  sh.kill_after.assign(P, kNever);
  for (const Fault& f : spec.faults) {
    if (f.processor <= 0 || f.processor >= P)
      throw InputError("fault: processor " + std::to_string(f.processor) + " must be 1.." +
                       std::to_string(P - 1) + " (the root processor 0 cannot fail)");
    sh.kill_after[f.processor] = f.after_nodes;
  }
  if (!spec.faults.empty()) {      // the survivors must stay connected, or results cannot arrive
    std::vector<char> seen(P, 0);  // 1: reached, 2: killed
    for (const Fault& f : spec.faults) seen[f.processor] = 2;
    const auto survivors = std::count(seen.begin(), seen.end(), 0);
    std::vector<int> stack{0};
    seen[0] = 1;
    long reached = 1;
    while (!stack.empty()) {
      const int x = stack.back();
      stack.pop_back();
      for (const int y : spec.topology->neighbours(x)) {
        if (seen[y]) continue;
        seen[y] = 1;
        ++reached;
        stack.push_back(y);
      }
    }
    if (reached != survivors)
      throw InputError("faults: killing those processors disconnects the " + spec.topology->name() +
                       " topology");
  }
  std::unique_ptr<TraceSink> trace;
  if (!spec.trace_jsonl.empty() || !spec.chrome_trace.empty()) {
    trace = spec.mode == Mode::kSim ? make_direct_sink(spec.trace_jsonl, spec.chrome_trace, P)
                                    : make_ring_sink(spec.trace_jsonl, spec.chrome_trace, P);
    sh.trace = trace.get();
  }
  RunOutcome out;
  const auto w0 = std::chrono::steady_clock::now();
  if (spec.mode == Mode::kSim) run_sim(sh, out);
  else run_real(sh, out);
  out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  if (trace) out.trace_dropped = trace->finish();
  out.result = sh.result;
  out.processors = std::move(sh.stats);
  return out;
}

RealSystem::RealSystem(int threads) : RealSystem(threads, false) {}
RealSystem::RealSystem(int threads, bool network)
    : threads_(threads), impl_(std::make_unique<Impl>(threads, network)) {}
RealSystem::~RealSystem() = default;

// Idle workers spin, then steal often: see tunables::kRealSpinPolls and kRealRelaxedSleepUs.
void configure_real_scheduler(caf::actor_system_config& cfg, int threads) {
  cfg.set("scheduler.max-threads", threads);
  cfg.set("scheduler.policy", caf::atom("stealing"));
  cfg.set("work-stealing.aggressive-poll-attempts", std::size_t{tunables::kRealSpinPolls});
  cfg.set("work-stealing.aggressive-steal-interval", std::size_t{1});
  cfg.set("work-stealing.moderate-steal-interval", std::size_t{1});
  cfg.set("work-stealing.moderate-sleep-duration",
          caf::timespan{std::chrono::microseconds(tunables::kRealModerateSleepUs)});
  cfg.set("work-stealing.relaxed-steal-interval", std::size_t{1});
  cfg.set("work-stealing.relaxed-sleep-duration",
          caf::timespan{std::chrono::microseconds(tunables::kRealRelaxedSleepUs)});
}

void add_runtime_message_types(caf::actor_system_config& cfg) {
  cfg.add_message_type<Init>("alphactor::Init")
      .add_message_type<ProcessorStats>("alphactor::ProcessorStats")
      .add_message_type<WorkRequest>("alphactor::WorkRequest")
      .add_message_type<Work>("alphactor::Work")
      .add_message_type<NoWork>("alphactor::NoWork")
      .add_message_type<Result>("alphactor::Result")
      .add_message_type<NewBound>("alphactor::NewBound")
      .add_message_type<Cutoff>("alphactor::Cutoff")
      .add_message_type<ProcessorDown>("alphactor::ProcessorDown")
      .add_message_type<TableProbe>("alphactor::TableProbe")
      .add_message_type<TableAnswer>("alphactor::TableAnswer")
      .add_message_type<TableStore>("alphactor::TableStore")
      .add_message_type<HistoryUpdate>("alphactor::HistoryUpdate")
      .add_message_type<KillerUpdate>("alphactor::KillerUpdate")
      .add_message_type<FailHigh>("alphactor::FailHigh")
      .add_message_type<TableCopies>("alphactor::TableCopies")
      .add_message_type<Grant>("alphactor::Grant")
      .add_message_type<ErRequest>("alphactor::ErRequest")
      .add_message_type<ErProblem>("alphactor::ErProblem")
      .add_message_type<ErResult>("alphactor::ErResult")
      .add_message_type<ErCancel>("alphactor::ErCancel");
}

struct HostedProcessors::Impl {
  Impl(const RunSpec& spec, int processors) : sh(spec, processors), env(sh) {}
  Shared sh;
  RealEnv env;
  std::vector<caf::actor> actors;
};

HostedProcessors::HostedProcessors(caf::actor_system& sys, const RunSpec& spec, int first, int last,
                                   caf::actor driver)
    : impl_(std::make_unique<Impl>(spec, spec.topology->size())) {
  Shared& sh = impl_->sh;
  sh.stats.resize(std::size_t(sh.processors));
  sh.kill_after.assign(std::size_t(sh.processors), kNever);
  for (const Fault& f : spec.faults)  // checked by the launching process
    if (f.processor >= 0 && f.processor < sh.processors) sh.kill_after[f.processor] = f.after_nodes;
  sh.env = &impl_->env;
  sh.driver = std::move(driver);
  for (int p = first; p < last; ++p)
    impl_->actors.push_back(sys.spawn<caf::lazy_init>(processor_actor, &sh, p));
}
HostedProcessors::~HostedProcessors() = default;
const std::vector<caf::actor>& HostedProcessors::actors() const {
  return impl_->actors;
}

}  // namespace alphactor::actors
