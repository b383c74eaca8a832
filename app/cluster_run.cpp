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
  t << "game = " << quoted(game) << "\npositions = [" << quoted(position) << "]\n"
    << "depth = " << c.depth << "\nalgorithm = " << quoted(c.algorithm) << "\n"
    << "processors = " << c.processors << "\ntopology = " << quoted(c.topology) << "\n"
    << "fanout = " << c.topology_params.fanout << "\nrows = " << c.topology_params.rows << "\n"
    << "mode = \"real\"\nthreads = " << c.threads << "\nseed = " << c.seed << "\n"
    << "slice = " << c.slice_nodes << "\nmin_split_depth = " << c.min_split_depth << "\n"
    << "cut_wait = " << c.cut_wait << "\ninline_depth = " << actors::resolved_inline_depth(c)
    << "\nlone_root_research = " << boolean(actors::resolved_lone_root_research(c))
    << "\niterative_deepening = " << boolean(c.iterative_deepening) << "\npvs = " << boolean(c.pvs)
    << "\nkillers = " << boolean(c.killers) << "\nhistory = " << boolean(c.history)
    << "\nwork_killers = " << boolean(c.work_killers) << "\nwork_hints = " << boolean(c.work_hints)
    << "\nwork_table_line = " << boolean(c.work_table_line) << "\nhelping = " << boolean(c.helping)
    << "\naffinity = " << boolean(c.affinity) << "\ner_serial_ply = " << c.er_serial_ply
    << "\ner_heap = " << (c.er_distributed_heap ? "\"distributed\"" : "\"central\"")
    << "\nparallel_refutation = " << boolean(c.er_parallel_refutation)
    << "\nmultiple_enodes = " << boolean(c.er_multiple_enodes)
    << "\nearly_choice = " << boolean(c.er_early_choice)
    << "\nmaster_solves = " << boolean(c.er_master_solves)
    << "\nspeculative_rnodes = " << boolean(c.er_speculative_rnodes)
    << "\ntable_min_draft = " << c.table_min_draft
    << "\ngossip_history = " << boolean(c.gossip_history)
    << "\ngossip_killers = " << boolean(c.gossip_killers) << "\n";
  if (actors::uses_table(c))
    t << "table = " << quoted(std::string(actors::table_placement_name(c.table))) << "\nhash = \""
      << c.table_kb << " KiB\"\n";
  else t << "table = false\n";
  if (c.hybrid_draft >= 0) t << "hybrid_draft = " << c.hybrid_draft << "\n";
  if (c.gossip_threshold >= 0) t << "gossip_threshold = " << c.gossip_threshold << "\n";
  if (c.gossip_interval >= 0) t << "gossip_interval = " << c.gossip_interval << "\n";
  if (c.steal_backoff_ns >= 0) t << "steal_backoff_us = " << c.steal_backoff_ns / 1000 << "\n";
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
