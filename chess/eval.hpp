// Static evaluation: material, tapered piece-square tables, mobility, threats (pieces attacked
// by pawns or lesser pieces, hanging pieces), pawn structure (doubled, isolated, backward,
// connected, passed pawns), king safety (pawn shelter, pawn storm, a danger score from the
// attackers of the king's zone and the safe checks they have), space, outposts, bishop pair,
// rooks on open files, and a little endgame knowledge (lone king mop-up, drawish material).
// A first pass computes both sides' attack maps; the terms read them. Weights:
// chess/eval_weights.hpp.
//
// The value is in centipawns from the side to move's point of view, and colour-symmetric:
// a position and its colour-mirrored twin evaluate the same (tests check it).
#pragma once

#include "chess/eval_weights.hpp"
#include "chess/pawn_cache.hpp"
#include "chess/position.hpp"
#include "search/game.hpp"

namespace alphactor::chess {

Value evaluate(const Position& pos);
// The same, remembering pawn structure in `cache` (may be null).
Value evaluate(const Position& pos, const PawnCache* cache);

// The weights evaluate() uses (kDefaultWeights unless replaced). set_eval_weights() is for
// tuning tools: not thread-safe, never while a search runs.
const EvalWeights& eval_weights();
void set_eval_weights(const EvalWeights& w);

// Material-only piece values (middle game) for ordering and exchange evaluation.
inline constexpr int kSeeValue[7] = {100, 320, 330, 500, 950, 20000, 0};

}  // namespace alphactor::chess
