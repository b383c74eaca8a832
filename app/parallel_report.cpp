#include "app/parallel_report.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "app/result_schema.hpp"
#include "search/input_error.hpp"

namespace alphactor::app {

using actors::kKindCount;
using actors::kKindNames;

std::uint64_t ParallelRow::total_messages() const {
  std::uint64_t n = 0;
  for (auto m : messages) n += m;
  return n;
}
std::uint64_t ParallelRow::total_bytes() const {
  std::uint64_t n = 0;
  for (auto b : bytes) n += b;
  return n;
}

ParallelRow make_row(const std::string& position, int processors, const actors::RunOutcome& run,
                     const actors::Baseline& baseline, double wall_baseline_seconds) {
  ParallelRow r;
  r.position = position;
  r.processors = processors;
  r.value = run.result.value;
  r.sequential_value = baseline.value;
  r.baseline_algorithm = baseline.algorithm;
  r.baseline_iterative = baseline.iterative_deepening;
  r.baseline_nodes = baseline.stats.nodes();
  r.baseline_time_s = double(baseline.time_ns) * 1e-9;
  r.time_s = double(run.makespan_ns) * 1e-9;
  for (const auto& p : run.processors) {
    r.nodes += p.search;
    r.busy_s += double(p.busy_ns) * 1e-9;
    for (int k = 0; k < kKindCount; ++k) {
      r.messages[k] += p.sent[k];
      r.bytes[k] += p.sent_bytes[k];
      r.delivered += p.received[k];
    }
    r.forwarded += p.forwarded;
    r.delivered_hops += p.delivered_hops;
    r.dropped += p.dropped;
    r.jobs_given += p.algorithm.jobs_given;
    r.requests += p.algorithm.requests;
    r.lost += p.algorithm.jobs_lost;
    r.late_answers += p.algorithm.late_answers;
    r.hint_jobs += p.algorithm.hint_jobs;
    r.quiescence_jobs += p.algorithm.quiescence_jobs;
    r.max_table_bytes = std::max<std::size_t>(r.max_table_bytes, p.algorithm.table_bytes);
    r.total_table_bytes += p.algorithm.table_bytes;
    r.died += p.died ? 1 : 0;
    r.max_memory_bytes = std::max(r.max_memory_bytes, p.memory_bytes);
  }
  r.events = run.events;
  r.wall_seconds = run.wall_seconds;
  r.wall_baseline_seconds = wall_baseline_seconds;
  return r;
}

std::vector<ParallelSummary> summarize(const std::vector<ParallelRow>& rows) {
  std::map<int, ParallelSummary> by_p;
  for (const auto& r : rows) {
    ParallelSummary& s = by_p[r.processors];
    ParallelRow& t = s.totals;
    s.processors = t.processors = r.processors;
    ++s.positions;
    s.exact += r.exact() ? 1 : 0;
    s.sum_t1 += r.baseline_time_s;
    s.sum_tp += r.time_s;
    s.mean_speedup += r.speedup();
    t.baseline_time_s += r.baseline_time_s;
    t.time_s += r.time_s;
    t.baseline_nodes += r.baseline_nodes;
    t.nodes += r.nodes;
    t.busy_s += r.busy_s;
    for (int k = 0; k < kKindCount; ++k) {
      t.messages[k] += r.messages[k];
      t.bytes[k] += r.bytes[k];
    }
    t.forwarded += r.forwarded;
    t.delivered += r.delivered;
    t.delivered_hops += r.delivered_hops;
    t.dropped += r.dropped;
    t.jobs_given += r.jobs_given;
    t.requests += r.requests;
    t.lost += r.lost;
    t.late_answers += r.late_answers;
    t.hint_jobs += r.hint_jobs;
    t.quiescence_jobs += r.quiescence_jobs;
    t.max_table_bytes = std::max(t.max_table_bytes, r.max_table_bytes);
    t.total_table_bytes = std::max(t.total_table_bytes, r.total_table_bytes);
    t.died += r.died;
    t.events += r.events;
    t.wall_seconds += r.wall_seconds;
    t.wall_baseline_seconds += r.wall_baseline_seconds;
  }
  std::vector<ParallelSummary> out;
  for (auto& [p, s] : by_p) {
    s.mean_speedup /= s.positions;
    out.push_back(s);
  }
  return out;
}

namespace {

std::string human(double v) {
  char buf[32];
  if (v >= 1e9) std::snprintf(buf, sizeof buf, "%.2fG", v / 1e9);
  else if (v >= 1e6) std::snprintf(buf, sizeof buf, "%.2fM", v / 1e6);
  else if (v >= 1e4) std::snprintf(buf, sizeof buf, "%.1fk", v / 1e3);
  else std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

// The message kinds the table shows, with short headers.
constexpr std::pair<int, const char*> kShown[] = {
    {int(actors::Kind::kWorkRequest), "req"}, {int(actors::Kind::kWork), "work"},
    {int(actors::Kind::kNoWork), "nowork"},   {int(actors::Kind::kResult), "result"},
    {int(actors::Kind::kNewBound), "newbnd"}, {int(actors::Kind::kCutoff), "cutoff"}};
// Shown only when some row has them: the table and gossip messages (issue 6).
constexpr std::pair<int, const char*> kShownIfUsed[] = {
    {int(actors::Kind::kTableProbe), "probe"},    {int(actors::Kind::kTableAnswer), "answer"},
    {int(actors::Kind::kTableStore), "store"},    {int(actors::Kind::kHistoryUpdate), "hist"},
    {int(actors::Kind::kKillerUpdate), "killer"}, {int(actors::Kind::kFailHigh), "failhi"},
    {int(actors::Kind::kTableCopies), "copies"},  {int(actors::Kind::kGrant), "grant"},
    {int(actors::Kind::kErRequest), "ereq"},      {int(actors::Kind::kErProblem), "eprob"},
    {int(actors::Kind::kErResult), "eres"},       {int(actors::Kind::kErCancel), "ecancel"}};
using Shown = std::vector<std::pair<int, const char*>>;
Shown shown_kinds(const std::vector<ParallelRow>& rows) {
  Shown out(std::begin(kShown), std::end(kShown));
  for (const auto& kn : kShownIfUsed)
    if (std::any_of(rows.begin(), rows.end(),
                    [&](const ParallelRow& r) { return r.messages[kn.first] > 0; }))
      out.push_back(kn);
  return out;
}

void line(std::ostringstream& o, const Shown& shown, const std::string& label, const ParallelRow& t,
          double speedup, double mean_speedup, const char* exact) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%-8s %9s %10.3f %8.2f %8s %6.3f %7.1f %6.1f", label.c_str(),
                human(double(t.nodes.nodes())).c_str(), t.time_s, speedup,
                mean_speedup > 0 ? (std::to_string(mean_speedup).substr(0, 5)).c_str() : "",
                speedup / t.processors, t.search_overhead_pct(), t.load_pct());
  o << buf;
  for (const auto& [k, name] : shown)
    o << ' ' << std::string(std::max<int>(0, 7 - int(human(double(t.messages[k])).size())), ' ')
      << human(double(t.messages[k]));
  std::snprintf(buf, sizeof buf, " %8s %5.2f %s\n", human(double(t.total_bytes())).c_str(),
                t.mean_hops(), exact);
  o << buf;
}

}  // namespace

std::string format_table(const std::vector<ParallelRow>& rows, bool per_position,
                         const std::string& time_unit) {
  std::ostringstream o;
  char head[512];
  std::snprintf(head, sizeof head, "%-8s %9s %10s %8s %8s %6s %7s %6s", "P", "nodes",
                ("time " + time_unit).c_str(), "speedup", "mean-sp", "eff", "SO %", "load%");
  o << head;
  const Shown shown = shown_kinds(rows);
  for (const auto& [k, name] : shown)
    o << ' ' << std::string(7 - std::string(name).size(), ' ') << name;
  o << "    bytes  hops exact\n";
  if (per_position) {
    std::vector<std::string> seen;
    for (const auto& r : rows) {
      auto it = std::find(seen.begin(), seen.end(), r.position);
      if (it == seen.end()) it = seen.insert(seen.end(), r.position);
      const std::string label =
          " #" + std::to_string(it - seen.begin() + 1) + " " + std::to_string(r.processors);
      line(o, shown, label, r, r.speedup(), 0, r.exact() ? "yes" : "NO");
    }
  }
  const auto summaries = summarize(rows);
  for (const auto& s : summaries) {
    ParallelRow t = s.totals;
    const std::string exact = s.exact == s.positions
                                  ? "all"
                                  : std::to_string(s.exact) + "/" + std::to_string(s.positions);
    line(o, shown, std::to_string(s.processors), t, s.speedup(),
         s.positions > 1 ? s.mean_speedup : 0, exact.c_str());
  }
  // Faults are not a column (most runs have none): a line for each P where a processor died.
  for (const auto& s : summaries) {
    if (s.totals.died == 0) continue;
    o << "P = " << s.processors << ": " << s.totals.died << " processor death"
      << (s.totals.died == 1 ? "" : "s") << " over " << s.positions << " position"
      << (s.positions == 1 ? "" : "s") << ", " << s.totals.lost << " job"
      << (s.totals.lost == 1 ? "" : "s") << " lost with them and searched again\n";
  }
  return o.str();
}

std::string table_legend() {
  return "legend:\n"
         "  P          processors; '#k P' rows are position k of the list, the summary rows "
         "follow\n"
         "  nodes      nodes searched by all processors together (interior, leaves, quiescence)\n"
         "  time       the parallel search's time: s(v) virtual seconds (sim mode), s wall "
         "seconds\n"
         "  speedup    T(best sequential) / T(P), the positions' times added up (the best\n"
         "             sequential search: the fastest of PVS and alpha-beta, deepening or not,\n"
         "             same game, depth, tables and cost model)\n"
         "  mean-sp    the mean of the positions' own speedups (several positions only)\n"
         "  eff        efficiency: speedup / P\n"
         "  SO %       search overhead: nodes(P) / nodes(best sequential) - 1\n"
         "  load%      busy share: time spent searching / (P x time); the rest is idle or\n"
         "             handling messages\n"
         "  req work nowork result newbnd cutoff   messages sent, by kind: work request, work\n"
         "             (a subtree given), no work, result, new bound (NEWBOUND), cutoff (CUTOFF)\n"
         "  probe answer store   distributed table messages; hist killer: gossip; failhi: a\n"
         "             helper's early fail high; copies: replicated table entries; grant: DTS\n"
         "             processors handed back; ereq eprob eres ecancel: parallel ER's heap\n"
         "             (each shown only when some row has it)\n"
         "  bytes      bytes of all messages; hops: mean links a message crossed\n"
         "  exact      the root value equals the sequential search's: yes / NO per position,\n"
         "             all or k/n in a summary row\n"
         "More in docs/TUTORIAL.md.\n";
}

std::string legend_footer(bool full) {
  if (full) return table_legend();
  if (!isatty(STDOUT_FILENO)) return "";
  return "(speedup vs the best sequential search, eff = speedup / P, SO = search overhead, "
         "load = busy share, req..cutoff = messages by kind; --legend explains every column)\n";
}

std::string format_paper_comparison(const std::vector<ParallelRow>& rows,
                                    const PaperFigures& paper) {
  std::ostringstream o;
  o << "beside the paper" << (paper.source.empty() ? "" : " (" + paper.source + ")") << ": "
    << (paper.summed ? "speedup of the summed times, sum T(1) / sum T(P) over positions"
                     : "mean speedup over positions")
    << "\n";
  char line[160];
  std::snprintf(line, sizeof line, "%-8s %8s %16s %18s\n", "P", "paper", "vs own P = 1",
                "vs best sequential");
  o << line;
  auto cell = [](bool any, double x) {
    char b[32];
    std::snprintf(b, sizeof b, any ? "%.2f" : "-", x);
    return std::string(b);
  };
  const auto summaries = summarize(rows);
  for (const auto& [p, sp] : paper.speedup) {
    // Against the run's own P = 1 (summed times, or the mean of the positions' ratios) ...
    double own_t1 = 0, own_tp = 0, own_ratios = 0;
    int own_n = 0;
    for (const auto& r : rows) {
      if (r.processors != p || r.time_s <= 0) continue;
      for (const auto& one : rows)
        if (one.processors == 1 && one.position == r.position) {
          own_t1 += one.time_s;
          own_tp += r.time_s;
          own_ratios += one.time_s / r.time_s;
          ++own_n;
          break;
        }
    }
    const double own = paper.summed ? own_t1 / own_tp : own_ratios / own_n;
    // ... and against the best sequential search: the table's summary row, taken the same way.
    const auto s = std::find_if(summaries.begin(), summaries.end(),
                                [p = p](const ParallelSummary& x) { return x.processors == p; });
    const bool ran = s != summaries.end();
    const double best = !ran ? 0 : paper.summed ? s->speedup() : s->mean_speedup;
    std::snprintf(line, sizeof line, "%-8d %8.2f %16s %18s\n", p, sp, cell(own_n > 0, own).c_str(),
                  cell(ran, best).c_str());
    o << line;
  }
  // The paper's load and search overhead, where it gives them, beside the run's (all its
  // positions together, as the table's summary rows).
  auto paper_at = [](const std::vector<std::pair<int, double>>& v, int p) -> const double* {
    for (const auto& [q, x] : v)
      if (q == p) return &x;
    return nullptr;
  };
  for (const auto& s : summaries) {
    const double* ld = paper_at(paper.load_pct, s.processors);
    const double* so = paper_at(paper.search_overhead_pct, s.processors);
    if (!ld && !so) continue;
    o << "P = " << s.processors << ", the paper against here:";
    if (ld) {
      std::snprintf(line, sizeof line, " load %.1f %% / %.1f %%", *ld, s.totals.load_pct());
      o << line << (so ? "," : "");
    }
    if (so) {
      std::snprintf(line, sizeof line, " search overhead %.2f %% / %.2f %%", *so,
                    s.totals.search_overhead_pct());
      o << line;
    }
    o << "\n";
  }
  return o.str();
}

void write_row_json(JsonWriter& w, const ParallelRow& r) {
  w.begin_object()
      .field("position", r.position)
      .field("processors", r.processors)
      .field("value", static_cast<std::int64_t>(r.value))
      .field("sequential_value", static_cast<std::int64_t>(r.sequential_value))
      .field("exact", r.exact())
      .field("best_move", r.best_move);
  w.key("pv").begin_array();
  for (const auto& m : r.pv) w.value(m);
  w.end_array();
  w.key("baseline")
      .begin_object()
      .field("algorithm", r.baseline_algorithm)
      .field("iterative_deepening", r.baseline_iterative);
  write_node_total(w, r.baseline_nodes);
  w.field("time_s", r.baseline_time_s).end_object();
  w.field("time_s", r.time_s)
      .field("speedup", r.speedup())
      .field("efficiency", r.efficiency())
      .field("search_overhead_pct", r.search_overhead_pct())
      .field("load_pct", r.load_pct());
  w.key("nodes")
      .begin_object()
      .field("total", r.nodes.nodes())
      .field("interior", r.nodes.interior_nodes)
      .field("leaf", r.nodes.leaf_nodes)
      .field("quiescence", r.nodes.quiescence_nodes)
      .field("researches", r.nodes.researches)
      .end_object();
  w.key("messages").begin_object();
  for (int k = 0; k < kKindCount; ++k) {
    if (!r.messages[k]) continue;
    w.key(kKindNames[k])
        .begin_object()
        .field("count", r.messages[k])
        .field("bytes", r.bytes[k])
        .end_object();
  }
  w.end_object();
  w.field("messages_total", r.total_messages())
      .field("messages_delivered", r.delivered)
      .field("bytes_total", r.total_bytes())
      .field("messages_per_node",
             r.nodes.nodes() ? double(r.total_messages()) / double(r.nodes.nodes()) : 0.0)
      .field("forwarded", r.forwarded)
      .field("mean_hops", r.mean_hops())
      .field("dropped", r.dropped)
      .field("jobs_given", r.jobs_given)
      .field("work_requests", r.requests)
      .field("jobs_lost", r.lost)
      .field("late_table_answers", r.late_answers)
      .field("hint_jobs", r.hint_jobs)
      .field("quiescence_jobs", r.quiescence_jobs)
      .field("max_table_bytes", static_cast<std::uint64_t>(r.max_table_bytes))
      .field("total_table_bytes", static_cast<std::uint64_t>(r.total_table_bytes))
      .field("processors_died", r.died)
      .field("max_processor_bytes", static_cast<std::uint64_t>(r.max_memory_bytes))
      .field("events", r.events)
      .field("wall_s", r.wall_seconds)
      .field("wall_baseline_s", r.wall_baseline_seconds)
      .end_object();
}

ParallelRow row_from_json(const JsonValue& v, const std::string& where) {
  auto field = [&](const JsonValue& o, const char* key) -> const JsonValue& {
    const JsonValue* f = o.find(key);
    if (!f) throw InputError(where + ": no field '" + key + "'");
    return *f;
  };
  auto number = [&](const JsonValue& o, const char* key) {
    return field(o, key).as_number(where + "." + key);
  };
  auto count = [&](const JsonValue& o, const char* key) {
    return static_cast<std::uint64_t>(std::llround(number(o, key)));
  };
  ParallelRow r;
  r.position = field(v, "position").as_string(where + ".position");
  r.processors = static_cast<int>(number(v, "processors"));
  r.value = static_cast<Value>(number(v, "value"));
  r.sequential_value = static_cast<Value>(number(v, "sequential_value"));
  r.best_move = field(v, "best_move").as_string(where + ".best_move");
  for (const JsonValue& m : field(v, "pv").as_array(where + ".pv"))
    r.pv.push_back(m.as_string(where + ".pv"));
  const JsonValue& b = field(v, "baseline");
  r.baseline_algorithm = field(b, "algorithm").as_string(where + ".baseline.algorithm");
  r.baseline_iterative = field(b, "iterative_deepening").as_bool(where + ".baseline");
  r.baseline_nodes = count(field(b, "nodes"), "total");
  r.baseline_time_s = number(b, "time_s");
  r.time_s = number(v, "time_s");
  r.busy_s = number(v, "load_pct") / 100.0 * r.processors * r.time_s;
  const JsonValue& n = field(v, "nodes");
  r.nodes.interior_nodes = count(n, "interior");
  r.nodes.leaf_nodes = count(n, "leaf");
  r.nodes.quiescence_nodes = count(n, "quiescence");
  r.nodes.researches = count(n, "researches");
  const JsonValue& messages = field(v, "messages");
  for (int k = 0; k < kKindCount; ++k)
    if (const JsonValue* m = messages.find(kKindNames[k])) {
      r.messages[k] = count(*m, "count");
      r.bytes[k] = count(*m, "bytes");
    }
  r.delivered = count(v, "messages_delivered");
  r.delivered_hops = static_cast<std::uint64_t>(std::llround(number(v, "mean_hops") * r.delivered));
  r.forwarded = count(v, "forwarded");
  r.dropped = count(v, "dropped");
  r.jobs_given = count(v, "jobs_given");
  r.requests = count(v, "work_requests");
  r.lost = count(v, "jobs_lost");
  r.late_answers = count(v, "late_table_answers");
  r.hint_jobs = count(v, "hint_jobs");
  r.quiescence_jobs = count(v, "quiescence_jobs");
  r.max_table_bytes = count(v, "max_table_bytes");
  r.total_table_bytes = count(v, "total_table_bytes");
  r.died = static_cast<int>(number(v, "processors_died"));
  r.max_memory_bytes = count(v, "max_processor_bytes");
  r.events = count(v, "events");
  r.wall_seconds = number(v, "wall_s");
  r.wall_baseline_seconds = number(v, "wall_baseline_s");
  return r;
}

void write_summary_json(JsonWriter& w, const ParallelSummary& s) {
  const ParallelRow& t = s.totals;
  w.begin_object()
      .field("processors", s.processors)
      .field("positions", s.positions)
      .field("exact", s.exact)
      .field("speedup", s.speedup())
      .field("mean_speedup", s.mean_speedup)
      .field("efficiency", s.speedup() / s.processors)
      .field("search_overhead_pct", t.search_overhead_pct())
      .field("load_pct", t.load_pct())
      .field("baseline_nodes", t.baseline_nodes);
  write_node_total(w, t.nodes.nodes());
  w.field("time_s", t.time_s)
      .field("baseline_time_s", t.baseline_time_s)
      .field("messages_total", t.total_messages())
      .field("bytes_total", t.total_bytes())
      .field("mean_hops", t.mean_hops());
  w.key("messages_per_node").begin_object();
  for (int k = 0; k < kKindCount; ++k)
    if (t.messages[k])
      w.field(std::string(kKindNames[k]),
              t.nodes.nodes() ? double(t.messages[k]) / double(t.nodes.nodes()) : 0.0);
  w.end_object();
  w.field("late_table_answers", t.late_answers)
      .field("hint_jobs", t.hint_jobs)
      .field("quiescence_jobs", t.quiescence_jobs)
      .field("max_table_bytes", static_cast<std::uint64_t>(t.max_table_bytes))
      .field("wall_s", t.wall_seconds)
      .end_object();
}

std::string csv_header() {
  std::string h =
      "kind,position,processors,value,sequential_value,exact,baseline,baseline_nodes,"
      "baseline_time_s,time_s,speedup,efficiency,search_overhead_pct,load_pct,nodes,interior,leaf,"
      "quiescence";
  for (int k = 0; k < kKindCount; ++k) h += ",msg_" + std::string(kKindNames[k]);
  return h + ",bytes_total,mean_hops,forwarded,events,wall_s";
}

std::string csv_field(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + '"';
}

namespace {

// The columns after the values (value, sequential_value, exact), shared by both line kinds.
void csv_measures(std::ostringstream& o, const ParallelRow& r, double speedup, double efficiency) {
  o << ',' << csv_field(r.baseline_label()) << ',' << r.baseline_nodes << ',' << r.baseline_time_s
    << ',' << r.time_s << ',' << speedup << ',' << efficiency << ',' << r.search_overhead_pct()
    << ',' << r.load_pct() << ',' << r.nodes.nodes() << ',' << r.nodes.interior_nodes << ','
    << r.nodes.leaf_nodes << ',' << r.nodes.quiescence_nodes;
  for (int k = 0; k < kKindCount; ++k) o << ',' << r.messages[k];
  o << ',' << r.total_bytes() << ',' << r.mean_hops() << ',' << r.forwarded << ',' << r.events
    << ',' << r.wall_seconds;
}

}  // namespace

std::string csv_line(const ParallelRow& r) {
  std::ostringstream o;
  o << "run," << csv_field(r.position) << ',' << r.processors << ',' << r.value << ','
    << r.sequential_value << ',' << (r.exact() ? 1 : 0);
  csv_measures(o, r, r.speedup(), r.efficiency());
  return o.str();
}

std::string csv_summary_line(const ParallelSummary& s) {
  std::ostringstream o;
  o << "summary," << csv_field("all " + std::to_string(s.positions) + " positions") << ','
    << s.processors << ",,," << (s.exact == s.positions ? 1 : 0);
  csv_measures(o, s.totals, s.speedup(), s.speedup() / s.processors);
  return o.str();
}

}  // namespace alphactor::app
