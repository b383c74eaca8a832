// The search used to *play* (UCI, EPD suites, the Bratko-Kopec benchmark): principal variation
// search with the forward pruning of modern engines, for games that offer the hooks.
//
// On top of PVS (Marsland & Popowich 1985; Reinefeld 1983) and the shared context (table,
// killers, history), it adds, each a named tunable in search/tunables.hpp:
//  - iterative deepening with aspiration windows at the root;
//  - table cut-offs on any entry at least as deep (not only exact drafts);
//  - mate-distance pruning, check extension, and singular extension of a table move that
//    every alternative fails well below (Anantharaman, Campbell & Hsu 1988);
//  - null-move pruning (Beal 1989; Donninger 1993) with a depth-dependent reduction;
//  - reverse futility ("static null move"), razoring, futility and late-move pruning of
//    quiet moves near the horizon, and pruning of moves that lose material by exchange;
//  - late-move reductions with a logarithmic table, re-searched at full depth on a fail high;
//    a root move is reduced by at most kLmrRootMax plies;
//  - move ordering by history, counter move and continuation history (how a quiet move fared
//    after the previous move and after our move before it); root moves by the nodes their
//    subtrees took in the last iteration (as Crafty has long done), so serious alternatives
//    come early and are not reduced as late moves;
//  - a quiescence search that skips captures losing material (static exchange evaluation)
//    or unable to reach alpha (delta pruning).
// These prunings make values depend on move order and table contents: this searcher is NOT a
// reference. Full-width mode (SearchOptions::full_width, `--full-width`) runs the sequential
// algorithms of search/searcher.hpp instead, which never prune; the searcher refuses to run
// with full_width set.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "search/context.hpp"
#include "search/options.hpp"
#include "search/tunables.hpp"

namespace alphactor {

// A game the play search can prune: quiescence plus null move and static exchange hooks.
template <typename G>
concept PlayGame = QuiescenceGame<G> && requires(G& g, const G& cg, typename G::Move m, int t) {
  { g.play_null() } -> std::same_as<void>;
  { g.undo_null() } -> std::same_as<void>;
  { cg.null_move_allowed() } -> std::same_as<bool>;
  { cg.see_ge(m, t) } -> std::same_as<bool>;
  { cg.gives_check(m) } -> std::same_as<bool>;
};

// What the play search learns about moves, by G::history_index: each move's history, the
// counter move to each move (encoded + 1), and continuation history (how a move fared after
// the previous move, [0], and after our own move before it, [1]). Kept from search to search:
// each one starts by halving it, so older statistics fade. A searcher owns one unless it is
// given one (SearchOptions::play_history: the UCI engine's processors keep theirs from move to
// move, app/parallel_player.hpp).
struct PlayHistory {
  explicit PlayHistory(std::size_t moves)
      : history(moves, 0),
        countermove(moves, 0),
        continuation{std::vector<int>(moves * moves, 0), std::vector<int>(moves * moves, 0)} {}
  void fade() {
    for (auto& h : history) h /= 2;
    for (auto& table : continuation)
      for (auto& h : table) h /= 2;
  }
  void clear() {
    std::fill(history.begin(), history.end(), 0);
    std::fill(countermove.begin(), countermove.end(), 0);
    for (auto& table : continuation) std::fill(table.begin(), table.end(), 0);
  }
  std::vector<int> history;  // within +-kHistoryLimit of the searcher
  std::vector<std::uint32_t> countermove;
  std::array<std::vector<int>, 2> continuation;
  // What one holds for `moves` moves (history and counter move by move, continuation history
  // by pairs of moves): what a player allocates for each processor.
  static constexpr std::size_t bytes(std::size_t moves) {
    return sizeof(int) * (moves + 2 * moves * moves) + sizeof(std::uint32_t) * moves;
  }
};

// What to search for and how long. Zero means "no limit".
struct PlayLimits {
  int depth = kMaxPly - 1;
  std::uint64_t nodes = 0;
  std::uint64_t soft_ms = 0;  // do not start another iteration after this
  std::uint64_t hard_ms = 0;  // stop searching now
};

// The root's window for one iteration (run() step 1; the actors' root takes the same:
// actors/task_processor.hpp): from the fourth iteration on, a narrow window around the last
// iteration's value (aspiration), unless that was a mate score; otherwise the full window.
struct AspirationWindow {
  Value alpha = -kInfinity, beta = kInfinity, delta = 0;
  static AspirationWindow around(Value previous, int depth) {
    const Value delta = tunables::play::kAspirationWindow;
    if (depth < 4 || std::abs(previous) >= kMateBound) return {};
    return {std::max<Value>(previous - delta, -kInfinity),
            std::min<Value>(previous + delta, kInfinity), delta};
  }
  // The root's value v fell outside the window: widens it (a fail low halves towards alpha and
  // opens below v, a fail high opens above v; the step doubles, and past
  // kAspirationFullAfter the window is full) and says so; false: v is the iteration's value.
  bool widen(Value v) {
    if (v <= alpha && alpha > -kInfinity) {
      beta = (alpha + beta) / 2;
      alpha = std::max<Value>(v - delta, -kInfinity);
    } else if (v >= beta && beta < kInfinity) {
      beta = std::min<Value>(v + delta, kInfinity);
    } else {
      return false;
    }
    delta += delta;
    if (delta > tunables::play::kAspirationFullAfter) *this = {};
    return true;
  }
};

template <PlayGame G>
class PlaySearcher {
 public:
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;
  using IterationCallback = std::function<void(const SearchResult&)>;
  // A root move started: the move (encoded) and its number in the root's order from 1 (UCI's
  // currmove and currmovenumber).
  using RootMoveCallback = std::function<void(std::uint32_t move, int number)>;

  PlaySearcher(G& game, SearchOptions options)
      : owned_(std::make_unique<SearchContext<G>>(game, check(options))),
        ctx_(*owned_),
        h_(history_of(ctx_.options())) {
    fill_reductions();
  }
  // On a context owned elsewhere (a processor's, search/resumable_search.hpp's play mode): its
  // table, killers, statistics and game are the ones this searcher uses, and its options'
  // play_history, if any, is this searcher's.
  explicit PlaySearcher(SearchContext<G>& ctx) : ctx_(ctx), h_(history_of(ctx.options())) {
    fill_reductions();
  }

  SearchContext<G>& context() { return ctx_; }
  void set_stop_flag(const std::atomic<bool>* flag) { ctx_.set_stop_flag(flag); }
  void on_iteration(IterationCallback cb) { on_iteration_ = std::move(cb); }
  void on_root_move(RootMoveCallback cb) { on_root_move_ = std::move(cb); }
  // Forget what earlier searches learnt: the context's table, killers and history, and this
  // searcher's move statistics (UCI ucinewgame; run() only fades them).
  void clear() {
    ctx_.clear_tables();
    h_.clear();
  }

  // --- For a search that runs the upper plies itself ---------------------------------------
  // search/resumable_search.hpp's play mode keeps the nodes far from the horizon on its
  // explicit stack (so they can be given to other processors) and asks this searcher for the
  // same decisions there, and for the nodes near the horizon whole.
  //
  // A node at `ply` is entered: notes its static value (-kInfinity in check, returned) for
  // `improving` below it; no null move or excluded move is pending there.
  Value enter_node(int ply, bool in_check) {
    last_null_[ply] = false;
    excluded_[ply] = 0;
    eval_stack_[ply] = in_check ? -kInfinity : ctx_.game().evaluate();
    return eval_stack_[ply];
  }
  // Move m is played from `ply`: the node after it looks up its counter move and continuation
  // history by it.
  void played(int ply, Move m) { prev_index_[ply + 1] = ctx_.game().history_index(m); }
  // Step 3's whole-node prunings (reverse futility, razoring, null move) at a non-PV node not
  // in check whose static value is `static_eval`: a value ends the node.
  std::optional<Value> prune_node(Value alpha, Value beta, int depth, int ply, bool cut_node,
                                  Value static_eval) {
    namespace t = tunables::play;
    G& g = ctx_.game();
    const bool improving = this->improving(ply);
    // Reverse futility: far above beta near the horizon.
    if (depth <= t::kReverseFutilityDepth && std::abs(beta) < kMateBound &&
        static_eval - t::kReverseFutilityMargin * (depth - int(improving)) >= beta)
      return static_eval;
    // Razoring: far below alpha; trust quiescence if it agrees.
    if (depth <= t::kRazorDepth && static_eval + t::kRazorMargin * depth <= alpha) {
      const Value v = quiescence(alpha, alpha + 1, ply);
      if (v <= alpha) return v;
    }
    // Null move: passing still fails high, so a real move will too.
    if (depth >= t::kNullMoveMinDepth && static_eval >= beta && !last_null_[ply] &&
        g.null_move_allowed() && std::abs(beta) < kMateBound) {
      const int r = t::kNullMoveBaseReduction + depth / t::kNullMoveDepthDivisor +
                    std::min(2, (static_eval - beta) / 200);
      g.play_null();
      last_null_[ply + 1] = true;
      prev_index_[ply + 1].reset();
      const Value v = -search(-beta, -beta + 1, depth - 1 - r, ply + 1, false, !cut_node);
      last_null_[ply + 1] = false;
      g.undo_null();
      if (ctx_.stopped()) return 0;
      if (v >= beta) return v >= kMateBound ? beta : v;
    }
    return std::nullopt;
  }

  // Orders a node's moves (the position before them on the game) as the recursive search
  // does: table move, winning and equal captures, killers, counter move, quiet moves by
  // history, losing captures; the game's root by the nodes each move took last time first.
  void order_moves(MoveList& list, int ply, std::optional<std::uint32_t> table_move) {
    std::array<int, 512> score;
    score_moves(list, score, ply, table_move);
    if (ply == 0) order_root(list, score, table_move);
    else sort_rest(list, score, 0);
  }
  // The reduction of quiet move m, the `searched`-th of its node (neither side in check; the
  // position before m on the game), as the recursive search reduces it.
  int late_move_reduction(Move m, int depth, int searched, int ply, bool pv_node, bool cut_node) {
    int r = base_reduction(depth, searched, pv_node, cut_node, improving(ply));
    r -= history_term(move_score(m, ply, std::nullopt, counter_move(ply)));
    if (ply == 0) r = std::min(r, tunables::play::kLmrRootMax);
    return std::clamp(r, 0, depth - 2);
  }
  // Quiet move m refuted the node at `ply` after the quiet moves `tried`: the rewards and
  // penalties of the recursive search (history, killers, counter move).
  void reward_cutoff(Move m, int depth, int ply, const std::vector<Move>& tried) {
    std::array<Move, 64> first;
    const int n = std::min<int>(static_cast<int>(tried.size()), 64);
    std::copy_n(tried.begin(), n, first.begin());
    reward_quiet(m, depth, ply, first, n);
  }
  // The singular extension test (see search()) at a node at `ply` (not the game's root, not
  // in check, no move excluded) whose table entry is `entry`: sets `singular` when the table
  // move alone holds (every other move fails well below its value), and returns a value when
  // several moves beat beta (a cut without the table move), or 0 when stopped.
  std::optional<Value> singular_test(const std::optional<TableEntry>& entry, Value beta, int depth,
                                     int ply, bool cut_node, bool& singular) {
    namespace t = tunables::play;
    if (!entry || !entry->has_move() || depth < t::kSingularDepth || entry->draft < depth - 3 ||
        entry->bound() == Bound::kUpper || std::abs(entry->value) >= kMateBound ||
        ply >= 2 * root_depth_)
      return std::nullopt;
    const Value singular_beta = entry->value - t::kSingularMarginPerDepth * depth;
    excluded_[ply] = entry->move;
    const Value v = search(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, false, cut_node);
    excluded_[ply] = 0;
    ctx_.pv_clear(ply);
    if (ctx_.stopped()) return 0;
    if (v < singular_beta) singular = true;
    else if (singular_beta >= beta) return singular_beta;
    return std::nullopt;
  }

  // Searches the node at `ply` (the moves to it played on the context's game) recursively.
  Value search_node(Value alpha, Value beta, int depth, int ply, bool pv_node, bool cut_node) {
    root_depth_ = ply + depth;  // bounds the singular extensions below
    last_null_[ply] = false;
    excluded_[ply] = 0;
    return search(alpha, beta, depth, ply, pv_node, cut_node);
  }

  // Iterative deepening to limits.depth, within the node and time limits. The result is the
  // last completed iteration's, or a better root move found by the interrupted one. The node
  // limit counts from the first iteration's end, which it never interrupts: the move played
  // has been searched (UCI's `go nodes 1` searches depth 1, and `go nodes 5000` stops at 5000).
  SearchResult run(const PlayLimits& limits) {
    auto& opt = ctx_.mutable_options();
    opt.node_limit = 0;
    opt.time_limit_ms = limits.hard_ms;
    ctx_.reset_stats();
    ctx_.start_clock();
    ctx_.killers().clear();
    h_.fade();
    if (auto* t = ctx_.table()) t->new_search();
    ctx_.set_previous_pv({});
    root_nodes_.clear();
    SearchResult result;
    Value previous = 0;
    const int max_depth = std::clamp(limits.depth, 1, kMaxPly - 1);
    for (int depth = 1; depth <= max_depth; ++depth) {
      root_depth_ = depth;
      // 1. Aspiration: a narrow window around the last value, widened on failure.
      AspirationWindow window = AspirationWindow::around(previous, depth);
      Value v = 0;
      do {
        v = search(window.alpha, window.beta, depth, 0, true, false);
      } while (!ctx_.stopped() && window.widen(v));
      // 2. Keep a complete iteration. From an interrupted one keep only a root move that was
      // searched to the end and beat the window: its value is then a true lower bound.
      const auto pv = ctx_.pv();
      if (ctx_.stopped()) {
        if (root_value_valid_ && !pv.empty() &&
            (!result.has_move || pv.front() != result.best_move)) {
          result.best_move = pv.front();
          result.has_move = true;
          result.principal_variation = pv;
          result.value = root_best_;
        }
        break;
      }
      previous = v;
      result.value = v;
      result.depth_completed = depth;
      result.principal_variation = pv;
      result.has_move = !pv.empty();
      if (result.has_move) result.best_move = pv.front();
      result.stats = ctx_.stats();
      result.seconds = ctx_.elapsed_seconds();
      if (on_iteration_) on_iteration_(result);
      ctx_.set_previous_pv(pv);
      if (depth == 1) ctx_.set_node_limit(limits.nodes);
      if (ctx_.poll_external_stop()) break;  // a node limit reached, or on_iteration_'s caller
      if (limits.soft_ms && result.seconds * 1000.0 >= double(limits.soft_ms)) break;
      if (std::abs(v) >= kMateBound && depth > 2 * (kMate - std::abs(v)) + 2) break;  // mate found
    }
    result.stopped = ctx_.stopped();
    result.stats = ctx_.stats();
    result.seconds = ctx_.elapsed_seconds();
    return result;
  }

 private:
  static SearchOptions check(SearchOptions o) {
    if (o.full_width)
      throw std::logic_error("PlaySearcher prunes; full-width searches use Searcher");
    return o;
  }
  PlayHistory& history_of(const SearchOptions& o) {
    if (o.play_history) return *o.play_history;
    owned_history_ = std::make_unique<PlayHistory>(G::kHistorySize);
    return *owned_history_;
  }
  void fill_reductions() {
    for (int d = 1; d < 64; ++d)
      for (int n = 1; n < 64; ++n)
        lmr_[d][n] = int(tunables::play::kLmrBase +
                         std::log(double(d)) * std::log(double(n)) / tunables::play::kLmrDivisor);
  }
  // Better than two plies ago (our previous move)? Near the root there is nothing to compare
  // with: assume improving, so the root's moves and their replies are not reduced and pruned
  // as if the position were getting worse.
  bool improving(int ply) const { return ply < 2 || eval_stack_[ply] > eval_stack_[ply - 2]; }
  // Less reduction for a killer or counter move, and by the quiet move's history.
  static int history_term(int score) {
    return score >= kCounterScore ? 1 : std::clamp(score / kLmrHistoryDivisor, -2, 2);
  }
  int base_reduction(int depth, int searched, bool pv_node, bool cut_node, bool improving) const {
    int r = lmr_[std::min(depth, 63)][std::min(searched, 63)];
    if (pv_node) --r;
    if (cut_node) ++r;
    if (!improving) ++r;
    return r;
  }

  // Orders moves: table move, winning and equal captures (MVV-LVA), killers, the counter move
  // to the previous move, quiet moves by history, losing captures last.
  void score_moves(const MoveList& list, std::array<int, 512>& score, int ply,
                   std::optional<std::uint32_t> table_move) {
    const std::uint32_t counter = counter_move(ply);
    for (int i = 0; i < list.size(); ++i) score[i] = move_score(list[i], ply, table_move, counter);
  }
  // The counter move to the move before `ply` (encoded + 1; 0: none).
  std::uint32_t counter_move(int ply) const {
    return prev_index_[ply] ? h_.countermove[*prev_index_[ply]] : 0;
  }
  int move_score(Move m, int ply, std::optional<std::uint32_t> table_move, std::uint32_t counter) {
    const G& g = ctx_.game();
    const std::uint32_t w = G::encode(m);
    const int hint = g.order_hint(m);
    if (table_move && *table_move == w) return 1 << 30;
    if (hint > 0) return g.see_ge(m, 0) ? (1 << 28) + (hint >> 4) : -(1 << 28) + (hint >> 4);
    if (const int k = ctx_.killers().rank(ply, w); k >= 0) return kKillerScore - k;
    if (counter == w + 1) return kCounterScore;
    return quiet_score(g.history_index(m), ply);
  }
  // A quiet move's history: its own, and how it fared as the reply to the previous move and as
  // the follow-up to our own move before (continuation history).
  int quiet_score(std::size_t index, int ply) const {
    int s = h_.history[index];
    for (int k = 0; k < 2; ++k)
      if (ply >= k && prev_index_[ply - k])
        s += h_.continuation[k][*prev_index_[ply - k] * G::kHistorySize + index];
    return s;
  }
  // History with "gravity": bonuses shrink as a counter nears the limit, so it stays bounded.
  static void update_counter(int& h, int bonus) {
    h += bonus - h * std::abs(bonus) / kHistoryLimit;
  }
  void update_history(std::size_t index, int ply, int bonus) {
    update_counter(h_.history[index], bonus);
    for (int k = 0; k < 2; ++k)
      if (ply >= k && prev_index_[ply - k])
        update_counter(h_.continuation[k][*prev_index_[ply - k] * G::kHistorySize + index], bonus);
  }
  // A quiet move refuted the node: reward it, penalise the quiet moves tried before it.
  void reward_quiet(Move m, int depth, int ply, const std::array<Move, 64>& tried, int n_tried) {
    const G& g = ctx_.game();
    const int bonus = std::min(depth * depth + depth, 1200);
    update_history(g.history_index(m), ply, bonus);
    for (int i = 0; i < n_tried; ++i) update_history(g.history_index(tried[i]), ply, -bonus);
    ctx_.killers().add(ply, G::encode(m));
    if (prev_index_[ply]) h_.countermove[*prev_index_[ply]] = G::encode(m) + 1;
  }

  // Fetches the table bucket of the position after m while the move is made and checked.
  void prefetch_after(Move m) {
    auto* table = ctx_.table();
    if (!table) return;
    if constexpr (requires(const G& cg) { cg.hash_after(m); })
      table->prefetch(ctx_.game().hash_after(m));
  }

  static void sort_rest(MoveList& list, std::array<int, 512>& score, int from) {
    for (int i = from + 1; i < list.size(); ++i) {  // insertion sort, best first
      const Move m = list[i];
      const int s = score[i];
      int j = i - 1;
      for (; j >= from && score[j] < s; --j) {
        list[j + 1] = list[j];
        score[j + 1] = score[j];
      }
      list[j + 1] = m;
      score[j + 1] = s;
    }
  }
  static Move pick(MoveList& list, std::array<int, 512>& score, int i) {
    int best = i;
    for (int j = i + 1; j < list.size(); ++j)
      if (score[j] > score[best]) best = j;
    std::swap(list[i], list[best]);
    std::swap(score[i], score[best]);
    return list[i];
  }

  // Root moves: the table move (the last iteration's best) first, then by the nodes each took
  // in the last iteration it was searched in (a move that was hard to refute is a serious
  // alternative and should not be reduced as a late move), then by score_moves' order. Scores
  // travel with their moves: late-move reductions still read them.
  void order_root(MoveList& list, std::array<int, 512>& score,
                  std::optional<std::uint32_t> table_move) {
    std::array<std::pair<Move, int>, 512> moves;
    std::array<std::uint64_t, 512> nodes;
    const int n = list.size();
    for (int i = 0; i < n; ++i) {
      const std::uint32_t w = G::encode(list[i]);
      moves[i] = {list[i], score[i]};
      const auto it = root_nodes_.find(w);
      nodes[i] = table_move && *table_move == w ? ~std::uint64_t{0}
                 : it != root_nodes_.end()      ? it->second
                                                : 0;
    }
    std::array<int, 512> idx;
    for (int i = 0; i < n; ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.begin() + n, [&](int a, int b) {
      return nodes[a] != nodes[b] ? nodes[a] > nodes[b] : moves[a].second > moves[b].second;
    });
    for (int i = 0; i < n; ++i) {
      list[i] = moves[idx[i]].first;
      score[i] = moves[idx[i]].second;
    }
  }

  Value search(Value alpha, Value beta, int depth, int ply, bool pv_node, bool cut_node) {
    namespace t = tunables::play;
    G& g = ctx_.game();
    auto& stats = ctx_.stats();
    ctx_.pv_clear(ply);
    const bool root = ply == 0;
    if (root) root_value_valid_ = false;
    // A singular-extension probe re-searches this node without its table move.
    const std::uint32_t excluded = excluded_[ply];

    // 1. Draws by rule, mate distance, the horizon.
    if (!root) {
      if (g.is_terminal()) {
        ++stats.leaf_nodes;
        return g.terminal_value(ply);
      }
      alpha = std::max<Value>(alpha, -(kMate - ply));
      beta = std::min<Value>(beta, kMate - ply - 1);
      if (alpha >= beta) return alpha;
    }
    const bool in_check = g.in_check();
    if (in_check && ply < kMaxPly / 2) ++depth;  // check extension
    if (depth <= 0) return quiescence(alpha, beta, ply);
    if (ply >= kMaxPly - 1) return g.evaluate();
    if (ctx_.should_stop()) return 0;

    // 2. Table: any entry at least this deep may end a non-PV node.
    std::optional<std::uint32_t> table_move;
    std::optional<TableEntry> entry;
    if (auto* table = ctx_.table()) {
      ++stats.tt_probes;
      entry = table->probe(g.hash(), ply);
      if (entry) {
        ++stats.tt_hits;
        if (entry->has_move()) table_move = entry->move;
        const Bound b = entry->bound();
        if (!pv_node && !excluded && entry->draft >= depth &&
            (b == Bound::kExact || (b == Bound::kLower && entry->value >= beta) ||
             (b == Bound::kUpper && entry->value <= alpha))) {
          ++stats.tt_cuts;
          return entry->value;
        }
      }
    }

    // 3. Static evaluation and whole-node pruning (never in check or at PV nodes).
    const Value static_eval = in_check ? -kInfinity : g.evaluate();
    eval_stack_[ply] = static_eval;
    const bool improving = !in_check && this->improving(ply);
    if (!pv_node && !in_check && !excluded)
      if (const auto v = prune_node(alpha, beta, depth, ply, cut_node, static_eval)) return *v;
    // Internal iterative reduction: a PV node without a table move is probably mis-ordered.
    if (pv_node && !table_move && depth >= t::kInternalReductionDepth) --depth;

    // Singular extension: when every other move fails well below the table move's value, the
    // table move is forced and is searched one ply deeper (a wide margin means it alone holds).
    bool singular = false;
    if (!root && !excluded && !in_check)
      if (const auto v = singular_test(entry, beta, depth, ply, cut_node, singular)) return *v;

    // 4. Generate and order.
    MoveList list;
    g.generate_moves(list);
    if (list.empty()) {
      ++stats.leaf_nodes;
      return g.terminal_value(ply);
    }
    ++stats.interior_nodes;
    std::array<int, 512> score;
    score_moves(list, score, ply, table_move);
    if (root) order_root(list, score, table_move);

    // 5. The moves.
    const Value alpha_orig = alpha;
    Value best = -kInfinity;
    std::optional<Move> best_move;
    int searched = 0, quiets = 0;
    std::array<Move, 64> quiets_tried;
    for (int i = 0; i < list.size(); ++i) {
      // The first moves are picked best-first (a cut usually comes early); the rest sorted once.
      // The root's moves are in order already (order_root).
      if (i == kPickedMoves && !root) sort_rest(list, score, i);
      const Move m = i < kPickedMoves && !root ? pick(list, score, i) : list[i];
      if (excluded && G::encode(m) == excluded) continue;
      const bool quiet = g.order_hint(m) == 0;
      // 5a. Prune moves that cannot matter near the horizon (once a line is safe from mate).
      if (!root && best > -kMateBound && searched > 0) {
        if (quiet && !in_check) {
          const bool late = depth <= t::kLateMovePruningDepth &&
                            quiets >= (3 + depth * depth) / (improving ? 1 : 2);
          const bool futile =
              depth <= t::kFutilityDepth &&
              static_eval + t::kFutilityBase + t::kFutilityPerDepth * depth <= alpha;
          if ((late || futile) && !g.gives_check(m)) continue;
        }
        if (depth <= t::kSeePruningDepth && !in_check &&
            !g.see_ge(m, quiet ? -t::kSeeQuietMargin * depth * depth : -t::kSeeNoisyMargin * depth))
          continue;
      }
      prev_index_[ply + 1] = g.history_index(m);
      prefetch_after(m);
      const std::uint64_t nodes_before = root ? stats.nodes() : 0;
      if (root && !excluded && on_root_move_) on_root_move_(G::encode(m), searched + 1);
      ctx_.play(m, ply);
      const bool checks = g.in_check();  // the move gave check
      ++searched;
      const int new_depth = depth - 1 + int(singular && table_move && G::encode(m) == *table_move);
      Value v;
      if (searched == 1) {
        v = -search(-beta, -alpha, new_depth, ply + 1, pv_node, false);
      } else {
        // 5b. Late-move reduction for quiet moves, then zero window, then full window.
        int r = 0;
        if (depth >= t::kLmrMinDepth && searched > t::kLmrMinMoves + int(pv_node) && quiet &&
            !in_check && !checks) {
          r = base_reduction(depth, searched, pv_node, cut_node, improving);
          r -= history_term(score[i]);
          if (root) r = std::min(r, t::kLmrRootMax);  // a root move decides the game
          r = std::clamp(r, 0, new_depth - 1);
        }
        v = -search(-alpha - 1, -alpha, new_depth - r, ply + 1, false, true);
        if (v > alpha && r > 0)
          v = -search(-alpha - 1, -alpha, new_depth, ply + 1, false, !cut_node);
        if (v > alpha && v < beta && pv_node)
          v = -search(-beta, -alpha, new_depth, ply + 1, true, false);
      }
      ctx_.undo(m);
      if (root) root_nodes_[G::encode(m)] = stats.nodes() - nodes_before;
      if (ctx_.stopped()) return best > -kInfinity ? best : 0;
      if (v > best) {
        best = v;
        best_move = m;
        if (v > alpha) {
          alpha = v;
          ctx_.pv_update(ply, m);
          if (root) {
            root_best_ = v;
            root_value_valid_ = true;
          }
          if (alpha >= beta) {
            ++stats.cutoffs;
            if (quiet) reward_quiet(m, depth, ply, quiets_tried, std::min(quiets, 64));
            break;
          }
        }
      }
      if (quiet && quiets < 64) quiets_tried[quiets] = m;
      if (quiet) ++quiets;
    }
    // 6. Remember (not from a singular probe, which saw only part of the node).
    if (excluded) return best > -kInfinity ? best : alpha;
    store_table(ctx_, best, alpha_orig, beta, depth, ply, best_move);
    return best;
  }

  Value quiescence(Value alpha, Value beta, int ply) {
    namespace t = tunables::play;
    G& g = ctx_.game();
    ++ctx_.stats().quiescence_nodes;
    if (ply > ctx_.stats().max_ply) ctx_.stats().max_ply = ply;
    if (g.is_terminal()) return g.terminal_value(ply);
    if (ply >= kMaxPly - 1) return g.evaluate();
    if (ctx_.should_stop()) return 0;
    // The table: any entry ends a quiescence node when its bound fits.
    std::optional<std::uint32_t> table_move;
    if (auto* table = ctx_.table()) {
      if (const auto e = table->probe(g.hash(), ply)) {
        const Bound b = e->bound();
        if (b == Bound::kExact || (b == Bound::kLower && e->value >= beta) ||
            (b == Bound::kUpper && e->value <= alpha))
          return e->value;
        if (e->has_move()) table_move = e->move;
      }
    }
    const bool in_check = g.in_check();
    const Value alpha_orig = alpha;
    MoveList list;
    Value best, stand = 0;
    if (in_check) {
      g.generate_moves(list);
      if (list.empty()) return g.terminal_value(ply);
      best = -kInfinity;
    } else {
      stand = best = g.evaluate();
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
      g.generate_noisy(list);
    }
    std::array<int, 512> score;
    for (int i = 0; i < list.size(); ++i)
      score[i] = table_move && *table_move == G::encode(list[i]) ? 1 << 30 : g.order_hint(list[i]);
    std::optional<Move> best_move;
    for (int i = 0; i < list.size(); ++i) {
      const Move m = pick(list, score, i);
      // Delta pruning: a capture that cannot bring us near alpha is not worth a look.
      const int needed = alpha - stand - t::kQuiescenceDeltaMargin;
      if (!in_check && needed > 0 && !g.see_ge(m, needed)) continue;
      prefetch_after(m);
      ctx_.play(m, ply);
      const Value v = -quiescence(-beta, -alpha, ply + 1);
      ctx_.undo(m);
      if (ctx_.stopped()) return 0;
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          best_move = m;
          if (alpha >= beta) break;
        }
      }
    }
    store_table(ctx_, best, alpha_orig, beta, 0, ply, best_move);
    return best;
  }

  static constexpr int kHistoryLimit = 16384;
  static constexpr int kPickedMoves = 4;
  static constexpr int kKillerScore = 1 << 27;
  static constexpr int kCounterScore = (1 << 27) - 8;
  static constexpr int kLmrHistoryDivisor = 8192;

  std::unique_ptr<SearchContext<G>> owned_;  // the context, unless it is someone else's
  SearchContext<G>& ctx_;
  IterationCallback on_iteration_;
  RootMoveCallback on_root_move_;
  std::unique_ptr<PlayHistory> owned_history_;  // unless the options bring one
  PlayHistory& h_;
  std::array<std::optional<std::size_t>, kMaxPly + 1> prev_index_{};
  std::array<std::array<int, 64>, 64> lmr_{};
  std::array<bool, kMaxPly + 1> last_null_{};
  std::array<Value, kMaxPly + 1> eval_stack_{};        // static value by ply (-kInfinity in check)
  std::array<std::uint32_t, kMaxPly + 1> excluded_{};  // the move a singular probe leaves out
  // Nodes each root move took when last searched (by encoded move), for order_root.
  std::unordered_map<std::uint32_t, std::uint64_t> root_nodes_;
  int root_depth_ = 1;
  Value root_best_ = 0;
  bool root_value_valid_ = false;
};

}  // namespace alphactor
