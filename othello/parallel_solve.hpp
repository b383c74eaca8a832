// Exact solving on several threads by a shared-nothing split of the root's moves
// (the "Young Brothers Wait" rule at the root only, Feldmann et al.): the first (best-ordered)
// move is solved alone with the full window; then every thread takes the next unsearched root
// move, tests it with a zero window at the best score so far and solves it exactly only if it
// beats that score. Each thread owns its solver and table; all they share is the index of the
// next move and the best (score, move), both behind one mutex.
#pragma once

#include "othello/endgame.hpp"

namespace alphactor::othello {

// threads <= 1 solves on the calling thread. nodes sums every thread's nodes.
SolveResult solve_parallel(const Position& p, int threads,
                           std::size_t table_megabytes = endgame_tunables::kDefaultTableMegabytes);

}  // namespace alphactor::othello
