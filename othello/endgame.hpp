// The exact endgame solver: the final disc difference of a position under perfect play by
// both sides (empty squares to the winner, as in the FFO suite and Edax), and a move that
// reaches it.
//
// Algorithm (at the root MTD(f), Plaat et al. 1996: zero-window probes from a guessed score;
// inside, alpha-beta with zero-window re-searches, i.e. PVS / NegaScout, Reinefeld 1983;
// endgame techniques as described for Othello solvers by Buro and in the Edax and Zebra
// programs; none of their code is used):
//  - deep nodes (>= kHashMinEmpties empties): transposition table of score bounds with its best
//    move, enhanced transposition cut-offs (children probed first), a stability cut-off (the
//    opponent's stable discs bound the score from above), and fastest-first move ordering
//    (fewest opponent replies first, corners and parity as tie-breakers); at high empties the
//    ordering adds a shallow midgame search of each child;
//  - shallow nodes: no table, no sorting: empty squares visited odd quadrants first (parity),
//    corners first and X-squares last within each;
//  - the last four empties: dedicated functions with the squares passed explicitly, parity
//    sorted, and the last square's score counted without playing it.
// Scores are plain discs in [-64, 64]. Every search is fail-soft.
//
// One solver per thread; see parallel_solve.hpp for the root split over threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "othello/board.hpp"
#include "othello/endgame_table.hpp"
#include "othello/endgame_tunables.hpp"

namespace alphactor::othello {

struct SolveResult {
  int score = 0;       // exact final disc difference for the side to move
  int best_move = -1;  // square, kPassSquare, or -1 when the game is already over
  std::uint64_t nodes = 0;
  double seconds = 0;      // wall time
  double cpu_seconds = 0;  // CPU time of the process over the solve (all threads)
};

class EndgameSolver {
 public:
  explicit EndgameSolver(std::size_t table_megabytes = endgame_tunables::kDefaultTableMegabytes);

  // Solves the position exactly (the table is kept between calls; clear_table() to forget).
  SolveResult solve(const Position& p);
  // Fail-soft score of the position within (alpha, beta); the root split uses it per child.
  int search(Bits player, Bits opponent, int alpha, int beta);
  // The exact score by zero-window probes from `guess` (MTD(f)).
  int exact(Bits player, Bits opponent, int guess);
  // A guess at the exact score from a shallow midgame search (even, in [-64, 64]).
  int guess_score(Bits player, Bits opponent);
  // The legal moves, best first by the solver's ordering (empty when none); with table_first
  // the table's move for the position leads, else the order depends on the position alone.
  std::vector<int> ordered_moves(Bits player, Bits opponent, bool table_first = true);
  // While *flag is true, searches unwind at once without storing anything and return
  // meaningless values (the parallel split discards them); nullptr to run normally.
  void set_stop_flag(const std::atomic<bool>* flag) { stop_ = flag; }

  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }
  void reset_nodes() { nodes_ = 0; }
  void clear_table() { table_.clear(); }

 private:
  struct MoveCandidate {
    int square;
    Bits flipped;
    int score;
  };

  int search_deep(Bits P, Bits O, int alpha, int beta, int empties, bool passed);
  int search_shallow(Bits P, Bits O, int alpha, int beta, int empties, unsigned parity,
                     bool passed);
  int search_any(Bits P, Bits O, int alpha, int beta, int empties);
  int last4(Bits P, Bits O, int alpha, int beta, int x1, int x2, int x3, int x4, bool passed);
  int last3(Bits P, Bits O, int alpha, int beta, int x1, int x2, int x3, bool passed);
  int last2(Bits P, Bits O, int alpha, int beta, int x1, int x2, bool passed);
  int last1(Bits P, int x);
  int last4_sorted(Bits P, Bits O, int alpha, int beta);
  int stability_bound(Bits P, Bits O);
  int order_moves(Bits P, Bits O, Bits moves, int empties, int table_move, MoveCandidate* list);
  int midgame_value(Bits P, Bits O, int alpha, int beta, int depth);

  [[nodiscard]] bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }

  EndgameTable table_;
  std::uint64_t nodes_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
};

}  // namespace alphactor::othello
