// libFuzzer harness: UCI command lines as a GUI sends them, fed to the engine's protocol
// handler (app/uci.cpp). Every `go` is followed by `stop` so that a search never outlives its
// input; bad lines are answered with an info string and must never crash or hang the session.
// Hash above 4 MiB and Threads above 4 are left out, and every session starts at Hash 1: what
// they cost is memory and threads (bounded by setoption itself: Threads x Hash within half
// the machine), not parsing, and clearing the default 16 MiB under ASan took 200 ms an input
// (2 inputs a second instead of about 20).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "app/uci.hpp"

namespace {

// Whether a setoption line asks for more memory or threads than a fuzzing run should spend.
bool too_costly(const std::string& line) {
  const auto value = line.rfind("value ");
  if (line.find("setoption") == std::string::npos || value == std::string::npos) return false;
  const long v = std::strtol(line.c_str() + value + 6, nullptr, 10);
  if (line.find("Hash") != std::string::npos || line.find("hash") != std::string::npos)
    return v > 4;
  if (line.find("hreads") != std::string::npos) return v > 4;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::ostringstream out;
  {
    alphactor::app::UciSession session(out);
    session.handle("setoption name Hash value 1");
    for (std::string line; std::getline(in, line);) {
      if (too_costly(line)) continue;
      if (!session.handle(line)) break;
      if (line.find("go") != std::string::npos) session.handle("stop");
    }
    session.handle("stop");
  }
  return 0;
}
