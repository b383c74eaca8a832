// Config files written by the tests: in the temp folder, one name per process and file (ctest
// runs test cases in parallel processes), removed when the test program ends, wherever it was
// started from.
#pragma once
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

namespace alphactor::testing {

// Writes `text` to a new file and returns its path.
inline std::string write_temp_config(const std::string& text) {
  struct Written {
    std::vector<std::filesystem::path> paths;
    ~Written() {
      for (const auto& p : paths) {
        std::error_code ignored;
        std::filesystem::remove(p, ignored);
      }
    }
  };
  static Written written;
  const auto path = std::filesystem::temp_directory_path() /
                    ("alphactor_test_config_" + std::to_string(::getpid()) + "_" +
                     std::to_string(written.paths.size()) + ".toml");
  std::ofstream(path) << text;
  written.paths.push_back(path);
  return path.string();
}

}  // namespace alphactor::testing
