// Every search tunable in one place, with the reason for its default.
#pragma once

#include <cstddef>
#include <cstdint>

namespace alphactor::tunables {

// Transposition table size when none is configured: large enough for the test trees,
// small enough for thousands of actors each owning one.
inline constexpr std::size_t kDefaultTableMegabytes = 16;
// Entries per bucket: 4 x 16 bytes = one 64-byte cache line.
inline constexpr int kTableBucketEntries = 4;
// Killer moves kept per ply (the classic two).
inline constexpr int kKillersPerPly = 2;
// History counters are halved when one exceeds this, so old statistics fade.
inline constexpr std::int32_t kHistoryMax = 1 << 24;
// How often (in nodes) a search polls its stop condition (time, node limit, external flag).
inline constexpr std::uint64_t kStopPollNodes = 1024;
// Move ordering scores: table move, then noisy moves (game hint), killers, then history.
inline constexpr int kOrderTableMove = 1 << 30;
inline constexpr int kOrderPvMove = 1 << 29;
inline constexpr int kOrderKiller = 1 << 27;
// Sliced serial ER (search/resumable_er.hpp): a node with at most this many plies to go is
// searched whole by the recursive functions in one step. The explicit stack's time against the
// recursive search's, random:w=4,d=13 (best of 9): 1.15 with none inlined, 1.07 at 2 plies,
// 1.02 at 3, 1.01 at 4. A slice still ends within a few dozen tree nodes of its budget.
inline constexpr int kErInlineDepth = 3;

}  // namespace alphactor::tunables

// --- Play search (search/play_search.hpp): forward pruning for playing strength. Never used
// in full-width mode, where the reference algorithms run instead. ---------------------------
namespace alphactor::tunables::play {
inline constexpr int kAspirationWindow = 25;       // first root window half-width (centipawns)
inline constexpr int kAspirationFullAfter = 1000;  // a wider step than this: the full window
inline constexpr int kNullMoveMinDepth = 3;        // null move only this far from the horizon
inline constexpr int kNullMoveBaseReduction = 3;   // R = base + depth / kNullMoveDepthDivisor
inline constexpr int kNullMoveDepthDivisor = 4;
inline constexpr int kReverseFutilityDepth = 6;  // static null move: eval - margin*d >= beta
inline constexpr int kReverseFutilityMargin = 80;
inline constexpr int kRazorDepth = 2;  // eval far below alpha: verify with quiescence
inline constexpr int kRazorMargin = 300;
inline constexpr int kFutilityDepth = 4;  // quiet moves that cannot raise eval to alpha
inline constexpr int kFutilityBase = 100;
inline constexpr int kFutilityPerDepth = 100;
inline constexpr int kLateMovePruningDepth = 4;  // quiet moves after 3 + d*d tries
inline constexpr int kSeePruningDepth = 6;       // moves losing material by exchange
inline constexpr int kSeeQuietMargin = 60;       // x depth^2 for quiet moves
inline constexpr int kSeeNoisyMargin = 90;       // x depth for captures
inline constexpr int kLmrMinDepth = 3;           // late-move reductions from this depth ...
inline constexpr int kLmrMinMoves = 3;           // ... after this many moves (PV: one more)
inline constexpr double kLmrBase = 0.75;         // r = base + ln(depth) ln(moves) / divisor
inline constexpr double kLmrDivisor = 2.25;
inline constexpr int kLmrRootMax = 2;               // at most this reduction for a root move
inline constexpr int kQuiescenceDeltaMargin = 200;  // a capture must be able to reach alpha
inline constexpr int kInternalReductionDepth = 4;   // no table move at a PV node: one ply less
inline constexpr int kSingularDepth = 8;            // singular extension from this depth, ...
inline constexpr int kSingularMarginPerDepth = 2;   // ... when the rest fail below value - 2*d
}  // namespace alphactor::tunables::play
