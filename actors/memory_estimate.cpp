#include "actors/memory_estimate.hpp"

#include <unistd.h>

#include <cstdio>

#include "actors/trace.hpp"
#include "actors/tunables.hpp"
#include "search/input_error.hpp"

namespace alphactor::actors {
namespace {

std::string gib(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GiB", double(bytes) / double(1ULL << 30));
  return buf;
}

}  // namespace

std::string MemoryEstimate::text() const {
  std::string s = gib(total()) + " (processors " + gib(processors);
  if (tables) s += ", tables " + gib(tables);
  if (trace) s += ", trace rings " + gib(trace);
  return s + ", topology " + gib(topology) + ")";
}

MemoryEstimate estimate_memory(const topo::Topology& topology, Mode mode, std::size_t table_kb,
                               TablePlacement placement, bool trace) {
  const auto p = std::uint64_t(topology.size());
  MemoryEstimate e;
  e.processors = p * tunables::kProcessorBytesEstimate;
  const std::uint64_t table = std::uint64_t(table_kb) << 10;
  switch (placement) {
    case TablePlacement::kNone:
      break;
    case TablePlacement::kGlobal:  // one owner's table
      e.tables = table;
      break;
    case TablePlacement::kHybrid:  // a local table and a distributed share each
      e.tables = 2 * p * table;
      break;
    default:
      e.tables = p * table;
      break;
  }
  e.topology = topology.memory_bytes();
  if (trace && mode == Mode::kReal) e.trace = p * tunables::kTraceRingRecords * sizeof(TraceRecord);
  return e;
}

std::uint64_t machine_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? std::uint64_t(pages) * std::uint64_t(page) : 0;
}

void check_memory_fits(const MemoryEstimate& e, std::uint64_t limit) {
  if (limit == 0) {
    const std::uint64_t machine = machine_memory_bytes();
    if (machine == 0) return;  // nothing to compare with
    limit = std::uint64_t(double(machine) * tunables::kMemoryShareOfMachine);
  }
  if (e.total() > limit)
    throw InputError("run needs at least " + e.text() + " of memory, more than the " + gib(limit) +
                     " this machine allows a run");
}

}  // namespace alphactor::actors
