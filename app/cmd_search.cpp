// `alphactor search`: one position, one algorithm, one depth; prints the result or JSON.
#include <CLI/CLI.hpp>
#include <iostream>

#include "app/commands.hpp"
#include "app/game_select.hpp"
#include "app/search_report.hpp"
#include "search/searcher.hpp"

namespace alphactor::app {
namespace {

struct SearchArgs {
  PositionChoice position;
  std::string tree, fen, board;
  std::string algorithm = "alphabeta";
  int depth = 0;
  bool iterative = false;
  bool no_table = false;
  std::size_t hash_mb = tunables::kDefaultTableMegabytes;
  bool json = false;
};

void run_search(SearchArgs& a) {
  a.position.position = !a.tree.empty() ? a.tree : !a.fen.empty() ? a.fen : a.board;
  const auto algorithm = parse_algorithm(a.algorithm);
  if (!algorithm)
    throw InputError("unknown algorithm '" + a.algorithm + "' (negamax, alphabeta, pvs, er)");
  if (a.depth < 1 || a.depth >= kMaxPly) throw InputError("--depth must be 1.." + std::to_string(kMaxPly - 1));
  SearchOptions opt;
  opt.algorithm = *algorithm;
  opt.depth = a.depth;
  opt.iterative_deepening = a.iterative;
  opt.use_table = !a.no_table;
  opt.table_megabytes = a.hash_mb;
  const SearchReport report = with_game(a.position, [&](auto& game) {
    SearchReport r;
    r.game = a.position.game;
    r.position = a.position.position;
    r.algorithm = a.algorithm;
    r.depth = a.depth;
    r.result = search(game, opt);
    r.line = line_text(game, r.result.principal_variation);
    if (!r.line.empty()) r.best_move = r.line.front();
    return r;
  });
  if (a.json) {
    JsonWriter w;
    report.write_json(w);
    std::cout << w.str() << "\n";
  } else {
    std::cout << report.text();
  }
}

}  // namespace

void add_search_command(CLI::App& app) {
  auto args = std::make_shared<SearchArgs>();
  CLI::App* cmd = app.add_subcommand("search", "search one position with a sequential algorithm");
  cmd->add_option("--game", args->position.game, "game: tree")->capture_default_str();
  cmd->add_option("--tree", args->tree, "tree spec, e.g. random:w=4,d=10,seed=1");
  cmd->add_option("--board", args->board, "othello board: 64 chars X/O/- (a1..h8) and X|O, or start");
  cmd->add_option("--algorithm", args->algorithm, "negamax|alphabeta|pvs|er")->capture_default_str();
  cmd->add_option("--depth", args->depth, "search depth in plies")->required();
  cmd->add_flag("--iterative", args->iterative, "iterative deepening up to --depth");
  cmd->add_flag("--no-table", args->no_table, "search without a transposition table");
  cmd->add_option("--hash", args->hash_mb, "transposition table size in MiB")->capture_default_str();
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->callback([args] { run_search(*args); });
}

}  // namespace alphactor::app
