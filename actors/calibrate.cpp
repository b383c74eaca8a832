#include "actors/calibrate.hpp"

#include "actors/ping_pong.hpp"

namespace alphactor::actors {

MessageCosts measure_message_costs(std::uint64_t round_trips) {
  const PingPong p = caf_ping_pong(1, 2 * round_trips, PingPongPayload::kNewBound);
  MessageCosts c;
  c.messages = p.messages;
  c.ns_per_message = p.seconds * 1e9 / double(p.messages);
  return c;
}

}  // namespace alphactor::actors
