// `alphactor plot RESULTS.json [--out DIR]`: draws a run's speedup, efficiency, search overhead
// and load against P (app/plot.hpp), with the paper's published speedups where the run has them.
#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "app/commands.hpp"
#include "app/plot.hpp"

namespace alphactor::app {

void add_plot_command(CLI::App& app) {
  struct Args {
    std::string results, out;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "plot", "draw a run's results (results.json) as SVG and PNG figures with gnuplot");
  cmd->add_option("results", args->results, "results.json written by `alphactor run`")->required();
  cmd->add_option("--out", args->out, "folder for the figures (default: the results' folder)");
  cmd->callback([args] { plot_results_file(args->results, args->out); });
}

}  // namespace alphactor::app
