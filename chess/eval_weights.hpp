// Every evaluation weight in one place, in centipawns, as (middle game, endgame) pairs.
// The evaluation is tapered: score = (mg * phase + eg * (24 - phase)) / 24, with phase the
// remaining non-pawn material (knight and bishop 1, rook 2, queen 4; 24 at the start).
//
// kDefaultWeights holds the values the engine plays with. They started from chess principles
// (centralise pieces, advance passed pawns, keep the king sheltered in the middle game and
// active in the endgame) and may be refitted by bench/chess_tune (our own positions, scored
// by Debian's stockfish as the judge); nothing is copied from another engine.
//
// EvalWeights holds ints only (Pair is two ints), so a tuner can treat it as a flat vector.
// set_eval_weights() (chess/eval.hpp) replaces the active weights: a tuning tool's business,
// never done while anything searches.
#pragma once

#include <array>

namespace alphactor::chess {

struct Pair {
  int mg;
  int eg;
};

inline constexpr int kPhaseKnight = 1, kPhaseBishop = 1, kPhaseRook = 2, kPhaseQueen = 4;
inline constexpr int kPhaseMax = 24;
// Mobility is counted from a baseline per piece type: fewer squares than that is a penalty.
inline constexpr std::array<int, 5> kMobilityBaseline = {0, 4, 6, 6, 12};
// King danger: the middle-game penalty is danger^2 / kKingDangerDivisor.
inline constexpr int kKingDangerDivisor = 1024;

struct EvalWeights {
  // Material, by piece type (pawn .. queen; the king has none).
  std::array<Pair, 5> material;

  // Piece-square tables are built from these shape parameters (chess/eval.cpp, build_psts).
  // "Centrality" is 0 in a corner, 6 on the four centre squares.
  std::array<int, 8> pawn_file_centre;  // middle game, by file, times ranks advanced (max 3)
  std::array<Pair, 8> pawn_rank;        // by rank
  Pair knight_centre;                   // per centrality step
  Pair knight_offset;
  Pair bishop_centre;
  Pair bishop_offset;
  int minor_back_rank;  // undeveloped knight or bishop, middle game
  Pair rook_seventh;
  std::array<int, 8> rook_file_mg;
  Pair queen_centre;
  Pair queen_offset;
  std::array<int, 8> king_back_rank_mg;
  std::array<int, 8> king_second_rank_mg;
  int king_advanced_mg;  // third rank, then king_per_rank_mg per rank more
  int king_per_rank_mg;
  int king_centre_eg;  // per centrality step
  int king_offset_eg;

  // Mobility: per safe square reachable (not our pawn or king, not attacked by an enemy pawn).
  std::array<Pair, 5> mobility;

  // Pawn structure.
  Pair doubled;
  Pair isolated;
  Pair backward;
  Pair connected_per_rank;  // phalanx or defended, times relative rank
  std::array<Pair, 8> passed;
  // Endgame passed pawn extras, times how far it has advanced (relative rank - 1):
  int passed_free_path;      // the square in front is empty
  int passed_enemy_king;     // per square of enemy king distance to the stop square
  int passed_own_king;       // per square of own king distance (a penalty)
  int passed_blocked_scale;  // blocked by an enemy piece: sixteenths of the bonus kept

  // King safety (middle game). Shelter: our pawns in front of our king.
  int shelter_one_ahead;
  int shelter_two_ahead;
  int shelter_no_pawn;    // no own pawn ahead on that file
  int shelter_open_file;  // ... and no enemy pawn either
  // Storm: enemy pawns advancing on the files around our king, by their relative rank.
  std::array<int, 8> storm;
  // Danger: for the attackers of our king's zone, their count times the sum of their weights,
  // plus per zone square attacked, plus per piece type that has a safe check; halved without an
  // enemy queen. Penalty: danger^2 / kKingDangerDivisor (middle game, capped), danger / 16
  // (endgame).
  std::array<int, 5> king_attack_weight;
  int king_zone_attack;
  std::array<int, 5> safe_check;
  int king_danger_max;

  // Threats: enemy pieces attacked by our pawns, by our minor pieces (rooks and queens only),
  // by our rooks (queens only); enemy pieces we attack that nothing defends.
  Pair threat_by_pawn;
  Pair threat_by_minor;
  Pair threat_by_rook;
  Pair hanging;

  // Space (middle game): safe squares on files c-f, relative ranks 2-4, counted twice behind
  // our own pawns, times the number of our pieces, times space / 64.
  int space;

  // Outposts: a knight (bishop) on relative ranks 4-6, defended by a pawn, that no enemy pawn
  // can ever attack.
  Pair knight_outpost;
  Pair bishop_outpost;

  // Pieces.
  Pair bishop_pair;
  Pair rook_open_file;
  Pair rook_semi_open_file;
  int tempo;

  // Endgames: winning with a lone king on the other side (drive it to the edge, come close).
  int mop_up_edge;
  int mop_up_king_distance;
};

inline constexpr EvalWeights kDefaultWeights = {
    .material = {{{72, 87}, {325, 318}, {361, 320}, {470, 586}, {1124, 980}}},
    .pawn_file_centre = {5, 1, 8, 11, 11, 1, -1, 1},
    .pawn_rank = {{{0, 0}, {7, 11}, {2, 7}, {2, 10}, {6, 8}, {36, 28}, {39, 44}, {0, 0}}},
    .knight_centre = {11, 8},
    .knight_offset = {12, -24},
    .bishop_centre = {2, 8},
    .bishop_offset = {27, -2},
    .minor_back_rank = 0,
    .rook_seventh = {8, 40},
    .rook_file_mg = {-8, -8, -7, 6, 15, 12, -10, -2},
    .queen_centre = {-3, 10},
    .queen_offset = {-11, 11},
    .king_back_rank_mg = {33, 25, 36, -24, 22, 5, 37, -14},
    .king_second_rank_mg = {-8, 23, 10, -18, -18, 1, 10, -3},
    .king_advanced_mg = -12,
    .king_per_rank_mg = 12,
    .king_centre_eg = 10,
    .king_offset_eg = -30,
    .mobility = {{{0, 0}, {6, 6}, {9, 3}, {6, 4}, {3, 6}}},
    .doubled = {-6, -22},
    .isolated = {-14, -8},
    .backward = {-18, -17},
    .connected_per_rank = {6, 3},
    .passed = {{{0, 0}, {-6, 19}, {0, -3}, {1, 16}, {16, 57}, {29, 102}, {148, 183}, {0, 0}}},
    .passed_free_path = 9,
    .passed_enemy_king = 11,
    .passed_own_king = 8,
    .passed_blocked_scale = 8,
    .shelter_one_ahead = 7,
    .shelter_two_ahead = -3,
    .shelter_no_pawn = -19,
    .shelter_open_file = -14,
    .storm = {0, 0, 0, -6, -12, -39, 0, 0},  // ranks 0-2 and 6-7: too rare to fit, kept 0
    .king_attack_weight = {0, 4, 16, 31, 35},
    .king_zone_attack = 48,
    .safe_check = {0, 85, 8, 174, 158},
    .king_danger_max = 1200,
    .threat_by_pawn = {45, 15},
    .threat_by_minor = {51, 11},
    .threat_by_rook = {56, 26},
    .hanging = {14, 20},
    .space = 7,
    .knight_outpost = {38, 10},
    .bishop_outpost = {37, 8},
    .bishop_pair = {39, 53},
    .rook_open_file = {43, 7},
    .rook_semi_open_file = {14, 26},
    .tempo = 30,
    .mop_up_edge = 10,
    .mop_up_king_distance = 4,
};

}  // namespace alphactor::chess
