// Every evaluation weight in one place, in centipawns, as (middle game, endgame) pairs.
// The evaluation is tapered: score = (mg * phase + eg * (24 - phase)) / 24, with phase the
// remaining non-pawn material (knight and bishop 1, rook 2, queen 4; 24 at the start).
// Values were set by hand from chess principles (centralise pieces, advance passed pawns,
// keep the king sheltered in the middle game and active in the endgame), not copied.
#pragma once

#include <array>

namespace alphactor::chess::weights {

struct Pair {
  int mg;
  int eg;
};

// Material, by piece type (pawn .. queen; the king has none).
inline constexpr std::array<Pair, 5> kMaterial = {
    {{90, 115}, {325, 300}, {340, 320}, {470, 520}, {1000, 980}}};
inline constexpr int kPhaseKnight = 1, kPhaseBishop = 1, kPhaseRook = 2, kPhaseQueen = 4;
inline constexpr int kPhaseMax = 24;

// Piece-square tables are built from these shape parameters (chess/eval.cpp, build_psts):
// "centrality" is 0 in a corner, 6 on the four centre squares.
inline constexpr std::array<int, 8> kPawnFileCentre = {0, 2, 5, 10, 10, 5, 2, 0};  // x ranks advanced
inline constexpr int kPawnAdvanceEg = 6;        // per rank advanced, endgame
inline constexpr Pair kKnightCentre = {5, 5};   // per centrality step
inline constexpr Pair kKnightOffset = {-18, -15};
inline constexpr Pair kBishopCentre = {3, 3};
inline constexpr Pair kBishopOffset = {-9, -9};
inline constexpr int kMinorBackRank = -8;       // undeveloped knight or bishop, middle game
inline constexpr Pair kRookSeventh = {12, 10};
inline constexpr std::array<int, 8> kRookFileMg = {0, 0, 2, 4, 4, 2, 0, 0};
inline constexpr Pair kQueenCentre = {1, 4};
inline constexpr Pair kQueenOffset = {-3, -12};
inline constexpr std::array<int, 8> kKingBackRankMg = {20, 30, 10, 0, 0, 10, 30, 20};
inline constexpr std::array<int, 8> kKingSecondRankMg = {-5, -5, -15, -25, -25, -15, -5, -5};
inline constexpr int kKingAdvancedMg = -35;     // third rank, then kKingPerRankMg per rank more
inline constexpr int kKingPerRankMg = -15;
inline constexpr int kKingCentreEg = 10;        // per centrality step
inline constexpr int kKingOffsetEg = -30;

// Mobility: per safe square reachable, counted from a baseline (fewer than baseline is a
// penalty). Safe: not our pawn or king, not attacked by an enemy pawn.
inline constexpr std::array<Pair, 5> kMobility = {{{0, 0}, {4, 4}, {5, 5}, {2, 4}, {1, 2}}};
inline constexpr std::array<int, 5> kMobilityBaseline = {0, 4, 6, 6, 12};

// Pawn structure.
inline constexpr Pair kDoubled = {-10, -20};
inline constexpr Pair kIsolated = {-10, -15};
inline constexpr Pair kBackward = {-6, -8};
inline constexpr Pair kConnectedPerRank = {3, 2};  // phalanx or defended, x relative rank
inline constexpr std::array<Pair, 8> kPassed = {
    {{0, 0}, {0, 5}, {5, 10}, {10, 20}, {20, 40}, {35, 70}, {60, 110}, {0, 0}}};
// Endgame passed pawn extras, scaled by how far it has advanced (relative rank - 1):
inline constexpr int kPassedFreePath = 6;     // the square in front is empty
inline constexpr int kPassedEnemyKing = 5;    // per square of enemy king distance to the stop square
inline constexpr int kPassedOwnKing = 2;      // per square of own king distance (a penalty)

// King safety (middle game). Shelter: our pawns in front of our king.
inline constexpr int kShelterPawnOneAhead = 0;   // shield pawn right in front
inline constexpr int kShelterPawnTwoAhead = -8;
inline constexpr int kShelterNoPawn = -22;       // no own pawn ahead on that file
inline constexpr int kShelterOpenFile = -10;     // ... and no enemy pawn either
// Storm: enemy pawns advancing on the files around our king, by their relative rank.
inline constexpr std::array<int, 8> kStorm = {0, 0, 0, -5, -12, -20, 0, 0};
// Attack: "danger" adds, for the attackers of our king's zone (king square and its
// neighbours), count x sum of weights, plus per zone square attacked, plus per piece type that
// can give a safe check; the middle-game penalty is danger^2 / kKingDangerDivisor (capped), the
// endgame one danger / 16. Without an enemy queen the danger is divided by 2.
inline constexpr std::array<int, 5> kKingAttackWeight = {0, 20, 20, 40, 80};  // by attacker type
inline constexpr int kKingZoneAttack = 10;
inline constexpr std::array<int, 5> kSafeCheck = {0, 80, 60, 90, 70};
inline constexpr int kKingDangerDivisor = 1024;
inline constexpr int kKingDangerMax = 1200;

// Threats: enemy pieces attacked by our pawns, by our minor pieces (rooks and queens only), by
// our rooks (queens only); enemy pieces we attack that nothing defends.
inline constexpr Pair kThreatByPawn = {55, 45};
inline constexpr Pair kThreatByMinor = {40, 40};
inline constexpr Pair kThreatByRook = {35, 30};
inline constexpr Pair kHanging = {30, 25};

// Space (middle game): safe squares on files c-f, relative ranks 2-4, counted twice behind our
// own pawns, times the number of our pieces, divided by kSpaceDivisor.
inline constexpr int kSpaceDivisor = 12;

// Outposts: a knight (bishop) on relative ranks 4-6, defended by a pawn, that no enemy pawn can
// ever attack.
inline constexpr Pair kKnightOutpost = {25, 15};
inline constexpr Pair kBishopOutpost = {12, 8};

// Passed pawns: blocked by an enemy piece on the stop square (fraction of 16 of the bonus kept).
inline constexpr int kPassedBlockedScale = 10;

// Pieces.
inline constexpr Pair kBishopPair = {30, 50};
inline constexpr Pair kRookOpenFile = {25, 10};
inline constexpr Pair kRookSemiOpenFile = {12, 6};
inline constexpr int kTempo = 10;

// Endgames: winning with a lone king on the other side (drive it to the edge, come close).
inline constexpr int kMopUpEdge = 10;
inline constexpr int kMopUpKingDistance = 4;

}  // namespace alphactor::chess::weights
