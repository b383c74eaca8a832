// What a parallel run will hold in memory, estimated before it starts, so that a run that
// cannot fit this machine is refused in one line instead of being killed halfway by the
// kernel's OOM killer (issue 23: thousands to millions of processors).
//
// The estimate is a floor, not a promise: each processor is charged a fixed cost (actor,
// algorithm objects, statistics, simulator slots; `alphactor runtime-bench` measures the idle
// part) plus its transposition table at full size; what an algorithm grows while it searches
// (ER's nodes, work stacks) comes on top. A run above kMemoryShareOfMachine of the physical
// memory is refused.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "actors/run.hpp"
#include "actors/table_placement.hpp"

namespace alphactor::actors {

struct MemoryEstimate {
  std::uint64_t processors = 0;  // fixed cost of every processor
  std::uint64_t tables = 0;      // transposition tables at full size
  std::uint64_t topology = 0;    // neighbour lists and route data
  std::uint64_t trace = 0;       // real mode's per-processor trace rings
  [[nodiscard]] std::uint64_t total() const { return processors + tables + topology + trace; }
  [[nodiscard]] std::string text() const;  // "7.8 GiB (processors 4.0 GiB, tables ...)"
};

// table_kb: each processor's table (0: none; tables handed in from outside count as none).
MemoryEstimate estimate_memory(const topo::Topology& topology, Mode mode, std::size_t table_kb,
                               TablePlacement placement, bool trace);

// Physical memory of this machine (0 when the system does not say).
std::uint64_t machine_memory_bytes();

// Throws InputError naming the estimate and the limit when the run does not fit in `limit`
// bytes (by default kMemoryShareOfMachine of the physical memory).
void check_memory_fits(const MemoryEstimate& e, std::uint64_t limit = 0);

}  // namespace alphactor::actors
