// Shared by the parallel-vs-sequential tests (test_tables, test_iterative_hints): chess
// positions with the depth each is searched to, and the sequential reference value every
// parallel run must equal.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "search/searcher.hpp"

namespace alphactor::test {

inline const std::vector<std::pair<std::string, int>> kChessCases = {
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3},  // kiwipete
    {"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1", 4},                  // BK.01
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5},                             // an ending
};

// Sequential alpha-beta at fixed depth, with or without a 64 KiB table.
template <class G>
Value sequential(const G& root, int depth, bool table) {
  G g = root;
  SearchOptions o;
  o.algorithm = Algorithm::kAlphaBeta;
  o.depth = depth;
  o.use_table = table;
  o.table_kilobytes = 64;
  return search(g, o).value;
}

}  // namespace alphactor::test
