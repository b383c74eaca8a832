// Exact solving on several threads, shared-nothing: every thread owns a solver and its table.
//
// The root runs the same MTD(f) probes as EndgameSolver::solve. Each probe tries the root
// moves in turn; the child of a root move is searched with the "Young Brothers Wait" rule of
// Feldmann, Mysliwietz & Monien along the leftmost path: at each node its eldest child first
// (split the same way in turn), and if that does not refute the node, the younger children
// handed to whichever thread is free; a refutation found by one thread stops the others.
// All-nodes (every child must be searched) are where the split pays. Nodes with fewer than
// 12 empties are not split.
// Shared between threads during a split: the stop flag and the next child to hand out (both
// atomic) and the best value so far (behind a mutex); solvers and tables are never shared.
#pragma once

#include "othello/endgame.hpp"

namespace alphactor::othello {

// threads <= 1 solves on the calling thread. nodes sums every thread's nodes.
SolveResult solve_parallel(const Position& p, int threads,
                           std::size_t table_megabytes = endgame_tunables::kDefaultTableMegabytes);

}  // namespace alphactor::othello
