// Parallel ER with a problem heap (`er` with processors): Steinberg & Solomon, "Searching Game
// Trees in Parallel" (1989; UW-Madison TR 877, ICPP 1990), section 5 (speculative work) and
// section 6 (the implementation, Tables 1 and 2). Serial ER (search/er.hpp, Fig. 8) stays the
// reference: with P = 1 and no refinements this visits exactly its nodes.
//
// The heap lives on processor 0 (the paper's design: one shared heap). Processor 0 keeps the
// tree above the serial ply (the paper's "serial depth", Table 3) and expands its nodes itself
// (Table 1: an e-node generates all its children "undecided"; an undecided node and an r-node
// generate their first child, an e-node; an r-node then its next child, an r-node). Nodes at the
// serial ply are problems: a processor takes one and solves it whole with serial ER (so no
// search ever blocks a mailbox for longer than one small problem). Processor 0, which also
// answers everyone, solves its own problems in slices between its heap work instead
// (search/resumable_er.hpp: a narrower window reaches the problem in progress, and a cancel
// drops it where it is). Every value goes back up as
// the paper's `combine`: a node's value rises with its children's, a node whose window is empty
// is cut off (its running problems get ErCancel), and the node where combining stops acts as
// Table 2 says: undecided children wait ("held") once their first child is known, and when all
// of an e-node's elder grandchildren are known it selects its best child, the e-child.
//
// Windows are computed when a problem is handed out, from its ancestors' values at that moment
// (a child's window is (-beta, -max(alpha, value)) of its parent). They only narrow with time,
// so a result from an older, wider window is still a true bound: the root value stays exact.
//
// The heap is the paper's pair of queues: the primary queue (scheduled work, deepest first,
// first scheduled first on ties) and the speculative queue (e-nodes with held children that may
// become further e-children; fewest e-children first, then shallower). A processor (or
// processor 0 for itself) takes from the primary queue first, from the speculative queue only
// when the primary one has no problem for it. The refinements of section 5, each switchable:
//  - parallel refutation: once an e-node's first e-child is evaluated, all its other children
//    are refuted at once (off: one after the other, in order of their tentative values);
//  - multiple e-nodes: after its first e-child an e-node goes on the speculative queue, and an
//    idle processor selects its next best child as a further e-child;
//  - early choice of e-nodes: an e-node goes on the speculative queue as soon as all but one of
//    its elder grandchildren are known (section 6: "as soon as all but one ... evaluated").
// Beyond the paper, on by default: speculative r-nodes (ErParams::speculative_rnodes): an
// r-node's next child may start before its running ones end, so that ER's sequential
// refutations do not leave processors idle.
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
// refute its other children when it selects it. The tree and both queues are the same, so with one
// processor the two placements search the same nodes.
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
#include <queue>
#include <string>
#include <unordered_map>
#include <vector>

#include "actors/algorithm.hpp"
#include "actors/tunables.hpp"
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
  bool parallel_refutation = true;
  bool multiple_enodes = true;
  bool early_choice = true;
  // Beyond the paper: an r-node that refutes its children one after another goes on the
  // speculative queue too, and an idle processor starts its next child before the running
  // ones end (the paper keeps them sequential: ER then leaves half the processors idle, load
  // near 50% at P = 16 even with messages free). Sim, modern, P = 16, mean over three trees,
  // processor 0 keeping the heap only: R1 4.03 -> 6.97, R2 4.08 -> 8.61, R3 2.85 -> 5.23.
  bool speculative_rnodes = true;
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
inline int er_serial_ply(int serial_ply, int depth) {
  const int s = serial_ply > 0 ? serial_ply : depth / 2;
  return std::clamp(s, 1, std::max(1, depth));
}
inline int er_serial_ply(const ErParams& p) {
  return er_serial_ply(p.serial_ply, p.depth);
}

template <Game G>
class ParallelEr final : public ProcessorAlgorithm {
 public:
  ParallelEr(Runtime& rt, const G& root, const ErParams& params)
      : rt_(rt), game_(root), params_(params), ctx_(game_, context_options(params)) {
    serial_ply_ = er_serial_ply(params_);
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
    Node root;
    root.role = Role::kE;
    root.depth = params_.depth;
    nodes_.push_back(root);
    schedule(0);
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
      if (!reachable(nodes_[id].worker)) lost.push_back(job);
    std::sort(lost.begin(), lost.end());  // the map's order is not deterministic
    for (const JobId job : lost) {
      const int id = jobs_.at(job);
      jobs_.erase(job);
      Node& n = nodes_[id];
      n.worker = -1;
      n.job = 0;
      n.state = State::kPending;
      push_primary(id);
      ++stats_.jobs_lost;
    }
    rt_.wake();
  }

  [[nodiscard]] const SearchStats& search_stats() const override { return ctx_.stats(); }
  [[nodiscard]] AlgorithmStats algorithm_stats() const override { return stats_; }
  [[nodiscard]] std::size_t memory_bytes() const override {
    std::size_t b = sizeof(*this) + nodes_.capacity() * sizeof(Node) + solver_.memory_bytes();
    for (const Node& n : nodes_)
      b += n.path.capacity() * 4 + n.moves.capacity() * 4 + n.kids.capacity() * sizeof(int);
    return b;
  }
  // The problems held here, and (the heap's holder) the problems given out, unanswered.
  [[nodiscard]] std::string describe_wait() const override {
    std::string out = std::to_string(own_.size()) + " problem(s) held";
    if (jobs_.empty()) return out;
    std::vector<std::pair<JobId, int>> given;  // sorted: the map's order is not deterministic
    for (const auto& [job, id] : jobs_) given.emplace_back(job, nodes_[id].worker);
    std::sort(given.begin(), given.end());
    out += "; waits for";
    for (std::size_t i = 0; i < given.size(); ++i)
      out += (i ? ", job " : " job ") + std::to_string(given[i].first) + " at processor " +
             std::to_string(given[i].second);
    return out;
  }

 private:
  enum class Role : std::uint8_t { kE, kR };
  enum class State : std::uint8_t { kPending, kRunning, kExpanded, kHeld, kDone };

  // A node of processor 0's tree: above the serial ply it is expanded here, at it a problem.
  struct Node {
    int parent = -1;
    std::vector<std::uint32_t> path;  // encoded moves from the root
    int ply = 0, depth = 0;
    Role role = Role::kE;
    bool hold = false;  // undecided: stop after the first child until the parent selects it
    bool was_held = false;
    bool problem = false;
    State state = State::kPending;
    std::uint64_t seq = 0;  // the current primary-queue entry
    // A problem: its job and processor while running; kind kFirst's answer.
    JobId job = 0;
    int worker = -1;
    bool first_known = false;  // an undecided problem whose first child is evaluated
    std::uint32_t first_move = 0;
    // Expanded: the moves in search order and the children made so far (-1: not yet).
    std::vector<std::uint32_t> moves;
    std::vector<int> kids;
    int next = 0;  // r-node: the next child to make
    // Where serial ER would take it among its siblings: its move's index, and for a child its
    // e-node selects (an e-child or a refutation), after all unselected ones in the order of
    // selection. Ties of the primary queue go by these ranks along the path, so that with
    // parallel refutation one refutation goes on before the next starts, as in serial ER.
    std::uint32_t rank = 0;
    bool rest_ordered = false;
    int active = 0;  // children made and not done
    Value best = -kInfinity;
    Value tentative = 0;  // held: the value from the first child (sort key of e-child choice)
    // E-node: children done or held; e-children selected, still running; the first e-child.
    int settled = 0;
    int echildren = 0;
    int echildren_active = 0;
    int echild = -1;
    bool echild_done = false;
    bool on_spec = false;
    // A root (parent -1): its window, and for a stolen one its owner and the owner's job.
    Value root_alpha = -kInfinity, root_beta = kInfinity;
    int owner = -1;
    JobId owner_job = 0;
  };

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

  // --- Positions ---------------------------------------------------------------------------
  void go_to(const std::vector<std::uint32_t>& path) {
    for (const auto m : path) game_.play(G::decode(m));
  }
  void go_back(const std::vector<std::uint32_t>& path) {
    for (auto it = path.rbegin(); it != path.rend(); ++it) game_.undo(G::decode(*it));
  }

  // --- Serial ER on a problem, whole (the central heap's other processors) ---------------
  ErAnswer solve(const ErProblem& p) {
    go_to(p.path);
    const ErAnswer a = er_solve(ctx_, static_cast<ErTask>(p.kind), p.alpha, p.beta, p.depth,
                                static_cast<int>(p.path.size()), p.first_move, p.tentative);
    go_back(p.path);
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
      cancel_below(id);
      nodes_[id].state = State::kDone;
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
      if (it == jobs_.end() || nodes_[it->second].worker != m.route.from) return;
      const int id = it->second;
      jobs_.erase(it);
      nodes_[id].job = 0;
      nodes_[id].worker = -1;
      answer(id, ErAnswer{m.value, m.done, m.first_move});
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
    Node& n = nodes_[id];
    n.job = 0;
    n.worker = -1;
    answer(id, ErAnswer{m.value, m.done, m.first_move});
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

  // A problem's answer at processor 0.
  void answer(int id, const ErAnswer& a) {
    Node& n = nodes_[id];
    if (n.state == State::kDone) return;
    if (n.hold && !n.first_known) {
      n.first_known = true;
      n.first_move = a.first_move;
      if (a.decided) {
        finish(id, a.value);
      } else {
        if (!n.problem) first_child_known(id, a.value);  // a thief's answer (distributed)
        Node& held_node = nodes_[id];                    // first_child_known may have moved nodes_
        held_node.state = State::kHeld;
        held_node.tentative = a.value;
        held(id);
      }
    } else {
      finish(id, a.value);
    }
    drain();
  }

  // A child's window, from its parent's window and value.
  std::pair<Value, Value> window(int id) const {
    const Node& n = nodes_[id];
    if (n.parent < 0) return {n.root_alpha, n.root_beta};
    const auto [a, b] = window(n.parent);
    return {-b, -std::max(a, nodes_[n.parent].best)};
  }

  void push_primary(int id) {
    Node& n = nodes_[id];
    n.seq = ++seq_;
    primary_.push({n.ply, tree_order(id), n.seq, id});
    // A root stays with the processor it came to: passed on unexpanded, a node would hop from
    // one idle processor to the next without anyone searching it.
    if (params_.distributed_heap && n.parent >= 0) steal_.push({n.ply, n.seq, id});
  }
  // The ranks from the root down to `id`.
  std::vector<std::uint32_t> tree_order(int id) const {
    std::vector<std::uint32_t> order;
    for (int k = id; k >= 0 && nodes_[k].parent >= 0; k = nodes_[k].parent)
      order.push_back(nodes_[k].rank);
    std::reverse(order.begin(), order.end());
    return order;
  }
  void push_spec(int id) {
    Node& n = nodes_[id];
    if (n.on_spec) return;
    n.on_spec = true;
    // An r-node ranks by the children it has running, as an e-node by its e-children.
    const bool rnode = n.role == Role::kR;
    spec_.push({rnode ? n.active : n.echildren, rnode, n.ply, ++seq_, id});
  }

  // Makes child i of `parent`.
  int make_child(int parent, int i, Role role, bool hold) {
    Node c;
    c.parent = parent;
    c.path = nodes_[parent].path;
    c.path.push_back(nodes_[parent].moves[i]);
    c.ply = nodes_[parent].ply + 1;
    c.depth = nodes_[parent].depth - 1;
    c.role = role;
    c.hold = hold;
    c.rank = static_cast<std::uint32_t>(i);
    c.problem = c.ply >= serial_ply_;
    const int id = static_cast<int>(nodes_.size());
    nodes_.push_back(std::move(c));
    nodes_[parent].kids[i] = id;
    ++nodes_[parent].active;
    return id;
  }
  void schedule(int id) {
    nodes_[id].state = State::kPending;
    push_primary(id);
  }

  // Table 1: a node taken from the primary queue generates its children.
  void expand(int id) {
    const auto [alpha, beta] = window(id);
    if (std::max(alpha, nodes_[id].best) >= beta) {
      finish(id, std::max(alpha, nodes_[id].best));
      return;
    }
    G& g = game_;
    go_to(nodes_[id].path);
    typename G::MoveList list;
    const bool terminal = g.is_terminal() || (g.generate_moves(list), list.empty());
    Value leaf = 0;
    if (terminal) {
      ++ctx_.stats().leaf_nodes;
      leaf = g.terminal_value(nodes_[id].ply);
    } else {
      ++ctx_.stats().interior_nodes;
      ctx_.order_moves(list, nodes_[id].ply, std::nullopt);
    }
    go_back(nodes_[id].path);
    if (terminal) {
      finish(id, std::max(alpha, leaf));
      return;
    }
    Node& n = nodes_[id];
    n.state = State::kExpanded;
    for (const auto m : list) n.moves.push_back(G::encode(m));
    n.kids.assign(n.moves.size(), -1);
    if (n.role == Role::kE) {
      for (int i = 0; i < int(nodes_[id].moves.size()); ++i)
        schedule(make_child(id, i, Role::kR, true));
    } else {
      nodes_[id].next = 1;
      schedule(make_child(id, 0, Role::kE, false));
    }
  }

  // Done: its value goes to the parent; its running problems below are cancelled.
  void finish(int id, Value v) {
    if (nodes_[id].state == State::kDone) return;
    cancel_below(id);
    Node& n = nodes_[id];
    const bool was_held = n.was_held || n.state == State::kHeld;
    n.state = State::kDone;
    n.moves.clear();
    n.moves.shrink_to_fit();
    if (n.parent < 0 && n.owner >= 0) {  // a stolen node: back to its owner
      answer_owner(id, v, true);
      return;
    }
    if (n.parent < 0) {
      RootResult r;
      r.value = v;
      if (root_best_) r.line.push_back(*root_best_);
      r.depth = params_.depth;
      root_finished_ = true;
      rt_.root_done(r);
      return;
    }
    const int pid = n.parent;
    Node& p = nodes_[pid];
    --p.active;
    if (p.role == Role::kE) {
      if (!was_held) ++p.settled;
      if (was_held && n.hold == false) {
        --p.echildren_active;
        if (id == p.echild) p.echild_done = true;
      }
    }
    const Value before = std::max(window(pid).first, p.best);
    if (-v > p.best) {
      p.best = -v;
      if (p.parent < 0) root_best_ = n.path.back();
      const auto [a, b] = window(pid);
      const bool first_child = p.role == Role::kR && !p.kids.empty() && p.kids[0] == id;
      if (std::max(a, p.best) >= b && !first_child) reward(pid, n.path.back());
      if (std::max(a, p.best) > before) touch_below(pid);
    }
    dirty_.push_back(pid);
  }
  void reward(int id, std::uint32_t move) {
    go_to(nodes_[id].path);
    ctx_.reward_cutoff(G::decode(move), nodes_[id].depth, nodes_[id].ply);
    go_back(nodes_[id].path);
  }
  void cancel_below(int id) {
    Node& n = nodes_[id];
    if (n.state == State::kRunning && n.job != 0 && n.worker == rt_.id()) {  // solved here
      solver_.abandon();
      own_node_ = -1;
      n.job = 0;
    } else if (n.state == State::kRunning && n.job != 0) {
      jobs_.erase(n.job);
      ErCancel c;
      c.job = n.job;
      rt_.send(n.worker, std::move(c));
      n.job = 0;
    }
    for (const int k : n.kids)
      if (k >= 0 && nodes_[k].state != State::kDone) {
        cancel_below(k);
        nodes_[k].state = State::kDone;
      }
  }
  // The value of `id` rose: every window below narrowed, so every live node below is checked.
  void touch_below(int id) {
    for (const int k : nodes_[id].kids)
      if (k >= 0 && nodes_[k].state != State::kDone) {
        dirty_.push_back(k);
        touch_below(k);
      }
  }

  // An undecided child's first child is known and did not decide it (Table 2's cases).
  void held(int id) {
    Node& n = nodes_[id];
    n.state = State::kHeld;
    n.was_held = true;
    if (n.parent < 0) {  // a stolen undecided node: its owner decides
      answer_owner(id, n.tentative, false);
      return;
    }
    ++nodes_[n.parent].settled;
    dirty_.push_back(n.parent);
  }
  // The parent selects a held child: an e-child (refuting the rest of its moves).
  void release(int pid, int id) {
    Node& p = nodes_[pid];
    Node& n = nodes_[id];
    n.hold = false;
    n.rank = static_cast<std::uint32_t>(p.kids.size() + p.echildren);
    ++p.echildren;
    ++p.echildren_active;
    if (p.echild < 0) p.echild = id;
    if (n.problem) {
      schedule(id);
      return;
    }
    order_rest(id);
    n.state = State::kExpanded;
    dirty_.push_back(id);
  }
  // As er_refute_rest: the moves after the first in the order the heuristics give now (the
  // first child's search may have changed killers and history).
  void order_rest(int id) {
    Node& n = nodes_[id];
    n.rest_ordered = true;
    go_to(n.path);
    typename G::MoveList list;
    game_.generate_moves(list);
    ctx_.order_moves(list, n.ply, std::nullopt);
    go_back(n.path);
    n.moves.resize(1);
    for (const auto m : list)
      if (G::encode(m) != n.moves[0]) n.moves.push_back(G::encode(m));
    n.kids.resize(n.moves.size(), -1);  // a node known from a thief has its first child only
  }
  int best_held(int pid) const {
    int best = -1;
    for (const int k : nodes_[pid].kids)
      if (k >= 0 && nodes_[k].state == State::kHeld &&
          (best < 0 || nodes_[k].tentative < nodes_[best].tentative))
        best = k;
    return best;
  }

  // Combining: what a node does after a change below or above it.
  void advance(int id) {
    Node& n = nodes_[id];
    if (n.state == State::kDone) return;
    const auto [alpha, beta] = window(id);
    const Value value = std::max(alpha, n.best);
    if (value >= beta) {  // cut off
      finish(id, value);
      return;
    }
    if (n.state == State::kRunning && n.worker == rt_.id() && n.job != 0) {
      solver_.narrow(alpha, beta);  // solved here: its window narrowed
      return;
    }
    if (n.state != State::kExpanded) return;  // a problem, or held: waits
    const int size = static_cast<int>(n.moves.size());
    if (n.role == Role::kR) {
      if (nodes_[n.kids[0]].state != State::kDone) return;  // the first child runs
      if (n.hold && !n.first_known) {
        n.first_known = true;
        if (size == 1) {
          finish(id, value);
        } else {
          n.tentative = value;
          n.first_move = n.moves[0];
          held(id);
        }
        return;
      }
      if (n.active > 0) {
        if (params_.speculative_rnodes && n.rest_ordered && n.next < size) push_spec(id);
        return;
      }
      if (!n.rest_ordered && size > 1) order_rest(id);
      if (n.next < size) {
        schedule(make_child(id, n.next++, Role::kR, false));
        if (params_.speculative_rnodes && nodes_[id].next < size) push_spec(id);
      } else {
        finish(id, value);
      }
      return;
    }
    // An e-node.
    const int chosen = best_held(id);
    if (n.active == 0) {
      finish(id, value);
      return;
    }
    if (chosen < 0) return;
    if (n.echild < 0) {
      if (n.settled == size) {
        release(id, chosen);
        // Multiple e-nodes: a second e-child may start while the first runs.
        if (params_.multiple_enodes && best_held(id) >= 0) push_spec(id);
      } else if (params_.early_choice && n.settled == size - 1) {
        push_spec(id);
      }
      return;
    }
    if (n.echild_done && params_.parallel_refutation) {
      for (int k = best_held(id); k >= 0; k = best_held(id)) release(id, k);
      return;
    }
    if (n.echildren_active == 0) release(id, chosen);
    if (params_.multiple_enodes && best_held(id) >= 0) push_spec(id);
  }

  void drain() {
    while (!dirty_.empty() && !root_finished_) {
      const int id = dirty_.front();
      dirty_.pop_front();
      advance(id);
    }
    dirty_.clear();
  }

  static ErTask kind_of(const Node& n) {
    return n.role == Role::kE ? ErTask::kENode
           : n.hold           ? ErTask::kFirst
           : n.first_known    ? ErTask::kRest
                              : ErTask::kRNode;
  }
  // Hands node `id` to processor `to` (another: this one solves its own in slices, begin_own).
  void dispatch(int id, int to) {
    Node& n = nodes_[id];
    const auto [alpha, beta] = window(id);
    ErProblem p;
    p.path = n.path;
    p.depth = static_cast<std::int8_t>(n.depth);
    p.alpha = alpha;
    p.beta = beta;
    p.kind = static_cast<std::uint8_t>(kind_of(n));
    p.first_move = n.first_move;
    p.tentative = n.tentative;
    p.job = ++job_;
    n.state = State::kRunning;
    n.job = p.job;
    n.worker = to;
    jobs_[p.job] = id;
    ++stats_.jobs_given;
    rt_.send(to, std::move(p));
  }

  // Processor 0's slice: expand nodes and hand out problems until it has to solve one itself,
  // or has expanded slice_nodes nodes.
  void run_heap() {
    drain();
    const std::uint64_t start = ctx_.stats().nodes();
    bool waits = false;  // for answers or requests: no step until a message comes
    while (!root_finished_ && ctx_.stats().nodes() - start < params_.slice_nodes) {
      // Solving its own problem, it takes more only for a processor that asked: work taken
      // meanwhile would be selected (speculated) before anyone could start it.
      if (own_node_ >= 0 && (params_.distributed_heap || (idle_.empty() && spare_.empty()))) break;
      const int id = take();
      if (id < 0) {  // waits for answers
        if (params_.distributed_heap && request_target_ < 0 && !backing_off_) steal();
        waits = true;
        break;
      }
      Node& n = nodes_[id];
      const auto [alpha, beta] = window(id);
      if (std::max(alpha, n.best) >= beta) {
        finish(id, std::max(alpha, n.best));
      } else if (!n.problem) {
        expand(id);
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
        primary_.push({n.ply, tree_order(id), n.seq, id});
        waits = true;
        break;
      }
      drain();
    }
    if (own_node_ >= 0 && !root_finished_) {
      solve_own_slice(params_.slice_nodes);
      waits = false;  // its next slice, or the heap work its answer made
    }
    if (!root_finished_ && !waits) rt_.wake();
  }

  // Processor 0 solves a problem itself in slices between its heap work (search/resumable_er.hpp),
  // so that it answers requests and results meanwhile; its game goes back to the root between.
  void begin_own(int id) {
    Node& n = nodes_[id];
    const auto [alpha, beta] = window(id);
    n.state = State::kRunning;
    n.job = ++job_;
    n.worker = rt_.id();
    own_node_ = id;
    go_to(n.path);
    solver_.start(kind_of(n), alpha, beta, n.depth, n.ply, G::decode(n.first_move), n.tentative);
    go_back(n.path);
  }
  // Begins solving node `id` here; alone (no other processor left), solves it whole at once,
  // so that one processor takes serial ER's steps in serial ER's order. True: solved.
  bool solve_alone(int id) {
    begin_own(id);
    if (any_reachable_worker()) return false;
    solve_own_slice(std::numeric_limits<std::uint64_t>::max());
    return true;
  }
  void solve_own_slice(std::uint64_t nodes) {
    const int id = own_node_;
    go_to(nodes_[id].path);
    const bool done = solver_.run(nodes);
    if (!done) solver_.detach();
    go_back(nodes_[id].path);
    if (!done) return;
    own_node_ = -1;
    Node& n = nodes_[id];
    n.job = 0;
    n.worker = -1;
    answer(id, ErAnswer{solver_.value(), solver_.decided(), G::encode(solver_.first_move())});
  }

  bool any_reachable_worker() const {
    for (int p = 1; p < rt_.processors(); ++p)
      if (reachable(p)) return true;
    return false;
  }

  // The next node to work on: the primary queue first, then a selection from the speculative
  // queue when a processor would otherwise wait. -1: nothing.
  int take() {
    for (;;) {
      if (const int id = pop_pending(primary_); id >= 0) return id;
      if (!speculate()) return -1;
    }
  }
  // The first entry of `queue` that is still pending, popped; -1: none.
  template <class Queue>
  int pop_pending(Queue& queue) {
    while (!queue.empty()) {
      const std::uint64_t seq = queue.top().seq;
      const int id = queue.top().id;
      queue.pop();
      if (nodes_[id].state == State::kPending && nodes_[id].seq == seq) return id;
    }
    return -1;
  }
  // One selection from the speculative queue (a further e-child, or with speculative_rnodes an
  // r-node's next child); false: nothing to select.
  bool speculate() {
    while (!spec_.empty()) {
      const SpecEntry e = spec_.top();
      spec_.pop();
      Node& n = nodes_[e.id];
      n.on_spec = false;
      if (n.state != State::kExpanded) continue;
      if (n.role == Role::kR) {  // speculative_rnodes: its next child before the others end
        if (n.hold || !n.rest_ordered || n.next >= int(n.moves.size())) continue;
        const int child = make_child(e.id, nodes_[e.id].next++, Role::kR, false);
        schedule(child);
        if (nodes_[e.id].next < int(nodes_[e.id].moves.size())) push_spec(e.id);
        drain();
        return true;
      }
      const int k = best_held(e.id);
      if (k < 0) continue;
      release(e.id, k);
      if (best_held(e.id) >= 0 && params_.multiple_enodes) push_spec(e.id);
      drain();
      return true;
    }
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
    int id = -1;
    while (id < 0 && !root_finished_) {
      id = pop_pending(steal_);
      if (id < 0 && !speculate()) break;
      if (id < 0) continue;
      const auto [alpha, beta] = window(id);
      if (const Value v = std::max(alpha, nodes_[id].best); v >= beta) {  // cut off meanwhile
        finish(id, v);
        drain();
        id = -1;
      }
    }
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
    r.problem = r.ply >= serial_ply_;
    const int id = static_cast<int>(nodes_.size());
    nodes_.push_back(std::move(r));
    roots_[{nodes_[id].owner, nodes_[id].owner_job}] = id;
    if (kind == ErTask::kRest && !nodes_[id].problem) {  // its first child is known: the rest
      first_child_known(id, m.tentative);
      order_rest(id);
      nodes_[id].state = State::kExpanded;
      dirty_.push_back(id);
      drain();
      return;
    }
    schedule(id);
  }
  // A node above the serial ply whose first child another processor evaluated: it gets that
  // child as a done placeholder, so that refuting its other children goes on from the second.
  void first_child_known(int id, Value tentative) {
    Node done;
    done.parent = id;
    done.state = State::kDone;
    const int child = static_cast<int>(nodes_.size());
    nodes_.push_back(std::move(done));
    Node& n = nodes_[id];
    n.moves.assign(1, n.first_move);
    n.kids.assign(1, child);
    n.next = 1;
    n.best = std::max(n.best, tentative);
  }
  // A stolen root's answer: done (its value) or, for an undecided node, its first child's.
  void answer_owner(int id, Value value, bool done) {
    Node& n = nodes_[id];
    n.state = State::kDone;
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
      cancel_below(id);
      nodes_[id].state = State::kDone;
    }
  }

  // Deepest first (the paper's order), then in the order serial ER would reach them (the
  // ranks along the path: see Node::rank), then first scheduled.
  struct PrimaryEntry {
    int ply;
    std::vector<std::uint32_t> order;
    std::uint64_t seq;
    int id;
    bool operator<(const PrimaryEntry& o) const {
      if (ply != o.ply) return ply < o.ply;
      if (order != o.order) return order > o.order;
      return seq > o.seq;
    }
  };
  struct StealEntry {
    int ply;
    std::uint64_t seq;
    int id;
    bool operator<(const StealEntry& o) const {  // most plies to go first, then first scheduled
      return ply != o.ply ? ply > o.ply : seq > o.seq;
    }
  };
  // The paper ranks e-nodes by fewest e-children, then shallower. An r-node (speculative
  // r-nodes) ranks by its running children; on a tie it goes before the e-nodes, and deeper
  // r-nodes go first: a child near the serial ply is a small stake if it proves unneeded
  // (sim, modern, P = 16, mean over three trees: R1 6.96 -> 6.97, R2 6.93 -> 8.61, R3 4.98 ->
  // 5.23 against ranking r-nodes as e-nodes).
  struct SpecEntry {
    int count;  // e-node: e-children; r-node: children running
    bool rnode;
    int ply;
    std::uint64_t seq;
    int id;
    bool operator<(const SpecEntry& o) const {
      if (count != o.count) return count > o.count;
      if (rnode != o.rnode) return o.rnode;
      if (ply != o.ply) return rnode ? ply < o.ply : ply > o.ply;
      return seq > o.seq;
    }
  };

  Runtime& rt_;
  G game_;
  ErParams params_;
  mutable SearchContext<G> ctx_;  // stats() is not const
  int serial_ply_ = 1;
  bool master_solves_ = true;
  AlgorithmStats stats_;
  // Any processor: its problem.
  std::deque<ErProblem> own_;
  // Processor 0: the problem it solves itself (-1: none) and its solver.
  int own_node_ = -1;
  ResumableEr<G> solver_{ctx_};
  // Processor 0: the tree and the heap.
  std::vector<Node> nodes_;
  std::priority_queue<PrimaryEntry> primary_;
  std::priority_queue<SpecEntry> spec_;
  std::deque<int> dirty_;
  std::deque<int> idle_;   // processors holding no problem (one entry each)
  std::deque<int> spare_;  // further problems processors may hold (prefetch - 1 each)
  std::vector<int> held_;  // problems each processor holds
  std::unordered_map<JobId, int> jobs_;
  // Distributed heap: pending nodes by plies to go, the stolen roots by (owner, owner's job),
  // and the steal request out.
  std::priority_queue<StealEntry> steal_;
  std::map<std::pair<int, JobId>, int> roots_;
  std::uint32_t request_ = 0;
  int request_target_ = -1;
  bool backing_off_ = false;
  int failures_ = 0;
  std::uint64_t seq_ = 0;
  JobId job_ = 0;
  std::optional<std::uint32_t> root_best_;
  bool root_finished_ = false;
};

}  // namespace alphactor::actors
