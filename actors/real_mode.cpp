// Real mode (actors/run.hpp): the processors on CAF's work-stealing scheduler with `threads`
// workers and wall-clock time, in this process or spread over `alphactor node`s; also the
// idle-actor measure of runtime-bench and the processors a node hosts for another process.
#include <unistd.h>

#include <algorithm>
#include <caf/all.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "actors/cluster.hpp"
#include "actors/processor.hpp"
#include "actors/processor_host.hpp"
#include "actors/run.hpp"
#include "actors/tunables.hpp"
#include "search/input_error.hpp"

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

namespace detail {
namespace {

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

}  // namespace detail

using namespace detail;

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
