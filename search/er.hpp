// Serial ER: "Evaluate-Refute" (Steinberg & Solomon 1989, UW-Madison TR 877, Fig. 8).
//
// At an e-node, first *evaluate* the elder grandchildren: for every child, Eval_first searches
// only its first child (fully, with ER). A child whose first child already decides it (it
// fails high, or it has one move) is "done". The remaining children are sorted by tentative
// value, most promising for us first, then *refuted* in order: Refute_rest searches the rest
// of the child's moves with the window narrowed by what the e-node knows by now.
//
// Reading of the OCR'd figure: Refute_rest begins with `value := alpha`. Taken literally this
// would forget the first child's value computed by Eval_first; since the parent only ever
// narrows the child's window from above (the child's alpha stays -beta of the parent), the
// tentative value from Eval_first stays valid and Refute_rest starts from max(alpha, it).
// Values are fail-hard below (a node never returns less than its alpha), as in the figure.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "search/node_steps.hpp"

namespace alphactor {

template <Game G>
struct ErChild {
  typename G::Move move{};        // the move leading to this child
  typename G::Move first_move{};  // the child's first (elder) move, searched by Eval_first
  Value value = 0;                // the child's tentative value, from its own point of view
  bool done = false;
};

template <Game G>
Value er(SearchContext<G>& ctx, Value alpha, Value beta, int depth, int ply);

// Eval_first: search a node's first child only; report whether that decides the node.
template <Game G>
Value er_eval_first(SearchContext<G>& ctx, ErChild<G>& node, Value alpha, Value beta, int depth,
                    int ply) {
  G& g = ctx.game();
  ctx.pv_clear(ply);
  node.done = true;
  if (g.is_terminal()) {
    ++ctx.stats().leaf_nodes;
    return node.value = std::max(alpha, g.terminal_value(ply));
  }
  if (depth <= 0 || ply >= kMaxPly - 1)
    return node.value = std::max(alpha, horizon_value(ctx, alpha, beta, ply));
  typename G::MoveList list;
  if (auto v = generate_ordered(ctx, list, ply, std::nullopt))
    return node.value = std::max(alpha, *v);
  node.first_move = list[0];
  ctx.play(list[0], ply);
  const Value t = -er(ctx, -beta, -alpha, depth - 1, ply + 1);
  ctx.undo(list[0]);
  Value value = alpha;
  if (t > value) {
    value = t;
    ctx.pv_update(ply, list[0]);
  }
  node.done = value >= beta || list.size() == 1;
  return node.value = value;
}

// Refute_rest: search the node's remaining moves, each by Eval_first then Refute_rest.
template <Game G>
Value er_refute_rest(SearchContext<G>& ctx, const ErChild<G>& node, Value alpha, Value beta,
                     int depth, int ply) {
  G& g = ctx.game();
  Value value = std::max(alpha, node.value);
  if (value >= beta) return value;
  ctx.pv_clear(ply);
  if (value > alpha) {  // its continuation is not kept: pv(ply + 1) holds another subtree's
    if (ply + 1 < kMaxPly) ctx.pv_clear(ply + 1);
    ctx.pv_update(ply, node.first_move);
  }
  typename G::MoveList list;
  g.generate_moves(list);
  ctx.order_moves(list, ply, std::nullopt);
  for (const auto m : list) {
    if (G::encode(m) == G::encode(node.first_move)) continue;
    ErChild<G> child{m};
    ctx.play(m, ply);
    Value t = -er_eval_first(ctx, child, -beta, -value, depth - 1, ply + 1);
    if (!child.done && !ctx.should_stop()) {
      ++ctx.stats().researches;
      t = -er_refute_rest(ctx, child, -beta, -value, depth - 1, ply + 1);
    }
    ctx.undo(m);
    if (ctx.should_stop()) return value;
    if (t > value) {
      value = t;
      ctx.pv_update(ply, m);
    }
    if (value >= beta) {
      ctx.reward_cutoff(m, depth, ply);
      return value;
    }
  }
  return value;
}

// ER at an e-node.
template <Game G>
Value er(SearchContext<G>& ctx, Value alpha, Value beta, int depth, int ply) {
  G& g = ctx.game();
  ctx.pv_clear(ply);
  // 1. Decided positions and the horizon.
  if (g.is_terminal()) {
    ++ctx.stats().leaf_nodes;
    return std::max(alpha, g.terminal_value(ply));
  }
  if (depth <= 0 || ply >= kMaxPly - 1)
    return std::max(alpha, horizon_value(ctx, alpha, beta, ply));
  typename G::MoveList list;
  if (auto v = generate_ordered(ctx, list, ply, std::nullopt)) return std::max(alpha, *v);
  // 2. Evaluate the elder grandchildren: Eval_first on every child.
  std::array<ErChild<G>, G::MoveList::capacity()> children;
  const int n = list.size();
  Value value = alpha;
  for (int i = 0; i < n; ++i) {
    children[i].move = list[i];
    ctx.play(list[i], ply);
    const Value t = -er_eval_first(ctx, children[i], -beta, -value, depth - 1, ply + 1);
    ctx.undo(list[i]);
    if (ctx.should_stop()) return value;
    if (children[i].done) {
      if (t > value) {
        value = t;
        ctx.pv_update(ply, list[i]);
      }
      if (value >= beta) {
        ctx.reward_cutoff(list[i], depth, ply);
        return value;
      }
    }
  }
  // 3. Sort by tentative value: the child worst for its mover (best for us) first.
  std::stable_sort(children.begin(), children.begin() + n,
                   [](const ErChild<G>& a, const ErChild<G>& b) { return a.value < b.value; });
  // 4. Refute the rest in that order.
  for (int i = 0; i < n; ++i) {
    if (children[i].done) continue;
    ctx.play(children[i].move, ply);
    const Value t = -er_refute_rest(ctx, children[i], -beta, -value, depth - 1, ply + 1);
    ctx.undo(children[i].move);
    if (ctx.should_stop()) return value;
    if (t > value) {
      value = t;
      ctx.pv_update(ply, children[i].move);
    }
    if (value >= beta) {
      ctx.reward_cutoff(children[i].move, depth, ply);
      return value;
    }
  }
  return value;
}

// What a parallel ER problem asks of its node (algorithms/er/er.hpp; the kind in ErProblem).
enum class ErTask : std::uint8_t {
  kENode = 0,  // er(): the node's value
  kFirst = 1,  // er_eval_first(): its first child only; decided when that decides the node
  kRest = 2,   // er_refute_rest(): the moves after a known first child
  kRNode = 3,  // er_eval_first(), then er_refute_rest() unless that decided it
};

// A problem's answer: the node's value from its side; kFirst: whether the first child decided
// the node, and that child's move (encoded).
struct ErAnswer {
  Value value = 0;
  bool decided = true;
  std::uint32_t first_move = 0;
  bool operator==(const ErAnswer&) const = default;
};

// Solves a problem whole at the game's current position (`ply` plies from its root); kRest:
// `first_move` and `tentative` are kFirst's answer.
template <Game G>
ErAnswer er_solve(SearchContext<G>& ctx, ErTask task, Value alpha, Value beta, int depth, int ply,
                  std::uint32_t first_move = 0, Value tentative = 0) {
  ErAnswer a;
  ErChild<G> node;
  switch (task) {
    case ErTask::kENode:
      a.value = er(ctx, alpha, beta, depth, ply);
      break;
    case ErTask::kFirst:
      a.value = er_eval_first(ctx, node, alpha, beta, depth, ply);
      a.decided = node.done;
      a.first_move = G::encode(node.first_move);
      break;
    case ErTask::kRest:
      node.first_move = G::decode(first_move);
      node.value = tentative;
      a.value = er_refute_rest(ctx, node, alpha, beta, depth, ply);
      break;
    case ErTask::kRNode:  // as in er_refute_rest's loop
      a.value = er_eval_first(ctx, node, alpha, beta, depth, ply);
      if (!node.done) {
        ++ctx.stats().researches;
        a.value = er_refute_rest(ctx, node, alpha, beta, depth, ply);
      }
      break;
  }
  return a;
}

}  // namespace alphactor
