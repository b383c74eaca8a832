#include "app/search_report.hpp"

#include <cstdio>
#include <sstream>

namespace alphactor::app {

void SearchReport::write_json(JsonWriter& w) const {
  const SearchStats& s = result.stats;
  w.begin_object()
      .field("position", position)
      .field("depth", depth)
      .field("value", static_cast<std::int64_t>(result.value))
      .field("best_move", best_move);
  w.key("pv").begin_array();
  for (const auto& m : line) w.value(m);
  w.end_array();
  w.key("nodes")
      .begin_object()
      .field("total", s.nodes())
      .field("interior", s.interior_nodes)
      .field("leaf", s.leaf_nodes)
      .field("quiescence", s.quiescence_nodes)
      .field("researches", s.researches)
      .end_object();
  w.field("cutoffs", s.cutoffs)
      .field("tt_probes", s.tt_probes)
      .field("tt_hits", s.tt_hits)
      .field("tt_cuts", s.tt_cuts)
      .field("stopped", result.stopped)
      .field("time_s", result.seconds)
      .field("wall_s", result.seconds)
      .field("nps", nodes_per_second())
      .end_object();
}

std::string SearchReport::text() const {
  const SearchStats& s = result.stats;
  std::ostringstream o;
  char buf[160];
  o << "game        " << game << "  " << position << "\n";
  o << "algorithm   " << algorithm << "  depth " << depth << "\n";
  o << "value       " << result.value << (result.stopped ? "  (stopped early)" : "") << "\n";
  o << "best move   " << (best_move.empty() ? "-" : best_move) << "\n";
  o << "line       ";
  for (const auto& m : line) o << ' ' << m;
  o << "\n";
  std::snprintf(buf, sizeof buf, "nodes       %llu  (interior %llu, leaf %llu, quiescence %llu)\n",
                (unsigned long long)s.nodes(), (unsigned long long)s.interior_nodes,
                (unsigned long long)s.leaf_nodes, (unsigned long long)s.quiescence_nodes);
  o << buf;
  std::snprintf(buf, sizeof buf, "cutoffs     %llu  re-searches %llu  table hits %llu/%llu\n",
                (unsigned long long)s.cutoffs, (unsigned long long)s.researches,
                (unsigned long long)s.tt_hits, (unsigned long long)s.tt_probes);
  o << buf;
  std::snprintf(buf, sizeof buf, "time        %.3f s  (%.0f nodes/s)\n", result.seconds,
                nodes_per_second());
  o << buf;
  return o.str();
}

}  // namespace alphactor::app
