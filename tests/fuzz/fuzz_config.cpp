// libFuzzer harness: a TOML config through the project's own loader, as `alphactor run`
// reads it. The input's lines starting with "#set " are --set overrides, the rest is the
// file. A config is refused with InputError or loads; nothing else may happen.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "app/config.hpp"
#include "search/input_error.hpp"

namespace {
// The loader reads a file: one per fuzzing process, in $TMPDIR (else /tmp), removed when the
// process ends normally (a crash leaves it behind; the saved input reproduces the crash).
struct TempConfig {
  std::string path;
  TempConfig() {
    const char* dir = std::getenv("TMPDIR");
    path = std::string(dir && *dir ? dir : "/tmp") + "/alphactor-fuzz-config-" +
           std::to_string(getpid()) + ".toml";
  }
  ~TempConfig() { std::remove(path.c_str()); }
  TempConfig(const TempConfig&) = delete;
  TempConfig& operator=(const TempConfig&) = delete;
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string file;
  std::vector<std::string> sets;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("#set ", 0) == 0) sets.push_back(line.substr(5));
    else file += line + "\n";
  }
  static const TempConfig temp;
  const std::string& path = temp.path;
  if (FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(file.data(), 1, file.size(), f);
    std::fclose(f);
  }
  try {
    const alphactor::app::RunConfig c = alphactor::app::load_config(path, sets);
    (void)c.table_kilobytes();
    (void)c.table_placement_name();
  } catch (const alphactor::InputError&) {
  }
  return 0;
}
