// Shared by the tests of the parallel algorithms (test_dts, test_er, test_split_algorithms,
// test_actors): the configuration they run with and the work a run handed out.
#pragma once

#include <cstdint>
#include <string>

#include "algorithms/parallel.hpp"

namespace alphactor::test {

// `algorithm` at fixed depth in `mode` on `game` ("tree", "chess", "othello"): sim runs chess
// and Othello under sun1985's costs and trees under modern ones, with slices of a few nodes so
// that messages arrive in the middle of searches.
inline actors::ParallelConfig algorithm_config(const std::string& algorithm, int depth,
                                               actors::Mode mode, const std::string& game,
                                               std::uint64_t sim_slice = 5,
                                               std::uint64_t real_slice = 50) {
  actors::ParallelConfig c;
  c.algorithm = algorithm;
  c.depth = depth;
  c.mode = mode;
  c.costs = actors::cost_preset(mode == actors::Mode::kSim && game != "tree" ? "sun1985" : "modern",
                                game);
  c.slice_nodes = mode == actors::Mode::kSim ? sim_slice : real_slice;
  return c;
}

// Jobs given out over a run, by every processor.
inline std::uint64_t jobs_given(const actors::RunOutcome& r) {
  std::uint64_t n = 0;
  for (const auto& p : r.processors) n += p.algorithm.jobs_given;
  return n;
}

}  // namespace alphactor::test
