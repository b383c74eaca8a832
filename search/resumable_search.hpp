// ResumableSearch: fail-soft alpha-beta or PVS (Marsland & Popowich 1985, Fig. 1) on an
// explicit stack, run a slice of at most K nodes at a time, and open to other processors as
// the distributed alpha-beta of Feldmann, Mysliwietz & Monien ("A Fully Distributed Chess
// Program", section 4, ZUGZWANG) needs it:
//  - split points: a node whose eldest son is completely evaluated may give away its unstarted
//    younger brothers (the Young Brothers Wait Concept). best_split() names the one closest to
//    this search's root ("the algorithm transmits one at highest level in the tree");
//    delegate() hands it out as a move path with a window and remembers it;
//  - the value of a delegated child comes back through on_result();
//  - the window of this search's root may narrow at any time (on_new_bound: ZUGZWANG's
//    NEWBOUND). Windows below follow; delegated children whose window changed are reported as
//    kNewBound events, abandoned ones as kCutoff events; the owner drains events() and sends
//    the messages;
//  - a younger brother is searched with a zero window first (PVS) and re-searched with the
//    open window when it fails high inside it, by whoever searches it: "a processor that
//    determines a fail high ... has to re-search this problem ... and to respond to its
//    master after this re-search". Improving on the paper, the fail high itself is reported
//    at once (a kFailHigh event; the master's on_fail_high): the scout's value is already a
//    bound the master's node may raise its window to, so its other sons, local and
//    delegated, stop searching with the old window while the re-search runs. A delegated
//    re-search uses the narrower fail-soft window (alpha, scout value) of the textbook PVS.
//    Not in play mode, which is not exact (see raises()): there nothing is raised and the
//    re-search has the open window, as search/play_search.hpp re-searches.
//    At the game's root, optionally (ResumableParams::lone_root_research), the re-search runs
//    alone: the root's other sons wait for the bound it brings, as in the sequential PVS.
//
// Exactness. Every child value is a fail-soft bound relative to the window it was searched
// with (a reported fail high is such a bound too: the son's value is at most the scout's),
// and while a node is searched its window only narrows (a zero-window scout whose bound
// moves is restarted instead, because the old zero window is not inside the new one). A value
// that was a valid bound for a wider window is one for the narrower window too, so every
// combination below is the sequential one and the root value equals the sequential value.
// Without delegation the search visits exactly the nodes of search/pvs.hpp (or alphabeta.hpp)
// in the same order: the tests compare node counts.
//
// Distributed quiescence search (ZUGZWANG section 4: "every node, even nodes in the quiescence
// search are distributed ... this prevents processors from performing huge quiescence
// searches while lots of other processors may be idle"): with min_split_depth <= 0 the
// quiescence search below a horizon node runs as frames of this stack too (remaining depth 0
// at the horizon, negative below), so its nodes can be given away like any other. A
// quiescence frame is the fail-soft quiescence of search/node_steps.hpp step for step: the
// stand-pat value (unless in check) is its best before any son, its sons are the noisy moves
// (every evasion in check) searched with the open window (no zero windows, no table, no
// killer or history rewards), so the exactness argument above covers it unchanged (the stand
// pat is one more lower bound that holds for every window) and, undelegated, it visits the
// recursive quiescence's nodes in the same order. With min_split_depth >= 1 the quiescence
// search stays one recursive call, as before.
//
// Game state: the search plays its moves on ctx.game(). Several searches may share one game
// (a processor holding suspended tasks): attach() plays the root path and the stack's moves,
// detach() takes them back. Every other call needs the search attached.
//
// Not thread-safe: one owner.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "search/alphabeta.hpp"
#include "search/context.hpp"
#include "search/move_hints.hpp"
#include "search/node_steps.hpp"
#include "search/play_search.hpp"
#include "search/pvs.hpp"
#include "search/table_port.hpp"

namespace alphactor {

// Expected node types (Knuth & Moore): the root and eldest sons of PV nodes are PV nodes,
// other sons of PV nodes and sons of ALL nodes are CUT nodes, sons of CUT nodes ALL nodes.
enum class NodeType : std::uint8_t { kPv, kCut, kAll };

// Which nodes may give sons away (best_split()):
//  - kYoungBrothersWait: any node whose eldest son is completely evaluated (ZUGZWANG's YBWC);
//  - kFirstPath: only nodes on this search's first path (the root and every eldest son of a
//    node on it: the PV nodes of Marsland & Popowich's PV splitting), eldest son done first;
//  - kRootAtOnce: only this search's root, from its first son on (Fishburn's tree-splitting:
//    a processor splits the node it was given among its children and nothing below it);
//  - kAtOnce: any node, from its first son on (DTS breadth-first allocation, Ferguson & Korf
//    1988, section 2: a process deals its processors out to its children at once);
//  - kCutoffBound: any node that has a cutoff bound, i.e. whose alpha (negamax: the bound its
//    sons are cut off against) is finite, given with its window or raised by a finished son
//    (DTS Bound-and-Branch, Ferguson & Korf 1988, section 7). Meant for alpha-beta windows:
//    a zero-window scout always has a finite alpha.
enum class SplitRule : std::uint8_t {
  kYoungBrothersWait,
  kFirstPath,
  kRootAtOnce,
  kAtOnce,
  kCutoffBound
};

struct ResumableParams {
  bool pvs = true;  // zero-window younger brothers; false: plain alpha-beta windows
  // Only children with at least this remaining depth are given away. <= 0: the quiescence
  // search runs as frames (see the header), and horizon nodes (0) and quiescence nodes
  // (negative) with at least this depth may be given away too.
  int min_split_depth = 1;
  // Young Brothers Wait: a node's younger brothers may be given away once its eldest son is
  // completely evaluated (1, ZUGZWANG). At an expected CUT node, waiting for `cut_wait` sons
  // (> 1) avoids giving away brothers of the son that will refute it after all.
  int cut_wait = 1;
  SplitRule split_rule = SplitRule::kYoungBrothersWait;
  // Depth-limited tables (Marsland & Popowich, section V): probe and store only nodes more
  // than this many plies from the horizon (0: every interior node).
  int table_min_draft = 0;
  // With a table port (set_table_port): only nodes more than this many plies from the horizon
  // use it; the others use the context's local table, if any (a hybrid placement). 0: all.
  int port_min_draft = 0;
  // A node with at most this remaining depth (>= 1) is searched in one step by the recursive
  // sequential search (search/pvs.hpp or alphabeta.hpp), node for node as its frames would:
  // it gives nothing away and looks at the mailbox only when done, but skips the explicit
  // stack's per-node bookkeeping, which is most of an actor's cost on cheap nodes. 0: never.
  // Not where a remote table is used (its probes must overlap), nor with depth-limited tables.
  int inline_depth = 0;
  // The game root's re-searches run alone: when a son of the game's root (ply 0) fails high,
  // found here or reported by its helper, the root's other sons being scouted, here or by
  // helpers, are taken back (they would restart at the raised bound anyway) and no other son
  // starts until the re-search ends. The younger brothers are then scouted at the bound the
  // re-search brings, as the sequential PVS scouts them, and processors left without work
  // help with the re-search. Off (ZUGZWANG): the brothers go on at once with the fail high's
  // bound, and a second son that fails high against it is re-searched beside the first.
  // Only the root: at deeper PV nodes the re-searches are small and taking helpers' work
  // back cost more than it saved (sim, P = 2, random:w=8,d=11,seed=3: every PV node 1.50,
  // the root only 1.83, neither 1.57).
  bool lone_root_research = false;
};

// The play search of a game that has one (search/play_search.hpp); NoPlaySearcher for others.
struct NoPlaySearcher {};
template <class G, bool = PlayGame<G>>
struct PlaySearcherOf {
  using type = NoPlaySearcher;
};
template <class G>
struct PlaySearcherOf<G, true> {
  using type = PlaySearcher<G>;
};

// A message the owner must send on the search's behalf.
struct SearchEvent {
  // kNewBound and kCutoff go to `helper` about `job`; kFailHigh goes to this search's own
  // master: its root's zero window failed high there (root value at most `beta`), and the
  // root is being re-searched.
  enum class Kind : std::uint8_t { kNewBound, kCutoff, kFailHigh };
  Kind kind;
  std::uint64_t job;
  int helper;
  Value alpha, beta;  // kNewBound: the child's new window (child's point of view)
};

// A subproblem given to another processor: search `path` (moves from the game's root) to
// `depth` with window (alpha, beta) from the child's point of view; scout: zero window at
// beta first, then the open window if it fails inside.
struct DelegatedJob {
  std::vector<std::uint32_t> path;
  int depth = 0;
  Value alpha = -kInfinity, beta = kInfinity;
  bool scout = false;
  NodeType type = NodeType::kCut;
  int reduction = 0;  // play mode: a late move's scout runs this much shallower at first
};

template <Game G>
class ResumableSearch {
 public:
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;
  enum class Status : std::uint8_t { kRunning, kWaiting, kDone };
  static constexpr std::uint64_t kYieldCheckNodes = 32;
  enum class Phase : std::uint8_t { kFull, kScout, kResearch };

  struct Split {
    int frame = -1;  // stack index of the node that gives a child away
    int child = -1;  // index in its move list
    int ply = 0;     // the child's ply from the game's root
    int depth = 0;   // the child's remaining depth
  };

  // Searches the position reached by root_path from the game's root.
  ResumableSearch(SearchContext<G>& ctx, std::vector<std::uint32_t> root_path, int depth,
                  Value alpha, Value beta, bool scout, ResumableParams params = {},
                  NodeType root_type = NodeType::kPv)
      : ctx_(ctx),
        params_(params),
        root_path_(std::move(root_path)),
        frames_(std::max(depth, 0) + 1),
        lines_(std::max(depth, 0) + 1),
        root_type_(root_type),
        root_depth_(depth),
        quiescence_frames_(quiescence_frames(ctx, params)) {
    for (auto& l : lines_) l.reserve(std::max(depth, 0) + 1);
    push_root(alpha, beta, scout ? Phase::kScout : Phase::kFull);
  }

  // --- Game positioning ------------------------------------------------------------------
  void attach() {
    int ply = 0;
    for (const auto w : root_path_) ctx_.play(G::decode(w), ply++);
    for (int k = 1; k <= top_; ++k) ctx_.play(frames_[k].move, frames_[k - 1].ply);
  }
  void detach() {
    for (int k = top_; k >= 1; --k) ctx_.undo(frames_[k].move);
    for (auto it = root_path_.rbegin(); it != root_path_.rend(); ++it) ctx_.undo(G::decode(*it));
  }

  // A table held elsewhere (actors/table_placement.hpp) instead of the context's local one.
  // Probes are overlapped with move generation; see search/table_port.hpp.
  void set_table_port(TablePort* port) { port_ = port; }

  // Play mode (chess): the search prunes as search/play_search.hpp does, asking `play` (a
  // searcher on this search's context) for its decisions, so its values depend on move order
  // and table contents and it is NO reference. On the stack: check extension, table cuts on
  // any entry at least as deep at non-PV nodes, the whole-node prunings (reverse futility,
  // razoring, null move: its search runs whole), internal iterative reduction, singular
  // extension (its test search runs whole), the play search's move order, and late-move
  // reductions: a reduced scout that fails high is scouted again at full depth by whoever
  // searches it (a helper before it reports anything); cut-offs teach the play search's
  // history. Nodes at inline_depth or less are the play search's, whole. Not here: the
  // move-loop prunings near the horizon (below inline_depth anyway when it is 6 or more),
  // mate-distance pruning, and the root's order by the last iteration's node counts; the
  // cut-node flag the play search's reductions read is the frame's expected type here (the
  // play search calls every scout a cut node and no eldest son one). Call before run().
  // Several searches of one processor share `play`: its per-ply notes (static values, the
  // moves played) may be another search's between slices, which only steers its heuristics.
  // The context's stop flag (SearchContext::set_stop_flag) ends a play-mode search where it
  // is: a value the play search returns after it saw the stop is no value, so the search
  // waits from then on, for ever (the run ends it).
  using Play = typename PlaySearcherOf<G>::type;
  void set_play(Play* play) { play_ = play; }
  // Play mode: this search's root is a late move scouted `r` plies shallower at first (its
  // master's reduction, DelegatedJob::reduction). Call before run().
  void set_root_reduction(int r) {
    root_reduction_ = std::clamp(r, 0, std::max(root_depth_ - 1, 0));
    const Frame& f = frames_[0];
    push_root(f.alpha, f.beta, f.phase);
  }

  // The previous iteration's lines (search/move_hints.hpp): a node on one of them that has no
  // table move tries the line's move first. The hints must outlive the search.
  void set_hints(const MoveHints* hints) {
    hints_ = hints;
    root_hint_ = hints ? hints->find(root_path_) : MoveHints::kNone;
    frames_[0].hint = root_hint_;
  }
  // Keeps every root child's line (its move and the line below it): the refutations the
  // next iteration's hints are made of.
  void keep_root_lines() { keep_root_lines_ = true; }
  // Root child i's line, by index in the root's (ordered) move list; empty if not searched.
  [[nodiscard]] const std::vector<std::vector<std::uint32_t>>& root_lines() const {
    return root_lines_;
  }

  // --- Running ---------------------------------------------------------------------------
  // Searches until `budget` nodes are spent, the search waits for delegated children, or it
  // is done. Unless quiescence runs as frames, a quiescence search below a horizon node is one
  // step, so a slice may exceed the budget by one quiescence search.
  Status run(std::uint64_t budget) {
    return run(budget, [] { return false; });
  }
  // The same, also ending the slice early once `yield()` says so (asked every
  // kYieldCheckNodes nodes): a real-mode actor ends its slice as soon as mail is waiting.
  template <class Yield>
  Status run(std::uint64_t budget, Yield&& yield) {
    const std::uint64_t start = ctx_.stats().nodes();
    std::uint64_t next_check = start + kYieldCheckNodes;
    while (!done_) {
      if (stopped()) return Status::kWaiting;
      Frame& f = frames_[top_];
      if (!f.entered) {
        enter(top_);
      } else if (f.probing) {
        return Status::kWaiting;  // the moves are ready, the table's answer is not
      } else if (const int i = next_startable(f); i >= 0) {
        const auto [a, b] = child_window(f);
        push(top_, i, scouts(f, i) ? Phase::kScout : Phase::kFull, a, b);
        enter(top_);  // what the next turn would do first: one turn of the loop less a node
      } else if (f.outstanding > 0) {
        return Status::kWaiting;
      } else {
        settle(complete(top_));
      }
      const std::uint64_t n = ctx_.stats().nodes();
      if (n - start >= budget) break;
      if (n >= next_check) {
        if (yield()) break;
        next_check = n + kYieldCheckNodes;
      }
    }
    return status();
  }

  // Amortised O(1): only the node being searched can have local work.
  [[nodiscard]] Status status() {
    if (done_) return Status::kDone;
    if (stopped()) return Status::kWaiting;
    Frame& f = frames_[top_];
    if (!f.entered) return Status::kRunning;
    if (f.probing) return Status::kWaiting;
    if (next_startable(f) >= 0) return Status::kRunning;
    return f.outstanding > 0 ? Status::kWaiting : Status::kRunning;
  }
  [[nodiscard]] bool done() const { return done_; }
  // The root's value (meaningful once done) and its best line, encoded, from the root.
  [[nodiscard]] Value value() const { return value_; }
  [[nodiscard]] const std::vector<std::uint32_t>& line() const { return lines_[0]; }
  [[nodiscard]] const std::vector<std::uint32_t>& root_path() const { return root_path_; }
  // Before the search is done: the best son of the root among those searched to the end,
  // once the eldest is, as `value` (a lower bound on the root's) and its line; false while
  // there is none, or while the best is a fail high still being searched again. What an
  // interrupted iteration may answer with (search/play_search.hpp keeps the same move).
  [[nodiscard]] bool best_so_far(Value& value, std::vector<std::uint32_t>& line) const {
    if (done_) return false;
    const Frame& f = frames_[0];
    if (!f.entered || !f.eldest_done || f.best_index < 0 || f.state[f.best_index] != kDone ||
        f.best <= f.alpha ||  // (an aspiration window's fail low: no move beat it)
        lines_[0].empty() || lines_[0].front() != G::encode(f.moves[f.best_index]))
      return false;
    value = f.best;
    line = lines_[0];
    return true;
  }
  // The son of this search's root being searched here (not by a helper), as the move
  // (encoded) and its number in the root's order from 1; false when none is (UCI's currmove).
  [[nodiscard]] bool son_searched_here(std::uint32_t& move, int& number) const {
    if (done_ || top_ < 1) return false;
    move = G::encode(frames_[1].move);
    number = frames_[1].child + 1;
    return true;
  }
  [[nodiscard]] int root_ply() const { return static_cast<int>(root_path_.size()); }
  [[nodiscard]] int stack_height() const { return top_ + 1; }
  [[nodiscard]] std::size_t delegations() const { return delegations_.size(); }

  // --- Splitting (YBWC) --------------------------------------------------------------------
  // The highest split point: the first node from the root whose eldest son is completely
  // evaluated and that still has an unstarted child deep enough to be worth a message.
  std::optional<Split> best_split() { return best_split(params_.split_rule); }
  // The same under another rule (a master helped by its parent offers any YBW split point).
  std::optional<Split> best_split(SplitRule rule) {
    if (done_) return std::nullopt;
    // Without quiescence frames a son at the horizon is one static value: not worth a job.
    const int min_depth =
        quiescence_frames_ ? params_.min_split_depth : std::max(params_.min_split_depth, 1);
    for (int k = 0; k <= top_; ++k) {
      Frame& f = frames_[k];
      if (k > 0 && rule == SplitRule::kRootAtOnce) break;
      if (k > 0 && rule == SplitRule::kFirstPath && f.child != 0) break;
      if (!f.entered || f.probing || f.divided || f.depth - 1 < min_depth) continue;
      if (rule == SplitRule::kCutoffBound) {
        if (std::max(effective_alpha(f), f.best) <= -kInfinity) continue;
      } else if (rule != SplitRule::kRootAtOnce && rule != SplitRule::kAtOnce) {
        if (!f.eldest_done) continue;
        if (f.type == NodeType::kCut && f.done < params_.cut_wait) continue;
      }
      if (const int i = next_startable(f); i >= 0) return Split{k, i, f.ply + 1, f.depth - 1};
    }
    return std::nullopt;
  }
  // Every unstarted child of the split's node from the split's child on, in move order.
  std::vector<Split> unstarted(const Split& s) {
    std::vector<Split> out;
    Frame& f = frames_[s.frame];
    for (int i = s.child; i < f.moves.size(); ++i)
      if (f.state[i] == kUnstarted) out.push_back(Split{s.frame, i, s.ply, s.depth});
    return out;
  }
  // The move path from the game's root to the split's child (what delegate() sends).
  std::vector<std::uint32_t> path_of(const Split& s) const {
    std::vector<std::uint32_t> path = root_path_;
    for (int k = 1; k <= s.frame; ++k) path.push_back(G::encode(frames_[k].move));
    path.push_back(G::encode(frames_[s.frame].moves[s.child]));
    return path;
  }
  // Divides the split's node once and for all (the even split of Steele's pChess): returns
  // every unstarted child from the split's child on, in move order, and best_split() passes
  // the node by from now on, so the children the caller keeps are searched here.
  std::vector<Split> divide(const Split& s) {
    frames_[s.frame].divided = true;
    return unstarted(s);
  }

  // How many children of the split's node are unstarted, the split's child included.
  int unstarted_count(const Split& s) {
    const Frame& f = frames_[s.frame];
    int n = 0;
    for (int i = s.child; i < f.moves.size(); ++i) n += f.state[i] == kUnstarted;
    return n;
  }
  // Whether this search is at the split's node itself (no son of it searched here now): the
  // next unstarted son will be searched here.
  [[nodiscard]] bool at(const Split& s) const { return s.frame == top_; }
  // The remaining depth of the node being searched.
  [[nodiscard]] int top_depth() const { return frames_[top_].depth; }

  // Gives the split's child to `helper` under `job`; the caller sends the returned job. Play
  // mode: the search must be attached (the reduction looks at the position).
  DelegatedJob delegate(const Split& s, std::uint64_t job, int helper) {
    Frame& f = frames_[s.frame];
    f.state[s.child] = kDelegated;
    ++f.outstanding;
    const auto [a, b] = child_window(f);
    delegations_.push_back({job, helper, s.frame, s.child, a, b});
    DelegatedJob out;
    out.path = path_of(s);
    out.depth = f.depth - 1 + int(s.child == 0 && f.singular);
    out.alpha = a;
    out.beta = b;
    out.scout = scouts(f, s.child);
    out.type = child_type(f, s.child);
    if (out.scout) out.reduction = reduction_at(s.frame, s.child);
    return out;
  }

  // The local table's moves along the split child's expected line: the child's table move,
  // then the table move of the position it leads to, and so on for at most `plies` moves
  // (stops at the first position without one, or whose move is not legal there). A helper's
  // own table knows nothing of this subtree yet; these moves order its first nodes as the
  // master's earlier iterations found best. Leaves the game as it found it.
  std::vector<std::uint32_t> table_line(const Split& s, int plies) {
    std::vector<std::uint32_t> out;
    TranspositionTable* table = ctx_.table();
    if (!table || plies <= 0) return out;
    G& g = ctx_.game();
    for (int k = top_; k > s.frame; --k) ctx_.undo(frames_[k].move);
    std::vector<Move> played{frames_[s.frame].moves[s.child]};
    g.play(played.back());
    MoveList list;
    for (int ply = s.ply; static_cast<int>(out.size()) < plies; ++ply) {
      const auto e = table->probe(g.hash(), ply);
      if (!e || !e->has_move()) break;
      g.generate_moves(list);
      const auto it =
          std::find_if(list.begin(), list.end(), [&](Move m) { return G::encode(m) == e->move; });
      if (it == list.end()) break;
      out.push_back(e->move);
      played.push_back(*it);
      g.play(*it);
    }
    for (auto it = played.rbegin(); it != played.rend(); ++it) g.undo(*it);
    for (int k = s.frame + 1; k <= top_; ++k) ctx_.play(frames_[k].move, frames_[k - 1].ply);
    return out;
  }

  // A master's table_line for this search's root, written into the local table as move-only
  // entries where it knows nothing of the position: they order moves and never cut (their
  // draft is below any search's). Call attached, before the first run().
  void seed_table(const std::vector<std::uint32_t>& line) {
    TranspositionTable* table = ctx_.table();
    if (!table || line.empty() || top_ != 0) return;
    G& g = ctx_.game();
    std::vector<Move> played;
    int ply = root_ply();
    for (const std::uint32_t w : line) {
      if (!table->probe(g.hash(), ply))
        table->store(g.hash(), ply, 0, kSeedDraft, Bound::kLower, w);
      played.push_back(G::decode(w));
      g.play(played.back());
      ++ply;
    }
    for (auto it = played.rbegin(); it != played.rend(); ++it) g.undo(*it);
  }

  // --- From other processors ---------------------------------------------------------------
  // The probe the node being entered waits for, if any.
  [[nodiscard]] std::optional<std::uint32_t> pending_probe() const {
    const Frame& f = frames_[top_];
    if (done_ || !f.entered || !f.probing) return std::nullopt;
    return f.probe;
  }
  // The table's answer to probe `ticket` (entry value ply-independent). Returns false, doing
  // nothing, when no node waits for it any more (a late answer); otherwise the node ends on a
  // table cut or goes on with its moves ordered by the entry's move.
  bool on_probe_answer(std::uint32_t ticket, const std::optional<TableEntry>& entry) {
    if (pending_probe() != ticket) return false;
    Frame& f = frames_[top_];
    f.probing = false;
    std::optional<std::uint32_t> table_move;
    if (entry) {
      TableEntry e = *entry;
      e.value = static_cast<std::int16_t>(value_from_table(e.value, f.ply));
      if (const auto v =
              table_entry_cut(ctx_, e, effective_alpha(f), f.beta, f.depth, f.ply, table_move)) {
        settle(finish(top_, *v));
        return true;
      }
    }
    ctx_.order_moves(f.moves, f.ply, first_move(f, table_move));
    return true;
  }

  // A helper's final value for `job` (child's point of view) and its best line. Unknown jobs
  // (already cut off) are ignored.
  void on_result(std::uint64_t job, Value value, const std::vector<std::uint32_t>& line) {
    const auto it = find_delegation(job);
    if (it == delegations_.end() || done_) return;
    const Delegation d = *it;
    delegations_.erase(it);
    deliver(d.frame, d.child, value, line.data(), line.size(), false, Phase::kFull, 0, 0, 0);
    settle(d.frame);
  }

  // A helper's zero window for `job` failed high here: the son's value (son's point of view)
  // is at most `bound`, and the helper is re-searching it. The node raises its best to
  // -bound at once (not in play mode: raises()), which narrows the window of its other sons
  // (NEWBOUND to their helpers); the son's final value comes with its result. Unknown jobs
  // are ignored.
  void on_fail_high(std::uint64_t job, Value bound) {
    const auto it = find_delegation(job);
    if (it == delegations_.end() || done_) return;
    // The helper narrowed its own re-search already; in play mode it keeps the open window
    // and nothing is raised (raises()).
    if (raises()) it->beta = std::min(it->beta, bound);
    const int k = it->frame, i = it->child;
    if (lone(frames_[k])) {
      pop_above(k);  // this node's son being scouted here goes back too
      research_alone(k, i);
    }
    if (raises()) raise_best(k, i, -bound);
    settle(k);
  }

  // The root's window narrows to its intersection with (alpha, beta) (NEWBOUND).
  void on_new_bound(Value alpha, Value beta) {
    if (done_) return;
    Frame& r = frames_[0];
    const Value a = std::max(r.alpha, alpha), b = std::min(r.beta, beta);
    if (a >= b) return;  // an empty window: the master cuts this search off instead
    if (r.phase == Phase::kScout && b < r.beta) {  // the scout's bound moved: start over
      pop_above(-1);
      push_root(a, b, Phase::kScout);
      return;
    }
    r.alpha = a;
    r.beta = b;
    settle(0);
  }

  // The helper of `job` is gone: its child is searched again (here or by another helper).
  void on_helper_lost(std::uint64_t job) {
    const auto it = find_delegation(job);
    if (it == delegations_.end() || done_) return;
    Frame& f = frames_[it->frame];
    if (f.researching == it->child) f.researching = -1;
    take_back(*it);
    delegations_.erase(it);
  }

  // The jobs given away and not yet answered: (job, helper), oldest first.
  [[nodiscard]] std::vector<std::pair<std::uint64_t, int>> delegated_jobs() const {
    std::vector<std::pair<std::uint64_t, int>> out;
    for (const Delegation& d : delegations_) out.emplace_back(d.job, d.helper);
    return out;
  }
  [[nodiscard]] bool has_delegation(std::uint64_t job) const {
    return std::any_of(delegations_.begin(), delegations_.end(),
                       [job](const Delegation& d) { return d.job == job; });
  }
  // Heap bytes held (the stack of frames, lines, delegations).
  [[nodiscard]] std::size_t memory_bytes() const {
    std::size_t b = frames_.capacity() * sizeof(Frame) + root_path_.capacity() * 4 +
                    delegations_.capacity() * sizeof(Delegation);
    for (const auto& l : lines_) b += sizeof(l) + l.capacity() * 4;
    for (const auto& f : frames_) b += f.done_line.capacity() * 4;
    return b;
  }

  // Whether any job is delegated to `helper` now (no allocation: push algorithms ask this for
  // every child after every message).
  [[nodiscard]] bool delegates_to(int helper) const {
    return std::any_of(delegations_.begin(), delegations_.end(),
                       [helper](const Delegation& d) { return d.helper == helper; });
  }
  // Jobs currently delegated to `helper`.
  [[nodiscard]] std::vector<std::uint64_t> jobs_of(int helper) const {
    std::vector<std::uint64_t> out;
    for (const auto& d : delegations_)
      if (d.helper == helper) out.push_back(d.job);
    return out;
  }
  // Every delegated job with its helper.
  [[nodiscard]] std::vector<std::pair<std::uint64_t, int>> all_jobs() const {
    std::vector<std::pair<std::uint64_t, int>> out;
    for (const auto& d : delegations_) out.emplace_back(d.job, d.helper);
    return out;
  }

  // Gives the whole search up (CUTOFF from the master): every delegation is cut off.
  void abandon() {
    if (!done_) pop_above(-1);
    done_ = true;
  }

  // Messages to send; the owner clears the vector after sending.
  std::vector<SearchEvent>& events() { return events_; }

 private:
  static constexpr int kSeedDraft = -128;  // seed_table's entries: never deep enough to cut
  enum ChildState : std::uint8_t { kUnstarted, kLocal, kDelegated, kDone };
  struct Frame {
    Move move{};     // the move from the frame below (none for the root)
    int child = -1;  // its index in the frame below's list
    int depth = 0;
    int ply = 0;
    Value alpha = 0, beta = 0;  // the window assigned by the frame below (narrows only)
    Phase phase = Phase::kFull;
    bool entered = false;
    bool eldest_done = false;
    bool divided = false;     // divide() gave its younger brothers out: no more splits
    bool probing = false;     // entered, moves generated, waiting for the table's answer
    std::uint32_t probe = 0;  // its ticket
    NodeType type = NodeType::kPv;
    int hint = MoveHints::kNone;  // its node in hints_, if a hinted line passes through it
    int done = 0;                 // sons completely evaluated
    Value best = -kInfinity;
    int best_index = -1;
    // While `best` is a running son's fail-high bound (raise_best): the best of the sons done
    // before it, and its line (see deliver).
    Value done_best = -kInfinity;
    int done_index = -1;
    std::vector<std::uint32_t> done_line;
    int next = 0;  // children below `next` are all started
    int outstanding = 0;
    int researching = -1;   // lone_root_research: the son being re-searched, -1 if none
    int reduction = 0;      // play mode: searched this many plies below its full depth
    bool in_check = false;  // play mode: the side to move is in check
    bool singular = false;  // play mode: its eldest son (the table move) is one ply deeper
    MoveList moves;
    std::array<std::uint8_t, MoveList::capacity()> state{};
  };
  struct Delegation {
    std::uint64_t job;
    int helper;
    int frame;
    int child;
    Value alpha, beta;  // the window last sent
  };
  struct Window {
    Value alpha, beta;
  };

  // Whether quiescence runs as frames: the game has one, it is on, and its nodes may be split.
  static bool quiescence_frames(SearchContext<G>& ctx, const ResumableParams& p) {
    if constexpr (QuiescenceGame<G>) return p.min_split_depth <= 0 && ctx.options().quiescence;
    else return false;
  }
  // Whether a node `depth` plies from the horizon uses the table port (else the local table).
  bool remote_table(int depth) const { return port_ && depth > params_.port_min_draft; }
  // Whether son i of f is searched with a zero window first (PVS; quiescence sons never are).
  bool scouts(const Frame& f, int i) const { return i > 0 && params_.pvs && f.depth > 0; }

  static NodeType child_type(const Frame& f, int i) {
    if (f.type == NodeType::kPv) return i == 0 ? NodeType::kPv : NodeType::kCut;
    return f.type == NodeType::kCut ? NodeType::kAll : NodeType::kCut;
  }
  static Value effective_alpha(const Frame& f) {
    return f.phase == Phase::kScout ? f.beta - 1 : f.alpha;
  }
  // The window a child of f is searched with (child's point of view).
  static Window child_window(const Frame& f) {
    return {-f.beta, -std::max(effective_alpha(f), f.best)};
  }
  // Whether a son's fail high raises its node's best before the son's re-search ends (the
  // kFailHigh improvement, see the header). Only an exact search: in play mode (pruning, so
  // values depend on windows and move order) a re-search can fail low after its scout failed
  // high, and then
  //  - the brothers searched meanwhile under the raised bound had failed low against it: the
  //    node held their fail-soft bounds, with lines of a move or two, for values, and when
  //    the raise was undone one of them could be its best (and the root's move played);
  //  - a re-search bounded by the scout's value (or one above) could fail high again, and
  //    that bound came back as the son's value, again with a line of a move or two.
  // Over 12 BK positions at Threads 2, depth 13 (bench/uci_short_pv.py), 16-23 of 96
  // iterations had a centipawn score with a PV shorter than half the depth, and 10-14 with
  // the open-window re-search alone; without the raise too, none in three runs, as at
  // Threads 1. Time to depth over BK-24 (depth 16, T2/T1, two passes of three runs each):
  // 0.76 and 0.75 with the raise, 0.84 and 0.89 without (docs/results/BENCHMARKS.md).
  bool raises() const { return !play_; }

  // The move a node tries first: the table's, else the hinted line's.
  std::optional<std::uint32_t> first_move(const Frame& f,
                                          std::optional<std::uint32_t> table_move) const {
    if (table_move || f.hint == MoveHints::kNone) return table_move;
    return hints_->hint(f.hint);
  }

  // The son to start next at f, or -1: none unstarted, or a lone re-search runs there.
  int next_startable(Frame& f) {
    if (f.researching >= 0) return -1;
    return first_unstarted(f);
  }
  int first_unstarted(Frame& f) {
    while (f.next < f.moves.size() && f.state[f.next] != kUnstarted) ++f.next;
    return f.next < f.moves.size() ? f.next : -1;
  }

  typename std::vector<Delegation>::iterator find_delegation(std::uint64_t job) {
    return std::find_if(delegations_.begin(), delegations_.end(),
                        [job](const Delegation& d) { return d.job == job; });
  }

  void reset(Frame& f, int depth, int ply, Value a, Value b, Phase phase) {
    f.depth = depth;
    f.ply = ply;
    f.alpha = a;
    f.beta = b;
    f.phase = phase;
    f.entered = false;
    f.eldest_done = false;
    f.divided = false;
    f.probing = false;
    f.done = 0;
    f.best = -kInfinity;
    f.best_index = -1;
    f.done_best = -kInfinity;
    f.done_index = -1;
    f.next = 0;
    f.outstanding = 0;
    f.researching = -1;
    f.reduction = 0;
    f.in_check = false;
    f.singular = false;
  }

  void push_root(Value a, Value b, Phase phase) {
    top_ = 0;
    reset(frames_[0], root_depth_ - root_reduction_, root_ply(), a, b, phase);
    frames_[0].reduction = root_reduction_;
    frames_[0].type = phase == Phase::kResearch ? NodeType::kPv : root_type_;
    frames_[0].hint = root_hint_;
  }

  // Starts child i of frame k (the node being searched) locally; a scout in play mode is
  // reduced by `reduction` plies, or as the play search would (kReduceAsPlay). A frame deeper
  // than the nominal depth (quiescence, check extensions) moves the frames: references to
  // them taken before are stale.
  static constexpr int kReduceAsPlay = -1;
  void push(int k, int i, Phase phase, Value a, Value b, int reduction = kReduceAsPlay) {
    if (top_ + 1 >=
        static_cast<int>(frames_.size())) {  // deeper than the nominal depth: quiescence
      frames_.emplace_back();
      lines_.emplace_back();
    }
    Frame& f = frames_[k];
    f.state[i] = kLocal;
    const int r = phase != Phase::kScout       ? 0
                  : reduction == kReduceAsPlay ? reduction_at(k, i)
                                               : reduction;
    Frame& c = frames_[++top_];
    c.move = f.moves[i];
    c.child = i;
    reset(c, f.depth - 1 - r + int(i == 0 && f.singular), f.ply + 1, a, b, phase);
    c.reduction = r;
    c.type = phase == Phase::kResearch ? NodeType::kPv : child_type(f, i);
    c.hint =
        f.hint == MoveHints::kNone ? MoveHints::kNone : hints_->child(f.hint, G::encode(c.move));
    if constexpr (PlayGame<G>)
      if (play_) play_->played(f.ply, c.move);
    ctx_.play(c.move, f.ply);
  }

  // Play mode: the late-move reduction of son i of frame k (a quiet move, neither side in
  // check, past the first few), as search/play_search.hpp reduces it; 0 otherwise. The game
  // is taken to frame k's position for the look and back.
  int reduction_at(int k, int i) {
    if constexpr (PlayGame<G>) {
      namespace t = tunables::play;
      const Frame& f = frames_[k];
      const bool pv = play_pv(f);
      if (!play_ || f.depth < t::kLmrMinDepth || i + 1 <= t::kLmrMinMoves + int(pv) || f.in_check)
        return 0;
      for (int j = top_; j > k; --j) ctx_.undo(frames_[j].move);
      const G& g = ctx_.game();
      const Move m = f.moves[i];
      const bool calm = g.order_hint(m) == 0 && !g.gives_check(m);
      const int r =
          calm ? play_->late_move_reduction(m, f.depth, i + 1, f.ply, pv, f.type == NodeType::kCut)
               : 0;
      for (int j = k + 1; j <= top_; ++j) ctx_.play(frames_[j].move, frames_[j - 1].ply);
      return r;
    } else {
      (void)k;
      (void)i;
      return 0;
    }
  }
  // Play mode, after the context's stop: nothing more is decided (see set_play).
  bool stopped() const { return play_ && ctx_.stopped(); }
  // Play mode: a PV node is one searched with an open window.
  static bool play_pv(const Frame& f) { return f.phase != Phase::kScout && f.beta - f.alpha > 1; }

  // 1. Entering a node: the decided cases end it at once; otherwise its moves are generated.
  void enter(int k) {
    Frame& f = frames_[k];
    f.entered = true;
    lines_[k].clear();
    if constexpr (PlayGame<G>) {
      if (play_) {
        enter_play(k);
        return;
      }
    }
    if (quiescence_frames_ && f.depth <= 0) {
      enter_quiescence(k);
      return;
    }
    if (f.depth <= params_.inline_depth && f.depth >= 1 && f.hint == MoveHints::kNone &&
        !remote_table(f.depth) && params_.table_min_draft == 0) {
      enter_inline(k);
      return;
    }
    G& g = ctx_.game();
    if (g.is_terminal()) {
      ++ctx_.stats().leaf_nodes;
      settle(finish(k, g.terminal_value(f.ply)));
      return;
    }
    if (f.depth <= 0 || f.ply >= kMaxPly - 1) {
      settle(finish(k, horizon_value(ctx_, effective_alpha(f), f.beta, f.ply)));
      return;
    }
    // The table: asked on entering; a remote answer is awaited only after move generation.
    std::optional<std::uint32_t> table_move;
    if (f.depth > params_.table_min_draft) {
      std::optional<Value> cut;
      if (remote_table(f.depth)) {
        ++ctx_.stats().tt_probes;
        const TablePort::Reply r = port_->probe(g.hash());
        if (r.pending) {
          f.probing = true;
          f.probe = r.ticket;
        } else if (r.entry) {
          TableEntry e = *r.entry;
          e.value = static_cast<std::int16_t>(value_from_table(e.value, f.ply));
          cut = table_entry_cut(ctx_, e, effective_alpha(f), f.beta, f.depth, f.ply, table_move);
        }
      } else {
        cut = probe_table(ctx_, effective_alpha(f), f.beta, f.depth, f.ply, table_move);
      }
      if (cut) {
        settle(finish(k, *cut));
        return;
      }
    }
    g.generate_moves(f.moves);
    if (f.moves.empty()) {
      f.probing = false;  // its answer will be dropped
      ++ctx_.stats().leaf_nodes;
      settle(finish(k, g.terminal_value(f.ply)));
      return;
    }
    ++ctx_.stats().interior_nodes;
    std::fill(f.state.begin(), f.state.begin() + f.moves.size(), kUnstarted);
    if (!f.probing) ctx_.order_moves(f.moves, f.ply, first_move(f, table_move));
  }

  // 1i. A node near the horizon searched whole by the recursive search (inline_depth).
  void enter_inline(int k) {
    Frame& f = frames_[k];
    const Value v = params_.pvs ? pvs(ctx_, effective_alpha(f), f.beta, f.depth, f.ply)
                                : alphabeta(ctx_, effective_alpha(f), f.beta, f.depth, f.ply);
    ctx_.pv_copy(f.ply, lines_[k]);
    settle(finish(k, v));
  }

  // 1p. Entering a node in play mode: search/play_search.hpp's steps 1 to 4 for a node on
  //     the stack, or the whole node by the play search near the horizon.
  void enter_play(int k) {
    if constexpr (PlayGame<G>) {
      namespace t = tunables::play;
      Frame& f = frames_[k];
      G& g = ctx_.game();
      const bool pv = play_pv(f);
      // 1. Near the horizon the play search takes the node whole (its check extension too).
      f.in_check = g.in_check();
      if (f.depth <= params_.inline_depth) {
        const Value v = play_->search_node(effective_alpha(f), f.beta, std::max(f.depth, 0), f.ply,
                                           pv, f.type == NodeType::kCut);
        if (ctx_.stopped()) return;  // no value: the search waits (set_play)
        ctx_.pv_copy(f.ply, lines_[k]);
        settle(finish(k, v));
        return;
      }
      // 2. Draws by rule; check extension.
      if (g.is_terminal()) {
        ++ctx_.stats().leaf_nodes;
        settle(finish(k, g.terminal_value(f.ply)));
        return;
      }
      if (f.in_check && f.ply < kMaxPly / 2) ++f.depth;
      if (f.ply >= kMaxPly - 1) {
        settle(finish(k, g.evaluate()));
        return;
      }
      // 3. The table: any entry at least this deep may end a non-PV node.
      std::optional<std::uint32_t> table_move;
      std::optional<TableEntry> entry;
      if (TranspositionTable* table = ctx_.table()) {
        ++ctx_.stats().tt_probes;
        entry = table->probe(g.hash(), f.ply);
        if (entry && pv) {  // a PV node only takes the move
          ++ctx_.stats().tt_hits;
          if (entry->has_move()) table_move = entry->move;
        } else if (entry) {  // (not full width: an entry at least this deep cuts)
          if (const auto v = table_entry_cut(ctx_, *entry, effective_alpha(f), f.beta, f.depth,
                                             f.ply, table_move)) {
            settle(finish(k, *v));
            return;
          }
        }
      }
      // 4. Static value and whole-node pruning (not in check, not at PV nodes).
      const Value static_eval = play_->enter_node(f.ply, f.in_check);
      if (!pv && !f.in_check) {
        if (const auto v = play_->prune_node(effective_alpha(f), f.beta, f.depth, f.ply,
                                             f.type == NodeType::kCut, static_eval)) {
          if (ctx_.stopped()) return;
          settle(finish(k, *v));
          return;
        }
      }
      // A PV node without a table move is probably mis-ordered: one ply less.
      if (pv && !table_move && f.depth >= t::kInternalReductionDepth) --f.depth;
      // Singular extension: when the table move alone holds, its son is one ply deeper.
      f.singular = false;
      if (f.ply > 0 && !f.in_check) {
        bool singular = false;
        const auto v =
            play_->singular_test(entry, f.beta, f.depth, f.ply, f.type == NodeType::kCut, singular);
        if (ctx_.stopped()) return;
        if (v) {
          settle(finish(k, *v));
          return;
        }
        f.singular = singular;
      }
      // 5. The moves.
      g.generate_moves(f.moves);
      if (f.moves.empty()) {
        ++ctx_.stats().leaf_nodes;
        settle(finish(k, g.terminal_value(f.ply)));
        return;
      }
      ++ctx_.stats().interior_nodes;
      std::fill(f.state.begin(), f.state.begin() + f.moves.size(), kUnstarted);
      play_->order_moves(f.moves, f.ply, first_move(f, table_move));
      if (f.singular && G::encode(f.moves[0]) != entry->move) f.singular = false;  // not legal
    } else {
      (void)k;
    }
  }

  // 1q. Entering a quiescence node (remaining depth <= 0; the horizon node itself at 0): the
  //     steps of search/node_steps.hpp's quiescence(), counted the same way.
  void enter_quiescence(int k) {
    Frame& f = frames_[k];
    G& g = ctx_.game();
    if (f.depth == 0) ++ctx_.stats().leaf_nodes;
    else ++ctx_.stats().quiescence_nodes;
    if (f.ply > ctx_.stats().max_ply) ctx_.stats().max_ply = f.ply;
    if (g.is_terminal()) {
      settle(finish(k, g.terminal_value(f.ply)));
      return;
    }
    if constexpr (QuiescenceGame<G>) {
      if (f.ply >= kMaxPly - 1) {
        settle(finish(k, g.evaluate()));
        return;
      }
      if (g.in_check()) {  // every evasion: no stand pat in check
        g.generate_moves(f.moves);
        if (f.moves.empty()) {
          settle(finish(k, g.terminal_value(f.ply)));
          return;
        }
      } else {
        f.best = g.evaluate();  // stand pat
        if (f.best >= f.beta) {
          settle(finish(k, f.best));
          return;
        }
        g.generate_noisy(f.moves);
        if (f.moves.empty()) {
          settle(finish(k, f.best));
          return;
        }
      }
      std::fill(f.state.begin(), f.state.begin() + f.moves.size(), kUnstarted);
      ctx_.order_moves(f.moves, f.ply, std::nullopt);
    }
  }

  // 2. A child's value arrives (child's point of view) with its line.
  void deliver(int k, int i, Value v, const std::uint32_t* line, std::size_t line_size, bool local,
               Phase phase, Value a, Value b, int reduction) {
    Frame& f = frames_[k];
    if (local && phase == Phase::kScout && reduction > 0 && v < b) {
      // Play mode: a reduced scout failed high (the son is below its beta): scouted again at
      // full depth, as search/play_search.hpp does, before anything else is decided.
      push(k, i, Phase::kScout, a, b, 0);
      return;
    }
    if (local && phase == Phase::kScout && v > a && v < b) {
      // The zero window failed inside the open one: search again with it (PVS). With helpers
      // out at this node the bound is raised now (unless in play mode, raises()), as on a
      // helper's fail high (settle() then narrows their windows and the re-search's);
      // without, the window stays pvs.hpp's.
      ++ctx_.stats().researches;
      push(k, i, Phase::kResearch, a, b);  // (which may move the frames: f is looked up again)
      if (lone(frames_[k])) research_alone(k, i);
      if (frames_[k].outstanding > 0 && raises()) raise_best(k, i, -v);
      return;
    }
    if (!local) --f.outstanding;
    if (f.researching == i) f.researching = -1;
    if (keep_root_lines_ && k == 0) {
      if (root_lines_.size() < static_cast<std::size_t>(f.moves.size()))
        root_lines_.resize(f.moves.size());
      auto& r = root_lines_[i];
      r.assign(1, G::encode(f.moves[i]));
      r.insert(r.end(), line, line + line_size);
    }
    f.state[i] = kDone;
    ++f.done;
    if (i == 0) f.eldest_done = true;
    if (i == f.best_index && -v < f.best) {
      // The son whose fail high raised the best came back below that bound (its re-search
      // failed low), which only a search that is not exact does: play mode did, before it
      // stopped raising (raises()); kept for any other inexactness. As search/play_search.hpp
      // keeps the best son searched before it, so does the node: the best is the sons' done
      // before it again, with their line, and this son competes with its final value below.
      // Without this (before 8a87211) the node kept the fail-high bound as its value and the
      // raising move with a line of one move, and played it. (Windows the bound narrowed
      // stay narrowed: they only narrow, here as at the helpers.)
      f.best = f.done_best;
      f.best_index = f.done_index;
      lines_[k].swap(f.done_line);
    }
    // (A son whose fail high raised the best already brings its line now.)
    if (-v > f.best || (i == f.best_index && -v == f.best)) {
      f.best = -v;
      f.best_index = i;
      // Only a value above the window's alpha can be on the root's line (the window only
      // narrows), as in search/pvs.hpp: copying lines of failing-low sons was most of the
      // explicit stack's per-node overhead on cheap (synthetic tree) nodes. The recursive
      // quiescence keeps no line: neither do its frames, so the best line (and the next
      // iteration's previous PV) ends at the horizon either way.
      son_line(lines_[k], f, i, f.best, line, line_size);
    } else if (f.best_index >= 0 && f.state[f.best_index] != kDone && -v > f.done_best) {
      // Below a running son's fail-high bound: the best of the sons done, should that son
      // come back below its bound.
      f.done_best = -v;
      f.done_index = i;
      f.done_line.clear();
      son_line(f.done_line, f, i, f.done_best, line, line_size);
    }
  }
  // l becomes son i's move and its line when the son's value (node's point of view) is above
  // the window's alpha; otherwise l is left as it is.
  void son_line(std::vector<std::uint32_t>& l, const Frame& f, int i, Value value,
                const std::uint32_t* line, std::size_t line_size) {
    if (value <= effective_alpha(f) || f.depth <= 0) return;
    l.clear();
    l.push_back(G::encode(f.moves[i]));
    l.insert(l.end(), line, line + line_size);
  }

  // 2f. Son i of node k is known to be worth at least `score` (node's point of view) before
  //     its search ends: a fail high being re-searched. Its line comes with its final value.
  void raise_best(int k, int i, Value score) {
    Frame& f = frames_[k];
    if (score <= f.best) return;
    if (f.best_index < 0 || f.state[f.best_index] == kDone) {  // the sons' done best: kept
      f.done_best = f.best;
      f.done_index = f.best_index;
      f.done_line.swap(lines_[k]);
    }
    f.best = score;
    f.best_index = i;
    lines_[k].clear();
    if (f.best > effective_alpha(f) && f.depth > 0) lines_[k].push_back(G::encode(f.moves[i]));
  }

  // Whether a re-search at f runs alone (lone_root_research).
  bool lone(const Frame& f) const { return params_.lone_root_research && f.ply == 0; }
  // 2r. Son i of node k is re-searched alone (lone_root_research): the node's other sons given
  //     away go back to unstarted, their helpers cut off.
  void research_alone(int k, int i) {
    Frame& f = frames_[k];
    f.researching = i;
    std::erase_if(delegations_, [&](const Delegation& d) {
      if (d.frame != k || d.child == i) return false;
      take_back(d);
      return true;
    });
  }

  // A delegated son is this processor's again, unstarted; its helper is told CUTOFF.
  // (The caller removes the delegation.)
  void take_back(const Delegation& d) {
    Frame& f = frames_[d.frame];
    f.state[d.child] = kUnstarted;
    f.next = std::min(f.next, d.child);
    --f.outstanding;
    events_.push_back({SearchEvent::Kind::kCutoff, d.job, d.helper, 0, 0});
  }

  // 3. A node's value is final: take it off the stack and hand it to the node below.
  //    Returns the index of the node below, or -1 when the root is done.
  int finish(int k, Value v) {
    Frame& f = frames_[k];
    if (k == 0) {
      if (f.phase == Phase::kScout && f.reduction > 0 && v < f.beta) {
        // Play mode: the master's reduced scout failed high: again at full depth first.
        root_reduction_ = 0;
        push_root(f.alpha, f.beta, Phase::kScout);
        return -1;
      }
      if (f.phase == Phase::kScout && v > f.alpha && v < f.beta) {
        ++ctx_.stats().researches;
        const Value alpha = f.alpha;
        // Unlike a re-search below (which keeps search/pvs.hpp's window, node for node), a
        // delegated one takes the fail-soft window (alpha, v): the value is at most v. Play
        // mode: the open window, as search/play_search.hpp (raises()).
        push_root(alpha, play_ ? f.beta : v, Phase::kResearch);
        events_.push_back({SearchEvent::Kind::kFailHigh, 0, -1, alpha, v});
      } else {
        value_ = v;
        done_ = true;
      }
      return -1;
    }
    ctx_.undo(f.move);
    --top_;
    const std::vector<std::uint32_t>& line = lines_[k];
    deliver(k - 1, f.child, v, line.data(), line.size(), true, f.phase, f.alpha, f.beta,
            f.reduction);
    return k - 1;
  }

  // Node k (the node being searched) was refuted by its son `best`: killers and history learn.
  // Play mode: as search/play_search.hpp learns, from a quiet move only, the quiet sons
  // searched before it penalised.
  void reward_cutoff(int k, Move best) {
    const Frame& f = frames_[k];
    if constexpr (PlayGame<G>) {
      if (play_) {
        const G& g = ctx_.game();
        if (g.order_hint(best) != 0) return;
        std::vector<Move> tried;
        for (int j = 0; j < f.best_index; ++j)
          if (f.state[j] == kDone && g.order_hint(f.moves[j]) == 0) tried.push_back(f.moves[j]);
        play_->reward_cutoff(best, f.depth, f.ply, tried);
        return;
      }
    }
    ctx_.reward_cutoff(best, f.depth, f.ply);
  }

  // An interior node is complete (all children done, or one refuted it): cut off what is
  // left above and around it, remember the result, hand it down.
  int complete(int k) {
    pop_above(k);
    cut_delegations(k);
    Frame& f = frames_[k];
    std::optional<Move> best;
    if (f.best_index >= 0) best = f.moves[f.best_index];
    if (best && f.best >= f.beta && f.depth > 0) reward_cutoff(k, *best);
    if (f.depth > params_.table_min_draft) {
      if (remote_table(f.depth)) {
        const Bound bound = bound_of(f.best, effective_alpha(f), f.beta);
        TableEntry e;
        e.value = static_cast<std::int16_t>(value_to_table(f.best, f.ply));
        e.draft = static_cast<std::int8_t>(f.depth);
        const bool with_move = best && bound != Bound::kUpper;
        if (with_move) e.move = G::encode(*best);
        e.bound_age =
            static_cast<std::uint8_t>(static_cast<std::uint8_t>(bound) | (with_move ? 4u : 0u));
        port_->store(ctx_.game().hash(), e);
      } else {
        store_table(ctx_, f.best, effective_alpha(f), f.beta, f.depth, f.ply, best);
      }
    }
    return finish(k, f.best);
  }

  // 4. Brings the stack in line after node k changed: a refuted node completes (and its
  //    parent is looked at next); otherwise its children's windows follow its own, upwards.
  void settle(int k) {
    while (k >= 0 && k <= top_ && !done_) {
      Frame& f = frames_[k];
      if (!f.entered) return;
      if (f.best >= f.beta) {
        k = complete(k);
        continue;
      }
      const Window w = child_window(f);
      for (auto& d : delegations_) {
        if (d.frame != k) continue;
        const Value a = std::max(d.alpha, w.alpha), b = std::min(d.beta, w.beta);
        if (a == d.alpha && b == d.beta) continue;
        d.alpha = a;
        d.beta = b;
        events_.push_back({SearchEvent::Kind::kNewBound, d.job, d.helper, a, b});
      }
      if (k == top_) return;
      Frame& c = frames_[k + 1];
      const Value a = std::max(c.alpha, w.alpha), b = std::min(c.beta, w.beta);
      if (c.phase == Phase::kScout && b < c.beta) {
        const int i = c.child, r = c.reduction;
        pop_above(k);
        push(k, i, Phase::kScout, a, b, r);
        return;
      }
      c.alpha = a;
      c.beta = b;
      ++k;
    }
  }

  // Abandons every frame above k (k = -1: all of them), cutting their delegations off.
  void pop_above(int k) {
    while (top_ > k) {
      cut_delegations(top_);
      if (top_ > 0) {
        ctx_.undo(frames_[top_].move);
        Frame& below = frames_[top_ - 1];
        below.state[frames_[top_].child] = kUnstarted;
        below.next = std::min(below.next, frames_[top_].child);
      }
      --top_;
    }
  }

  void cut_delegations(int k) {
    std::erase_if(delegations_, [&](const Delegation& d) {
      if (d.frame != k) return false;
      events_.push_back({SearchEvent::Kind::kCutoff, d.job, d.helper, 0, 0});
      --frames_[k].outstanding;
      return true;
    });
  }

  SearchContext<G>& ctx_;
  ResumableParams params_;
  TablePort* port_ = nullptr;
  const MoveHints* hints_ = nullptr;
  int root_hint_ = MoveHints::kNone;
  bool keep_root_lines_ = false;
  std::vector<std::vector<std::uint32_t>> root_lines_;
  std::vector<std::uint32_t> root_path_;
  std::vector<Frame> frames_;  // frames_[0] is the root; top_ the node being searched
  std::vector<std::vector<std::uint32_t>> lines_;  // best line from each frame's node
  NodeType root_type_;
  int root_depth_;          // may be <= 0: a quiescence node given away
  int root_reduction_ = 0;  // play mode: the root scouted this much shallower at first
  Play* play_ = nullptr;    // play mode's searcher (set_play), else null
  bool quiescence_frames_;  // quiescence runs as frames (see the header)
  int top_ = 0;
  bool done_ = false;
  Value value_ = 0;
  std::vector<Delegation> delegations_;
  std::vector<SearchEvent> events_;
};

}  // namespace alphactor
