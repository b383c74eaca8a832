// libFuzzer harness: a FEN as `position fen`, `--fen` and EPD lines give it. A FEN is either
// refused with InputError or makes a position whose own FEN reads back to the same position
// and whose legal moves can be generated and played.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "chess/movegen.hpp"
#include "chess/position.hpp"
#include "search/input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const alphactor::chess::Position p = alphactor::chess::Position::from_fen(text);
    const auto again = alphactor::chess::Position::from_fen(p.fen());
    if (again.fen() != p.fen()) __builtin_trap();  // the FEN does not read back
    alphactor::chess::MoveList moves;
    alphactor::chess::generate_legal(p, moves);
  } catch (const alphactor::InputError&) {
  }
  return 0;
}
