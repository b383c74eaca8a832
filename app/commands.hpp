// The CLI's subcommands. Each lives in its own cmd_*.cpp and registers itself on the app;
// its callback runs the command and throws InputError on bad input (main prints it, exit 2).
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace alphactor::app {

void add_search_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_run_command(CLI::App& app);
void add_topology_command(CLI::App& app);
void add_perft_command(CLI::App& app);
void add_epd_command(CLI::App& app);
void add_uci_command(CLI::App& app);
void add_calibrate_command(CLI::App& app);
void add_runtime_bench_command(CLI::App& app);
void add_solve_command(CLI::App& app);
void add_plot_command(CLI::App& app);
void add_trace_command(CLI::App& app);
void add_soak_command(CLI::App& app);
void add_node_command(CLI::App& app);
// Othello perft from `board` (text or "start"), printed; what a generic perft calls.
int othello_perft_command(int depth, bool divide, const std::string& board = "start",
                          bool json = false);

// Exit code the chosen command asks for (0 unless a command sets it, e.g. a failed check).
int& command_exit_code();

}  // namespace alphactor::app
