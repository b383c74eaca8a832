// libFuzzer harness: an Othello board as `--board` and FFO lines give it: refused with
// InputError, or a position whose text reads back to itself; FFO lines likewise.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "othello/board.hpp"
#include "othello/ffo.hpp"
#include "search/input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const alphactor::othello::Position p = alphactor::othello::parse_position(text);
    const std::string shown = alphactor::othello::position_text(p);
    if (alphactor::othello::position_text(alphactor::othello::parse_position(shown)) != shown)
      __builtin_trap();
  } catch (const alphactor::InputError&) {
  }
  try {
    (void)alphactor::othello::parse_endgame_line(text, "fuzz");
  } catch (const alphactor::InputError&) {
  }
  return 0;
}
