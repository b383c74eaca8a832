#include "app/cluster_run.hpp"

#include <sstream>

#include "app/config.hpp"
#include "app/game_select.hpp"
#include "app/parallel_runner.hpp"

namespace alphactor::app {
namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "\"";
}

const char* boolean(bool b) {
  return b ? "true" : "false";
}

}  // namespace

actors::ClusterSpec cluster_of(const std::string& nodes, const std::string& secret, bool real,
                               bool traced) {
  actors::ClusterSpec c;
  if (nodes.empty()) return c;
  c.nodes = actors::parse_endpoints(nodes, "--nodes");
  if (!real) throw InputError("--nodes needs --mode real (sim mode runs in one process)");
  if (traced) throw InputError("--nodes: traces are not written for runs over several processes");
  c.secret = actors::resolve_secret(secret);
  if (c.secret.empty())
    throw InputError("--nodes needs the nodes' secret: --secret S or ALPHACTOR_SECRET");
  return c;
}

std::string run_spec_text(const std::string& game, const std::string& position,
                          const actors::ParallelConfig& c) {
  std::ostringstream t;
  // One key per line; the node reads the run back with load_config_text.
  const auto key = [&t](const char* name, const auto& value) {
    t << name << " = " << value << "\n";
  };
  key("game", quoted(game));
  key("positions", "[" + quoted(position) + "]");
  key("depth", c.depth);
  key("algorithm", quoted(c.algorithm));
  key("processors", c.processors);
  key("topology", quoted(c.topology));
  key("fanout", c.topology_params.fanout);
  key("rows", c.topology_params.rows);
  key("mode", "\"real\"");
  key("threads", c.threads);
  key("seed", c.seed);
  key("slice", c.slice_nodes);
  key("min_split_depth", c.min_split_depth);
  key("cut_wait", c.cut_wait);
  key("inline_depth", actors::resolved_inline_depth(c));
  key("lone_root_research", boolean(actors::resolved_lone_root_research(c)));
  key("iterative_deepening", boolean(c.iterative_deepening));
  key("pvs", boolean(c.pvs));
  key("killers", boolean(c.killers));
  key("history", boolean(c.history));
  key("work_killers", boolean(c.work_killers));
  key("work_hints", boolean(c.work_hints));
  key("work_table_line", boolean(c.work_table_line));
  key("helping", boolean(c.helping));
  key("affinity", boolean(c.affinity));
  key("er_serial_ply", c.er_serial_ply);
  key("er_heap", c.er_distributed_heap ? "\"distributed\"" : "\"central\"");
  key("parallel_refutation", boolean(c.er_parallel_refutation));
  key("multiple_enodes", boolean(c.er_multiple_enodes));
  key("early_choice", boolean(c.er_early_choice));
  if (c.er_master_solves) key("master_solves", boolean(*c.er_master_solves));
  key("speculative_rnodes", boolean(c.er_speculative_rnodes));
  key("table_min_draft", c.table_min_draft);
  key("gossip_history", boolean(c.gossip_history));
  key("gossip_killers", boolean(c.gossip_killers));
  if (actors::uses_table(c)) {
    key("table", quoted(std::string(actors::table_placement_name(c.table))));
    key("hash", "\"" + std::to_string(c.table_kb) + " KiB\"");
  } else {
    key("table", "false");
  }
  if (c.hybrid_draft >= 0) key("hybrid_draft", c.hybrid_draft);
  if (c.gossip_threshold >= 0) key("gossip_threshold", c.gossip_threshold);
  if (c.gossip_interval >= 0) key("gossip_interval", c.gossip_interval);
  if (c.steal_backoff_ns >= 0) key("steal_backoff_us", c.steal_backoff_ns / 1000);
  if (!c.faults.empty()) {
    t << "faults = [";
    for (std::size_t i = 0; i < c.faults.size(); ++i)
      t << (i ? ", " : "") << "{processor = " << c.faults[i].processor
        << ", after_nodes = " << c.faults[i].after_nodes << "}";
    t << "]\n";
  }
  return t.str();
}

std::unique_ptr<actors::HostedRun> hosted_run(const std::string& text) {
  const RunConfig rc = load_config_text(text, "the run's spec");
  if (!rc.variants.empty() || rc.positions.size() != 1 || rc.processors.size() != 1 ||
      rc.mode != "real")
    throw InputError("the run's spec is not one real-mode run of one position");
  const actors::ParallelConfig c = parallel_config(rc);
  auto run = std::make_unique<actors::HostedRun>();
  run->topology = std::make_unique<topo::Topology>(
      topo::Topology::make(c.topology, rc.processors.front(), c.topology_params));
  run->spec.topology = run->topology.get();
  run->spec.mode = actors::Mode::kReal;
  run->spec.threads = c.threads;
  run->spec.costs = c.costs;
  run->spec.seed = c.seed;
  run->spec.faults = c.faults;
  with_game(PositionChoice{rc.game, rc.positions.front()}, [&](auto& game) {
    run->spec.make_algorithm = actors::make_algorithm(game, c, *run->topology);
  });
  return run;
}

}  // namespace alphactor::app
