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

}  // namespace alphactor::tunables
