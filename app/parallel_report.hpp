// Parallel runs described for people and programs: one row per (position, processor count),
// a paper-style summary per processor count, JSON and CSV. The measures are those of
// docs/SIMULATION.md: speedup T(1)/T(P) against the best sequential search, efficiency,
// search overhead SO = N(P)/N(1) - 1, load LD = busy / (P T(P)), messages and bytes by kind,
// mean hops. Fields that may differ between two identical sim runs are named wall_*.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/parallel.hpp"
#include "app/json.hpp"
#include "app/json_reader.hpp"
#include "app/paper_figures.hpp"

namespace alphactor::app {

struct ParallelRow {
  std::string position;
  int processors = 1;
  Value value = 0;
  Value sequential_value = 0;
  std::string best_move;
  std::vector<std::string> pv;
  std::string baseline_algorithm;
  bool baseline_iterative = false;  // the fastest sequential program deepened iteratively
  std::uint64_t baseline_nodes = 0;
  double baseline_time_s = 0;  // T(1): virtual in sim mode, wall in real mode
  double time_s = 0;           // T(P)
  SearchStats nodes;           // summed over processors
  double busy_s = 0;           // summed over processors
  std::array<std::uint64_t, actors::kKindCount> messages{}, bytes{};
  std::uint64_t forwarded = 0;
  std::uint64_t delivered = 0, delivered_hops = 0;
  std::uint64_t dropped = 0;
  std::uint64_t jobs_given = 0, requests = 0, lost = 0;
  std::uint64_t late_answers = 0;     // table answers dropped: their node was finished
  std::uint64_t hint_jobs = 0;        // jobs sent with the previous iteration's lines
  std::uint64_t quiescence_jobs = 0;  // jobs given at remaining depth <= 0
  std::size_t max_table_bytes = 0;    // the largest table (share) one processor held
  std::size_t total_table_bytes = 0;  // all processors' table memory
  int died = 0;
  std::size_t max_memory_bytes = 0;
  std::uint64_t events = 0;
  double wall_seconds = 0;
  double wall_baseline_seconds = 0;

  [[nodiscard]] bool exact() const { return value == sequential_value; }
  // "pvs, iterative" or "alphabeta, depth at once": the sequential program T(1) comes from.
  [[nodiscard]] std::string baseline_label() const {
    return baseline_algorithm + (baseline_iterative ? ", iterative" : ", depth at once");
  }
  [[nodiscard]] double speedup() const { return time_s > 0 ? baseline_time_s / time_s : 0; }
  [[nodiscard]] double efficiency() const { return speedup() / processors; }
  [[nodiscard]] double search_overhead_pct() const {
    return baseline_nodes ? 100.0 * (double(nodes.nodes()) / double(baseline_nodes) - 1) : 0;
  }
  [[nodiscard]] double load_pct() const {
    return time_s > 0 ? 100.0 * busy_s / (processors * time_s) : 0;
  }
  [[nodiscard]] std::uint64_t total_messages() const;
  [[nodiscard]] std::uint64_t total_bytes() const;
  [[nodiscard]] double mean_hops() const {
    return delivered ? double(delivered_hops) / double(delivered) : 0;
  }
};

// Fills a row from a run and its baseline.
ParallelRow make_row(const std::string& position, int processors, const actors::RunOutcome& run,
                     const actors::Baseline& baseline, double wall_baseline_seconds);

// Rows of one processor count over all positions: SPE = sum T(1) / sum T(P) (ZUGZWANG) and
// the mean of per-position speedups (Marsland & Popowich).
struct ParallelSummary {
  int processors = 1;
  int positions = 0;
  int exact = 0;
  double sum_t1 = 0, sum_tp = 0, mean_speedup = 0;
  ParallelRow totals;  // sums of nodes, busy, messages...
  [[nodiscard]] double speedup() const { return sum_tp > 0 ? sum_t1 / sum_tp : 0; }
};
std::vector<ParallelSummary> summarize(const std::vector<ParallelRow>& rows);

// The paper-style table (one line per processor count) and, with `per_position`, one line per
// row above it.
std::string format_table(const std::vector<ParallelRow>& rows, bool per_position,
                         const std::string& time_unit);
// A paper's speedups beside alphactor's, per processor count, aggregated over positions as
// the paper does: against alphactor's own P = 1 run (needs P = 1 among the runs) and against
// the best sequential search; then the paper's load and search overhead beside the run's.
std::string format_paper_comparison(const std::vector<ParallelRow>& rows,
                                    const PaperFigures& paper);
void write_row_json(JsonWriter& w, const ParallelRow& r);
// A row as write_row_json wrote it (`run --resume`); InputError naming `where` if malformed.
ParallelRow row_from_json(const JsonValue& v, const std::string& where);
void write_summary_json(JsonWriter& w, const ParallelSummary& s);
// What each column of format_table() means, one line each (`--legend`).
std::string table_legend();
// What follows a table: the legend when asked for; on a terminal, one line pointing to it;
// nothing when the output goes to a file or pipe.
std::string legend_footer(bool full);

// A CSV field as RFC 4180 quotes it: in double quotes, a quote written twice.
std::string csv_field(std::string_view s);
// results.csv: one "run" line per position x P, one "summary" line per P (totals over the
// positions; speedup is SPE, value columns empty); no line ends.
std::string csv_header();
std::string csv_line(const ParallelRow& r);
std::string csv_summary_line(const ParallelSummary& s);

}  // namespace alphactor::app
