#include "app/parallel_runner.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "actors/tunables.hpp"
#include "app/cluster_run.hpp"
#include "app/game_select.hpp"
#include "app/search_report.hpp"

namespace alphactor::app {
namespace {

// FILE.ext -> FILE.P<p>.<i>.ext when an experiment has several runs.
std::string run_file(const std::string& path, bool several, int processors, int position) {
  if (path.empty() || !several) return path;
  const auto slash = path.find_last_of('/');
  const auto dot = path.find_last_of('.');
  const std::string suffix = ".P" + std::to_string(processors) + "." + std::to_string(position);
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return path + suffix;
  return path.substr(0, dot) + suffix + path.substr(dot);
}

// Where the processors ran and what crossed between processes (stderr: stdout may be JSON).
void report_cluster_run(const actors::ParallelConfig& c, const actors::RunOutcome& run) {
  std::uint64_t messages = 0, bytes = 0;
  int lost = 0;
  for (const auto& s : run.processors) {
    messages += s.remote_sent;
    bytes += s.remote_sent_bytes;
    lost += s.died ? 1 : 0;
  }
  std::fprintf(
      stderr, "nodes: P = %d on %s; %llu messages, %llu bytes between processes%s\n", c.processors,
      actors::placement_text(actors::placement(c.processors, c.cluster.nodes.size()), c.cluster)
          .c_str(),
      (unsigned long long)messages, (unsigned long long)bytes,
      lost ? (", " + std::to_string(lost) + " processors died").c_str() : "");
}

}  // namespace

actors::ParallelConfig parallel_config(const RunConfig& c) {
  actors::ParallelConfig p;
  p.algorithm = c.algorithm;
  p.depth = c.depth;
  p.iterative_deepening = c.iterative_deepening.value_or(true);
  p.deepen_like_baseline =
      deepens_like_baseline_by_default(c.mode == "real", c.game) && !c.iterative_deepening;
  p.pvs = c.pvs;
  p.killers = c.killers;
  p.history = c.history;
  p.min_split_depth = c.min_split_depth;
  p.cut_wait = c.cut_wait;
  p.inline_depth = c.inline_depth;
  p.lone_root_research = c.lone_root_research;
  p.work_killers = c.work_killers;
  p.work_hints = c.work_hints;
  p.helping = c.helping;
  p.affinity = c.affinity;
  p.er_serial_ply = c.er_serial_ply;
  p.er_parallel_refutation = c.parallel_refutation;
  p.er_multiple_enodes = c.multiple_enodes;
  p.er_early_choice = c.early_choice;
  p.er_master_solves = c.master_solves;
  p.er_speculative_rnodes = c.speculative_rnodes;
  p.er_distributed_heap = c.er_heap == "distributed";
  p.work_table_line = c.work_table_line;
  p.slice_nodes = c.slice;
  p.table_kb = c.table_kilobytes();
  p.table = actors::parse_table_placement(c.table_placement_name());
  p.table_min_draft = c.table_min_draft;
  p.hybrid_draft = c.hybrid_draft;
  p.gossip_history = c.gossip_history;
  p.gossip_killers = c.gossip_killers;
  p.gossip_threshold = c.gossip_threshold;
  p.gossip_interval = c.gossip_interval;
  p.steal_backoff_ns = c.steal_backoff_us < 0 ? -1 : c.steal_backoff_us * 1000;
  p.topology = c.topology;
  p.topology_params = {c.fanout, c.rows};
  p.mode = c.mode == "real" ? actors::Mode::kReal : actors::Mode::kSim;
  p.threads = c.threads;
  p.costs = actors::cost_preset(c.cost, c.game);
  for (const auto& [field, v] : c.cost_overrides) actors::set_cost_field(p.costs, field, v);
  p.seed = c.seed;
  for (const auto& f : c.faults) p.faults.push_back({f.processor, f.after_nodes});
  p.baseline = c.baseline;
  return p;
}

std::uint64_t auto_slice(const actors::ParallelConfig& c) {
  if (c.mode == actors::Mode::kReal) return actors::tunables::kRealSliceNodes;
  const std::int64_t node = std::max<std::int64_t>(1, c.costs.interior_ns);
  return std::uint64_t(std::max<std::int64_t>(1, actors::tunables::kSimSliceNs / node));
}

std::vector<ParallelRow> run_experiment(const ParallelExperiment& e) {
  std::vector<ParallelRow> rows;
  const bool several = e.positions.size() * e.processors.size() > 1;
  const bool show = e.progress && isatty(STDERR_FILENO);
  const std::size_t total = e.positions.size() * e.processors.size();
  const auto started = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < e.positions.size(); ++i) {
    auto earlier = [&](int p) { return e.finished ? e.finished(e.positions[i], p) : nullptr; };
    if (std::all_of(e.processors.begin(), e.processors.end(), earlier)) {
      for (const int p : e.processors) {  // nothing left here: not even the baseline
        rows.push_back(*earlier(p));
        if (e.row_done) e.row_done(rows.back());
      }
      continue;
    }
    with_game(PositionChoice{e.game, e.positions[i]}, [&](auto& game) {
      actors::ParallelConfig c = e.config;
      if (c.slice_nodes == 0) c.slice_nodes = auto_slice(c);
      const auto t0 = std::chrono::steady_clock::now();
      const actors::Baseline baseline = actors::sequential_baseline(game, c);
      if (c.deepen_like_baseline) c.iterative_deepening = baseline.iterative_deepening;
      const double wall_baseline =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      spdlog::info("position {}/{} ({}): best sequential {}{}, value {}, {} nodes, {:.2f} s wall",
                   i + 1, e.positions.size(), e.positions[i], baseline.algorithm,
                   baseline.iterative_deepening ? " deepening" : "", baseline.value,
                   baseline.stats.nodes(), wall_baseline);
      for (const int p : e.processors) {
        if (const ParallelRow* done = earlier(p)) {
          rows.push_back(*done);
          if (e.row_done) e.row_done(rows.back());
          continue;
        }
        if (show) {  // the rest's time guessed from the mean so far: rough, P differ
          const double elapsed =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
          char eta[48] = "";
          if (!rows.empty())
            std::snprintf(eta, sizeof eta, ", about %.0f s left",
                          elapsed / double(rows.size()) * double(total - rows.size()));
          std::fprintf(stderr, "\r[%zu/%zu] position %zu, P = %d, %.0f s elapsed%s   ",
                       rows.size() + 1, total, i + 1, p, elapsed, eta);
          std::fflush(stderr);
        }
        c.processors = p;
        c.trace_jsonl = run_file(e.trace_jsonl, several, p, int(i));
        c.chrome_trace = run_file(e.chrome_trace, several, p, int(i));
        const topo::Topology t = topo::Topology::make(c.topology, p, c.topology_params);
        if (!c.cluster.nodes.empty()) c.cluster.run_text = run_spec_text(e.game, e.positions[i], c);
        const actors::RunOutcome run = actors::run_parallel(game, c, t);
        if (!c.cluster.nodes.empty()) report_cluster_run(c, run);
        for (const std::string* f : {&c.trace_jsonl, &c.chrome_trace})  // names as written
          if (!f->empty()) std::fprintf(stderr, "trace: %s\n", f->c_str());
        ParallelRow row = make_row(e.positions[i], p, run, baseline, wall_baseline);
        spdlog::info(
            "position {}, P = {}: value {}, speedup {:.2f}, SO {:.1f} %, load {:.1f} %, "
            "{} messages, {:.2f} s wall",
            i + 1, p, row.value, row.speedup(), row.search_overhead_pct(), row.load_pct(),
            row.total_messages(), row.wall_seconds);
        if (!row.exact())
          spdlog::warn("position {}, P = {}: value {} differs from the sequential {}", i + 1, p,
                       row.value, row.sequential_value);
        row.pv = line_text(game, run.result.line);
        if (!row.pv.empty()) row.best_move = row.pv.front();
        rows.push_back(std::move(row));
        if (e.row_done) e.row_done(rows.back());
      }
    });
  }
  if (show) std::fprintf(stderr, "\r%80s\r", "");
  return rows;
}

}  // namespace alphactor::app
