// CAF's own message rate on this machine: two event-based actors bouncing one message back
// and forth on the real-mode scheduler (the same configuration as a real-mode run), with
// nothing else running, so that no parallelism hides the cost of a send, its mailbox and its
// receive. `alphactor runtime-bench` prints the runtime's overhead over it (a bare integer,
// the floor); `alphactor calibrate` times it with the protocol's NewBound on one thread.
#pragma once

#include <cstdint>

namespace alphactor::actors {

struct PingPong {
  std::uint64_t messages = 0;  // delivered, both directions
  double seconds = 0;          // wall time of the exchange (spawn and shutdown excluded)
  [[nodiscard]] double messages_per_s() const { return seconds > 0 ? messages / seconds : 0; }
};

// What the two actors bounce.
enum class PingPongPayload {
  kInteger,   // a std::uint64_t: CAF's floor
  kNewBound,  // the protocol's NewBound (actors/protocol.hpp): a processor's small message
};

// Exchanges `messages` messages (at least 2) between two actors on `threads` workers.
PingPong caf_ping_pong(int threads, std::uint64_t messages,
                       PingPongPayload payload = PingPongPayload::kInteger);

}  // namespace alphactor::actors
