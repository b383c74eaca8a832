// CAF's own message rate on this machine: two event-based actors bouncing an int back and
// forth on the real-mode scheduler (the same configuration and thread count as a real-mode
// run), so that `alphactor runtime-bench` can print the runtime's overhead over CAF's mailbox.
#pragma once

#include <cstdint>

namespace alphactor::actors {

struct PingPong {
  std::uint64_t messages = 0;  // delivered, both directions
  double seconds = 0;          // wall time of the exchange (spawn and shutdown excluded)
  [[nodiscard]] double messages_per_s() const { return seconds > 0 ? messages / seconds : 0; }
};

// Exchanges `messages` messages (at least 2) between two actors on `threads` workers.
PingPong caf_ping_pong(int threads, std::uint64_t messages);

}  // namespace alphactor::actors
