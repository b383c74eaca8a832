// The fixed positions of `alphactor bench`. The node-count signature is the total nodes of
// searching all of them; it changes only when search behaviour changes. Each game adds its
// positions here.
#pragma once

#include <string>
#include <vector>

namespace alphactor::app {

struct BenchPosition {
  std::string game;
  std::string position;
  int depth;
  std::string algorithm;
};

inline std::vector<BenchPosition> bench_positions() {
  return {
      {"tree", "random:w=4,d=10,seed=1", 10, "alphabeta"},
      {"tree", "random:w=4,d=11,seed=2", 11, "pvs"},
      {"tree", "random:w=8,d=7,seed=3", 7, "er"},
      {"tree", "ordered:w=8,d=8,p=0.7,seed=4", 8, "pvs"},
      {"tree", "irregular:w=2..12,d=8,seed=5", 8, "alphabeta"},
      {"tree", "best:w=6,d=9", 9, "alphabeta"},
      {"chess", "startpos", 7, "pvs"},
      {"chess", "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1", 5, "alphabeta"},
      {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, "pvs"},
      {"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, "er"},
      // Othello: the start, and two midgame positions (FFO #49 and #45 before their endgames).
      {"othello", "start", 10, "pvs"},
      {"othello", "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X", 9,
       "alphabeta"},
      {"othello", "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X", 8, "er"},
  };
}

}  // namespace alphactor::app
