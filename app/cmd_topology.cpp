// `alphactor topology NAME --processors P [--fanout F] [--rows R] [--edges]`: prints a network's
// size, degree and diameter, and its edge list on request.
#include <CLI/CLI.hpp>
#include <cstdio>

#include "app/commands.hpp"
#include "app/option_scope.hpp"
#include "search/input_error.hpp"
#include "topologies/topology.hpp"

namespace alphactor::app {
namespace {

struct TopologyArgs {
  std::string name;
  int processors = 0;
  topo::TopologyParams params;
  bool edges = false;
};

// `given`: the shape flags on the command line; one of another network is refused rather than
// ignored, by search's rule.
void run_topology(const TopologyArgs& a, const std::vector<std::string>& given) {
  if (const auto o = option_out_of_scope(given, "", a.name))
    throw InputError(o->name + " " + o->why);
  const topo::Topology t = topo::Topology::make(a.name, a.processors, a.params);
  std::printf("topology   %s", t.name().c_str());
  if (t.name() == "tree") std::printf(" (fanout %d)", t.params().fanout);
  if (t.name() == "torus") std::printf(" (%d x %d)", t.params().rows, t.size() / t.params().rows);
  std::printf("\nnodes      %d\nedges      %zu\ndegree     %d..%d\ndiameter   %d\n", t.size(),
              t.edge_count(), t.min_degree(), t.max_degree(), t.diameter());
  if (!a.edges) return;
  for (int x = 0; x < t.size(); ++x)
    for (int y : t.neighbours(x))
      if (x < y) std::printf("%d %d\n", x, y);
}

}  // namespace

void add_topology_command(CLI::App& app) {
  auto args = std::make_shared<TopologyArgs>();
  CLI::App* cmd = app.add_subcommand("topology", "describe a processor network");
  cmd->add_option("name", args->name, topo::Topology::known_names())->required();
  cmd->add_option("--processors,-p", args->processors, "number of processors")->required();
  CLI::Option* fanout = cmd->add_option("--fanout", args->params.fanout, "processor tree fan-out")
                            ->capture_default_str();
  CLI::Option* rows =
      cmd->add_option("--rows", args->params.rows, "torus rows (default: most square)");
  cmd->add_flag("--edges", args->edges, "print the edge list, one 'a b' per line");
  cmd->callback([args, fanout, rows] {
    std::vector<std::string> given;
    for (const CLI::Option* o : {fanout, rows})
      if (o->count() > 0) given.push_back(o->get_name());
    run_topology(*args, given);
  });
}

}  // namespace alphactor::app
