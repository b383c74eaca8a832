// `alphactor perft`: count the leaves of the legal move tree of one position to a depth
// (optionally per root move), or check a whole suite of positions with known counts.
#include <CLI/CLI.hpp>

#include "app/commands.hpp"
#include "app/perft.hpp"
#include "search/input_error.hpp"

namespace alphactor::app {

void add_perft_command(CLI::App& app) {
  auto args = std::make_shared<PerftArgs>();
  CLI::App* cmd = app.add_subcommand("perft", "count move-tree leaves; check perft suites");
  cmd->add_option("--game", args->game, "game: chess|othello")->capture_default_str();
  cmd->add_option("--fen", args->fen, "chess position: a FEN, or startpos");
  cmd->add_option("--board", args->board, "othello board: 64 chars X/O/- and X|O (default start)");
  cmd->add_option("--depth", args->depth, "depth in plies (one position)");
  cmd->add_flag("--divide", args->divide, "print the count below each root move");
  cmd->add_option("--epd", args->epd, "suite file: 'FEN ;D1 n ;D2 n ...' per line");
  cmd->add_option("--max-nodes", args->max_nodes,
                  "suites: skip depths whose expected count exceeds this");
  cmd->add_flag("--json", args->json, "print one JSON object (docs/JSON.md)");
  cmd->callback([args] {
    if (args->game == "chess") {
      command_exit_code() = chess_perft(*args);
      return;
    }
    if (args->game == "othello") {
      if (!args->epd.empty() || !args->fen.empty())
        throw InputError("perft --game othello takes --board and --depth (no --epd/--fen)");
      command_exit_code() = othello_perft_command(
          args->depth, args->divide, args->board.empty() ? "start" : args->board, args->json);
      return;
    }
    throw InputError("perft: unknown game '" + args->game + "' (known: chess, othello)");
  });
}

}  // namespace alphactor::app
