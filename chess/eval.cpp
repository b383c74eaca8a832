#include "chess/eval.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "chess/eval_weights.hpp"

namespace alphactor::chess {
namespace {

struct Score {
  int mg = 0;
  int eg = 0;
  Score& operator+=(Score o) {
    mg += o.mg;
    eg += o.eg;
    return *this;
  }
  Score& operator+=(Pair p) {
    mg += p.mg;
    eg += p.eg;
    return *this;
  }
  Score& operator-=(Pair p) {
    mg -= p.mg;
    eg -= p.eg;
    return *this;
  }
};
constexpr Pair operator*(Pair p, int k) {
  return {p.mg * k, p.eg * k};
}

// 0 in a corner, 6 on the four centre squares.
constexpr int centrality(Square s) {
  const int f = file_of(s), r = rank_of(s);
  return std::min(f, 7 - f) + std::min(r, 7 - r);
}
constexpr int distance(Square a, Square b) {
  const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
  return std::max(df < 0 ? -df : df, dr < 0 ? -dr : dr);
}

using Psts = std::array<std::array<Pair, 64>, 6>;

// Material plus piece-square value for a white piece of type t on s (black: mirror s).
constexpr Psts build_psts(const EvalWeights& W) {
  Psts t{};
  for (Square s = 0; s < 64; ++s) {
    const int f = file_of(s), r = rank_of(s), c = centrality(s);
    t[kPawn][s] = {
        (r >= 1 && r <= 6 ? W.pawn_file_centre[f] * std::min(r - 1, 3) : 0) + W.pawn_rank[r].mg,
        W.pawn_rank[r].eg};
    t[kKnight][s] = {W.knight_centre.mg * c + W.knight_offset.mg + (r == 0 ? W.minor_back_rank : 0),
                     W.knight_centre.eg * c + W.knight_offset.eg};
    t[kBishop][s] = {W.bishop_centre.mg * c + W.bishop_offset.mg + (r == 0 ? W.minor_back_rank : 0),
                     W.bishop_centre.eg * c + W.bishop_offset.eg};
    t[kRook][s] = {W.rook_file_mg[f] + (r == 6 ? W.rook_seventh.mg : 0),
                   r == 6 ? W.rook_seventh.eg : 0};
    t[kQueen][s] = {W.queen_centre.mg * c + W.queen_offset.mg,
                    W.queen_centre.eg * c + W.queen_offset.eg};
    t[kKing][s] = {r == 0   ? W.king_back_rank_mg[f]
                   : r == 1 ? W.king_second_rank_mg[f]
                            : W.king_advanced_mg + (r - 2) * W.king_per_rank_mg,
                   W.king_centre_eg * c + W.king_offset_eg};
    for (int pt = kPawn; pt <= kQueen; ++pt) {
      t[pt][s].mg += W.material[pt].mg;
      t[pt][s].eg += W.material[pt].eg;
    }
  }
  return t;
}
// The active weights and the tables built from them (constant-initialised: no start-up cost).
EvalWeights g_weights = kDefaultWeights;
Psts g_pst = build_psts(kDefaultWeights);

// Squares in front of s (towards promotion) on its own file, and on the adjacent files too.
struct PawnMasks {
  std::array<std::array<Bitboard, 64>, 2> front;
  std::array<std::array<Bitboard, 64>, 2> passed;
  std::array<std::array<Bitboard, 64>, 2> behind_adjacent;  // adjacent files, rank <= s's
  std::array<Bitboard, 8> adjacent_files;
};
constexpr PawnMasks build_pawn_masks() {
  PawnMasks m{};
  for (int f = 0; f < 8; ++f)
    m.adjacent_files[f] = (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
  for (Square s = 0; s < 64; ++s) {
    const int f = file_of(s), r = rank_of(s);
    Bitboard ahead_w = 0, ahead_b = 0, upto_w = 0, upto_b = 0;
    for (int rr = 0; rr < 8; ++rr) {
      if (rr > r) ahead_w |= rank_bb(rr);
      if (rr < r) ahead_b |= rank_bb(rr);
      if (rr <= r) upto_w |= rank_bb(rr);
      if (rr >= r) upto_b |= rank_bb(rr);
    }
    m.front[kWhite][s] = ahead_w & file_bb(f);
    m.front[kBlack][s] = ahead_b & file_bb(f);
    m.passed[kWhite][s] = ahead_w & (file_bb(f) | m.adjacent_files[f]);
    m.passed[kBlack][s] = ahead_b & (file_bb(f) | m.adjacent_files[f]);
    m.behind_adjacent[kWhite][s] = upto_w & m.adjacent_files[f];
    m.behind_adjacent[kBlack][s] = upto_b & m.adjacent_files[f];
  }
  return m;
}
constexpr PawnMasks kPawnMasks = build_pawn_masks();

struct Info {
  std::array<Bitboard, 2> pawn_attacks{};
  std::array<Bitboard, 2> king_zone{};
  std::array<int, 2> non_pawn_material{};
  // Filled by the attack pass.
  std::array<std::array<Bitboard, 6>, 2> attacked_by{};  // by piece type
  std::array<Bitboard, 2> attacked{};                    // by anything
  std::array<Bitboard, 2> attacked_twice{};
  std::array<int, 2> king_attackers{};  // pieces attacking the other side's king zone
  std::array<int, 2> king_attack_weight{};
  std::array<Score, 2> mobility{};
  std::array<Bitboard, 2> passed{};  // passed pawns by colour
};

// Pass 1: attacks of every piece of colour Us, mobility, attackers of the enemy king's zone.
template <Color Us>
void attack_pass(const Position& pos, Info& info) {
  const EvalWeights& W = g_weights;
  constexpr Color Them = Color(Us ^ 1);
  const Bitboard occ = pos.pieces();
  const Bitboard area = ~(pos.pieces(Us, kPawn) | pos.pieces(Us, kKing) | info.pawn_attacks[Them]);
  auto& by = info.attacked_by[Us];
  by[kPawn] = info.pawn_attacks[Us];
  by[kKing] = king_attacks(pos.king_square(Us));
  info.attacked[Us] = by[kPawn] | by[kKing];
  info.attacked_twice[Us] = by[kPawn] & by[kKing];
  auto add = [&](PieceType pt, Bitboard attacks) {
    by[pt] |= attacks;
    info.attacked_twice[Us] |= info.attacked[Us] & attacks;
    info.attacked[Us] |= attacks;
    info.mobility[Us] += W.mobility[pt] * (popcount(attacks & area) - kMobilityBaseline[pt]);
    if (attacks & info.king_zone[Them]) {
      ++info.king_attackers[Us];
      info.king_attack_weight[Us] += W.king_attack_weight[pt];
    }
  };
  for (Bitboard b = pos.pieces(Us, kKnight); b;) add(kKnight, knight_attacks(pop_lsb(b)));
  // Sliders see through their own queen (a battery counts).
  const Bitboard queens = pos.pieces(Us, kQueen);
  for (Bitboard b = pos.pieces(Us, kBishop); b;)
    add(kBishop, bishop_attacks(pop_lsb(b), occ ^ queens));
  for (Bitboard b = pos.pieces(Us, kRook); b;)
    add(kRook, rook_attacks(pop_lsb(b), occ ^ queens ^ pos.pieces(Us, kRook)));
  for (Bitboard b = queens; b;) add(kQueen, queen_attacks(pop_lsb(b), occ));
}

// Pawn structure of colour Us: doubled, isolated, connected, backward; collects passed pawns.
template <Color Us>
Score pawn_structure(const Position& pos, Bitboard& passed) {
  const EvalWeights& W = g_weights;
  constexpr Color Them = Color(Us ^ 1);
  constexpr int Up = Us == kWhite ? 8 : -8;
  const Bitboard our_pawns = pos.pieces(Us, kPawn), their_pawns = pos.pieces(Them, kPawn);
  Score s;
  passed = 0;
  for (Bitboard b = our_pawns; b;) {
    const Square sq = pop_lsb(b);
    const int f = file_of(sq), rr = relative_rank(Us, sq);
    const Bitboard adjacent = kPawnMasks.adjacent_files[f];
    const bool doubled = (kPawnMasks.front[Us][sq] & our_pawns) != 0;
    const bool isolated = !(adjacent & our_pawns);
    if (doubled) s += W.doubled;
    if (isolated) s += W.isolated;
    const bool phalanx = (adjacent & rank_bb(rank_of(sq)) & our_pawns) != 0;
    const bool defended = (pawn_attacks(Them, sq) & our_pawns) != 0;
    if (phalanx || defended) s += W.connected_per_rank * rr;
    else if (!isolated && !(kPawnMasks.behind_adjacent[Us][sq] & our_pawns) &&
             (pawn_attacks(Us, sq + Up) & their_pawns))
      s += W.backward;
    if (!doubled && !(kPawnMasks.passed[Us][sq] & their_pawns)) passed |= bit(sq);
  }
  return s;
}

// Pass 2: everything else for colour Us, using both sides' attack maps.
template <Color Us>
Score evaluate_side(const Position& pos, const Info& info) {
  const EvalWeights& W = g_weights;
  constexpr Color Them = Color(Us ^ 1);
  constexpr int Up = Us == kWhite ? 8 : -8;
  Score s = info.mobility[Us];
  const Bitboard occ = pos.pieces();
  const Bitboard our_pawns = pos.pieces(Us, kPawn), their_pawns = pos.pieces(Them, kPawn);
  const Square our_king = pos.king_square(Us), their_king = pos.king_square(Them);

  // 1. Material and piece-square values.
  for (int pt = kPawn; pt <= kKing; ++pt)
    for (Bitboard b = pos.pieces(Us, PieceType(pt)); b;)
      s += g_pst[pt][relative_square(Us, pop_lsb(b))];

  // 2. Pieces: rooks on open files, outposts, the bishop pair.
  for (Bitboard b = pos.pieces(Us, kRook); b;) {
    const Bitboard file = file_bb(file_of(pop_lsb(b)));
    if (!(file & our_pawns)) s += (file & their_pawns) ? W.rook_semi_open_file : W.rook_open_file;
  }
  {
    constexpr Bitboard kOutpostRanks =
        Us == kWhite ? rank_bb(3) | rank_bb(4) | rank_bb(5) : rank_bb(4) | rank_bb(3) | rank_bb(2);
    const Bitboard candidates = kOutpostRanks & info.pawn_attacks[Us];
    for (Bitboard b = pos.pieces(Us, kKnight) & candidates; b;) {
      const Square sq = pop_lsb(b);
      if (!(kPawnMasks.passed[Us][sq] & ~file_bb(file_of(sq)) & their_pawns)) s += W.knight_outpost;
    }
    for (Bitboard b = pos.pieces(Us, kBishop) & candidates; b;) {
      const Square sq = pop_lsb(b);
      if (!(kPawnMasks.passed[Us][sq] & ~file_bb(file_of(sq)) & their_pawns)) s += W.bishop_outpost;
    }
  }
  if (popcount(pos.pieces(Us, kBishop)) >= 2) s += W.bishop_pair;

  // 3. Threats against their pieces.
  {
    const Bitboard their_pieces = pos.pieces(Them) & ~their_pawns & ~pos.pieces(Them, kKing);
    const auto& by = info.attacked_by[Us];
    s += W.threat_by_pawn * popcount(by[kPawn] & their_pieces);
    s += W.threat_by_minor * popcount((by[kKnight] | by[kBishop]) &
                                      (pos.pieces(Them, kRook) | pos.pieces(Them, kQueen)));
    s += W.threat_by_rook * popcount(by[kRook] & pos.pieces(Them, kQueen));
    s += W.hanging * popcount(info.attacked[Us] & ~info.attacked[Them] & their_pieces);
  }

  // 4. Passed pawns (found by the pawn-structure pass): rank bonus, kings, the way ahead.
  for (Bitboard b = info.passed[Us]; b;) {
    const Square sq = pop_lsb(b);
    const int rr = relative_rank(Us, sq);
    const Square stop = sq + Up;
    Score passed;
    passed += W.passed[rr];
    const int scale = rr - 1;
    passed.eg += scale * (W.passed_enemy_king * std::min(distance(their_king, stop), 5) -
                          W.passed_own_king * std::min(distance(our_king, stop), 5));
    if (!(occ & bit(stop))) {
      passed.eg += scale * W.passed_free_path;
    } else if (pos.pieces(Them) & bit(stop)) {
      passed.mg = passed.mg * W.passed_blocked_scale / 16;
      passed.eg = passed.eg * W.passed_blocked_scale / 16;
    }
    s += passed;
  }

  // 5. Our king: shelter, storm, attack.
  {
    const int kf = file_of(our_king), kr = relative_rank(Us, our_king);
    for (int f = std::max(0, kf - 1); f <= std::min(7, kf + 1); ++f) {
      const Bitboard ahead = kPawnMasks.front[Us][make_square(f, rank_of(our_king))];
      const Bitboard ours = ahead & our_pawns;
      if (ours) {
        const Square nearest = Us == kWhite ? lsb(ours) : msb(ours);
        const int d = relative_rank(Us, nearest) - kr;
        s.mg += d == 1 ? W.shelter_one_ahead : d == 2 ? W.shelter_two_ahead : W.shelter_no_pawn / 2;
      } else {
        s.mg += W.shelter_no_pawn;
        if (!(file_bb(f) & their_pawns)) s.mg += W.shelter_open_file;
      }
      // The most advanced enemy pawn coming down this file (nearest to our king).
      if (const Bitboard storm = ahead & their_pawns) {
        const Square front = Us == kWhite ? lsb(storm) : msb(storm);
        s.mg += W.storm[relative_rank(Them, front)];
      }
    }
    // Attack on our king by them.
    const int attackers = info.king_attackers[Them];
    if (attackers >= 2 || (attackers == 1 && pos.pieces(Them, kQueen))) {
      const Bitboard safe = ~info.attacked[Us] & ~pos.pieces(Them);
      const Bitboard rook_lines = rook_attacks(our_king, occ),
                     bishop_lines = bishop_attacks(our_king, occ);
      const auto& by = info.attacked_by[Them];
      int danger = attackers * info.king_attack_weight[Them] +
                   W.king_zone_attack * popcount(info.attacked[Them] & info.king_zone[Us]);
      if (knight_attacks(our_king) & by[kKnight] & safe) danger += W.safe_check[kKnight];
      if (bishop_lines & by[kBishop] & safe) danger += W.safe_check[kBishop];
      if (rook_lines & by[kRook] & safe) danger += W.safe_check[kRook];
      if ((rook_lines | bishop_lines) & by[kQueen] & safe) danger += W.safe_check[kQueen];
      if (!pos.pieces(Them, kQueen)) danger /= 2;
      s.mg -= std::min(danger * danger / kKingDangerDivisor, W.king_danger_max);
      s.eg -= danger / 16;
    }
  }

  // 6. Space, while there are pieces to use it.
  {
    constexpr Bitboard kCentreFiles = file_bb(2) | file_bb(3) | file_bb(4) | file_bb(5);
    constexpr Bitboard kOwnHalf =
        Us == kWhite ? rank_bb(1) | rank_bb(2) | rank_bb(3) : rank_bb(6) | rank_bb(5) | rank_bb(4);
    const Bitboard safe = kCentreFiles & kOwnHalf & ~our_pawns & ~info.pawn_attacks[Them];
    Bitboard behind = our_pawns;
    behind |= Us == kWhite ? behind >> 8 : behind << 8;
    behind |= Us == kWhite ? behind >> 16 : behind << 16;
    const int count = popcount(safe) + popcount(safe & behind);
    const int pieces = popcount(pos.pieces(Us) & ~pos.pieces(kPawn, kKing));
    s.mg += count * pieces * W.space / 64;
  }

  // 7. Lone enemy king: drive it to the edge and bring ours closer.
  if (pos.pieces(Them) == pos.pieces(Them, kKing) &&
      info.non_pawn_material[Us] >= W.material[kRook].mg) {
    s.eg += (6 - centrality(their_king)) * W.mop_up_edge +
            (7 - distance(our_king, their_king)) * W.mop_up_king_distance;
  }
  return s;
}

int non_pawn_material(const Position& pos, Color c) {
  const EvalWeights& W = g_weights;
  return popcount(pos.pieces(c, kKnight)) * W.material[kKnight].mg +
         popcount(pos.pieces(c, kBishop)) * W.material[kBishop].mg +
         popcount(pos.pieces(c, kRook)) * W.material[kRook].mg +
         popcount(pos.pieces(c, kQueen)) * W.material[kQueen].mg;
}

// Endgame scale (of 16): material that cannot win without pawns, opposite-coloured bishops.
int endgame_scale(const Position& pos, const Info& info, int eg) {
  const EvalWeights& W = g_weights;
  const Color strong = eg > 0 ? kWhite : kBlack;
  const Color weak = ~strong;
  if (!pos.pieces(strong, kPawn)) {
    const int diff = info.non_pawn_material[strong] - info.non_pawn_material[weak];
    if (diff <= W.material[kBishop].mg) return 2;
    if (diff < W.material[kRook].mg) return 6;
  }
  const Bitboard wb = pos.pieces(kWhite, kBishop), bb = pos.pieces(kBlack, kBishop);
  constexpr Bitboard kDark = 0xAA55AA55AA55AA55ULL;
  if (info.non_pawn_material[kWhite] == W.material[kBishop].mg &&
      info.non_pawn_material[kBlack] == W.material[kBishop].mg && wb && bb &&
      bool(wb & kDark) != bool(bb & kDark))
    return 8;
  return 16;
}

}  // namespace

const EvalWeights& eval_weights() {
  return g_weights;
}
void set_eval_weights(const EvalWeights& w) {
  g_weights = w;
  g_pst = build_psts(w);
}

Value evaluate(const Position& pos) {
  return evaluate(pos, nullptr);
}

Value evaluate(const Position& pos, const PawnCache* cache) {
  const EvalWeights& W = g_weights;
  Info info;
  // Pawn structure, from the cache when these pawns were seen before.
  Score pawns;
  {
    const Bitboard wp = pos.pieces(kWhite, kPawn), bp = pos.pieces(kBlack, kPawn);
    PawnEntry scratch;
    PawnEntry& e = cache ? cache->slot(wp, bp) : scratch;
    if (!e.valid || e.white != wp || e.black != bp) {
      const Score w = pawn_structure<kWhite>(pos, e.passed[kWhite]);
      const Score b = pawn_structure<kBlack>(pos, e.passed[kBlack]);
      e = PawnEntry{wp, bp, w.mg - b.mg, w.eg - b.eg, {e.passed[0], e.passed[1]}, true};
    }
    pawns.mg = e.mg;
    pawns.eg = e.eg;
    info.passed = {e.passed[kWhite], e.passed[kBlack]};
  }
  for (const Color c : {kWhite, kBlack}) {
    info.pawn_attacks[c] = pawn_attacks_bb(c, pos.pieces(c, kPawn));
    const Square k = pos.king_square(c);
    info.king_zone[c] = king_attacks(k) | bit(k);
    info.non_pawn_material[c] = non_pawn_material(pos, c);
  }
  attack_pass<kWhite>(pos, info);
  attack_pass<kBlack>(pos, info);
  const Score w = evaluate_side<kWhite>(pos, info);
  const Score b = evaluate_side<kBlack>(pos, info);
  const int mg = w.mg - b.mg + pawns.mg, eg = w.eg - b.eg + pawns.eg;
  const int phase = std::min(kPhaseMax, popcount(pos.pieces(kKnight)) * kPhaseKnight +
                                            popcount(pos.pieces(kBishop)) * kPhaseBishop +
                                            popcount(pos.pieces(kRook)) * kPhaseRook +
                                            popcount(pos.pieces(kQueen)) * kPhaseQueen);
  const int scaled_eg = eg * endgame_scale(pos, info, eg) / 16;
  const int v = (mg * phase + scaled_eg * (kPhaseMax - phase)) / kPhaseMax;
  const int bound = kMateBound - 1;  // a static value never looks like a mate score
  return Value(std::clamp((pos.side_to_move() == kWhite ? v : -v) + W.tempo, -bound, bound));
}

}  // namespace alphactor::chess
