// Measuring what a message costs on this machine (the `modern` preset's send and receive
// overheads): a ping-pong of Protocol-sized messages between two CAF actors on one scheduler
// thread, so the time per message is send + mailbox + receive with no parallelism hiding it.
#pragma once

#include <cstdint>

namespace alphactor::actors {

struct MessageCosts {
  double ns_per_message = 0;  // one send plus its receive and handling
  std::uint64_t messages = 0;
};

MessageCosts measure_message_costs(std::uint64_t round_trips);

}  // namespace alphactor::actors
