// Principal Variation Search / NegaScout (Marsland & Popowich 1985, Fig. 1; Reinefeld 1983):
// the first move with the full window, every later move with a zero window around the best
// value so far, re-searched with the full window only when it fails high inside (alpha, beta).
#pragma once

#include "search/node_steps.hpp"

namespace alphactor {

template <Game G>
Value pvs(SearchContext<G>& ctx, Value alpha, Value beta, int depth, int ply) {
  // 1-2. Decided positions, the horizon, and the table, which may also name a first move.
  std::optional<std::uint32_t> table_move;
  if (auto v = value_before_moves(ctx, alpha, beta, depth, ply, table_move)) return *v;
  // 3. Generate and order.
  typename G::MoveList list;
  if (auto v = generate_ordered(ctx, list, ply, table_move)) return *v;
  // 4. The eldest son with the full window.
  const Value alpha_orig = alpha;
  ctx.play(list[0], ply);
  Value best = -pvs(ctx, -beta, -alpha, depth - 1, ply + 1);
  ctx.undo(list[0]);
  if (ctx.should_stop()) return best;
  std::optional<typename G::Move> best_move = list[0];
  if (best > alpha) ctx.pv_update(ply, list[0]);
  if (best >= beta) {
    ctx.reward_cutoff(list[0], depth, ply);
  } else {
    // 5. Younger brothers: zero window first, full re-search only when needed.
    for (int i = 1; i < list.size(); ++i) {
      const auto m = list[i];
      const Value bound = std::max(alpha, best);
      ctx.play(m, ply);
      Value v = -pvs(ctx, -bound - 1, -bound, depth - 1, ply + 1);
      if (v > bound && v < beta && !ctx.should_stop()) {
        ++ctx.stats().researches;
        v = -pvs(ctx, -beta, -bound, depth - 1, ply + 1);
      }
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
  }
  // 6. Remember the result.
  store_table(ctx, best, alpha_orig, beta, depth, ply, best_move);
  return best;
}

}  // namespace alphactor
