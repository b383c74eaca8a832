// `alphactor search`: one position, one algorithm, one depth; prints the result or JSON.
#include <CLI/CLI.hpp>
#include <iostream>
#include <optional>

#include "app/commands.hpp"
#include "app/config.hpp"
#include "app/game_select.hpp"
#include "app/parallel_runner.hpp"
#include "app/result_schema.hpp"
#include "app/search_args.hpp"
#include "app/search_report.hpp"
#include "search/searcher.hpp"

namespace alphactor::app {
namespace {

void run_parallel_search(SearchArgs& a) {
  const ParallelExperiment e = parallel_experiment(a);
  const actors::ParallelConfig& c = e.config;
  const std::vector<ParallelRow> rows = run_experiment(e);
  if (a.json) {
    JsonWriter w;
    begin_result_document(w, "search");
    w.field("game", a.position.game)
        .field("position", a.position.position)
        .field("algorithm", a.algorithm)
        .field("depth", a.depth)
        .field("mode", a.mode)
        .field("topology", a.topology)
        .field("cost", a.cost)
        .field("seed", static_cast<std::uint64_t>(a.seed))
        .field("slice", static_cast<std::uint64_t>(c.slice_nodes ? c.slice_nodes : auto_slice(c)))
        .field("inline_depth", actors::resolved_inline_depth(c))
        .field("lone_root_research", actors::resolved_lone_root_research(c));
    w.key("results").begin_array();
    for (const auto& r : rows) write_row_json(w, r);
    w.end_array().end_object();
    std::cout << w.str() << "\n";
  } else {
    const ParallelRow& r = rows.back();
    std::cout << "game        " << a.position.game << "  " << a.position.position << "\n"
              << "algorithm   " << a.algorithm << "  depth " << a.depth << "  on " << a.topology
              << ", " << a.mode << " mode"
              << (c.mode == actors::Mode::kSim ? ", cost " + a.cost : "") << "\n"
              << "value       " << r.value
              << (r.exact() ? "  (= sequential)"
                            : "  (SEQUENTIAL: " + std::to_string(r.sequential_value) + ")")
              << "\n"
              << "best move   " << (r.best_move.empty() ? "-" : r.best_move) << "\n"
              << "baseline    " << r.baseline_label() << ", " << r.baseline_nodes << " nodes\n";
    if (!c.costs.note.empty() && c.mode == actors::Mode::kSim)
      std::cout << "note        " << c.costs.note << "\n";
    // Real mode takes its times from the clock: a cost asked for would silently do nothing.
    if (c.mode == actors::Mode::kReal && (a.cost_given || !a.cost_sets.empty()))
      std::cout << "note        --cost and --cost-set set sim mode's virtual costs; real mode "
                   "measures wall time and does not use them\n";
    std::cout << format_table(rows, false, c.mode == actors::Mode::kSim ? "s(v)" : "s")
              << legend_footer(a.legend);
  }
  for (const auto& r : rows)
    if (!r.exact()) command_exit_code() = 1;
}

void run_search(SearchArgs& a) {
  finish_search_args(a);
  if (actors::is_parallel_algorithm(a.algorithm) && (a.algorithm != "er" || a.processors_given))
    return run_parallel_search(a);
  const auto algorithm = parse_algorithm(a.algorithm);
  if (!algorithm)
    throw InputError("unknown algorithm '" + a.algorithm + "' (negamax, alphabeta, pvs, er, " +
                     actors::kParallelAlgorithmNames + ")");
  refuse_parallel_options(a);
  SearchOptions opt;
  opt.algorithm = *algorithm;
  opt.killers = !a.no_killers;
  opt.history = !a.no_history;
  opt.depth = a.depth;
  opt.iterative_deepening = a.iterative;
  opt.use_table = !a.no_table;
  opt.table_kilobytes =
      a.hash.empty() ? kDefaultTableKilobytes : parse_table_size(a.hash, "--hash");
  const SearchReport report = with_game(a.position, [&](auto& game) {
    return search_and_report(game, opt, a.position.game, a.position.position, a.algorithm);
  });
  if (a.json) {
    JsonWriter w;
    begin_result_document(w, "search");
    w.field("game", report.game)
        .field("position", report.position)
        .field("algorithm", report.algorithm)
        .field("depth", report.depth);
    w.key("results").begin_array();
    report.write_json(w);
    w.end_array().end_object();
    std::cout << w.str() << "\n";
  } else {
    std::cout << report.text();
  }
}

}  // namespace

void add_search_command(CLI::App& app) {
  auto args = std::make_shared<SearchArgs>();
  CLI::App* cmd =
      app.add_subcommand("search", "search one position (sequential or parallel algorithm)");
  CLI::Option* processors = add_search_options(cmd, *args);
  cmd->callback([args, processors, cmd] {
    args->processors_given = processors->count() > 0;
    args->parallel_options_given = parallel_options_given(cmd);
    run_search(*args);
  });
}

}  // namespace alphactor::app
