// alphactor: parallel game-tree search where every processor is an actor.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "actors/run.hpp"
#include "app/commands.hpp"
#include "search/input_error.hpp"

namespace alphactor::app {
int& command_exit_code() {
  static int code = 0;
  return code;
}
}  // namespace alphactor::app

int main(int argc, char** argv) {
  using namespace alphactor;
  CLI::App app{"alphactor: parallel game-tree search on actors"};
  app.require_subcommand(1);
  std::string log_level = "warn";
  app.add_option("--log-level", log_level, "trace|debug|info|warn|error|off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}));
  // Log lines go to stderr, so that tables and --json on stdout stay clean.
  spdlog::set_default_logger(spdlog::stderr_color_mt("alphactor"));
  spdlog::set_pattern("alphactor [%l] %v");
  spdlog::set_level(spdlog::level::warn);
  app.parse_complete_callback([&] { spdlog::set_level(spdlog::level::from_str(log_level)); });
  app::add_search_command(app);
  app::add_bench_command(app);
  app::add_run_command(app);
  app::add_topology_command(app);
  app::add_perft_command(app);
  app::add_epd_command(app);
  app::add_uci_command(app);
  app::add_calibrate_command(app);
  app::add_runtime_bench_command(app);
  app::add_solve_command(app);
  app::add_plot_command(app);
  app::add_trace_command(app);
  app::add_soak_command(app);
  app::add_node_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    std::cout << app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --version and the like
    std::cerr << "alphactor: " << e.what() << "\n";
    return 2;
  } catch (const InputError& e) {
    std::cerr << "alphactor: " << e.what() << "\n";
    return 2;
  } catch (const actors::Deadlock& e) {  // a run that made no progress (actors/run.hpp)
    std::cerr << "alphactor: " << e.what() << "\n";
    return 4;
  } catch (const std::exception& e) {
    std::cerr << "alphactor: internal error: " << e.what() << "\n";
    return 3;
  }
  return app::command_exit_code();
}
