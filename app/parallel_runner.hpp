// Runs a parallel experiment: every position at every processor count, each measured against
// the best sequential search of that position (computed once per position). Shared by
// `alphactor run` (configs) and `alphactor search` (one position).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "algorithms/parallel.hpp"
#include "app/config.hpp"
#include "app/parallel_report.hpp"

namespace alphactor::app {

struct ParallelExperiment {
  actors::ParallelConfig config;  // processors, traces are set per run
  std::string game = "tree";
  std::vector<std::string> positions;
  std::vector<int> processors;
  std::string trace_jsonl, chrome_trace;  // file names; suffixed per run when there are several
  bool progress = false;                  // a progress line on stderr
  // Called with each row as soon as it is done (e.g. to save the results so far).
  std::function<void(const ParallelRow&)> row_done;
  // Rows already done by an earlier run (`run --resume`): taken instead of running them.
  std::function<const ParallelRow*(const std::string& position, int processors)> finished;
};

// Runs everything; the rows come in position-major order.
std::vector<ParallelRow> run_experiment(const ParallelExperiment& e);

// A parallel config (or one of its [[runs]]) as the runtime takes it: `alphactor run`, and a
// node reading the run it hosts (app/cluster_run.hpp).
actors::ParallelConfig parallel_config(const RunConfig& c);

// The slice K used when the config leaves it at 0.
std::uint64_t auto_slice(const actors::ParallelConfig& c);

}  // namespace alphactor::app
