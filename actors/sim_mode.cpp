// Sim mode (actors/run.hpp, docs/SIMULATION.md): the processors under a deterministic
// discrete-event simulator in virtual time, on CAF's testing coordinator: one thread, one event
// queue that is every actor's mailbox.
#include <algorithm>
#include <caf/all.hpp>
#include <caf/scheduler/test_coordinator.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "actors/event_queue.hpp"
#include "actors/link_schedule.hpp"
#include "actors/processor.hpp"
#include "actors/run.hpp"
#include "actors/trace.hpp"
#include "actors/tunables.hpp"
#include "search/prefetch.hpp"

namespace alphactor::actors::detail {
namespace {

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
        collapse_(!sh.spec.costs.forward_cpu && !sh.spec.costs.link_contention && no_faults_),
        forwards_itself_(sh.spec.costs.forward_cpu && no_faults_ && sh.trace == nullptr) {}

  Time now(int) override { return start_ + cost_; }
  void charge(int, Time ns) override { cost_ += ns; }
  void transmit(Processor& from, int hop, int final_to, caf::message msg, std::size_t bytes,
                bool service, int links, const topo::RouteSteps& steps) override {
    const CostModel& c = sh_.spec.costs;
    // Delivered "free" (at its arrival time, without taking the processor's clock): a message
    // only passed on by link engines, or a table request served by a concurrent process.
    const Time t = now(from.id());
    const Time arrival =
        links == 1 ? on_link(from.id(), hop, t, bytes) : t + links * c.link_ns(bytes);
    push(arrival, hop, free_at(hop, final_to, service), std::move(msg), final_to, bytes, service,
         steps);
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
      event_t_ = t;
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
    push(on_link(p, hop, here.clock, e.bytes), hop, free_at(hop, e.final_to, e.service),
         std::move(e.msg), e.final_to, e.bytes, e.service, e.steps);
  }
  // When a message of `bytes` sent at `t` on the link from processor `from` to neighbour `to`
  // arrives: t + latency + bytes / bandwidth, or, where links carry one message at a time
  // (CostModel::link_contention), once the link has sent it in the first gap at or after t
  // that the messages already on it leave (link_schedule.hpp).
  Time on_link(int from, int to, Time t, std::size_t bytes) {
    const CostModel& c = sh_.spec.costs;
    if (!c.link_contention) return t + c.link_ns(bytes);
    LinkSchedule& link = links_[(std::uint64_t(std::uint32_t(from)) << 32) | std::uint32_t(to)];
    const Time start = link.reserve(t, c.link_ns(bytes) - c.latency_ns, event_t_);
    return start + c.link_ns(bytes);
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
  // link_contention: each directed link's (from << 32 | to) spans ahead. Looked up, never
  // iterated, so its order cannot reach a result.
  std::unordered_map<std::uint64_t, LinkSchedule> links_;
  Time event_t_ = 0;  // the event being handled: no message is ready before it any more
  std::vector<std::uint8_t> dead_;
  bool no_faults_;
  bool collapse_;
  bool forwards_itself_;
  Time start_ = 0, cost_ = 0;
  bool free_ = false;
  bool done_ = false;
  const Event* data_fetched_ = nullptr;  // prefetch_coming's last kDataAhead event
};

}  // namespace

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

}  // namespace alphactor::actors::detail
