// Fail-soft alpha-beta (Knuth & Moore 1975) with table, killers and history.
// With perfect ordering it visits the minimal tree: w^ceil(d/2) + w^floor(d/2) - 1 leaves.
#pragma once

#include "search/node_steps.hpp"

namespace alphactor {

template <Game G>
Value alphabeta(SearchContext<G>& ctx, Value alpha, Value beta, int depth, int ply) {
  // 1-2. Decided positions, the horizon, and the table, which may also name a first move.
  std::optional<std::uint32_t> table_move;
  if (auto v = value_before_moves(ctx, alpha, beta, depth, ply, table_move)) return *v;
  // 3. Generate and order.
  typename G::MoveList list;
  if (auto v = generate_ordered(ctx, list, ply, table_move)) return *v;
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
