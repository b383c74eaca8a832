// libFuzzer harness: a synthetic tree spec (`--tree random:w=4,d=10,seed=1`): refused with
// InputError, or a tree whose first plies can be walked.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "search/input_error.hpp"
#include "trees/tree_game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    alphactor::trees::TreeGame game(text);
    for (int ply = 0; ply < 3 && !game.is_terminal(); ++ply) {
      alphactor::trees::TreeGame::MoveList moves;
      game.generate_moves(moves);
      if (moves.empty()) break;
      (void)game.evaluate();
      game.play(moves[moves.size() - 1]);
    }
  } catch (const alphactor::InputError&) {
  }
  return 0;
}
