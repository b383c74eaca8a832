// libFuzzer harness: a topology as `--topology NAME -p P --fanout F --rows R` give it, the
// input read as "NAME P F R": refused with InputError, or a connected network whose routes
// reach every processor. P is kept to 1..256 here: the routing table of larger networks is
// a question of cost (issue 23), not of parsing.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "search/input_error.hpp"
#include "topologies/topology.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string name;
  long processors = 0, fanout = 2, rows = 0;
  in >> name >> processors >> fanout >> rows;
  if (processors > 256 || fanout > 1000 || fanout < -1000 || rows > 1000 || rows < -1000) return 0;
  try {
    alphactor::topo::TopologyParams params;
    params.fanout = int(fanout);
    params.rows = int(rows);
    const auto t = alphactor::topo::Topology::make(name, int(processors), params);
    for (int from = 0; from < t.size(); ++from)
      for (int to = 0; to < t.size(); ++to)
        if (t.distance(from, to) > t.diameter()) __builtin_trap();
  } catch (const alphactor::InputError&) {
  }
  return 0;
}
