// libFuzzer harness: one EPD line (test suites, perft suites): refused with InputError or
// parsed into a position and its operations.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "chess/epd.hpp"
#include "search/input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) return 0;  // blank: skipped
  try {
    const alphactor::chess::EpdRecord r = alphactor::chess::parse_epd(text);
    (void)r.id();
    (void)r.find("bm");
  } catch (const alphactor::InputError&) {
  }
  return 0;
}
