// The app's side of a run over several processes (actors/cluster.hpp): the --nodes/--secret
// options checked into a ClusterSpec, the run's spec written as config text for the nodes,
// and that text read back on a node into a run by the same config code (app/config.hpp), so
// that a node runs exactly what the launching process runs.
#pragma once

#include <memory>
#include <string>

#include "actors/cluster.hpp"
#include "actors/remote_node.hpp"
#include "algorithms/parallel.hpp"

namespace alphactor::app {

// From --nodes and --secret (or ALPHACTOR_SECRET); empty `nodes`: no cluster. Throws
// InputError for bad addresses, a missing secret, sim mode (nodes are real mode only: sim
// mode is one deterministic process) or traces (each process has its own clock).
actors::ClusterSpec cluster_of(const std::string& nodes, const std::string& secret, bool real,
                               bool traced);

// One parallel run (game, position, `c` with c.processors set and every default resolved by
// the launching process: slice, inline depth, deepening, table) as config text.
std::string run_spec_text(const std::string& game, const std::string& position,
                          const actors::ParallelConfig& c);

// A node: the run that text describes, ready to spawn (throws InputError).
std::unique_ptr<actors::HostedRun> hosted_run(const std::string& text);

}  // namespace alphactor::app
