#include "app/config.hpp"

#include <toml++/toml.h>

#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <type_traits>

#include "actors/cost_model.hpp"
#include "algorithms/parallel.hpp"
#include "app/option_scope.hpp"
#include "search/input_error.hpp"
#include "search/options.hpp"
#include "topologies/topology.hpp"

namespace alphactor::app {
namespace {

[[noreturn]] void fail(const RunConfig& c, const std::string& key, const std::string& why) {
  throw InputError("config " + c.source + ": key '" + key + "': " + why);
}

template <typename T>
T get(const RunConfig& c, const toml::node& n, const std::string& key, const char* type) {
  // toml++ converts integers to bool: a boolean key takes only true or false.
  if constexpr (std::is_same_v<T, bool>)
    if (!n.is_boolean()) fail(c, key, std::string("expected ") + type);
  const auto v = n.value<T>();
  if (!v) fail(c, key, std::string("expected ") + type);
  return *v;
}

std::vector<std::string> get_strings(const RunConfig& c, const toml::node& n,
                                     const std::string& key) {
  const toml::array* a = n.as_array();
  if (!a) fail(c, key, "expected an array of strings");
  std::vector<std::string> out;
  for (const auto& e : *a) out.push_back(get<std::string>(c, e, key, "an array of strings"));
  if (out.empty()) fail(c, key, "must not be empty");
  return out;
}

std::int64_t get_int(const RunConfig& c, const toml::node& n, const std::string& key,
                     std::int64_t lo, std::int64_t hi) {
  const auto v = get<std::int64_t>(c, n, key, "an integer");
  if (v < lo || v > hi) fail(c, key, "must be " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

std::string get_choice(const RunConfig& c, const toml::node& n, const std::string& key,
                       std::initializer_list<const char*> choices) {
  const auto v = get<std::string>(c, n, key, "a string");
  std::string list;
  for (const char* x : choices) {
    if (v == x) return v;
    list += (list.empty() ? "" : ", ") + std::string(x);
  }
  fail(c, key, "unknown value '" + v + "' (" + list + ")");
}

void apply_cost(RunConfig& c, const std::string& field, const toml::node& n) {
  const std::string key = "costs." + field;
  std::int64_t v = 0;
  if (actors::is_cost_switch(field)) v = get<bool>(c, n, key, "true or false") ? 1 : 0;
  else v = get_int(c, n, key, 0, std::int64_t(1) << 50);
  try {
    actors::CostModel probe;
    actors::set_cost_field(probe, field, v);
  } catch (const InputError& e) {
    fail(c, key, e.what());
  }
  c.cost_overrides.emplace_back(field, v);
}

void apply_faults(RunConfig& c, const toml::node& n) {
  const toml::array* a = n.as_array();
  if (!a) fail(c, "faults", "expected an array of tables {processor = k, after_nodes = n}");
  c.faults.clear();
  for (const auto& e : *a) {
    const toml::table* t = e.as_table();
    if (!t) fail(c, "faults", "expected an array of tables {processor = k, after_nodes = n}");
    RunConfig::FaultSpec f;
    bool has_p = false, has_n = false;
    for (const auto& [k, v] : *t) {
      const std::string name(k.str());
      if (name == "processor")
        f.processor = int(get_int(c, v, "faults.processor", 1, 16383)), has_p = true;
      else if (name == "after_nodes")
        f.after_nodes =
            std::uint64_t(get_int(c, v, "faults.after_nodes", 0, std::int64_t(1) << 60)),
        has_n = true;
      else fail(c, "faults." + name, "unknown key (processor, after_nodes)");
    }
    if (!has_p || !has_n) fail(c, "faults", "each fault needs processor and after_nodes");
    c.faults.push_back(f);
  }
}

// A data file a config names: a relative path is tried from the working directory, then from
// the config's folder and its parent (the repository root for configs/*.toml).
std::filesystem::path data_path(const RunConfig& c, const std::string& name) {
  namespace fs = std::filesystem;
  fs::path path = name;
  if (path.is_relative() && !fs::exists(path)) {
    const fs::path dir = fs::path(c.source).parent_path();
    for (const fs::path& base : {dir, dir.parent_path()})
      if (fs::exists(base / name)) return base / name;
  }
  return path;
}

// A table of processor count = positive number (a paper's speedups, load or overhead); `bad`
// (which must not return) gets the offending key and whether the key itself is what is wrong.
std::vector<std::pair<int, double>> by_processors(
    const toml::table& table, const std::function<void(const std::string&, bool)>& bad) {
  std::vector<std::pair<int, double>> out;
  for (const auto& [k, v] : table) {
    int p = 0;
    const std::string ks(k.str());
    if (std::from_chars(ks.data(), ks.data() + ks.size(), p).ec != std::errc{} || p < 1 ||
        std::to_string(p) != ks)
      bad(ks, true);
    const auto x = v.value<double>();
    if (!x || *x <= 0) bad(ks, false);
    out.emplace_back(p, *x);
  }
  return out;
}

// paper = "FILE/ID": figure ID of data/papers/FILE.toml (data/papers/README.md) becomes the
// run's PaperFigures, printed and plotted beside the run's own.
void apply_paper(RunConfig& c, const toml::node& n) {
  const std::string ref = get<std::string>(c, n, "paper", "a string");
  const auto slash = ref.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == ref.size())
    fail(c, "paper", "expected FILE/ID (a figure of data/papers/FILE.toml), got '" + ref + "'");
  const std::string stem = ref.substr(0, slash), id = ref.substr(slash + 1);
  const std::string name = "data/papers/" + stem + ".toml";
  const std::filesystem::path path = data_path(c, name);
  if (!std::filesystem::exists(path)) fail(c, "paper", "cannot read '" + name + "'");
  toml::table file;
  try {
    file = toml::parse_file(path.string());
  } catch (const toml::parse_error& e) {
    fail(c, "paper",
         name + " line " + std::to_string(e.source().begin.line) + ": " +
             std::string(e.description()));
  }
  std::string ids;
  if (const toml::array* figures = file["figures"].as_array())
    for (const toml::node& f : *figures) {
      const toml::table* t = f.as_table();
      if (!t) continue;
      const std::string fid = (*t)["id"].value_or(std::string());
      ids += (ids.empty() ? "" : ", ") + fid;
      if (fid != id) continue;
      const toml::table* speedup = (*t)["speedup"].as_table();
      if (!speedup) fail(c, "paper", name + ": figure '" + id + "' has no speedup table");
      auto figures = [&](const toml::table& table, const std::string& what) {
        return by_processors(table, [&](const std::string& ks, bool) {
          fail(c, "paper",
               name + ": figure '" + id + "' has a bad " + what + " entry '" + ks + "'");
        });
      };
      PaperFigures fig;
      fig.figure = ref;
      fig.source = stem + " " + (*t)["where"].value_or(std::string("?")) + ": " +
                   (*t)["conditions"].value_or(std::string());
      fig.speedup = figures(*speedup, "speedup");
      if (const toml::table* ld = (*t)["load_pct"].as_table())
        fig.load_pct = figures(*ld, "load_pct");
      if (const toml::table* so = (*t)["search_overhead_pct"].as_table())
        fig.search_overhead_pct = figures(*so, "search_overhead_pct");
      const std::string aggregate = (*t)["aggregate"].value_or(std::string("mean"));
      if (aggregate != "mean" && aggregate != "sum")
        fail(c, "paper",
             name + ": figure '" + id + "': aggregate must be \"mean\" or \"sum\", got '" +
                 aggregate + "'");
      fig.summed = aggregate == "sum";
      c.paper = std::move(fig);
      return;
    }
  fail(c, "paper", "no figure '" + id + "' in " + name + " (" + (ids.empty() ? "none" : ids) + ")");
}

// positions_file: one position a line (blank lines and '#' comments skipped); for chess EPD
// lines the first four fields (the FEN). Found as data_path() says.
void apply_positions_file(RunConfig& c, const toml::node& n) {
  const std::string name = get<std::string>(c, n, "positions_file", "a string");
  const std::filesystem::path path = data_path(c, name);
  std::ifstream in(path);
  if (!in) fail(c, "positions_file", "cannot read '" + name + "'");
  c.positions.clear();
  std::string line;
  while (std::getline(in, line)) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    line = line.substr(first);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (c.game == "chess") {  // EPD: the four FEN fields
      std::istringstream fields(line);
      std::string f, fen;
      for (int i = 0; i < 4 && fields >> f; ++i) fen += (i ? " " : "") + f;
      line = fen;
    }
    c.positions.push_back(line);
  }
  if (c.positions.empty()) fail(c, "positions_file", "no positions in '" + name + "'");
}

// Keys a sequential config (algorithms = [...]) takes; every other known key describes a
// parallel run (and `table` names a placement, not just on or off, only there).
bool sequential_key(const std::string& key) {
  static const std::set<std::string> keys = {"title",
                                             "game",
                                             "positions",
                                             "positions_file",
                                             "positions_limit",
                                             "depth",
                                             "algorithms",
                                             "table",
                                             "hash",
                                             "killers",
                                             "history",
                                             "output",
                                             "plot",
                                             "iterative_deepening",
                                             "table_kb",
                                             "table_mb"};
  return keys.contains(key);
}

// A sequential config refuses the first key only parallel runs use, and a table placement.
void validate_sequential(const RunConfig& c) {
  for (const std::string& key : c.keys_given)
    if (!sequential_key(key))
      fail(c, key,
           "is for parallel runs (algorithm = \"ybwc\" or another of " +
               std::string(actors::kParallelAlgorithmNames) +
               "), and this config compares sequential searches");
  if (!c.table_placement.empty() && c.table_placement != "none")
    fail(c, "table",
         "a placement (\"" + c.table_placement +
             "\") is for parallel runs; a sequential config takes table = true or false");
}

void apply(RunConfig& c, const std::string& key, const toml::node& n) {
  c.keys_given.push_back(key);
  if (key.rfind("costs.", 0) == 0) return apply_cost(c, key.substr(6), n);
  if (key == "positions_file") return apply_positions_file(c, n);
  if (key == "title") c.title = get<std::string>(c, n, key, "a string");
  else if (key == "game") c.game = get<std::string>(c, n, key, "a string");
  else if (key == "positions") c.positions = get_strings(c, n, key);
  else if (key == "positions_limit") {
    const auto k = get<std::int64_t>(c, n, key, "an integer");
    if (k < 0) fail(c, key, "must be 0 (all) or more");
    c.positions_limit = static_cast<std::size_t>(k);
  } else if (key == "depth") {
    const auto d = get<std::int64_t>(c, n, key, "an integer");
    if (d < 1 || d > 127) fail(c, key, "must be 1..127");
    c.depth = static_cast<int>(d);
  } else if (key == "algorithms") {
    c.algorithms = get_strings(c, n, key);
    c.algorithms_given = true;
    for (const auto& a : c.algorithms)
      if (!parse_algorithm(a)) fail(c, key, "unknown algorithm '" + a + "'");
  } else if (key == "iterative_deepening")
    c.iterative_deepening = get<bool>(c, n, key, "true or false");
  else if (key == "table") {
    if (n.is_string()) {
      c.table_placement =
          get_choice(c, n, key, {"none", "local", "global", "distributed", "hybrid", "replicated"});
      c.table = c.table_placement != "none";
    } else {
      c.table =
          get<bool>(c, n, key,
                    "true, false, \"none\", \"local\", \"global\", \"distributed\", \"hybrid\" or "
                    "\"replicated\"");
    }
  } else if (key == "table_min_draft") c.table_min_draft = int(get_int(c, n, key, 0, 127));
  else if (key == "hybrid_draft") c.hybrid_draft = int(get_int(c, n, key, 0, 127));
  else if (key == "gossip")
    c.gossip_history = c.gossip_killers = get<bool>(c, n, key, "true or false");
  else if (key == "gossip_history") c.gossip_history = get<bool>(c, n, key, "true or false");
  else if (key == "gossip_killers") c.gossip_killers = get<bool>(c, n, key, "true or false");
  else if (key == "gossip_threshold") c.gossip_threshold = get_int(c, n, key, 0, 1 << 30);
  else if (key == "gossip_interval") c.gossip_interval = get_int(c, n, key, 0, 1'000'000'000);
  else if (key == "hash") {
    std::string text;
    if (const auto s = n.value<std::string>()) text = *s;
    else if (const auto d = n.value<double>()) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17g", *d);
      text = buf;
    } else fail(c, key, "expected a size: MiB (16, 0.5) or with a unit (\"320 KiB\")");
    try {
      c.hash_kb = parse_table_size(text, "value");
    } catch (const InputError& e) {
      fail(c, key, e.what());
    }
  } else if (key == "table_kb" || key == "table_mb") {
    fail(c, key,
         "is gone: use hash (MiB, or a size with its unit such as \"320 KiB\"; each "
         "processor's table in parallel runs)");
  } else if (key == "algorithm") {
    c.algorithm = get<std::string>(c, n, key, "a string");
    if (!actors::is_parallel_algorithm(c.algorithm))
      fail(c, key,
           "unknown parallel algorithm '" + c.algorithm + "' (" + actors::kParallelAlgorithmNames +
               ")");
  } else if (key == "processors") {
    c.processors.clear();
    if (const toml::array* a = n.as_array()) {
      for (const auto& e : *a)
        c.processors.push_back(int(get_int(c, e, key, 1, topo::kMaxProcessors)));
      if (c.processors.empty()) fail(c, key, "must not be empty");
    } else {
      c.processors.push_back(int(get_int(c, n, key, 1, topo::kMaxProcessors)));
    }
  } else if (key == "topology") {
    c.topology = get_choice(c, n, key,
                            {"tree", "star", "debruijn", "hypercube", "ring", "torus", "complete"});
  } else if (key == "fanout") c.fanout = int(get_int(c, n, key, 1, 1024));
  else if (key == "rows") c.rows = int(get_int(c, n, key, 0, topo::kMaxProcessors));
  else if (key == "mode") c.mode = get_choice(c, n, key, {"sim", "real"});
  else if (key == "threads") c.threads = int(get_int(c, n, key, 1, 256));
  else if (key == "cost") c.cost = get_choice(c, n, key, {"modern", "transputer1990", "sun1985"});
  else if (key == "costs") {
    const toml::table* t = n.as_table();
    if (!t) fail(c, key, "expected a table of cost fields");
    for (const auto& [k, v] : *t) apply_cost(c, std::string(k.str()), v);
  } else if (key == "seed") c.seed = std::uint64_t(get_int(c, n, key, 0, std::int64_t(1) << 62));
  else if (key == "slice") c.slice = std::uint64_t(get_int(c, n, key, 0, 1'000'000'000));
  else if (key == "min_split_depth") c.min_split_depth = int(get_int(c, n, key, -127, 127));
  else if (key == "cut_wait") c.cut_wait = int(get_int(c, n, key, 1, 256));
  else if (key == "inline_depth") c.inline_depth = int(get_int(c, n, key, 0, 127));
  else if (key == "lone_root_research")
    c.lone_root_research = get<bool>(c, n, key, "true or false");
  else if (key == "pvs") c.pvs = get<bool>(c, n, key, "true or false");
  else if (key == "killers") c.killers = get<bool>(c, n, key, "true or false");
  else if (key == "work_killers") c.work_killers = get<bool>(c, n, key, "true or false");
  else if (key == "work_hints") c.work_hints = get<bool>(c, n, key, "true or false");
  else if (key == "helping") c.helping = get<bool>(c, n, key, "true or false");
  else if (key == "affinity") c.affinity = get<bool>(c, n, key, "true or false");
  else if (key == "er_serial_ply") c.er_serial_ply = int(get_int(c, n, key, 0, 127));
  else if (key == "er_heap") c.er_heap = get_choice(c, n, key, {"central", "distributed"});
  else if (key == "parallel_refutation")
    c.parallel_refutation = get<bool>(c, n, key, "true or false");
  else if (key == "multiple_enodes") c.multiple_enodes = get<bool>(c, n, key, "true or false");
  else if (key == "early_choice") c.early_choice = get<bool>(c, n, key, "true or false");
  else if (key == "master_solves") c.master_solves = get<bool>(c, n, key, "true or false");
  else if (key == "speculative_rnodes")
    c.speculative_rnodes = get<bool>(c, n, key, "true or false");
  else if (key == "paper") apply_paper(c, n);
  else if (key == "paper_source") c.paper.source = get<std::string>(c, n, key, "a string");
  else if (key == "paper_speedup") {
    const toml::table* t = n.as_table();
    if (!t) fail(c, key, "expected a table of processor count = speedup");
    // Typed in, not from data/papers: speedups alone, a mean over positions.
    PaperFigures f;
    f.source = c.paper.source;
    f.speedup = by_processors(*t, [&](const std::string& ks, bool bad_count) {
      if (bad_count) fail(c, key, "'" + ks + "' is not a processor count");
      fail(c, key + "." + ks, "expected a positive number");
    });
    c.paper = std::move(f);
  } else if (key == "work_table_line") c.work_table_line = get<bool>(c, n, key, "true or false");
  else if (key == "history") c.history = get<bool>(c, n, key, "true or false");
  else if (key == "baseline") c.baseline = get_choice(c, n, key, {"best", "pvs", "alphabeta"});
  else if (key == "steal_backoff_us")
    c.steal_backoff_us = get_int(c, n, key, 0, 10'000'000);  // -1 (absent): mode default
  else if (key == "faults") apply_faults(c, n);
  else if (key == "output") c.output = get<std::string>(c, n, key, "a string");
  else if (key == "plot") c.plot = get<bool>(c, n, key, "true or false");
  else if (key == "trace") c.trace = get<std::string>(c, n, key, "a string");
  else if (key == "chrome_trace") c.chrome_trace = get<std::string>(c, n, key, "a string");
  else {
    fail(c, key, "unknown key");
  }
}

// Checks that need several keys: every processor count fits the topology, the cost preset
// suits the game, faults name existing processors.
void validate_parallel(RunConfig& c) {
  if (c.algorithms_given)
    fail(c, "algorithms",
         "compares sequential searches, and this config runs the parallel algorithm '" +
             c.algorithm + "': drop one of the two");
  if (c.topology.empty()) c.topology = actors::default_topology(c.algorithm);
  try {
    actors::check_topology(c.algorithm, c.topology);
  } catch (const InputError& e) {
    fail(c, "topology", e.what());
  }
  if (c.check_scope) {
    if (const auto o = option_out_of_scope(c.keys_given, c.algorithm, c.topology))
      fail(c, o->name, o->why);
    if (const auto why = table_out_of_scope(c.table ? c.table_placement : "", c.algorithm))
      fail(c, "table", *why);
  }
  for (const int p : c.processors) {
    try {
      (void)topo::Topology::make(c.topology, p, {c.fanout, c.rows});
    } catch (const InputError& e) {
      fail(c, "processors", e.what());
    }
    for (const auto& f : c.faults)
      if (f.processor >= p)
        fail(c, "faults",
             "processor " + std::to_string(f.processor) + " does not exist with " +
                 std::to_string(p) + " processors");
  }
  if (c.mode == "real" && !c.faults.empty() && c.threads < 1) fail(c, "threads", "must be >= 1");
  // A placement named without a size where the mode has none by default would search
  // without a table and say nothing.
  if (c.table && !c.table_placement.empty() && c.table_placement != "none" &&
      c.table_kilobytes() == 0)
    fail(c, "table",
         "\"" + c.table_placement + "\" needs hash = SIZE (" +
             no_default_table_note(c.mode == "real") + ")");
}

}  // namespace

std::size_t parse_table_size(const std::string& text, const std::string& what) {
  const auto bad = [&]() -> InputError {
    return InputError(what + " '" + text +
                      "': expected a size in MiB (16, 0.5) or with a unit (320KiB, 2GiB), "
                      "1 KiB..64 GiB");
  };
  std::size_t i = 0;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'))
    ++i;
  double number = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + i, number);
  if (i == 0 || ec != std::errc{} || end != text.data() + i) throw bad();
  std::string unit;
  for (std::size_t k = i; k < text.size(); ++k)
    if (text[k] != ' ') unit += char(std::tolower(static_cast<unsigned char>(text[k])));
  double kib = 0;
  if (unit.empty() || unit == "m" || unit == "mb" || unit == "mib") kib = number * 1024;
  else if (unit == "k" || unit == "kb" || unit == "kib") kib = number;
  else if (unit == "g" || unit == "gb" || unit == "gib") kib = number * 1024 * 1024;
  else throw bad();
  if (!(kib >= 1) || kib > 64.0 * 1024 * 1024) throw bad();
  return static_cast<std::size_t>(kib + 0.5);
}

std::size_t RunConfig::table_kilobytes() const {
  if (!table) return 0;
  if (hash_kb) return *hash_kb;
  if (!parallel()) return kDefaultTableKilobytes;
  return default_parallel_table_kilobytes(mode == "real", game);
}

std::string RunConfig::table_placement_name() const {
  if (!table) return "none";
  if (!table_placement.empty()) return table_placement;
  return default_table_placement(mode == "real");
}

namespace {
// `whole_spec`: the text names every key, as a launcher writes a run for its nodes
// (app/cluster_run.cpp), so keys the run does not use are not refused: the launcher checked
// what its user gave.
RunConfig from_document(const toml::table& doc, const std::string& path,
                        const std::vector<std::string>& overrides, bool whole_spec = false);
}  // namespace

RunConfig load_config(const std::string& path, const std::vector<std::string>& overrides) {
  toml::table doc;
  try {
    doc = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    std::ostringstream where;
    where << e.source().begin.line << ":" << e.source().begin.column;
    throw InputError("config " + path + ":" + where.str() + ": " + std::string(e.description()));
  }
  return from_document(doc, path, overrides);
}

RunConfig load_config_text(const std::string& text, const std::string& name) {
  toml::table doc;
  try {
    doc = toml::parse(text, name);
  } catch (const toml::parse_error& e) {
    throw InputError("config " + name + ":" + std::to_string(e.source().begin.line) + ": " +
                     std::string(e.description()));
  }
  return from_document(doc, name, {}, true);
}

namespace {
RunConfig from_document(const toml::table& doc, const std::string& path,
                        const std::vector<std::string>& overrides, bool whole_spec) {
  RunConfig c;
  c.source = path;
  c.check_scope = !whole_spec;
  const toml::array* runs = nullptr;
  for (const auto& [k, v] : doc) {
    if (k.str() == "runs") {
      runs = v.as_array();
      if (!runs || runs->empty()) fail(c, "runs", "expected an array of tables [[runs]]");
      continue;
    }
    apply(c, std::string(k.str()), v);
  }
  // --set values, parsed once; applied to the top level and again to every [[runs]] entry.
  std::vector<std::pair<std::string, toml::table>> sets;
  for (const auto& o : overrides) {
    const auto eq = o.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError("--set needs key=value, got '" + o + "'");
    const std::string key = o.substr(0, eq);
    toml::table t;
    try {
      t = toml::parse("v = " + o.substr(eq + 1));
    } catch (const toml::parse_error&) {
      try {  // a bare word is taken as a string
        t = toml::parse("v = \"" + o.substr(eq + 1) + "\"");
      } catch (const toml::parse_error& e) {
        throw InputError("--set " + key + ": bad value '" + o.substr(eq + 1) + "'");
      }
    }
    apply(c, key, *t.get("v"));
    sets.emplace_back(key, std::move(t));
  }
  const auto limit_positions = [](RunConfig& x) {
    if (x.positions_limit && x.positions.size() > x.positions_limit)
      x.positions.resize(x.positions_limit);
  };
  limit_positions(c);
  if (c.positions.empty()) fail(c, "positions", "missing");
  if (c.depth == 0) fail(c, "depth", "missing");
  if (runs) {
    for (const auto& r : *runs) {
      const toml::table* t = r.as_table();
      if (!t) fail(c, "runs", "expected an array of tables [[runs]]");
      RunConfig v = c;
      for (const auto& [k, x] : *t) {
        const std::string key(k.str());
        if (key == "name") v.name = get<std::string>(c, x, "runs.name", "a string");
        else if (key == "game" || key == "title" || key == "output" || key == "plot")
          fail(c, "runs." + key, "is shared by all runs: set it at the top level");
        else apply(v, key, x);
      }
      for (const auto& [key, t2] : sets) apply(v, key, *t2.get("v"));
      limit_positions(v);
      if (!v.parallel())
        fail(c, "runs", "each run needs a parallel algorithm (algorithm = \"ybwc\")");
      validate_parallel(v);
      c.variants.push_back(std::move(v));
    }
  } else if (c.parallel()) {
    validate_parallel(c);
  } else {
    validate_sequential(c);
  }
  return c;
}

}  // namespace

}  // namespace alphactor::app
