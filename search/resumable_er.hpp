// ResumableEr: serial ER (search/er.hpp; Steinberg & Solomon 1989, UW-Madison TR 877, Fig. 8)
// on an explicit stack, run a slice of at most K nodes at a time, so that a processor solving a
// parallel ER problem (algorithms/er/er.hpp) reads its mailbox between slices:
//  - the problem's window may narrow at any time (narrow(): the heap's NEWBOUND, sent when a
//    node above the problem gained value). Windows below follow at the next slice, and a frame
//    whose value now reaches its beta returns at once, as a cutoff would;
//  - the problem may be dropped at any time (abandon(): ErCancel, its node was cut off above).
// Without narrowing it visits exactly the nodes of the recursive er(), er_eval_first() and
// er_refute_rest() in the same order, with the same ordering rewards: the tests compare. Nodes
// near the horizon (tunables::kErInlineDepth) are searched whole by those functions in one
// step, where a frame of the stack costs more than the node.
//
// Exactness: values are fail-hard as in the recursive functions (a frame never returns less
// than its alpha). A window only narrows while a frame runs, and a bound that holds for a
// wider window holds for a narrower one, so the answer is one the heap may combine exactly as
// it would the recursive one's for the window it holds now (algorithms/er/er.hpp's argument).
//
// Game state: the caller plays the problem's path before start() and takes it back after the
// answer or abandon(); in between, the game is at the top frame's position. A caller that needs
// its game between slices (processor 0 expands the heap's nodes on it) detach()es the solver,
// which takes its moves back, goes where it likes, comes back to the problem's node and
// attach()es again. Frames are kept for reuse (a deque: references stay valid as it grows), so a
// long-lived solver does not allocate per node. Not thread-safe: one owner.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>

#include "search/er.hpp"
#include "search/tunables.hpp"

namespace alphactor {

template <Game G>
class ResumableEr {
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;

 public:
  static constexpr std::uint64_t kYieldCheckNodes = 32;

  // Nodes with at most `inline_depth` plies to go (below the problem's node) are searched
  // whole in one step by the recursive functions.
  explicit ResumableEr(SearchContext<G>& ctx, int inline_depth = tunables::kErInlineDepth)
      : ctx_(ctx), inline_depth_(inline_depth) {}

  // Begins a problem at the game's current position (`ply` plies from the game's root).
  // kRest: `first_move` and `tentative` are kFirst's answer.
  void start(ErTask task, Value alpha, Value beta, int depth, int ply, Move first_move = Move{},
             Value tentative = 0) {
    abandon();
    task_ = task;
    root_alpha_ = alpha;
    root_beta_ = beta;
    root_ = ErChild<G>{};
    root_.first_move = first_move;
    root_.value = tentative;
    depth_ = depth;
    ply_ = ply;
    done_ = false;
    switch (task) {
      case ErTask::kENode:
        push(Kind::kE, nullptr, alpha, beta, depth, ply);
        break;
      case ErTask::kRest:
        push(Kind::kRest, &root_, alpha, beta, depth, ply);
        break;
      case ErTask::kFirst:
      case ErTask::kRNode:
        push(Kind::kFirst, &root_, alpha, beta, depth, ply);
        break;
    }
  }

  // Searches until the answer is known or `nodes` more nodes are searched; true: answered.
  bool run(std::uint64_t nodes) {
    return run(nodes, [] { return false; });
  }
  // The same, also ending the slice early once `yield()` says so (asked every
  // kYieldCheckNodes nodes): a real-mode processor 0 ends its slice as soon as mail is waiting,
  // because the others wait for its answers.
  template <class Yield>
  bool run(std::uint64_t nodes, Yield&& yield) {
    attach();
    const std::uint64_t start = ctx_.stats().nodes();
    std::uint64_t next_check = start + kYieldCheckNodes;
    refresh();
    while (!done_) {
      const std::uint64_t n = ctx_.stats().nodes();
      if (n - start >= nodes) return false;
      if (n >= next_check) {
        if (yield()) return false;
        next_check = n + kYieldCheckNodes;
      }
      if (ctx_.should_stop()) {
        unwind(0);
        finish(frames_[0].value);
        break;
      }
      step();
    }
    return true;
  }

  // The problem's window narrows (never widens: a wider window than before is ignored).
  void narrow(Value alpha, Value beta) {
    root_alpha_ = std::max(root_alpha_, alpha);
    root_beta_ = std::min(root_beta_, beta);
  }

  // Takes back the moves played below the problem's node (the game is at that node again),
  // and plays them again (the caller brought the game back to the node).
  void detach() {
    if (!attached_) return;
    for (int j = top_ - 1; j >= 0; --j) ctx_.undo(frames_[j].playing);
    attached_ = false;
  }
  void attach() {
    if (attached_) return;
    for (int j = 0; j < top_; ++j) ctx_.play(frames_[j].playing, frames_[j].ply);
    attached_ = true;
  }

  // Takes back the moves played below the problem's node and forgets the problem.
  void abandon() {
    if (top_ >= 0 && attached_) unwind(0);
    top_ = -1;
    attached_ = true;
    stage_ = 0;
    done_ = true;
  }

  [[nodiscard]] bool running() const { return top_ >= 0; }
  // The answer (after run() returned true): the node's value from its side; kFirst: whether
  // the first child decided the node, and that child's move.
  [[nodiscard]] Value value() const { return value_; }
  [[nodiscard]] bool decided() const { return task_ != ErTask::kFirst || root_.done; }
  [[nodiscard]] Move first_move() const { return root_.first_move; }
  [[nodiscard]] std::size_t memory_bytes() const { return frames_.size() * sizeof(Frame); }

 private:
  // The recursive function a frame stands for.
  enum class Kind : std::uint8_t { kE, kFirst, kRest };

  struct Frame {
    Kind kind = Kind::kE;
    bool entered = false;
    int phase = 0;  // kE: 0 elder grandchildren, 1 refutations; kRest: the child's 0 / 1
    Value alpha = 0, beta = 0, value = 0;
    int depth = 0, ply = 0;
    ErChild<G>* node = nullptr;  // kFirst, kRest: the node as its parent sees it
    MoveList list;
    int n = 0, i = 0;
    Move playing{};                                         // the move to the child being searched
    std::array<ErChild<G>, MoveList::capacity()> children;  // kE
    ErChild<G> child;                                       // kRest: the child searched
  };

  void push(Kind kind, ErChild<G>* node, Value alpha, Value beta, int depth, int ply) {
    ++top_;
    if (top_ == static_cast<int>(frames_.size())) frames_.emplace_back();
    Frame& f = frames_[top_];
    f.kind = kind;
    f.entered = false;
    f.phase = 0;
    f.alpha = alpha;
    f.beta = beta;
    f.value = alpha;
    f.depth = depth;
    f.ply = ply;
    f.node = node;
    f.n = f.i = 0;
  }
  // Plays the move to a child and pushes the child's frame (window (-beta, -value)).
  void descend(Frame& f, Move m, Kind kind, ErChild<G>* node) {
    f.playing = m;
    ctx_.play(m, f.ply);
    push(kind, node, -f.beta, -f.value, f.depth - 1, f.ply + 1);
  }

  // The top frame returns `v` to its parent (or the problem is answered).
  void leave(Value v) {
    Frame& f = frames_[top_];
    if (f.kind == Kind::kFirst) f.node->value = v;
    --top_;
    if (top_ < 0) {
      answer(v);
      return;
    }
    Frame& p = frames_[top_];
    ctx_.undo(p.playing);
    returned(p, -v);
  }
  // The whole problem's answer from the root frame (kRNode: after its first child).
  void answer(Value v) {
    if (task_ == ErTask::kRNode && stage_ == 0 && !root_.done) {
      stage_ = 1;
      ++ctx_.stats().researches;
      push(Kind::kRest, &root_, root_alpha_, root_beta_, depth_, ply_);
      return;
    }
    finish(v);
  }
  void finish(Value v) {
    value_ = v;
    top_ = -1;
    stage_ = 0;
    done_ = true;
  }

  // Windows follow the problem's: each frame's is its parent's child window, (-beta, -value).
  // A frame whose value reaches its beta now is cut off: the frames below it are dropped.
  void refresh() {
    for (int k = 0; k <= top_; ++k) {
      Frame& f = frames_[k];
      const Value a = k == 0 ? root_alpha_ : -frames_[k - 1].beta;
      const Value b = k == 0 ? root_beta_ : -frames_[k - 1].value;
      f.alpha = std::max(f.alpha, a);
      f.beta = std::min(f.beta, b);
      f.value = std::max(f.value, f.alpha);
      if (f.value >= f.beta) {  // also before it entered: its window is empty
        unwind(k);
        if (f.kind == Kind::kFirst) f.node->done = true;
        leave(f.value);
        return;
      }
    }
  }
  // Takes back the moves of frames k..top-1 and drops the frames above k.
  void unwind(int k) {
    for (int j = top_ - 1; j >= k; --j) ctx_.undo(frames_[j].playing);
    top_ = k;
  }

  // One action of the top frame: entering it, or starting its next child.
  void step() {
    Frame& f = frames_[top_];
    if (!f.entered) {
      f.entered = true;
      if (f.depth <= inline_depth_ && top_ > 0) {
        leave(whole(f));
        return;
      }
      enter(f);
      return;
    }
    next(f);
  }
  // The frame's function, recursive (near the horizon: the stack's cost per node is saved).
  Value whole(Frame& f) {
    switch (f.kind) {
      case Kind::kE:
        return er(ctx_, f.alpha, f.beta, f.depth, f.ply);
      case Kind::kFirst:
        return er_eval_first(ctx_, *f.node, f.alpha, f.beta, f.depth, f.ply);
      case Kind::kRest:
        break;
    }
    return er_refute_rest(ctx_, *f.node, f.alpha, f.beta, f.depth, f.ply);
  }

  // The start of er(), er_eval_first() and er_refute_rest(), up to their first child.
  void enter(Frame& f) {
    G& g = ctx_.game();
    if (f.kind == Kind::kRest) {
      f.value = std::max(f.alpha, f.node->value);
      if (f.value >= f.beta) {
        leave(f.value);
        return;
      }
      ctx_.pv_clear(f.ply);
      if (f.value > f.alpha) {
        if (f.ply + 1 < kMaxPly) ctx_.pv_clear(f.ply + 1);
        ctx_.pv_update(f.ply, f.node->first_move);
      }
      f.list.clear();
      g.generate_moves(f.list);
      ctx_.order_moves(f.list, f.ply, std::nullopt);
      next(f);
      return;
    }
    ctx_.pv_clear(f.ply);
    if (f.kind == Kind::kFirst) f.node->done = true;
    if (g.is_terminal()) {
      ++ctx_.stats().leaf_nodes;
      leave(std::max(f.alpha, g.terminal_value(f.ply)));
      return;
    }
    if (f.depth <= 0 || f.ply >= kMaxPly - 1) {
      leave(std::max(f.alpha, horizon_value(ctx_, f.alpha, f.beta, f.ply)));
      return;
    }
    f.list.clear();
    g.generate_moves(f.list);
    if (f.list.empty()) {
      ++ctx_.stats().leaf_nodes;
      leave(std::max(f.alpha, g.terminal_value(f.ply)));
      return;
    }
    ++ctx_.stats().interior_nodes;
    ctx_.order_moves(f.list, f.ply, std::nullopt);
    if (f.kind == Kind::kFirst) {
      f.node->first_move = f.list[0];
      descend(f, f.list[0], Kind::kE, nullptr);
      return;
    }
    f.n = f.list.size();
    next(f);
  }

  // Starts the frame's next child, or returns when it has none left.
  void next(Frame& f) {
    if (f.kind == Kind::kE && f.phase == 0) {
      if (f.i < f.n) {
        f.children[f.i] = ErChild<G>{f.list[f.i]};
        descend(f, f.list[f.i], Kind::kFirst, &f.children[f.i]);
        return;
      }
      std::stable_sort(f.children.begin(), f.children.begin() + f.n,
                       [](const ErChild<G>& a, const ErChild<G>& b) { return a.value < b.value; });
      f.phase = 1;
      f.i = 0;
    }
    if (f.kind == Kind::kE) {
      while (f.i < f.n && f.children[f.i].done) ++f.i;
      if (f.i < f.n) {
        descend(f, f.children[f.i].move, Kind::kRest, &f.children[f.i]);
        return;
      }
      leave(f.value);
      return;
    }
    // kRest (kFirst has one child and returns from returned()).
    while (f.i < f.list.size() && G::encode(f.list[f.i]) == G::encode(f.node->first_move)) ++f.i;
    if (f.i < f.list.size()) {
      f.child = ErChild<G>{f.list[f.i]};
      f.phase = 0;
      descend(f, f.list[f.i], Kind::kFirst, &f.child);
      return;
    }
    leave(f.value);
  }

  // A child of `f` returned `t` (from f's side); the child's move is taken back.
  void returned(Frame& f, Value t) {
    switch (f.kind) {
      case Kind::kFirst: {
        if (t > f.value) {
          f.value = t;
          ctx_.pv_update(f.ply, f.list[0]);
        }
        f.node->done = f.value >= f.beta || f.list.size() == 1;
        leave(f.value);
        return;
      }
      case Kind::kE: {
        const ErChild<G>& c = f.children[f.i];
        if (f.phase == 0 && !c.done) {
          ++f.i;
          return;
        }
        if (t > f.value) {
          f.value = t;
          ctx_.pv_update(f.ply, c.move);
        }
        if (f.value >= f.beta) {
          ctx_.reward_cutoff(c.move, f.depth, f.ply);
          leave(f.value);
          return;
        }
        ++f.i;
        return;
      }
      case Kind::kRest: {
        if (f.phase == 0 && !f.child.done) {  // the child was not decided by its first child
          ++ctx_.stats().researches;
          f.phase = 1;
          f.playing = f.child.move;
          ctx_.play(f.child.move, f.ply);
          push(Kind::kRest, &f.child, -f.beta, -f.value, f.depth - 1, f.ply + 1);
          return;
        }
        if (t > f.value) {
          f.value = t;
          ctx_.pv_update(f.ply, f.child.move);
        }
        if (f.value >= f.beta) {
          ctx_.reward_cutoff(f.child.move, f.depth, f.ply);
          leave(f.value);
          return;
        }
        ++f.i;
        return;
      }
    }
  }

  SearchContext<G>& ctx_;
  int inline_depth_ = 0;
  std::deque<Frame> frames_;
  int top_ = -1;
  ErTask task_ = ErTask::kENode;
  int stage_ = 0;  // kRNode: 0 its first child, 1 the rest
  ErChild<G> root_;
  Value root_alpha_ = 0, root_beta_ = 0;
  int depth_ = 0, ply_ = 0;
  bool done_ = true;
  bool attached_ = true;
  Value value_ = 0;
};

}  // namespace alphactor
