// Runtime tunables in one place, with the reason for each default.
#pragma once

#include <cstdint>

namespace alphactor::actors::tunables {

// Real mode: nodes per search slice at most. A slice also ends as soon as a message is waiting
// (checked every 32 nodes), so this only bounds the cost of the slice's own message to itself:
// ~10000 nodes are 0.5-10 ms of search on this machine.
inline constexpr std::uint64_t kRealSliceNodes = 10000;
// Sim mode: a slice is sized to this much virtual time (at least one node). A transputer
// answered its links concurrently with the search, so at 350 nodes/s this is one node.
inline constexpr std::int64_t kSimSliceNs = 20'000;

}  // namespace alphactor::actors::tunables
