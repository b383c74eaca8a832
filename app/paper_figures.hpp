// A paper's published figures that a run prints and plots beside its own: from data/papers
// (a config's `paper = "FILE/ID"`) or typed into the config (`paper_speedup`, `paper_source`).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace alphactor::app {

struct PaperFigures {
  std::string figure;  // "FILE/ID" when the figures come from data/papers (else empty)
  std::string source;  // where in the paper, under which conditions
  // By processor count: the speedups, and the load and search overhead (percent) where the
  // paper prints them (data/papers only).
  std::vector<std::pair<int, double>> speedup, load_pct, search_overhead_pct;
  // The paper's speedup is of summed times, sum T(1) / sum T(P) over the positions
  // (ZUGZWANG's SPE; data/papers' aggregate = "sum"); else the mean of the positions' own
  // speedups (Marsland & Popowich's "average speedup"), as typed-in figures are taken.
  bool summed = false;
};

}  // namespace alphactor::app
