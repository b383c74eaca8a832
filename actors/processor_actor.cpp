// The processor actor: one CAF actor per virtual processor (actors/processor.hpp holds its
// state; real_mode.cpp and sim_mode.cpp the two modes that drive it), how a message finds its
// handler, and the run's entry point, run_processors (see actors/run.hpp for the contract).
#include <algorithm>
#include <caf/all.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <utility>
#include <variant>
#include <vector>

#include "actors/processor.hpp"
#include "actors/processor_host.hpp"
#include "actors/run.hpp"
#include "actors/stats_inspect.hpp"
#include "actors/trace.hpp"
#include "actors/tunables.hpp"
#include "search/input_error.hpp"

// ThreadSanitizer: every send releases the receiver's control block and every handler acquires
// its own (actors/processor.hpp says why). What that cannot annotate are CAF's own accesses
// around a message (matching its type before the handler runs, destroying it after, spawning):
// those are suppressed by name below, and only those.
#if defined(__SANITIZE_THREAD__)
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
#endif

namespace alphactor::actors {
namespace detail {

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

namespace {

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

}  // namespace

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

std::vector<caf::actor> neighbour_handles(const topo::Topology& t, int p,
                                          const std::vector<caf::actor>& all) {
  std::vector<caf::actor> out;
  out.reserve(t.neighbours(p).size());
  for (const int n : t.neighbours(p)) out.push_back(all[n]);
  return out;
}

}  // namespace detail

using namespace detail;

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

}  // namespace alphactor::actors
