// Plots of a run's results (results.json, written by `alphactor run`): speedup, efficiency,
// search overhead and load against the processor count, one line per experiment of the run
// (an algorithm x topology x table placement, or whatever its [[runs]] vary), on a log-2 P
// axis; where an experiment reproduces a paper (`paper_speedup` in its config), the paper's
// published speedups (and the efficiencies they imply) are drawn as points in the same colour.
// gnuplot draws them: `write_plots` leaves the data and the script next to the images, so a
// figure can be restyled and redrawn by hand (`gnuplot plot.gp`).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/json_reader.hpp"

namespace alphactor::app {

struct PlotPoint {
  int processors = 1;
  double speedup = 0, efficiency = 0, search_overhead_pct = 0, load_pct = 0;
};

struct PlotSeries {
  std::string label;
  std::vector<PlotPoint> points;                      // ascending processors
  std::string paper_source;                           // empty: no paper figures
  std::vector<std::pair<int, double>> paper_speedup;  // (P, speedup) as published
};

struct PlotData {
  std::string title;
  std::vector<PlotSeries> series;
};

// The plottable content of a results.json document; InputError naming the field when the
// document is not one (`what` names the file in messages).
PlotData plot_data(const JsonValue& results, const std::string& what);

// The four figures in `dir` (created if needed): speedup, efficiency, search_overhead and load,
// each as .svg and .png, plus plot.dat and plot.gp. Returns the image paths written. Throws
// InputError when there is nothing to plot or gnuplot fails or is missing.
std::vector<std::string> write_plots(const PlotData& data, const std::string& dir);

// What `alphactor plot RESULTS [--out DIR]` and a config's `plot = true` do: read, plot, and
// print the files written. `dir` empty: the folder of `results_path`.
void plot_results_file(const std::string& results_path, const std::string& dir);

}  // namespace alphactor::app
