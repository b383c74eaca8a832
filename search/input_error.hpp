// InputError: bad user input (a spec, a FEN, a board, a config value). Its message is one line
// that names what is wrong; the CLI prints it and exits with code 2. Part of the vocabulary
// games may include (with search/game.hpp).
#pragma once

#include <stdexcept>
#include <string>

namespace alphactor {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace alphactor
