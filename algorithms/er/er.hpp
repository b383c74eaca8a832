// Parallel ER with a problem heap (`er` with processors): Steinberg & Solomon, "Searching Game
// Trees in Parallel" (1989; UW-Madison TR 877, ICPP 1990), sections 5 and 6. Serial ER
// (search/er.hpp, Fig. 8) stays the reference: with P = 1 and no refinements this visits exactly
// its nodes. The tree above the serial ply, its two queues and section 5's refinements are
// algorithms/er/er_tree.hpp; this file is the processor: who keeps the heap, who solves which
// problem, and the messages between them.
//
// The heap lives on processor 0 (the paper's design: one shared heap). Processor 0 keeps the
// tree (ErTree) and expands its nodes itself. Nodes at the serial ply are problems: a processor
// takes one and solves it whole with serial ER (so no search ever blocks a mailbox for longer
// than one small problem). Processor 0, which also answers everyone, solves its own problems in
// slices between its heap work instead (search/resumable_er.hpp: a narrower window reaches the
// problem in progress, and a cancel drops it where it is; in real mode a slice ends as soon as
// a message waits). A problem cut off in the tree gets
// ErCancel. A problem's window is computed when it is handed out (ErTree::window).
//
// Where the heap lives (ErParams::distributed_heap). Central (the paper's design): processor 0
// keeps the whole tree above the serial ply and the one heap; the other processors only solve
// problems it hands out. Distributed (so that it runs at thousands of processors): every
// processor keeps a forest and its own heap. Processor 0's forest starts as the root; a
// processor with nothing pending on its own heap asks a random topology neighbour (ErRequest),
// which hands over the pending node with the most plies to go (NoWork if it has none, after
// trying a speculative selection as the paper's idle processors do). The node becomes a root
// of the thief's forest with the window it was given: above the serial ply the thief expands
// it as processor 0 would, and its own pending nodes can be stolen in turn; at the serial ply
// it is solved in slices, as processor 0's own. The answer goes back to the node's owner as an
// ErResult (routed hop by hop), and a cut-off node's ErCancel drops the thief's root and cancels
// what it gave away in turn. An undecided node that a thief hands back with its first child only
// known (kind 1) is kept at the owner as a node whose first child is done, so that the owner can
// refute its other children when it selects it.
//
// Faults: a problem held by a processor that died (or whose messages may have crossed a dead
// one) goes back on the owner's primary queue; a thief drops the roots of an owner it can no
// longer reach. The value stays exact. Processor 0 must survive.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "actors/algorithm.hpp"
#include "actors/tunables.hpp"
#include "algorithms/er/er_tree.hpp"
#include "search/context.hpp"
#include "search/er.hpp"
#include "search/resumable_er.hpp"

namespace alphactor::actors {

struct ErParams {
  int depth = 1;
  // Nodes at this ply and deeper are problems solved whole by serial ER (Table 3's serial
  // depth); clamped to 1..depth. 0: half the depth. The paper's serial depth (7 at 10 ply)
  // makes problems of about 30 nodes: processor 0 then spends itself on expanding and handing
  // out (R1 at P = 16: busy 97%, speedup 1.9), where half the depth gives 6.4 (R3 at serial
  // ply 3: 8.0).
  int serial_ply = 0;
  ErRules rules;  // section 5's refinements, and speculative r-nodes (on by default)
  // Processor 0 solves a problem itself, in slices, when no other processor is idle (false:
  // only when no other processor is left, so that it always answers at once; the paper's
  // processors all take problems, but its heap was shared memory, not a mailbox). Unset: only
  // up to tunables::kErMasterSolvesUpTo processors.
  std::optional<bool> master_solves;
  // Problems a processor holds at once (1: the paper's one at a time; 0: tunables::kErPrefetch,
  // or kErPrefetchMasterSolves where processor 0 solves problems too).
  int prefetch = 0;
  // Nodes processor 0 expands in one step before it looks at its mailbox again.
  std::uint64_t slice_nodes = 1000;
  // Every processor keeps its own heap and idle ones steal from neighbours (false: the
  // paper's one heap on processor 0).
  bool distributed_heap = false;
  // Distributed heap: an idle processor backs off exponentially after no-work answers, up to
  // this (0: asks the next neighbour at once).
  Time steal_backoff_ns = 0;
  SearchOptions options;  // each processor's own search (killers, history, quiescence)
};

// The serial ply as run.
inline int er_serial_ply(const ErParams& p) {
  return er_serial_ply(p.serial_ply, p.depth);
}

template <Game G>
class ParallelEr final : public ProcessorAlgorithm, private ErTreeHost {
 public:
  ParallelEr(Runtime& rt, const G& root, const ErParams& params)
      : rt_(rt),
        game_(root),
        params_(params),
        ctx_(game_, context_options(params)),
        tree_(*this, game_, ctx_, tree_rules(params), er_serial_ply(params)) {
    master_solves_ =
        params_.master_solves.value_or(rt_.processors() <= tunables::kErMasterSolvesUpTo);
    if (params_.prefetch <= 0)
      params_.prefetch = master_solves_ ? tunables::kErPrefetchMasterSolves : tunables::kErPrefetch;
    held_.assign(static_cast<std::size_t>(rt_.processors()), 0);
  }

  void begin() override {
    if (rt_.id() == 0) return;
    if (params_.distributed_heap) steal();
    else rt_.send(0, ErRequest{});
  }

  void start() override {
    tree_.start(params_.depth);
    rt_.wake();
  }

  void receive(Message& message) override {
    std::visit([&](auto& m) { this->on(m); }, message);  // [&]: clang calls [this] unused here
  }

  void step() override {
    backing_off_ = false;
    if (rt_.id() != 0 && !params_.distributed_heap) {
      solve_own();
      return;
    }
    run_heap();
  }

  void processor_down(int dead) override {
    (void)dead;
    if (params_.distributed_heap) {
      drop_unreachable_roots();
      if (request_target_ >= 0 && !reachable(request_target_)) request_target_ = -1;
    } else if (rt_.id() != 0) {
      return;
    }
    std::erase_if(idle_, [&](int p) { return !reachable(p); });
    std::erase_if(spare_, [&](int p) { return !reachable(p); });
    std::vector<JobId> lost;
    for (const auto& [job, id] : jobs_)
      if (!reachable(tree_.node(id).worker)) lost.push_back(job);
    std::sort(lost.begin(), lost.end());  // the map's order is not deterministic
    for (const JobId job : lost) {
      const int id = jobs_.at(job);
      jobs_.erase(job);
      tree_.requeue(id);
      ++stats_.jobs_lost;
    }
    rt_.wake();
  }

  [[nodiscard]] const SearchStats& search_stats() const override { return ctx_.stats(); }
  [[nodiscard]] AlgorithmStats algorithm_stats() const override { return stats_; }
  [[nodiscard]] std::size_t memory_bytes() const override {
    return sizeof(*this) + tree_.memory_bytes() + solver_.memory_bytes();
  }
  // The problems held here, and (the heap's holder) the problems given out, unanswered.
  [[nodiscard]] std::string describe_wait() const override {
    std::string out = std::to_string(own_.size()) + " problem(s) held";
    if (jobs_.empty()) return out;
    std::vector<std::pair<JobId, int>> given;  // sorted: the map's order is not deterministic
    for (const auto& [job, id] : jobs_) given.emplace_back(job, tree_.node(id).worker);
    std::sort(given.begin(), given.end());
    out += "; waits for";
    for (std::size_t i = 0; i < given.size(); ++i)
      out += (i ? ", job " : " job ") + std::to_string(given[i].first) + " at processor " +
             std::to_string(given[i].second);
    return out;
  }

 private:
  using Tree = ErTree<G>;
  using Node = typename Tree::Node;
  using Role = typename Tree::Role;

  static ErRules tree_rules(const ErParams& p) {
    ErRules r = p.rules;
    r.stealable = p.distributed_heap;
    return r;
  }
  static SearchOptions context_options(const ErParams& p) {
    SearchOptions o = p.options;
    o.use_table = false;  // serial ER has no table
    o.depth = p.depth;
    return o;
  }
  // Whether messages between this processor and `p` still arrive.
  bool reachable(int p) const {
    const int me = rt_.id();
    return p == me || (rt_.alive(p) && !rt_.route_broken(me, p) && !rt_.route_broken(p, me));
  }

  // --- Serial ER on a problem, whole (the central heap's other processors) ---------------
  ErAnswer solve(const ErProblem& p) {
    tree_.go_to(p.path);
    const ErAnswer a = er_solve(ctx_, static_cast<ErTask>(p.kind), p.alpha, p.beta, p.depth,
                                static_cast<int>(p.path.size()), p.first_move, p.tentative);
    tree_.go_back(p.path);
    return a;
  }

  // A processor other than 0 holds up to `prefetch` problems and solves one a step, so that
  // it has the next at hand while processor 0 is busy, and a cancel that arrives before a
  // problem has started drops it.
  void on(ErProblem& m) {
    ++stats_.jobs_received;
    if (params_.distributed_heap) {
      adopt(m);
    } else {
      own_.push_back(std::move(m));
    }
    rt_.wake();
  }
  void on(ErCancel& m) {
    if (params_.distributed_heap) {
      const auto root = roots_.find({m.route.from, m.job});
      if (root == roots_.end()) return;  // answered already
      const int id = root->second;
      roots_.erase(root);
      tree_.drop(id);
      rt_.wake();  // it may have nothing left to do
      return;
    }
    const auto it =
        std::find_if(own_.begin(), own_.end(), [&](const ErProblem& p) { return p.job == m.job; });
    if (it == own_.end()) return;  // solved already: its result is on its way
    own_.erase(it);
    ErResult r;
    r.job = m.job;
    r.cancelled = true;
    rt_.send(0, std::move(r));
  }
  void solve_own() {
    if (own_.empty()) return;
    const ErProblem p = std::move(own_.front());
    own_.pop_front();
    const std::uint64_t before = ctx_.stats().nodes();
    const ErAnswer a = solve(p);
    ErResult r;
    r.job = p.job;
    r.value = a.value;
    r.done = a.decided;
    r.first_move = a.first_move;
    r.nodes = ctx_.stats().nodes() - before;
    rt_.send(0, std::move(r));
    if (!own_.empty()) rt_.wake();
  }

  // --- The heap (processor 0; with the distributed heap, every processor) ------------------
  void on(ErRequest& m) {
    if (params_.distributed_heap) {
      serve_steal(m);
      return;
    }
    if (rt_.id() != 0) return;
    ++stats_.requests;
    if (!reachable(m.route.from)) return;
    idle_.push_back(m.route.from);
    for (int k = 1; k < params_.prefetch; ++k) spare_.push_back(m.route.from);
    rt_.wake();
  }
  void on(ErResult& m) {
    if (params_.distributed_heap) {
      rt_.wake();
      const auto it = jobs_.find(m.job);
      if (it == jobs_.end() || tree_.node(it->second).worker != m.route.from) return;
      const int id = it->second;
      jobs_.erase(it);
      tree_.answer(id, ErAnswer{m.value, m.done, m.first_move});
      return;
    }
    if (rt_.id() != 0) return;
    if (reachable(m.route.from)) {
      // A processor with nothing left goes first; one that still holds a problem may get its
      // next one when no processor is idle.
      if (--held_[m.route.from] == 0) idle_.push_back(m.route.from);
      else spare_.push_back(m.route.from);
    }
    rt_.wake();
    const auto it = jobs_.find(m.job);
    if (it == jobs_.end() || m.cancelled) return;  // cut off meanwhile
    const int id = it->second;
    jobs_.erase(it);
    tree_.answer(id, ErAnswer{m.value, m.done, m.first_move});
  }
  void on(NoWork& m) {
    if (!params_.distributed_heap || m.request != request_ || request_target_ < 0) return;
    request_target_ = -1;
    ++failures_;
    const Time max = params_.steal_backoff_ns;
    if (max > 0) {
      const int shift = std::min(failures_ - 1, 6);
      backing_off_ = true;
      rt_.wake(std::min(max, std::max<Time>(1, max / 64) << shift));
    } else {
      rt_.wake();  // the step asks the next neighbour unless work came meanwhile
    }
  }
  template <class M>
  void on(M&) {}  // not part of ER's protocol

  // Hands node `id` to processor `to` (another: this one solves its own in slices, begin_own).
  void dispatch(int id, int to) {
    Node& n = tree_.node(id);
    const auto [alpha, beta] = tree_.window(id);
    ErProblem p;
    p.path = n.path;
    p.depth = static_cast<std::int8_t>(n.depth);
    p.alpha = alpha;
    p.beta = beta;
    p.kind = static_cast<std::uint8_t>(tree_.kind_of(id));
    p.first_move = n.first_move;
    p.tentative = n.tentative;
    p.job = ++job_;
    tree_.run(id, p.job, to);
    jobs_[p.job] = id;
    ++stats_.jobs_given;
    rt_.send(to, std::move(p));
  }

  // Processor 0's slice: expand nodes and hand out problems until it has to solve one itself,
  // or has expanded slice_nodes nodes.
  void run_heap() {
    tree_.drain();
    const std::uint64_t start = ctx_.stats().nodes();
    bool waits = false;  // for answers or requests: no step until a message comes
    while (!tree_.finished() && ctx_.stats().nodes() - start < params_.slice_nodes) {
      // Solving its own problem, it takes more only for a processor that asked: work taken
      // meanwhile would be selected (speculated) before anyone could start it.
      if (own_node_ >= 0 && (params_.distributed_heap || (idle_.empty() && spare_.empty()))) break;
      const int id = tree_.take();
      if (id < 0) {  // waits for answers
        if (params_.distributed_heap && request_target_ < 0 && !backing_off_) steal();
        waits = true;
        break;
      }
      if (tree_.cut_off(id)) {  // finished: its value went up the tree
        tree_.drain();
        continue;
      }
      if (!tree_.node(id).problem) {
        tree_.expand(id);
      } else if (!params_.distributed_heap && (!idle_.empty() || !spare_.empty())) {
        std::deque<int>& from = !idle_.empty() ? idle_ : spare_;
        const int to = from.front();
        from.pop_front();
        ++held_[to];
        dispatch(id, to);
      } else if (own_node_ < 0 &&
                 (params_.distributed_heap || master_solves_ || !any_reachable_worker())) {
        if (solve_alone(id)) break;
      } else {
        // Back until a processor asks (a thief, with the distributed heap), or this one is free.
        tree_.put_back(id);
        waits = true;
        break;
      }
      tree_.drain();
    }
    if (own_node_ >= 0 && !tree_.finished()) {
      solve_own_slice(params_.slice_nodes);
      waits = false;  // its next slice, or the heap work its answer made
    }
    if (!tree_.finished() && !waits) rt_.wake();
  }

  // Processor 0 solves a problem itself in slices between its heap work (search/resumable_er.hpp),
  // so that it answers requests and results meanwhile; its game goes back to the root between.
  void begin_own(int id) {
    Node& n = tree_.node(id);
    const auto [alpha, beta] = tree_.window(id);
    tree_.run(id, ++job_, rt_.id());
    own_node_ = id;
    tree_.go_to(n.path);
    solver_.start(tree_.kind_of(id), alpha, beta, n.depth, n.ply, G::decode(n.first_move),
                  n.tentative);
    tree_.go_back(n.path);
  }
  // Begins solving node `id` here; alone (no other processor left), solves it whole at once,
  // so that one processor takes serial ER's steps in serial ER's order. True: solved.
  bool solve_alone(int id) {
    begin_own(id);
    if (any_reachable_worker()) return false;
    solve_own_slice(std::numeric_limits<std::uint64_t>::max(), false);
    return true;
  }
  // A slice of at most `nodes` nodes. With `yield_to_mail` it ends early once a message
  // waits (real mode): the others wait for this processor's answers between its slices.
  void solve_own_slice(std::uint64_t nodes, bool yield_to_mail = true) {
    const int id = own_node_;
    tree_.go_to(tree_.node(id).path);
    const bool done = solver_.run(nodes, [&] { return yield_to_mail && rt_.mail_waiting(); });
    if (!done) solver_.detach();
    tree_.go_back(tree_.node(id).path);
    if (!done) return;
    own_node_ = -1;
    tree_.answer(id, ErAnswer{solver_.value(), solver_.decided(), G::encode(solver_.first_move())});
  }

  bool any_reachable_worker() const {
    for (int p = 1; p < rt_.processors(); ++p)
      if (reachable(p)) return true;
    return false;
  }

  // --- The distributed heap ----------------------------------------------------------------
  // Asks a random reachable neighbour for a node.
  void steal() {
    // One draw picks a neighbour; only when it is unreachable (faults) is the live list built,
    // so a steal on a complete network of 1024 costs O(1), not O(degree).
    const auto& near = rt_.neighbours();
    if (near.empty()) return;
    const auto draw = rt_.random();
    request_target_ = near[draw % near.size()];
    if (!reachable(request_target_)) {
      std::vector<int> live;
      for (const int p : near)
        if (reachable(p)) live.push_back(p);
      if (live.empty()) {
        request_target_ = -1;
        return;
      }
      request_target_ = live[draw % live.size()];
    }
    ErRequest m;
    m.request = ++request_;
    ++stats_.requests;
    rt_.send(request_target_, std::move(m));
  }
  // A neighbour asks: it gets the pending node with the most plies to go, after a speculative
  // selection if nothing is pending.
  void serve_steal(const ErRequest& m) {
    const int thief = m.route.from;
    if (!reachable(thief)) return;  // work given now could be lost unnoticed
    const int id = tree_.take_for_thief();
    if (id < 0) {
      NoWork n;
      n.request = m.request;
      rt_.send(thief, std::move(n));
      return;
    }
    dispatch(id, thief);
  }
  // A stolen node becomes a root of this processor's forest.
  void adopt(ErProblem& m) {
    if (m.route.from == request_target_) {
      request_target_ = -1;
      failures_ = 0;
    }
    Node r;
    r.ply = static_cast<int>(m.path.size());
    r.path = std::move(m.path);
    r.depth = m.depth;
    r.root_alpha = m.alpha;
    r.root_beta = m.beta;
    r.owner = m.route.from;
    r.owner_job = m.job;
    const auto kind = static_cast<ErTask>(m.kind);
    r.role = kind == ErTask::kENode ? Role::kE : Role::kR;
    r.hold = kind == ErTask::kFirst;
    r.first_known = kind == ErTask::kRest;
    r.first_move = m.first_move;
    r.tentative = m.tentative;
    // Known before the tree combines anything below it, which may answer it at once.
    roots_[{r.owner, r.owner_job}] = static_cast<int>(tree_.nodes().size());
    tree_.add_root(std::move(r));
  }

  // --- What the tree tells this processor (ErTreeHost) -------------------------------------
  // A running problem was cut off: solved here, it is dropped; elsewhere, it gets ErCancel.
  void problem_cut(int id) override {
    Node& n = tree_.node(id);
    if (n.worker == rt_.id()) {
      solver_.abandon();
      own_node_ = -1;
    } else {
      jobs_.erase(n.job);
      ErCancel c;
      c.job = n.job;
      rt_.send(n.worker, std::move(c));
    }
    n.job = 0;
  }
  // Only the problem solved here hears of a narrower window (elsewhere it runs whole).
  void problem_narrowed(int id, Value alpha, Value beta) override {
    if (tree_.node(id).worker == rt_.id()) solver_.narrow(alpha, beta);
  }
  void root_answered(int id, Value value, bool done) override {
    if (tree_.node(id).owner >= 0) {
      answer_owner(id, value, done);
      return;
    }
    RootResult r;
    r.value = value;
    if (const auto best = tree_.root_best()) r.line.push_back(*best);
    r.depth = params_.depth;
    rt_.root_done(r);
  }
  // A stolen root's answer: done (its value) or, for an undecided node, its first child's.
  void answer_owner(int id, Value value, bool done) {
    const Node& n = tree_.node(id);
    roots_.erase({n.owner, n.owner_job});
    ErResult r;
    r.job = n.owner_job;
    r.value = value;
    r.done = done;
    r.first_move = n.first_move;
    rt_.send(n.owner, std::move(r));
  }
  // Roots whose owner can no longer be reached: the owner's owner searches them again.
  void drop_unreachable_roots() {
    for (auto it = roots_.begin(); it != roots_.end();) {
      if (reachable(it->first.first)) {
        ++it;
        continue;
      }
      const int id = it->second;
      it = roots_.erase(it);
      tree_.drop(id);
    }
  }

  Runtime& rt_;
  G game_;
  ErParams params_;
  mutable SearchContext<G> ctx_;  // stats() is not const
  // Processor 0 (every processor with the distributed heap): the tree and its heap.
  Tree tree_;
  bool master_solves_ = true;
  AlgorithmStats stats_;
  // Any processor: its problem.
  std::deque<ErProblem> own_;
  // Processor 0: the problem it solves itself (-1: none) and its solver.
  int own_node_ = -1;
  ResumableEr<G> solver_{ctx_};
  std::deque<int> idle_;   // processors holding no problem (one entry each)
  std::deque<int> spare_;  // further problems processors may hold (prefetch - 1 each)
  std::vector<int> held_;  // problems each processor holds
  std::unordered_map<JobId, int> jobs_;
  // Distributed heap: the stolen roots by (owner, owner's job), and the steal request out.
  std::map<std::pair<int, JobId>, int> roots_;
  std::uint32_t request_ = 0;
  int request_target_ = -1;
  bool backing_off_ = false;
  int failures_ = 0;
  JobId job_ = 0;
};

}  // namespace alphactor::actors
