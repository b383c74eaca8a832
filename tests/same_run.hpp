// Shared by the parallel algorithms' tests: two sim runs of one config must be the same run,
// byte for byte (virtual time is deterministic): the same line, makespan and events, and for
// every processor the same nodes, busy time, messages, bytes and hops.
#pragma once

#include <catch2/catch.hpp>

#include "actors/run.hpp"

namespace alphactor::testing {

inline void check_same_run(const actors::RunOutcome& a, const actors::RunOutcome& b) {
  CHECK(a.result.line == b.result.line);
  CHECK(a.makespan_ns == b.makespan_ns);
  CHECK(a.events == b.events);
  REQUIRE(a.processors.size() == b.processors.size());
  for (std::size_t p = 0; p < a.processors.size(); ++p) {
    INFO("processor " << p);
    CHECK(a.processors[p].search.nodes() == b.processors[p].search.nodes());
    CHECK(a.processors[p].busy_ns == b.processors[p].busy_ns);
    CHECK(a.processors[p].sent == b.processors[p].sent);
    CHECK(a.processors[p].sent_bytes == b.processors[p].sent_bytes);
    CHECK(a.processors[p].delivered_hops == b.processors[p].delivered_hops);
  }
}

}  // namespace alphactor::testing
