// YBWC with random work stealing (`ybwc`): the distributed alpha-beta of Feldmann,
// Mysliwietz & Monien, "A Fully Distributed Chess Program" (ZUGZWANG), section 4.
//
// Every processor runs this same program:
//  - the root problem goes to processor 0; every other processor starts idle;
//  - an idle processor asks a randomly chosen processor (any distance) for work; where
//    forwarding takes the CPU of the processors in between (sim mode, `modern` and `sun1985`
//    costs), not in the paper, it asks near first (see YbwcParams);
//  - the asked processor gives its highest subproblem that the Young Brothers Wait Concept
//    allows (a younger brother of a node whose eldest son is completely evaluated) or answers
//    no-work; the giver stays the master of that job and gets its result back;
//  - window improvements travel to helpers as NEWBOUND, subtrees whose result is of no use
//    any more get CUTOFF (and helpers pass both on to their own helpers);
//  - a helper that fails high on its zero window re-searches before answering (in
//    search/resumable_search.hpp), and tells its master of the fail high at once (FAILHIGH,
//    not in the paper: the master's other sons get the better bound during the re-search);
//    optionally a re-search of a root son runs alone instead, the root's other sons taken
//    back until it ends (--lone-root-research, ResumableParams::lone_root_research, ours);
//  - the root runs iterative deepening, each iteration ordered by the previous line.
// Parallel iterative deepening (ZUGZWANG sections 2 and 5): after an iteration the root knows
// the PV and, for every root move, the line that refuted it. These guide the next iteration
// at every processor: "refutations are sent together with the nodes to the slaves, if
// necessary", so a Work message carries the lines below its job's path (search/move_hints.hpp),
// and a helper passes on the part below each job it gives away in turn. Piggy-backed rather
// than broadcast in a message of their own because that is what the paper describes, it costs
// bytes only on jobs that lie on a line, and the lines arrive with the very job that needs
// them (a broadcast could arrive after it). Each processor's received jobs try a line's move
// first where they have no table move; the root processor's own root search keeps to the
// sequential program's ordering (its own table and previous PV), so P = 1 is unchanged.
// Distributed quiescence search (section 4: "every node, even nodes in the quiescence search
// are distributed"): with min_split_depth <= 0 horizon and quiescence nodes are frames of the
// resumable search and are given away like any other (counted as quiescence_jobs).
// A processor waiting for its helpers' results takes other work meanwhile: it holds a list of
// tasks (each a resumable search) and always runs the oldest one that can run, so results
// arriving for an older task are taken up at the next slice.
//
// Tables (actors/table_placement.hpp): with a global or distributed table each search probes
// through this processor's TableService; a task whose node waits for an ANSWER is not
// runnable (others may run meanwhile), and an idle processor that waits for one does not ask
// for work. Answers for nodes finished meanwhile are dropped (counted as late_answers).
// Gossip (actors/gossip.hpp): killer and history changes go to the topology neighbours.
//
// Faults: when a processor dies, every master re-searches the jobs it had given to it (or
// whose messages may have crossed a dead processor), tasks whose master died (or cannot be
// reached any more) are dropped, and a lost work request is asked again elsewhere. The root
// value stays exact.
#pragma once

#include "actors/task_processor.hpp"

namespace alphactor::actors {

struct YbwcParams : TaskParams {
  // After k no-work answers in a row an idle processor waits min(max, max/64 * 2^(k-1))
  // before asking again; 0: it asks again at once (ZUGZWANG).
  Time steal_backoff_ns = 0;
  // ZUGZWANG asks a processor drawn uniformly, "regardless of its distance": its transputers'
  // link engines route for free. Where forwarding takes CPU, thousands of idle processors
  // asking across the network keep every processor on the routes busy passing requests on
  // (hypercube P = 1024, modern costs: 27 M forwards, 4 a node searched, speedup 1.07). Near
  // first: the target is the end of a random walk over the topology whose length is drawn
  // from 1 .. 2^k after k no-work answers in a row (at most the diameter), so an idle
  // processor asks its neighbours before the far side of the network. The length is drawn,
  // not 2^k itself: on a bipartite network (hypercube, tree, star, even ring and torus) a
  // walk of even length ends on the walker's own side, so after one refusal half the
  // processors were never asked again; a star's hub, the root, not at all (P = 64: no job
  // ever given, speedup 0.10).
  bool near_first = false;
  // After a no-work answer an idle processor waits this many times the CPU its request and
  // the answer took from the processors that passed them on (Runtime::forwarding_ns), so the
  // forwarding its asking costs others stays at most 1/(1 + pacing) of its time; 0: never.
  int steal_pacing = 0;
};

template <Game G>
class Ybwc final : public TaskProcessor<G> {
  using Base = TaskProcessor<G>;
  using Base::rt_;
  using Base::stats_;
  using typename Base::Split;
  using typename Base::Task;

 public:
  Ybwc(Runtime& rt, std::shared_ptr<const G> root, const std::shared_ptr<const YbwcParams>& params)
      : Base(rt, std::move(root), params),
        steal_backoff_ns_(params->steal_backoff_ns),
        steal_pacing_(params->steal_pacing),
        near_first_(params->near_first &&
                    static_cast<int>(rt.neighbours().size()) < rt.processors() - 1) {}

  void begin() override {
    if (rt_.id() != 0) request_work();
  }
  void step() override {
    backing_off_ = false;
    Base::step();
  }

 private:
  // --- Work stealing -------------------------------------------------------------------------
  void idle() override {
    if (request_target_ < 0 && !backing_off_) request_work();
  }
  void request_work() {
    const int p = rt_.processors();
    if (p < 2) return;
    this->flush_replicas();  // nothing new comes for a while
    int target = rt_.id();
    for (int tries = 0; tries < 64 && (target == rt_.id() || !this->reachable(target)); ++tries)
      target = near_first_ ? walk_end() : static_cast<int>(rt_.random() % std::uint64_t(p));
    if (target == rt_.id() || !this->reachable(target)) return;
    request_target_ = target;
    WorkRequest m;
    m.request = ++request_;
    ++stats_.requests;
    rt_.send(target, std::move(m));
  }
  // The end of a random walk from here of 1 .. 2^failures steps, at most the diameter.
  int walk_end() {
    const int longest = std::min(rt_.diameter(), 1 << std::min(failures_, 20));
    const int steps = 1 + static_cast<int>(rt_.random() % std::uint64_t(longest));
    int at = rt_.id();
    for (int i = 0; i < steps; ++i) at = rt_.neighbour_of(at, rt_.random());
    return at;
  }
  // How long to wait after a no-work answer from `asked`: the back-off, or the pacing.
  Time delay_after_no_work(int asked) const {
    const Time passed_on =
        rt_.forwarding_ns(asked, wire_bytes(WorkRequest{}), wire_bytes(NoWork{}));
    return std::max(backoff(), Time(steal_pacing_) * passed_on);
  }
  Time backoff() const {
    const Time max = steal_backoff_ns_;
    if (max <= 0 || failures_ == 0) return 0;
    const int shift = std::min(failures_ - 1, 6);
    return std::min(max, std::max<Time>(1, max / 64) << shift);
  }
  void partners_checked() override {
    if (request_target_ >= 0 && !this->reachable(request_target_))
      request_target_ = -1;  // its answer may be lost: ask again
  }
  void work_arrived(const Work& m) override {
    if (m.request == request_) request_target_ = -1;
    if (this->reachable(m.route.from)) failures_ = 0;
  }

  // --- Messages ------------------------------------------------------------------------------
  void on(WorkRequest& m) override {
    // A request from a processor known dead, or over a route known broken: work given now
    // might be lost after processor_down() has already run for that death, so none is given
    // (the requester asks again once it learns of the death too).
    if (!this->reachable(m.route.from)) return;
    Split split;
    if (Task* best = this->highest_split(split)) {
      this->give(best, split, m.route.from, m.request);
      return;
    }
    NoWork n;
    n.request = m.request;
    rt_.send(m.route.from, std::move(n));
  }
  void on(NoWork& m) override {
    if (m.request != request_ || request_target_ < 0) return;  // a stale answer
    const int asked = request_target_;
    request_target_ = -1;
    if (this->runnable()) return;
    ++failures_;
    if (const Time delay = delay_after_no_work(asked); delay > 0) {
      backing_off_ = true;
      rt_.wake(delay);
    } else {
      request_work();
    }
  }

  Time steal_backoff_ns_;
  int steal_pacing_;
  bool near_first_;  // and the topology is not complete
  std::uint32_t request_ = 0;
  int request_target_ = -1;  // processor asked last, -1 when no request is out
  bool backing_off_ = false;
  int failures_ = 0;  // no-work answers in a row
};

}  // namespace alphactor::actors
