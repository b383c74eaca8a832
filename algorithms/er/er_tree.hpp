// The problem tree and heap of parallel ER: Steinberg & Solomon, "Searching Game Trees in
// Parallel" (1989; UW-Madison TR 877, ICPP 1990), section 5 (speculative work) and section 6
// (Tables 1 and 2). Plain C++: no messages. The processor that keeps the tree
// (algorithms/er/er.hpp) hands its problems out, solves them or lets them be stolen, and
// hears from the tree through ErTreeHost when a problem is cut off, its window narrows or a
// root is decided.
//
// The tree holds the nodes above the serial ply (the paper's "serial depth", Table 3) and
// expands them (Table 1: an e-node generates all its children "undecided"; an undecided node
// and an r-node generate their first child, an e-node; an r-node then its next child, an
// r-node). Nodes at the serial ply are problems, solved elsewhere by serial ER. Every value goes
// back up as the paper's `combine`: a node's value rises with its children's, a node whose
// window is empty is cut off (its running problems go to ErTreeHost::problem_cut), and the node
// where combining stops acts as Table 2 says: undecided children wait ("held") once their first
// child is known, and when all of an e-node's elder grandchildren are known it selects its best
// child, the e-child.
//
// Windows are computed when a node is taken, from its ancestors' values at that moment (a
// child's window is (-beta, -max(alpha, value)) of its parent). They only narrow with time, so
// a result from an older, wider window is still a true bound: the root value stays exact.
//
// The heap is the paper's pair of queues: the primary queue (scheduled work, deepest first,
// first scheduled first on ties) and the speculative queue (e-nodes with held children that may
// become further e-children; fewest e-children first, then shallower). take() serves the
// primary queue first and selects from the speculative queue only when the primary one is
// empty. The refinements of section 5, each switchable (ErRules):
//  - parallel refutation: once an e-node's first e-child is evaluated, all its other children
//    are refuted at once (off: one after the other, in order of their tentative values);
//  - multiple e-nodes: after its first e-child an e-node goes on the speculative queue, and an
//    idle processor selects its next best child as a further e-child;
//  - early choice of e-nodes: an e-node goes on the speculative queue as soon as all but one of
//    its elder grandchildren are known (section 6: "as soon as all but one ... evaluated").
// Beyond the paper, on by default: speculative r-nodes: an r-node's next child may start
// before its running ones end, so that ER's sequential refutations do not leave processors
// idle.
//
// A forest: besides the search's root, a processor of the distributed heap adds the nodes it
// stole as roots with the windows they came with (add_root); their answers go back to their
// owners (ErTreeHost::root_answered). The tree and both queues are the same either way, so
// with one processor both placements search the same nodes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <optional>
#include <queue>
#include <vector>

#include "actors/protocol.hpp"  // JobId (plain C++)
#include "search/context.hpp"
#include "search/er.hpp"

namespace alphactor::actors {

// The tree's switchable rules: section 5's refinements and one of ours.
struct ErRules {
  bool parallel_refutation = true;
  bool multiple_enodes = true;
  bool early_choice = true;
  // Beyond the paper: an r-node that refutes its children one after another goes on the
  // speculative queue too, and an idle processor starts its next child before the running
  // ones end (the paper keeps them sequential: ER then leaves half the processors idle, load
  // near 50% at P = 16 even with messages free). Sim, modern, P = 16, mean over three trees,
  // processor 0 keeping the heap only: R1 4.03 -> 6.97, R2 4.08 -> 8.61, R3 2.85 -> 5.23.
  bool speculative_rnodes = true;
  // The distributed heap: pending nodes below a root also go on the steal queue.
  bool stealable = false;
};

// The serial ply as run: nodes at this ply and deeper are problems (0: half the depth).
inline int er_serial_ply(int serial_ply, int depth) {
  const int s = serial_ply > 0 ? serial_ply : depth / 2;
  return std::clamp(s, 1, std::max(1, depth));
}

// What the tree tells the processor that keeps it.
class ErTreeHost {
 public:
  // Node `id`, a problem being solved (Node::job set), was cut off: the host stops it and
  // clears its job.
  virtual void problem_cut(int id) = 0;
  // The window of node `id`, a problem being solved, narrowed to (alpha, beta).
  virtual void problem_narrowed(int id, Value alpha, Value beta) = 0;
  // Root `id` of the forest is answered: the search's root (Node::owner < 0; `done` true), or a
  // stolen node, whose value goes back to its owner (`done` false: an undecided node's first
  // child only).
  virtual void root_answered(int id, Value value, bool done) = 0;

 protected:
  ~ErTreeHost() = default;
};

template <Game G>
class ErTree {
 public:
  enum class Role : std::uint8_t { kE, kR };
  enum class State : std::uint8_t { kPending, kRunning, kExpanded, kHeld, kDone };

  // A node above the serial ply is expanded here, a node at it is a problem.
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
    // A problem: its job and processor while running (the host's); kind kFirst's answer.
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

  // `game` and `ctx` are the processor's, at the search's root between calls.
  ErTree(ErTreeHost& host, G& game, SearchContext<G>& ctx, const ErRules& rules, int serial_ply)
      : host_(host), game_(game), ctx_(ctx), rules_(rules), serial_ply_(serial_ply) {}

  [[nodiscard]] Node& node(int id) { return nodes_[id]; }
  [[nodiscard]] const Node& node(int id) const { return nodes_[id]; }
  [[nodiscard]] const std::vector<Node>& nodes() const { return nodes_; }
  // The search's root is decided: nothing more to do.
  [[nodiscard]] bool finished() const { return root_finished_; }
  // The root's best move so far.
  [[nodiscard]] std::optional<std::uint32_t> root_best() const { return root_best_; }

  // --- Positions ---------------------------------------------------------------------------
  void go_to(const std::vector<std::uint32_t>& path) {
    for (const auto m : path) game_.play(G::decode(m));
  }
  void go_back(const std::vector<std::uint32_t>& path) {
    for (auto it = path.rbegin(); it != path.rend(); ++it) game_.undo(G::decode(*it));
  }

  // --- Roots -------------------------------------------------------------------------------
  // The search's root, an e-node of `depth` plies, scheduled.
  void start(int depth) {
    Node root;
    root.role = Role::kE;
    root.depth = depth;
    nodes_.push_back(root);
    schedule(0);
  }
  // A stolen node (distributed heap), a root of this forest with the window it came with.
  int add_root(Node r) {
    r.problem = r.ply >= serial_ply_;
    const int id = static_cast<int>(nodes_.size());
    nodes_.push_back(std::move(r));
    const Node& n = nodes_[id];
    if (n.first_known && !n.hold && !n.problem) {  // its first child is known: the rest
      first_child_known(id, n.tentative);
      order_rest(id);
      nodes_[id].state = State::kExpanded;
      dirty_.push_back(id);
      drain();
      return id;
    }
    schedule(id);
    return id;
  }

  // --- Taking work -------------------------------------------------------------------------
  // The next node to work on: the primary queue first, then a selection from the speculative
  // queue when a processor would otherwise wait. -1: nothing.
  int take() {
    for (;;) {
      if (const int id = pop_pending(primary_); id >= 0) return id;
      if (!speculate()) return -1;
    }
  }
  // A node for a thief (distributed heap): the pending one with the most plies to go, after a
  // speculative selection if nothing is pending; one cut off meanwhile is finished instead.
  // -1: nothing.
  int take_for_thief() {
    int id = -1;
    while (id < 0 && !root_finished_) {
      id = pop_pending(steal_);
      if (id < 0 && !speculate()) break;
      if (id < 0) continue;
      if (cut_off(id)) {
        drain();
        id = -1;
      }
    }
    return id;
  }
  // Puts node `id`, taken and not started, back where it was on the primary queue.
  void put_back(int id) {
    const Node& n = nodes_[id];
    primary_.push({n.ply, tree_order(id), n.seq, id});
  }
  // Node `id`, a problem taken from the queue, runs as `job` on processor `worker`.
  void run(int id, JobId job, int worker) {
    Node& n = nodes_[id];
    n.state = State::kRunning;
    n.job = job;
    n.worker = worker;
  }
  // Node `id`'s problem was lost with its processor: it is pending again.
  void requeue(int id) {
    Node& n = nodes_[id];
    n.worker = -1;
    n.job = 0;
    n.state = State::kPending;
    push_primary(id);
  }
  // Finishes node `id` when its window is empty (its value is then a bound that cuts it off).
  bool cut_off(int id) {
    const auto [alpha, beta] = window(id);
    const Value v = std::max(alpha, nodes_[id].best);
    if (v < beta) return false;
    finish(id, v);
    return true;
  }
  // The task a problem at node `id` is for serial ER.
  [[nodiscard]] ErTask kind_of(int id) const {
    const Node& n = nodes_[id];
    return n.role == Role::kE ? ErTask::kENode
           : n.hold           ? ErTask::kFirst
           : n.first_known    ? ErTask::kRest
                              : ErTask::kRNode;
  }

  // A child's window, from its parent's window and value.
  std::pair<Value, Value> window(int id) const {
    const Node& n = nodes_[id];
    if (n.parent < 0) return {n.root_alpha, n.root_beta};
    const auto [a, b] = window(n.parent);
    return {-b, -std::max(a, nodes_[n.parent].best)};
  }

  // --- Results -----------------------------------------------------------------------------
  // A problem's answer: it no longer runs anywhere; then combining.
  void answer(int id, const ErAnswer& a) {
    Node& n = nodes_[id];
    n.job = 0;
    n.worker = -1;
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

  // Table 1: a node taken from the primary queue generates its children.
  void expand(int id) {
    if (cut_off(id)) return;
    const Value alpha = window(id).first;
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

  // Done: its value goes to the parent; its running problems below are cut off.
  void finish(int id, Value v) {
    if (nodes_[id].state == State::kDone) return;
    cancel_below(id);
    Node& n = nodes_[id];
    const bool was_held = n.was_held || n.state == State::kHeld;
    n.state = State::kDone;
    n.moves.clear();
    n.moves.shrink_to_fit();
    if (n.parent < 0) {
      if (n.owner < 0) root_finished_ = true;
      host_.root_answered(id, v, true);
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
  // Cuts off everything below `id` and `id` itself without an answer (its owner has it).
  void drop(int id) {
    cancel_below(id);
    nodes_[id].state = State::kDone;
  }

  // Combining: every node a change reached acts on it, until none is left.
  void drain() {
    while (!dirty_.empty() && !root_finished_) {
      const int id = dirty_.front();
      dirty_.pop_front();
      advance(id);
    }
    dirty_.clear();
  }

  [[nodiscard]] std::size_t memory_bytes() const {
    std::size_t b = nodes_.capacity() * sizeof(Node);
    for (const Node& n : nodes_)
      b += n.path.capacity() * 4 + n.moves.capacity() * 4 + n.kids.capacity() * sizeof(int);
    return b;
  }

 private:
  void push_primary(int id) {
    Node& n = nodes_[id];
    n.seq = ++seq_;
    primary_.push({n.ply, tree_order(id), n.seq, id});
    // A root stays with the processor it came to: passed on unexpanded, a node would hop from
    // one idle processor to the next without anyone searching it.
    if (rules_.stealable && n.parent >= 0) steal_.push({n.ply, n.seq, id});
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

  void reward(int id, std::uint32_t move) {
    go_to(nodes_[id].path);
    ctx_.reward_cutoff(G::decode(move), nodes_[id].depth, nodes_[id].ply);
    go_back(nodes_[id].path);
  }
  void cancel_below(int id) {
    Node& n = nodes_[id];
    if (n.state == State::kRunning && n.job != 0) host_.problem_cut(id);
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
    if (n.parent < 0) {  // a stolen undecided node: its owner decides, this one is done
      n.state = State::kDone;
      host_.root_answered(id, n.tentative, false);
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
    if (n.state == State::kRunning) {
      if (n.job != 0) host_.problem_narrowed(id, alpha, beta);
      return;
    }
    if (n.state != State::kExpanded) return;  // pending, or held: waits
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
        if (rules_.speculative_rnodes && n.rest_ordered && n.next < size) push_spec(id);
        return;
      }
      if (!n.rest_ordered && size > 1) order_rest(id);
      if (n.next < size) {
        schedule(make_child(id, n.next++, Role::kR, false));
        if (rules_.speculative_rnodes && nodes_[id].next < size) push_spec(id);
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
        if (rules_.multiple_enodes && best_held(id) >= 0) push_spec(id);
      } else if (rules_.early_choice && n.settled == size - 1) {
        push_spec(id);
      }
      return;
    }
    if (n.echild_done && rules_.parallel_refutation) {
      for (int k = best_held(id); k >= 0; k = best_held(id)) release(id, k);
      return;
    }
    if (n.echildren_active == 0) release(id, chosen);
    if (rules_.multiple_enodes && best_held(id) >= 0) push_spec(id);
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
  // One selection from the speculative queue (a further e-child, or with speculative r-nodes an
  // r-node's next child); false: nothing to select.
  bool speculate() {
    while (!spec_.empty()) {
      const SpecEntry e = spec_.top();
      spec_.pop();
      Node& n = nodes_[e.id];
      n.on_spec = false;
      if (n.state != State::kExpanded) continue;
      if (n.role == Role::kR) {  // speculative r-nodes: its next child before the others end
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
      if (best_held(e.id) >= 0 && rules_.multiple_enodes) push_spec(e.id);
      drain();
      return true;
    }
    return false;
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

  ErTreeHost& host_;
  G& game_;
  SearchContext<G>& ctx_;
  ErRules rules_;
  int serial_ply_ = 1;
  std::vector<Node> nodes_;
  std::priority_queue<PrimaryEntry> primary_;
  std::priority_queue<SpecEntry> spec_;
  std::priority_queue<StealEntry> steal_;  // the distributed heap's pending nodes
  std::deque<int> dirty_;
  std::uint64_t seq_ = 0;
  std::optional<std::uint32_t> root_best_;
  bool root_finished_ = false;
};

}  // namespace alphactor::actors
