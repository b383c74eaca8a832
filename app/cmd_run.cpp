// `alphactor run CONFIG.toml [--set key=value]...`: runs the experiment a config describes and
// prints a table per position (one row per algorithm).
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "app/cluster_run.hpp"
#include "app/commands.hpp"
#include "app/config.hpp"
#include "app/game_select.hpp"
#include "app/json_reader.hpp"
#include "app/parallel_runner.hpp"
#include "app/plot.hpp"
#include "app/provenance.hpp"
#include "app/result_schema.hpp"
#include "app/search_report.hpp"
#include "search/searcher.hpp"

namespace alphactor::app {
namespace {

struct RunArgs {
  std::string config;
  std::vector<std::string> sets;
  bool legend = false;
  bool resume = false;
  std::string nodes, secret;  // a run over several processes (actors/cluster.hpp)
};

// Parallel ER: when processor 0, which keeps the heap, solves problems too.
std::string master_solves_text(const actors::ParallelConfig& p) {
  if (p.er_master_solves) return *p.er_master_solves ? "always" : "never";
  return "up to P = " + std::to_string(actors::tunables::kErMasterSolvesUpTo);
}

// One experiment (the config itself, or one of its [[runs]]) as a JSON object.
void write_experiment_json(JsonWriter& w, const RunConfig& c, const actors::ParallelConfig& p,
                           const std::vector<ParallelRow>& rows) {
  w.begin_object()
      .field("name", c.name)
      .field("algorithm", c.algorithm)
      .field("depth", c.depth)
      .field("iterative_deepening", p.iterative_deepening)
      .field("deepen_like_baseline", p.deepen_like_baseline)
      .field("mode", c.mode)
      .field("threads", c.threads)
      .field("topology", c.topology)
      .field("cost", c.cost)
      .field("cost_note", p.costs.note)
      .field("seed", static_cast<std::uint64_t>(c.seed))
      .field("slice", static_cast<std::uint64_t>(p.slice_nodes ? p.slice_nodes : auto_slice(p)))
      .field("table_kb", static_cast<std::uint64_t>(p.table_kb))
      .field("table", std::string(actors::table_placement_name(p.table)))
      .field("table_min_draft", p.table_min_draft)
      .field("inline_depth", actors::resolved_inline_depth(p))
      .field("lone_root_research", actors::resolved_lone_root_research(p))
      .field("gossip_history", p.gossip_history)
      .field("gossip_killers", p.gossip_killers);
  if (actors::is_processor_tree_algorithm(c.algorithm))
    w.field("helping", p.helping).field("affinity", p.affinity);
  if (c.algorithm == "er")
    w.field("er_serial_ply", actors::er_serial_ply(p.er_serial_ply, p.depth))
        .field("parallel_refutation", p.er_parallel_refutation)
        .field("multiple_enodes", p.er_multiple_enodes)
        .field("early_choice", p.er_early_choice)
        .field("master_solves", master_solves_text(p))
        .field("speculative_rnodes", p.er_speculative_rnodes)
        .field("heap", p.er_distributed_heap ? "distributed" : "central");
  if (!c.paper.speedup.empty()) {
    w.key("paper")
        .begin_object()
        .field("figure", c.paper.figure)
        .field("source", c.paper.source)
        .field("aggregate", c.paper.summed ? "sum" : "mean");
    w.key("speedup").begin_array();
    for (const auto& [procs, sp] : c.paper.speedup)
      w.begin_object().field("processors", procs).field("speedup", sp).end_object();
    w.end_array().end_object();
  }
  w.key("results").begin_array();
  for (const auto& r : rows) write_row_json(w, r);
  w.end_array();
  w.key("summary").begin_array();
  for (const auto& s : summarize(rows)) write_summary_json(w, s);
  w.end_array();
  w.end_object();
}

struct Experiment {
  const RunConfig* config;
  actors::ParallelConfig parallel;
  std::vector<ParallelRow> rows;
};

// SIGINT or SIGTERM during a run with an output folder: the results of every finished
// position x P are already on disk (saved after each); say so and stop. A signal that comes
// while write_results() renames the two files waits until both are in place, so results.json
// and results.csv always hold the same rows (0: not renaming, 1: renaming, 2: a signal came
// meanwhile). Lock-free, so the handler may touch it.
std::string g_interrupt_note;  // set before the handlers are installed, never changed after
std::atomic<int> g_renaming{0};
std::atomic<int> g_deferred_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);
[[noreturn]] void exit_interrupted(int signal) {
  const ssize_t ignored = write(STDERR_FILENO, g_interrupt_note.data(), g_interrupt_note.size());
  (void)ignored;
  _exit(128 + signal);
}
extern "C" void on_interrupt(int signal) {
  int renaming = 1;
  g_deferred_signal.store(signal);
  if (g_renaming.compare_exchange_strong(renaming, 2)) return;  // write_results() exits
  exit_interrupted(signal);
}

void write_results(const RunConfig& top, const std::vector<Experiment>& done) {
  std::filesystem::create_directories(top.output);
  JsonWriter w;
  const Provenance provenance = provenance_now();
  begin_result_document(w, "run", top.source, provenance);
  w.field("title", top.title).field("config", top.source).field("game", top.game);
  w.key("experiments").begin_array();
  for (const auto& e : done) write_experiment_json(w, *e.config, e.parallel, e.rows);
  w.end_array().end_object();
  // Each file is written whole under a temporary name and renamed over the old one, so that
  // an interruption never leaves half a file.
  const std::string json = top.output + "/results.json", csv_path = top.output + "/results.csv";
  std::ofstream(json + ".part") << w.str() << "\n";
  {
    std::ofstream csv(csv_path + ".part");
    // Provenance on every line, so that lines from several runs can be concatenated.
    const std::string from = ',' + csv_field(provenance.commit) + ',' + csv_field(provenance.date) +
                             ',' + csv_field(provenance.host) + ',' + csv_field(top.source) + '\n';
    csv << "experiment," << csv_header() << ",commit,date,host,config\n";
    for (const auto& e : done) {
      const std::string name = csv_field(e.config->name) + ',';
      for (const auto& r : e.rows) csv << name << csv_line(r) << from;
      for (const auto& s : summarize(e.rows)) csv << name << csv_summary_line(s) << from;
    }
  }
  const auto done_renaming = [] {
    if (g_renaming.exchange(0) == 2) exit_interrupted(g_deferred_signal.load());
  };
  g_renaming.store(1);
  try {
    std::filesystem::rename(json + ".part", json);
    std::filesystem::rename(csv_path + ".part", csv_path);
  } catch (...) {
    done_renaming();
    throw;
  }
  done_renaming();
}

using EarlierRows = std::map<std::pair<std::string, int>, ParallelRow>;

// `run --resume`: the rows of results.json, experiment by experiment, once the file's
// experiments are shown to be the config's (same names and settings, in order).
std::vector<EarlierRows> earlier_rows(const RunConfig& top,
                                      const std::vector<const RunConfig*>& experiments) {
  std::vector<EarlierRows> out(experiments.size());
  if (top.output.empty()) throw InputError("--resume needs the config's output folder");
  const std::string path = top.output + "/results.json";
  if (!std::filesystem::exists(path)) {
    std::printf("resume: no %s yet, running everything\n", path.c_str());
    return out;
  }
  const JsonValue doc = read_json_file(path);
  if (const JsonValue* schema = doc.find("schema");
      !schema || !schema->is_string() || schema->as_string("") != kResultSchema)
    throw InputError("--resume: " + path + " is not in schema " + std::string(kResultSchema) +
                     " (written by an older alphactor?); move it away and run again");
  const JsonValue* list = doc.find("experiments");
  if (!list) throw InputError(path + ": no 'experiments' to resume from");
  const auto& saved = list->as_array(path + ": experiments");
  if (saved.size() > experiments.size())
    throw InputError("--resume: " + path + " has more experiments than the config");
  std::size_t rows = 0;
  for (std::size_t i = 0; i < saved.size(); ++i) {
    // The settings that change results, as the config gives them now.
    JsonWriter w;
    write_experiment_json(w, *experiments[i], parallel_config(*experiments[i]), {});
    const JsonValue now = parse_json(w.str());
    for (const char* key : {"name", "algorithm", "depth", "iterative_deepening", "mode", "threads",
                            "topology", "cost", "seed", "slice", "table_kb", "table",
                            "table_min_draft", "gossip_history", "gossip_killers"}) {
      const JsonValue* a = saved[i].find(key);
      const JsonValue* b = now.find(key);
      auto text = [](const JsonValue* v) {
        if (!v) return std::string("none");
        if (v->is_string()) return "'" + v->as_string("") + "'";
        if (v->is_bool()) return std::string(v->as_bool("") ? "true" : "false");
        if (v->is_number()) {
          char buf[32];
          std::snprintf(buf, sizeof buf, "%.15g", v->as_number(""));
          return std::string(buf);
        }
        return std::string("?");
      };
      if (text(a) != text(b))
        throw InputError("--resume: experiment " + std::to_string(i + 1) + " of " + path + " has " +
                         key + " " + text(a) + ", the config " + text(b));
    }
    const JsonValue* runs = saved[i].find("results");
    if (!runs) continue;
    const auto& list_rows = runs->as_array(path + ": results");
    for (std::size_t k = 0; k < list_rows.size(); ++k) {
      ParallelRow r = row_from_json(list_rows[k], path + ": experiments[" + std::to_string(i) +
                                                      "].results[" + std::to_string(k) + "]");
      out[i][{r.position, r.processors}] = std::move(r);
      ++rows;
    }
  }
  std::printf("resume: %zu finished runs from %s\n", rows, path.c_str());
  return out;
}

Experiment run_experiment_of(const RunConfig& c, bool legend,
                             std::function<void(const ParallelRow&)> row_done,
                             const EarlierRows* earlier, const actors::ClusterSpec& cluster) {
  ParallelExperiment e;
  e.config = parallel_config(c);
  e.config.cluster = cluster;
  e.game = c.game;
  e.positions = c.positions;
  e.processors = c.processors;
  e.trace_jsonl = c.trace;
  e.chrome_trace = c.chrome_trace;
  e.progress = true;
  e.row_done = std::move(row_done);
  if (earlier && !earlier->empty())
    e.finished = [earlier](const std::string& position, int p) -> const ParallelRow* {
      const auto it = earlier->find({position, p});
      return it == earlier->end() ? nullptr : &it->second;
    };
  const auto& p = e.config;
  if (!c.name.empty()) std::printf("\n== %s\n", c.name.c_str());
  std::printf("game %s, %zu position%s, depth %d%s; %s on %s; %s mode", c.game.c_str(),
              c.positions.size(), c.positions.size() == 1 ? "" : "s", c.depth,
              p.iterative_deepening ? " (iterative deepening)" : "", c.algorithm.c_str(),
              c.topology.c_str(), c.mode.c_str());
  if (p.mode == actors::Mode::kSim) std::printf(", cost %s", c.cost.c_str());
  else std::printf(", %d threads", c.threads);
  if (actors::uses_table(p))
    std::printf(
        ", table %s %zu KiB%s", std::string(actors::table_placement_name(p.table)).c_str(),
        p.table_kb,
        p.table_min_draft ? (" (drafts > " + std::to_string(p.table_min_draft) + ")").c_str() : "");
  if (p.gossip_history || p.gossip_killers) std::printf(", gossip");
  if (actors::is_processor_tree_algorithm(c.algorithm))
    std::printf("%s%s", p.helping ? ", helping" : ", no helping",
                p.affinity ? ", affinity" : ", no affinity");
  if (c.algorithm == "er")
    std::printf(
        ", %s heap, serial ply %d%s%s%s%s%s", p.er_distributed_heap ? "distributed" : "central",
        actors::er_serial_ply(p.er_serial_ply, p.depth),
        p.er_parallel_refutation ? ", parallel refutation" : "",
        p.er_multiple_enodes ? ", multiple e-nodes" : "", p.er_early_choice ? ", early choice" : "",
        // A distributed heap's processors all solve what they keep.
        p.er_distributed_heap ? "" : (", processor 0 solves " + master_solves_text(p)).c_str(),
        p.er_speculative_rnodes ? ", speculative r-nodes" : "");
  std::printf(", seed %llu, slice %llu nodes\n", (unsigned long long)c.seed,
              (unsigned long long)(p.slice_nodes ? p.slice_nodes : auto_slice(p)));
  if (!p.costs.note.empty() && p.mode == actors::Mode::kSim)
    std::printf("note: %s\n", p.costs.note.c_str());
  std::fflush(stdout);
  Experiment out{&c, e.config, run_experiment(e)};
  std::printf("%s", format_table(out.rows, c.positions.size() > 1 && out.rows.size() <= 40,
                                 p.mode == actors::Mode::kSim ? "s(v)" : "s")
                        .c_str());
  std::printf("%s", legend_footer(legend).c_str());
  if (!c.paper.speedup.empty())
    std::printf("%s", format_paper_comparison(out.rows, c.paper).c_str());
  std::fflush(stdout);
  return out;
}

void run_parallel_config(const RunConfig& c, bool legend, bool resume,
                         const actors::ClusterSpec& cluster) {
  if (!c.title.empty()) std::printf("%s\n", c.title.c_str());
  std::vector<Experiment> done;
  if (c.plot && c.output.empty())  // e.g. --set output= to keep a run's results off the disk
    std::fprintf(stderr,
                 "alphactor: no plots: plot = true needs an output folder, and it is empty\n");
  if (!c.output.empty()) {
    std::filesystem::create_directories(c.output);
    g_interrupt_note = "\nalphactor: interrupted; " + c.output +
                       "/results.json and results.csv hold the runs finished so far\n";
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
  }
  std::vector<const RunConfig*> experiments;
  if (c.variants.empty()) experiments.push_back(&c);
  for (const auto& v : c.variants) experiments.push_back(&v);
  const std::vector<EarlierRows> earlier =
      resume ? earlier_rows(c, experiments) : std::vector<EarlierRows>(experiments.size());
  try {
    for (std::size_t i = 0; i < experiments.size(); ++i) {
      const RunConfig* x = experiments[i];
      done.push_back(Experiment{x, parallel_config(*x), {}});
      Experiment result = run_experiment_of(
          *x, legend,
          [&](const ParallelRow& r) {
            done.back().rows.push_back(r);
            if (!c.output.empty()) write_results(c, done);
          },
          &earlier[i], cluster);
      done.back() = std::move(result);
    }
  } catch (const actors::Deadlock&) {  // main reports it (exit 4); the finished rows are saved
    if (!c.output.empty())
      std::fprintf(stderr,
                   "alphactor: %s/results.json and results.csv hold the runs finished so far\n",
                   c.output.c_str());
    throw;
  }
  if (!c.output.empty()) {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    write_results(c, done);
    std::printf("results: %s/results.json, %s/results.csv\n", c.output.c_str(), c.output.c_str());
    if (c.plot) plot_results_file(c.output + "/results.json", c.output);
  }
  int wrong = 0;
  for (const auto& e : done)
    for (const auto& r : e.rows) wrong += r.exact() ? 0 : 1;
  if (wrong) {
    std::printf("%d runs disagree with the sequential root value\n", wrong);
    command_exit_code() = 1;
  }
}

// A sequential config's results.json (one experiment per algorithm, one result per position)
// and results.csv, in the schema of docs/JSON.md.
void write_sequential_results(const RunConfig& c, const std::vector<SearchReport>& reports) {
  std::filesystem::create_directories(c.output);
  const Provenance provenance = provenance_now();
  JsonWriter w;
  begin_result_document(w, "run", c.source, provenance);
  w.field("title", c.title).field("config", c.source).field("game", c.game);
  w.key("experiments").begin_array();
  for (const auto& name : c.algorithms) {
    w.begin_object()
        .field("name", name)
        .field("algorithm", name)
        .field("depth", c.depth)
        .field("iterative_deepening", c.iterative_deepening.value_or(false))
        .field("table", c.table)
        .field("table_kb", static_cast<std::uint64_t>(c.table_kilobytes()));
    w.key("results").begin_array();
    for (const auto& r : reports)
      if (r.algorithm == name) r.write_json(w);
    w.end_array().end_object();
  }
  w.end_array().end_object();
  const std::string json = c.output + "/results.json", csv_path = c.output + "/results.csv";
  std::ofstream(json + ".part") << w.str() << "\n";
  {
    std::ofstream csv(csv_path + ".part");
    csv << "experiment,kind,position,depth,value,best_move,nodes,interior,leaf,quiescence,"
           "cutoffs,time_s,nps,commit,date,host,config\n";
    for (const auto& r : reports) {
      const SearchStats& s = r.result.stats;
      csv << csv_field(r.algorithm) << ",run," << csv_field(r.position) << ',' << r.depth << ','
          << r.result.value << ',' << csv_field(r.best_move) << ',' << s.nodes() << ','
          << s.interior_nodes << ',' << s.leaf_nodes << ',' << s.quiescence_nodes << ','
          << s.cutoffs << ',' << r.result.seconds << ',' << r.nodes_per_second() << ','
          << csv_field(provenance.commit) << ',' << csv_field(provenance.date) << ','
          << csv_field(provenance.host) << ',' << csv_field(c.source) << '\n';
    }
  }
  std::filesystem::rename(json + ".part", json);
  std::filesystem::rename(csv_path + ".part", csv_path);
  std::printf("\nresults: %s, %s\n", json.c_str(), csv_path.c_str());
}

// --nodes for a config: every experiment of it must be real mode without traces.
actors::ClusterSpec config_cluster(const std::string& nodes, const std::string& secret,
                                   const RunConfig& c) {
  bool real = c.mode == "real", traced = !c.trace.empty() || !c.chrome_trace.empty();
  for (const auto& v : c.variants) {
    real = real && v.mode == "real";
    traced = traced || !v.trace.empty() || !v.chrome_trace.empty();
  }
  return cluster_of(nodes, secret, real, traced);
}

void run_config(const RunArgs& a) {
  const RunConfig c = load_config(a.config, a.sets);
  if (c.parallel())
    return run_parallel_config(c, a.legend, a.resume, config_cluster(a.nodes, a.secret, c));
  if (!a.nodes.empty()) throw InputError("--nodes is for parallel configs in real mode");
  if (a.resume) throw InputError("--resume is for parallel configs (their results.json)");
  if (!c.title.empty()) std::printf("%s\n", c.title.c_str());
  std::printf("game %s, depth %d%s, table %s\n", c.game.c_str(), c.depth,
              c.iterative_deepening.value_or(false) ? " (iterative deepening)" : "",
              c.table ? "on" : "off");
  if (c.plot)
    std::fprintf(stderr, "alphactor: no plots: a sequential config has no processor counts\n");
  int mismatches = 0;
  std::vector<SearchReport> reports;
  for (const auto& position : c.positions) {
    std::printf("\nposition %s\n", position.c_str());
    std::printf("  %-10s %8s %12s %12s %12s %10s %12s\n", "algorithm", "value", "nodes", "leaves",
                "cutoffs", "time s", "nodes/s");
    std::optional<Value> reference;
    for (const auto& name : c.algorithms) {
      SearchOptions opt;
      opt.algorithm = *parse_algorithm(name);
      opt.depth = c.depth;
      opt.iterative_deepening = c.iterative_deepening.value_or(false);
      opt.use_table = c.table;
      opt.table_kilobytes = c.table_kilobytes();
      opt.killers = c.killers;
      opt.history = c.history;
      reports.push_back(with_game(PositionChoice{c.game, position}, [&](auto& game) {
        return search_and_report(game, opt, c.game, position, name);
      }));
      const SearchResult& r = reports.back().result;
      if (!reference) reference = r.value;
      const bool same = r.value == *reference;
      mismatches += same ? 0 : 1;
      std::printf("  %-10s %8d %12llu %12llu %12llu %10.3f %12.0f%s\n", name.c_str(), r.value,
                  (unsigned long long)r.stats.nodes(), (unsigned long long)r.stats.leaf_nodes,
                  (unsigned long long)r.stats.cutoffs, r.seconds,
                  r.seconds > 0 ? r.stats.nodes() / r.seconds : 0.0, same ? "" : "  VALUE DIFFERS");
    }
  }
  if (!c.output.empty()) write_sequential_results(c, reports);
  if (mismatches) {
    std::printf("\n%d searches disagree with the first algorithm's value\n", mismatches);
    command_exit_code() = 1;
  }
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand("run", "run the experiment described by a TOML config");
  cmd->add_option("config", args->config, "config file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--set", args->sets, "override a config key: key=value (repeatable)");
  cmd->add_flag("--legend", args->legend, "explain the table's columns under every table");
  cmd->add_flag("--resume", args->resume,
                "take the runs already in the output folder's results.json, run the rest");
  cmd->add_option("--nodes", args->nodes,
                  "real mode: spread the processors over these `alphactor node`s too, "
                  "HOST:PORT,... (contiguous blocks; this process keeps the first)");
  cmd->add_option("--secret", args->secret,
                  "the nodes' secret (default: the environment's ALPHACTOR_SECRET)");
  cmd->callback([args] { run_config(*args); });
}

}  // namespace alphactor::app
