#include "othello/eval.hpp"

#include <algorithm>

#include "othello/eval_weights.hpp"
#include "othello/stability.hpp"

namespace alphactor::othello {
namespace {

// X-squares and C-squares grouped by their corner: a1, h1, a8, h8.
constexpr Bits kCornerSq[4] = {bit(0), bit(7), bit(56), bit(63)};
constexpr Bits kXSq[4] = {bit(9), bit(14), bit(49), bit(54)};
constexpr Bits kCSq[4] = {bit(1) | bit(8), bit(6) | bit(15), bit(48) | bit(57), bit(55) | bit(62)};

inline int weighted_mobility(Bits moves) {
  return popcount(moves) + popcount(moves & kCorners);
}

// Own X- and C-squares next to an empty corner.
inline void risky_squares(Bits own, Bits empty, int& x, int& c) {
  x = c = 0;
  for (int k = 0; k < 4; ++k) {
    if (!(empty & kCornerSq[k])) continue;
    x += popcount(own & kXSq[k]);
    c += popcount(own & kCSq[k]);
  }
}

}  // namespace

EvalTerms eval_terms(Bits P, Bits O) {
  EvalTerms t;
  const Bits empty = ~(P | O);
  t.mobility = weighted_mobility(legal_moves(P, O)) - weighted_mobility(legal_moves(O, P));
  t.potential_mobility = popcount(empty & neighbours(O)) - popcount(empty & neighbours(P));
  t.corners = popcount(P & kCorners) - popcount(O & kCorners);
  int px, pc, ox, oc;
  risky_squares(P, empty, px, pc);
  risky_squares(O, empty, ox, oc);
  t.x_squares = px - ox;
  t.c_squares = pc - oc;
  t.edge_stable = popcount(edge_stable(P, O)) - popcount(edge_stable(O, P));
  t.parity = (popcount(empty) & 1) ? 1 : -1;
  return t;
}

Value evaluate(Bits P, Bits O) {
  const EvalTerms t = eval_terms(P, O);
  namespace w = weights;
  const int v = w::kMobility * t.mobility + w::kPotentialMobility * t.potential_mobility +
                w::kCorner * t.corners + w::kXSquare * t.x_squares + w::kCSquare * t.c_squares +
                w::kEdgeStable * t.edge_stable + w::kParity * t.parity;
  return std::clamp(v, -w::kClamp, w::kClamp);
}

Value evaluate_fast(Bits P, Bits O) {
  namespace w = weights;
  const Bits empty = ~(P | O);
  int px, pc, ox, oc;
  risky_squares(P, empty, px, pc);
  risky_squares(O, empty, ox, oc);
  const int v =
      w::kMobility * (weighted_mobility(legal_moves(P, O)) - weighted_mobility(legal_moves(O, P))) +
      w::kPotentialMobility * (popcount(empty & neighbours(O)) - popcount(empty & neighbours(P))) +
      w::kCorner * (popcount(P & kCorners) - popcount(O & kCorners)) + w::kXSquare * (px - ox) +
      w::kCSquare * (pc - oc);
  return std::clamp(v, -w::kClamp, w::kClamp);
}

}  // namespace alphactor::othello
