// `alphactor uci`: speak the Universal Chess Interface on stdin/stdout (see app/uci.hpp).
#include <CLI/CLI.hpp>
#include <iostream>

#include "app/commands.hpp"
#include "app/uci.hpp"

namespace alphactor::app {

void add_uci_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("uci", "play chess through the UCI protocol on stdin/stdout");
  cmd->callback([] {
    UciSession session(std::cout);
    session.run(std::cin);
  });
}

}  // namespace alphactor::app
