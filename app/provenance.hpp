// Where a result came from: the alphactor commit that produced it (`git describe` at build
// time, "-dirty" with uncommitted changes), when (UTC), on which machine (host name, hardware
// threads), from which config. Written into results.json so that a figure can be traced back.
#pragma once

#include <string>

#include "app/json.hpp"

namespace alphactor::app {

struct Provenance {
  std::string commit;  // "unknown" when built outside a git checkout
  std::string date;    // ISO 8601, UTC, to the second
  std::string host;
  unsigned hardware_threads = 0;
};

Provenance provenance_now();

// {"commit": ..., "date": ..., "host": ..., "hardware_threads": ..., "config": ...}
void write_provenance_json(JsonWriter& w, const Provenance& p, const std::string& config);

}  // namespace alphactor::app
