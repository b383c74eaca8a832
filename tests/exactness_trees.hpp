// The synthetic trees every parallel algorithm's exactness tests search, with their depths:
// one random, two ordered (one with a horizon above its leaves, so static values count), and
// one irregular (widths 1..8, so some nodes have a single move).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace alphactor::testing {

inline const std::vector<std::pair<std::string, int>> kExactnessTrees = {
    {"random:w=5,d=6,seed=11", 6},
    {"ordered:w=6,d=7,p=0.7,seed=12", 7},
    {"irregular:w=1..8,d=7,seed=13", 7},
    {"ordered:w=4,d=9,p=0.5,seed=14", 6},  // a horizon above the leaves: static values
};

}  // namespace alphactor::testing
