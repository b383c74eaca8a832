// Plain negamax (full minimax, no pruning): the reference every other search must agree with.
#pragma once

#include "search/node_steps.hpp"

namespace alphactor {

template <Game G>
Value negamax(SearchContext<G>& ctx, int depth, int ply) {
  G& g = ctx.game();
  ctx.pv_clear(ply);
  if (g.is_terminal()) {
    ++ctx.stats().leaf_nodes;
    return g.terminal_value(ply);
  }
  if (depth <= 0 || ply >= kMaxPly - 1) return horizon_value(ctx, -kInfinity, kInfinity, ply);
  typename G::MoveList list;
  g.generate_moves(list);
  if (list.empty()) {
    ++ctx.stats().leaf_nodes;
    return g.terminal_value(ply);
  }
  ++ctx.stats().interior_nodes;
  Value best = -kInfinity;
  for (const auto m : list) {
    ctx.play(m, ply);
    const Value v = -negamax(ctx, depth - 1, ply + 1);
    ctx.undo(m);
    if (ctx.should_stop()) return best;
    if (v > best) {
      best = v;
      ctx.pv_update(ply, m);
    }
  }
  return best;
}

}  // namespace alphactor
