// MTD(f) for exact Othello scores (Plaat, Schaeffer, Pijls & de Bruin, "Best-First
// Fixed-Depth Minimax Algorithms", 1996): zero-window probes walk a lower and an upper bound
// on the final disc difference towards each other, starting from a guess. The caller's table
// carries each probe's work to the next, so a good guess costs one or two probes.
//
// Written once here for the sequential solver's inner nodes and root (othello/endgame.cpp)
// and for the threaded root (othello/parallel_solve.cpp), which differ only in how one child
// is searched with a zero window.
#pragma once

#include <algorithm>
#include <vector>

namespace alphactor::othello {

// The exact score, given `probe(b)`: a fail-soft zero-window search answering "is the score
// at least b?" (a value >= b means yes and is a lower bound, a value < b an upper bound).
template <class Probe>
int mtdf(int guess, Probe&& probe) {
  int lo = -64, hi = 64, g = std::clamp(guess, -64, 64);
  while (lo < hi) {
    const int b = std::max(g, lo + 1);
    const int t = probe(b);
    if (t < b) {
      hi = t;
      g = t;
    } else {
      lo = t;
      g = t + 1;
    }
  }
  return lo;
}

// MTD(f) at a root with its move list, keeping the best move: each probe tries the moves in
// order until one reaches the bound, and that move goes first for the next probe. The move
// that set the final lower bound reaches the score. `child(move, b)` is the root mover's
// fail-soft value of `move` searched with the zero window (b - 1, b). `moves` must not be
// empty; if no probe ever succeeds every move scores -64 and the first one is kept.
template <class ChildProbe>
int mtdf_root(std::vector<int>& moves, int guess, int& best_move, ChildProbe&& child) {
  constexpr int kBelowAnyScore = -127;
  best_move = moves.front();
  return mtdf(guess, [&](int b) {
    int t = kBelowAnyScore;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const int v = child(moves[i], b);
      t = std::max(t, v);
      if (v >= b) {
        best_move = moves[i];
        std::rotate(moves.begin(), moves.begin() + i, moves.begin() + i + 1);
        break;
      }
    }
    return t;
  });
}

}  // namespace alphactor::othello
