// What a message between two processes costs on this machine (issue 21's loopback figures;
// bench/cluster_loopback.sh): round trips one at a time to an echo actor on a node, then a
// stream of messages with a window in flight, each echoed back.
#pragma once

#include <cstdint>
#include <string>

#include "actors/cluster.hpp"

namespace alphactor::actors {

struct LoopbackFigures {
  int round_trips = 0;
  double round_trip_median_us = 0, round_trip_p90_us = 0;
  std::uint64_t echoes = 0;   // messages sent in the stream, each answered
  double messages_per_s = 0;  // both directions counted: 2 x echoes / time
};

// Throws InputError as launch_remote does (node unreachable, silent, or wrong secret).
LoopbackFigures measure_node_echo(const Endpoint& node, const std::string& secret, int round_trips,
                                  std::uint64_t echoes, int window);

}  // namespace alphactor::actors
