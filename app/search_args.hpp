// `alphactor search`'s options and the parallel experiment they describe: shared by `search`
// and `soak` (app/cmd_soak.cpp), which draws search command lines and runs them exactly as
// `search` would, so that every line it prints replays its run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/game_select.hpp"
#include "app/parallel_runner.hpp"
#include "topologies/topology.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace alphactor::app {

// The help group of the options only a parallel run uses; a sequential search refuses them.
inline constexpr const char* kParallelGroup = "Parallel runs (a parallel algorithm, or er with -p)";

struct SearchArgs {
  PositionChoice position;
  std::string tree, fen, board;
  std::string algorithm = "alphabeta";
  int depth = 0;
  bool iterative = false;
  bool no_iterative = false;  // parallel runs: the root searches --depth at once
  bool no_table = false;
  std::string hash;  // empty: the default (app/config.hpp: sequential and real mode 16 MiB)
  bool json = false;
  // Parallel algorithms (--algorithm ybwc).
  std::vector<int> processors = {1};
  // er is serial ER (search/er.hpp) unless processors are named: then parallel ER.
  bool processors_given = false;
  int er_serial_ply = 0;
  bool no_parallel_refutation = false, no_multiple_enodes = false, no_early_choice = false,
       master_solves = false, no_master_solves = false, speculative_rnodes = false,
       no_speculative_rnodes = false;
  std::string er_heap = "central";
  bool legend = false;   // explain the parallel table's columns
  std::string topology;  // empty: the algorithm's own (actors::default_topology)
  topo::TopologyParams topology_params;
  std::string mode = "sim";
  std::string cost = "modern";
  bool cost_given = false;  // --cost on the command line (real mode notes it is unused)
  std::vector<std::string> cost_sets;
  int threads = 2;
  std::uint64_t seed = 1;
  std::uint64_t slice = 0;
  int min_split_depth = 0;
  int cut_wait = 1;
  std::optional<int> inline_depth;                                 // unset: the mode's default
  bool lone_root_research = false, no_lone_root_research = false;  // neither: off
  std::string old_table_kb;     // --table-kb: refused, naming --hash
  std::string table_placement;  // empty: real mode replicated, sim local
  int table_min_draft = 0;
  std::optional<int> hybrid_draft;  // unset: the tunable
  bool gossip = false;
  bool alphabeta_windows = false;
  bool no_killers = false, no_history = false;
  bool no_work_hints = false;
  bool no_helping = false;
  bool no_affinity = false;
  bool no_work_table_line = false;
  std::string baseline = "best";
  std::int64_t steal_backoff_us = -1;
  std::vector<std::string> kills;
  std::string trace, chrome_trace;
  std::string nodes, secret;  // a run over several processes (actors/cluster.hpp)
  double max_seconds = 3600;  // a parallel run's guard: sim CPU seconds, real wall seconds
  // Options of kParallelGroup on the command line (parallel_options_given), by name.
  std::vector<std::string> parallel_options_given;
};

// Adds every `search` option to `cmd`, writing into `a` (which must outlive the parse).
// Returns the --processors option (given or not decides whether er is parallel).
CLI::Option* add_search_options(CLI::App* cmd, SearchArgs& a);

// The options of kParallelGroup given on `cmd`'s command line, by name.
std::vector<std::string> parallel_options_given(const CLI::App* cmd);

// A sequential search refuses options only parallel runs use: one line naming the first.
void refuse_parallel_options(const SearchArgs& a);

// After the parse: the position from --tree/--fen/--board, and the checks every search makes.
void finish_search_args(SearchArgs& a);

// The parallel experiment the options describe (one position, every P of --processors).
// Throws InputError on a bad combination.
ParallelExperiment parallel_experiment(SearchArgs& a);

}  // namespace alphactor::app
