// Runtime tunables in one place, with the reason for each default.
#pragma once

#include <cstdint>

namespace alphactor::actors::tunables {

// Real mode: nodes per search slice. ~1000 nodes are 50 us - 1 ms of search on this machine:
// the mailbox is answered often enough, and the slice's own cost (one message to itself)
// stays far below 1% of it.
inline constexpr std::uint64_t kRealSliceNodes = 1000;
// Sim mode: a slice is sized to this much virtual time (at least one node). A transputer
// answered its links concurrently with the search, so at 350 nodes/s this is one node.
inline constexpr std::int64_t kSimSliceNs = 20'000;

}  // namespace alphactor::actors::tunables
