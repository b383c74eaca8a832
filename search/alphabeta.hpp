// Fail-soft alpha-beta (Knuth & Moore 1975) with table, killers and history.
// With perfect ordering it visits the minimal tree: w^ceil(d/2) + w^floor(d/2) - 1 leaves.
#pragma once

#include "search/node_steps.hpp"

namespace alphactor {

template <Game G>
Value alphabeta(SearchContext<G>& ctx, Value alpha, Value beta, int depth, int ply) {
  G& g = ctx.game();
  ctx.pv_clear(ply);
  // 1. Decided positions and the horizon.
  if (g.is_terminal()) {
    ++ctx.stats().leaf_nodes;
    return g.terminal_value(ply);
  }
  if (depth <= 0 || ply >= kMaxPly - 1) return horizon_value(ctx, alpha, beta, ply);
  // 2. The table may end the node or name the move to try first.
  std::optional<std::uint32_t> table_move;
  if (auto v = probe_table(ctx, alpha, beta, depth, ply, table_move)) return *v;
  // 3. Generate and order.
  typename G::MoveList list;
  g.generate_moves(list);
  if (list.empty()) {
    ++ctx.stats().leaf_nodes;
    return g.terminal_value(ply);
  }
  ++ctx.stats().interior_nodes;
  ctx.order_moves(list, ply, table_move);
  // 4. Search the moves, raising alpha, until one refutes the node.
  const Value alpha_orig = alpha;
  Value best = -kInfinity;
  std::optional<typename G::Move> best_move;
  for (const auto m : list) {
    ctx.play(m, ply);
    const Value v = -alphabeta(ctx, -beta, -std::max(alpha, best), depth - 1, ply + 1);
    ctx.undo(m);
    if (ctx.should_stop()) return best;
    if (v > best) {
      best = v;
      best_move = m;
      if (best > alpha) ctx.pv_update(ply, m);
      if (best >= beta) {
        ctx.reward_cutoff(m, depth, ply);
        break;
      }
    }
  }
  // 5. Remember the result.
  store_table(ctx, best, alpha_orig, beta, depth, ply, best_move);
  return best;
}

}  // namespace alphactor
