// Steps every depth-first search shares: the horizon (static evaluation or quiescence), the
// table probe that may end a node, the steps that open an alpha-beta node, and the table store.
// Written once, used by alpha-beta, PVS, negamax and ER alike, so all of them see the same leaf
// values.
#pragma once

#include <optional>

#include "search/context.hpp"

namespace alphactor {

// Quiescence search (fail-soft): stand pat unless in check, then captures and promotions
// ordered by the game's hint (MVV-LVA for chess). `horizon` marks the call made at depth 0,
// counted as a leaf; its quiescence descendants count as quiescence nodes.
template <Game G>
Value quiescence(SearchContext<G>& ctx, Value alpha, Value beta, int ply, bool horizon) {
  G& g = ctx.game();
  auto& stats = ctx.stats();
  if (horizon) ++stats.leaf_nodes;
  else ++stats.quiescence_nodes;
  if (ply > stats.max_ply) stats.max_ply = ply;
  if (g.is_terminal()) return g.terminal_value(ply);
  if constexpr (QuiescenceGame<G>) {
    if (ply >= kMaxPly - 1) return g.evaluate();
    typename G::MoveList list;
    const bool in_check = g.in_check();
    Value best = -kInfinity;
    if (in_check) {
      g.generate_moves(list);  // every evasion: no stand-pat when in check
      if (list.empty()) return g.terminal_value(ply);
    } else {
      best = g.evaluate();
      if (best >= beta) return best;
      g.generate_noisy(list);
    }
    ctx.order_moves(list, ply, std::nullopt);
    for (const auto m : list) {
      ctx.play(m, ply);
      const Value v = -quiescence(ctx, -beta, -std::max(alpha, best), ply + 1, false);
      ctx.undo(m);
      if (v > best) {
        best = v;
        if (best >= beta) break;
      }
    }
    return best;
  } else {
    return g.evaluate();
  }
}

// The value of a node at the horizon.
template <Game G>
Value horizon_value(SearchContext<G>& ctx, Value alpha, Value beta, int ply) {
  if constexpr (QuiescenceGame<G>) {
    if (ctx.options().quiescence) return quiescence(ctx, alpha, beta, ply, true);
  }
  ++ctx.stats().leaf_nodes;
  G& g = ctx.game();
  return g.is_terminal() ? g.terminal_value(ply) : g.evaluate();
}

// What a found entry means for a node: a value when it ends the node (never at the root);
// sets table_move when the entry carries one. In full-width mode only an entry of exactly this
// draft may end the node, so the result cannot depend on what deeper searches left behind.
// `entry` holds the value relative to the node (value_from_table applied).
template <Game G>
std::optional<Value> table_entry_cut(SearchContext<G>& ctx, const TableEntry& entry, Value alpha,
                                     Value beta, int depth, int ply,
                                     std::optional<std::uint32_t>& table_move) {
  auto& stats = ctx.stats();
  ++stats.tt_hits;
  if (entry.has_move()) table_move = entry.move;
  if (ply == 0) return std::nullopt;
  const bool draft_ok = ctx.options().full_width ? entry.draft == depth : entry.draft >= depth;
  if (!draft_ok) return std::nullopt;
  const Value v = entry.value;
  const Bound b = entry.bound();
  if (b == Bound::kExact || (b == Bound::kLower && v >= beta) ||
      (b == Bound::kUpper && v <= alpha)) {
    ++stats.tt_cuts;
    return v;
  }
  return std::nullopt;
}

// Probes the local table (see table_entry_cut).
template <Game G>
std::optional<Value> probe_table(SearchContext<G>& ctx, Value alpha, Value beta, int depth, int ply,
                                 std::optional<std::uint32_t>& table_move) {
  TranspositionTable* table = ctx.table();
  if (!table) return std::nullopt;
  ++ctx.stats().tt_probes;
  const auto entry = table->probe(ctx.game().hash(), ply);
  if (!entry) return std::nullopt;
  return table_entry_cut(ctx, *entry, alpha, beta, depth, ply, table_move);
}

// Steps 1-2 of an alpha-beta node (alpha-beta and PVS alike): a decided position, the horizon
// or a table entry ends the node with its value; else `table_move` may name the move to try
// first.
template <Game G>
std::optional<Value> value_before_moves(SearchContext<G>& ctx, Value alpha, Value beta, int depth,
                                        int ply, std::optional<std::uint32_t>& table_move) {
  G& g = ctx.game();
  ctx.pv_clear(ply);
  if (g.is_terminal()) {
    ++ctx.stats().leaf_nodes;
    return g.terminal_value(ply);
  }
  if (depth <= 0 || ply >= kMaxPly - 1) return horizon_value(ctx, alpha, beta, ply);
  return probe_table(ctx, alpha, beta, depth, ply, table_move);
}

// Step 3: the node's moves into `list`, ordered with the table's move first, and the node
// counted as interior; a value when it has no move. Kept apart from steps 1-2 so that a leaf
// never constructs a move list.
template <Game G>
std::optional<Value> generate_ordered(SearchContext<G>& ctx, typename G::MoveList& list, int ply,
                                      std::optional<std::uint32_t> table_move) {
  G& g = ctx.game();
  g.generate_moves(list);
  if (list.empty()) {
    ++ctx.stats().leaf_nodes;
    return g.terminal_value(ply);
  }
  ++ctx.stats().interior_nodes;
  ctx.order_moves(list, ply, table_move);
  return std::nullopt;
}

// The bound a node's fail-soft value is, given the window it was searched with.
inline Bound bound_of(Value value, Value alpha_orig, Value beta) {
  return value <= alpha_orig ? Bound::kUpper : value >= beta ? Bound::kLower : Bound::kExact;
}

template <Game G>
void store_table(SearchContext<G>& ctx, Value value, Value alpha_orig, Value beta, int depth,
                 int ply, std::optional<typename G::Move> best) {
  TranspositionTable* table = ctx.table();
  if (!table || ctx.stopped()) return;
  const Bound bound = bound_of(value, alpha_orig, beta);
  std::optional<std::uint32_t> move;
  if (best && bound != Bound::kUpper) move = G::encode(*best);
  table->store(ctx.game().hash(), ply, value, depth, bound, move);
  if (TableListener* l = ctx.table_listener()) {
    TableEntry e;
    e.move = move.value_or(0);
    e.value = static_cast<std::int16_t>(value_to_table(value, ply));
    e.draft = static_cast<std::int8_t>(depth);
    e.bound_age = static_cast<std::uint8_t>(static_cast<std::uint8_t>(bound) | (move ? 4u : 0u));
    l->stored(ctx.game().hash(), e);
  }
}

}  // namespace alphactor
