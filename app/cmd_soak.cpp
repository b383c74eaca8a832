#include "app/cmd_soak.hpp"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include "actors/cost_model.hpp"
#include "actors/protocol.hpp"
#include "algorithms/parallel.hpp"
#include "app/bench_suite.hpp"
#include "app/commands.hpp"
#include "app/json.hpp"
#include "app/result_schema.hpp"
#include "app/search_args.hpp"
#include "search/context.hpp"

#ifndef ALPHACTOR_DATA_DIR
#define ALPHACTOR_DATA_DIR "data"
#endif

namespace alphactor::app {
namespace {

// Simulator events a drawn sim case's idle asking may take, about: see SoakDrawer::position.
constexpr double kSoakAskingEvents = 10e6;
// A case's guard (--max-seconds): this, plus a second for every kSoakGuardProcessorsPerSecond
// processors. It catches a run that searches for ever; the no-progress guard (actors/run.hpp)
// stops a run that stops searching much sooner.
constexpr int kSoakGuardBaseSeconds = 60;
constexpr int kSoakGuardProcessorsPerSecond = 16;
// Sim cases above this P run under the modern preset only (see SoakDrawer::next).
constexpr int kSoakLargeP = 256;

std::vector<std::string> split_names(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    const auto comma = list.find(',');
    std::string_view name = list.substr(0, comma);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    out.emplace_back(name);
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
  }
  return out;
}

// The diameter of `topology` at P = p, or nothing when it does not take p.
std::optional<int> topology_diameter(const std::string& topology, int p) {
  try {
    return topo::Topology::make(topology, p).diameter();
  } catch (const InputError&) {
    return std::nullopt;
  }
}

// The first `fields` whitespace-separated fields of every line not blank and not a comment.
std::vector<std::string> first_fields(const std::string& path, int fields) {
  std::vector<std::string> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string w, joined;
    int n = 0;
    while (n < fields && words >> w) joined += (n++ ? " " : "") + w;
    if (n == fields && joined[0] != '#') out.push_back(joined);
  }
  return out;
}

// The case being run, for a crash that takes the process down: printed by the handler.
std::string g_running;  // "\nalphactor: soak crashed in: <replay>\n", set before each run
extern "C" void on_crash(int signal) {
  const ssize_t ignored = write(STDERR_FILENO, g_running.data(), g_running.size());
  (void)ignored;
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

}  // namespace

SoakDrawer::SoakDrawer(std::uint64_t seed, int max_p_sim, int max_p_real,
                       std::vector<std::string> fens, std::vector<std::string> boards)
    : state_(seed * 0x9e3779b97f4a7c15ULL + 1),
      max_p_sim_(max_p_sim),
      max_p_real_(max_p_real),
      fens_(std::move(fens)),
      boards_(std::move(boards)) {}

std::uint64_t SoakDrawer::below(std::uint64_t n) {  // splitmix64: the same on every platform
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return (z ^ (z >> 31)) % n;
}

// A game and position whose sequential search is about `budget` x a few tens of thousands of
// nodes (fewer at large P: the simulator's cost grows with the processors), and its depth.
std::string SoakDrawer::position(SoakCase& c, double budget, int& depth) {
  const std::uint64_t game = below(10);
  const int p = c.processors;
  // At P = 4096 the simulator's cost is the idle processors' requests over the whole search
  // (ybwc on DB(12), a w = 2 tree of ~1500 nodes: over 60 s on a loaded machine).
  // Across a wide network (a ring of thousands) every message to a far processor crosses
  // hundreds of hops: virtual time, and the idle processors' asking meanwhile, grow with the
  // diameter too (ybwc, ring of 2815, distributed table, a random w = 3 tree of depth 6: two
  // minutes).
  const int diameter = c.diameter;
  double nodes = budget *
                 (p <= 64     ? 20000
                  : p <= 512  ? 5000
                  : p <= 1024 ? 1500
                              : 300) /
                 std::max(1.0, diameter / 16.0);
  const int small = p > 512 || budget < 0.5 ? 1 : 0;  // shallower chess and Othello
  // In sim mode every idle processor asks for work over the whole search, one simulator
  // event at least per link time: about nodes x (node cost / link time) x P events where the
  // search keeps few processors busy. Under transputer1990 a node costs 34 (trees) to 160
  // (chess) link times against 0.15-0.7 under the others, so its searches are held to
  // kSoakAskingEvents by that count (ybwc on a torus of 204, a 11.5 k-node tree: 87 s of CPU).
  // Where the forwarders are simulated one by one (a processor may be killed, drawn later), a
  // message is one event a hop, about half the diameter: ybwc on a processor tree of 30,
  // transputer1990, a killed processor, 2.5 M requests of 4.9 hops took 9 s, and over the
  // 61 s guard under AddressSanitizer.
  const char* game_name = game < 6 ? "tree" : game < 8 ? "chess" : "othello";
  if (!c.cost.empty()) {
    const actors::CostModel m = actors::cost_preset(c.cost, game_name);
    const double links_per_node =
        double(m.interior_ns) / double(m.link_ns(actors::wire_bytes(actors::WorkRequest{})));
    const double hops = std::max(1.0, diameter / 2.0);
    nodes = std::min(nodes, budget * kSoakAskingEvents / (links_per_node * p * hops));
  }
  if (game < 6) {  // synthetic trees: random, ordered, irregular
    const int w = 2 + int(below(7));
    // An irregular tree draws each node's branching from 2..max(3, w): size it by that mean,
    // not by w (w = 2 drawn as 2..3 at depth 14 is 32 k nodes where 5 k were meant, and with
    // 204 processors asking for work over the whole search, a minute of simulator time).
    const bool irregular = game >= 4;
    const double width = irregular ? (2.0 + std::max(3, w)) / 2 : w;
    const int d = std::clamp(int(std::log(nodes) / (0.75 * std::log(width))), 2, 14);
    depth = chance(25) ? d - 1 : d;
    const std::string seed = std::to_string(1 + below(1000));
    c.args.insert(c.args.end(), {"--game", "tree", "--tree"});
    if (game < 2)
      return "random:w=" + std::to_string(w) + ",d=" + std::to_string(d) + ",seed=" + seed;
    if (game < 4) {
      const char* ordering[] = {"0.5", "0.7", "0.9"};
      return "ordered:w=" + std::to_string(w) + ",d=" + std::to_string(d) +
             ",p=" + ordering[below(3)] + ",seed=" + seed;
    }
    return "irregular:w=2.." + std::to_string(std::max(3, w)) + ",d=" + std::to_string(d) +
           ",seed=" + seed;
  }
  if (game < 8) {
    // Chess from the suites' middlegames: depth 3 is some 5-50 k nodes, depth 2 a few k.
    const int deepest = nodes < 1000 ? 1 : nodes < 10000 ? 2 : 3;
    depth = 1 + int(below(std::uint64_t(std::min(deepest, p > 1024 ? 1 : 3 - small))));
    c.args.insert(c.args.end(), {"--game", "chess", "--fen"});
    return fens_[below(fens_.size())];
  }
  const std::string& board = boards_[below(boards_.size())];
  // Othello: about 5^depth nodes.
  const int deepest = std::max(1, int(std::log(std::max(nodes, 1.0)) / std::log(5.0)));
  depth = 1 + int(below(std::uint64_t(std::min(deepest, p > 1024           ? 2
                                                        : board == "start" ? 6 - 2 * small
                                                                           : 4 - small))));
  c.args.insert(c.args.end(), {"--game", "othello", "--board"});
  return board;
}

SoakCase SoakDrawer::next(double budget, double seconds_left) {
  SoakCase c;
  // Every algorithm once per round, in a drawn order: a short soak covers them all.
  if (next_algorithm_ == order_.size()) {
    order_.clear();
    for (std::size_t i = 0; i < actors::kParallelAlgorithms.size(); ++i) order_.push_back(i);
    for (std::size_t i = order_.size(); i > 1; --i) std::swap(order_[i - 1], order_[below(i)]);
    next_algorithm_ = 0;
  }
  const actors::ParallelAlgorithmInfo& info =
      actors::kParallelAlgorithms[order_[next_algorithm_++]];
  c.algorithm = std::string(info.name);
  const std::vector<std::string> topologies =
      split_names(info.topologies == "any" ? topo::Topology::known_names() : info.topologies);
  c.topology = topologies[below(topologies.size())];
  const bool real = max_p_real_ > 0 && chance(30);
  c.mode = real ? "real" : "sim";
  const int max_p =
      std::max(1, int(std::min(double(real ? max_p_real_ : max_p_sim_),
                               std::floor(seconds_left) * kSoakGuardProcessorsPerSecond)));
  c.processors = 1;  // every topology takes one processor, with diameter 0
  c.diameter = 0;
  for (int tries = 0; tries < 64; ++tries) {  // a P the topology takes, small ones often
    int p = 1;
    if (real) {
      p = 1 + int(below(std::uint64_t(max_p)));
    } else {
      const int bits = int(std::log2(max_p));
      const int lo = 1 << int(below(std::uint64_t(bits) + 1));
      p = std::min(max_p, lo + int(below(std::uint64_t(lo))));
    }
    if (const std::optional<int> d = topology_diameter(c.topology, p)) {
      c.processors = p;
      c.diameter = *d;
      break;
    }
  }
  if (!real) {
    // Idle processors ask for work all the time; under the old presets a node costs 100x a
    // message, so at large P the simulator spends minutes on their requests during one
    // search (P = 4096 on DB(12), Othello depth 3, transputer1990: over 60 s). Large P: modern.
    const char* costs[] = {"modern", "transputer1990", "sun1985"};
    c.cost = c.processors > kSoakLargeP ? "modern" : costs[below(3)];
  }
  int depth = 1;
  const std::string pos = position(c, budget, depth);
  c.args.push_back(pos);
  auto add = [&](std::initializer_list<std::string> more) { c.args.insert(c.args.end(), more); };
  add({"--algorithm", c.algorithm, "--depth", std::to_string(depth), "--processors",
       std::to_string(c.processors), "--topology", c.topology, "--mode", c.mode});
  if (real) add({"--threads", "2"});
  else add({"--cost", c.cost});
  if (!real && chance(20)) add({"--cost-set", "link_contention=1"});  // links that queue
  add({"--seed", std::to_string(1 + below(1'000'000))});
  // Tables: a small one, anywhere it may live; never the 16 MiB default, P times over. (ER
  // solves with serial ER: no table, no gossip; it refuses both.)
  if (c.algorithm != "er" && chance(50)) {
    const char* placements[] = {"local", "global", "distributed", "hybrid", "replicated", "none"};
    const char* sizes[] = {"64KiB", "256KiB", "1MiB"};
    const std::string placement = placements[below(6)];
    add({"--table", placement, "--hash", sizes[below(3)]});
    if (chance(25)) add({"--table-min-draft", std::to_string(below(3))});
    if ((placement == "hybrid" || placement == "replicated") && chance(30))
      add({"--hybrid-draft", std::to_string(below(4))});
  } else {
    add({"--no-table"});
  }
  if (c.algorithm != "er" && chance(30)) add({"--gossip"});
  if (const auto d = below(4); d == 0) add({"--iterative"});
  else if (d == 1) add({"--no-iterative"});
  if (chance(40)) {
    const char* slices_sim[] = {"1", "7", "50", "300"};
    const char* slices_real[] = {"50", "1000", "10000"};
    add({"--slice", real ? slices_real[below(3)] : slices_sim[below(4)]});
  }
  if ((c.algorithm == "ybwc" || c.algorithm == "er") && chance(20))  // real mode refuses 0
    add({"--steal-backoff-us", std::to_string((real ? 1 + below(2) : below(3)) * 500)});
  if (chance(15)) add({"--no-killers"});
  if (chance(15)) add({"--no-history"});
  if (c.algorithm == "er") {
    if (chance(40)) add({"--er-serial-ply", std::to_string(below(std::uint64_t(depth) + 1))});
    if (chance(20)) add({"--no-parallel-refutation"});
    if (chance(20)) add({"--no-multiple-enodes"});
    if (chance(20)) add({"--no-early-choice"});
    if (chance(20)) add({"--no-master-solves"});
    if (chance(20)) add({"--speculative-rnodes"});
    if (chance(40)) add({"--er-heap", "distributed"});
  } else {  // the algorithms on resumable searches (actors/task_processor.hpp)
    if (chance(30)) add({"--cut-wait", std::to_string(1 + below(3))});
    if (chance(30)) add({"--min-split-depth=" + std::to_string(int(below(4)) - 1)});
    if (chance(20)) add({"--inline-depth", std::to_string(below(4))});
    if (chance(15)) add({"--alphabeta-windows"});
    if (chance(15)) add({"--no-work-hints"});
    if (chance(15)) add({"--no-work-table-line"});
    if (c.algorithm == "ybwc" && chance(30))
      add({chance(50) ? "--lone-root-research" : "--no-lone-root-research"});
    if (actors::is_processor_tree_algorithm(c.algorithm)) {
      if (chance(30)) add({"--no-helping"});
      if (chance(30)) add({"--no-affinity"});
    }
  }
  if (c.processors >= 3 && chance(15)) {  // a processor killed after a drawn node count
    const auto victim = 1 + below(std::uint64_t(c.processors - 1));
    add({"--kill", std::to_string(victim) + ":" + std::to_string(below(3000))});
  }
  // The per-run guard: a run that stops searching is stopped sooner by the no-progress guard
  // (actors/run.hpp); this one catches a run that searches for ever, with room for large P.
  c.max_seconds = kSoakGuardBaseSeconds + c.processors / kSoakGuardProcessorsPerSecond;
  add({"--max-seconds", std::to_string(c.max_seconds)});
  return c;
}

std::string replay_command(const std::vector<std::string>& args) {
  std::string out = "alphactor search";
  for (const std::string& a : args) {
    const bool plain = !a.empty() && a.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789_=:,./+-") == std::string::npos;
    out += ' ';
    if (plain) {
      out += a;
      continue;
    }
    out += '\'';
    for (const char ch : a) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    out += '\'';
  }
  return out;
}

SoakVerdict run_soak_case(const SoakCase& c, int offset) {
  SoakVerdict v;
  try {
    CLI::App app{"search"};
    SearchArgs a;
    CLI::Option* processors = add_search_options(&app, a);
    std::vector<std::string> reversed(c.args.rbegin(), c.args.rend());  // CLI11's order
    app.parse(reversed);
    a.processors_given = processors->count() > 0;
    a.parallel_options_given = parallel_options_given(&app);  // as `search` checks them
    finish_search_args(a);
    ParallelExperiment e = parallel_experiment(a);
    e.progress = false;
    const std::vector<ParallelRow> rows = run_experiment(e);
    v.value = rows.at(0).value;
    v.expected = rows.at(0).sequential_value + offset;
    if (v.value != v.expected) v.kind = SoakVerdict::Kind::kMismatch;
  } catch (const InputError& e) {  // a combination the engine refuses (e.g. a kill that cuts)
    v.kind = SoakVerdict::Kind::kRefused;
    v.detail = e.what();
  } catch (const actors::Deadlock& e) {
    v.kind = SoakVerdict::Kind::kHang;
    v.detail = e.what();
  } catch (const std::exception& e) {
    const std::string what = e.what();
    v.kind = what.find("did not finish within") != std::string::npos ? SoakVerdict::Kind::kTimeout
                                                                     : SoakVerdict::Kind::kCrash;
    v.detail = what;
  }
  return v;
}

namespace {

struct SoakArgs {
  std::string seconds;  // text: "abc" must get one line, not CLI11's message
  std::uint64_t seed = 1;
  int max_p_sim = 4096, max_p_real = 8;
  bool json = false, verbose = false, self_test_mismatch = false;
  std::string data = ALPHACTOR_DATA_DIR;
};

struct Cell {
  int runs = 0, passed = 0;
};

const char* kind_name(SoakVerdict::Kind k) {
  switch (k) {
    case SoakVerdict::Kind::kPassed:
      return "passed";
    case SoakVerdict::Kind::kMismatch:
      return "MISMATCH";
    case SoakVerdict::Kind::kCrash:
      return "CRASH";
    case SoakVerdict::Kind::kHang:
      return "HANG";
    case SoakVerdict::Kind::kTimeout:
      return "TIMEOUT";
    case SoakVerdict::Kind::kRefused:
      return "refused";
  }
  return "?";
}

void run_soak(const SoakArgs& a) {
  double seconds = 0;
  try {
    std::size_t used = 0;
    seconds = std::stod(a.seconds, &used);
    if (used != a.seconds.size()) throw std::invalid_argument(a.seconds);
  } catch (const std::exception&) {
    throw InputError("--seconds needs a number of seconds, got '" + a.seconds + "'");
  }
  if (!(seconds > 0)) throw InputError("--seconds must be more than 0, got '" + a.seconds + "'");
  if (a.max_p_sim < 1 || a.max_p_sim > topo::kMaxProcessors)
    throw InputError("--max-p-sim must be 1.." + std::to_string(topo::kMaxProcessors));
  if (a.max_p_real < 0 || a.max_p_real > 256) throw InputError("--max-p-real must be 0..256");
  std::vector<std::string> fens, boards = {"start"};
  for (const auto& b : bench_positions()) {
    if (b.game == "chess") fens.push_back(b.position);
    if (b.game == "othello" && b.position != "start") boards.push_back(b.position);
  }
  for (const char* f : {"/chess/bratko-kopec.epd", "/chess/wac.epd"})
    for (const auto& fen : first_fields(a.data + f, 4)) fens.push_back(fen + " 0 1");
  for (const auto& board : first_fields(a.data + "/othello/ffo-40-49.txt", 2))
    boards.push_back(board);
  SoakDrawer drawer(a.seed, a.max_p_sim, a.max_p_real, fens, boards);
  std::map<std::tuple<std::size_t, std::string, std::string>, Cell> table;
  struct Failure {
    SoakCase c;
    SoakVerdict v;
  };
  std::vector<Failure> failures;
  // The slowest runs, with their guards: how near the soak came to reporting a hang. Timed
  // as the guard times them: a sim run by this thread's CPU (the simulator runs here), a
  // real run by the wall clock.
  struct Slow {
    double seconds;
    bool cpu;
    int guard;
    std::string replay;
  };
  std::vector<Slow> slowest;
  constexpr std::size_t kSlowestShown = 3;
  int runs = 0, refused = 0;
  std::signal(SIGSEGV, on_crash);
  std::signal(SIGABRT, on_crash);
  std::signal(SIGFPE, on_crash);
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  while (elapsed() < seconds) {
    const double left = seconds - elapsed();
    const SoakCase c = drawer.next(left < 2 ? 0.25 : 1, left);
    const std::string replay = replay_command(c.args);
    g_running = "\nalphactor: soak crashed in: " + replay + "\n";
    const bool sim = c.mode == "sim";
    const double started = sim ? thread_cpu_seconds() : elapsed();
    const SoakVerdict v = run_soak_case(c, a.self_test_mismatch && runs == 0 ? 1 : 0);
    const double took = (sim ? thread_cpu_seconds() : elapsed()) - started;
    if (v.kind == SoakVerdict::Kind::kRefused) {
      ++refused;
      if (a.verbose) std::printf("refused (%s): %s\n", v.detail.c_str(), replay.c_str());
      continue;
    }
    ++runs;
    slowest.push_back({took, sim, c.max_seconds, replay});
    std::sort(slowest.begin(), slowest.end(),
              [](const Slow& x, const Slow& y) { return x.seconds > y.seconds; });
    if (slowest.size() > kSlowestShown) slowest.pop_back();
    std::size_t index = 0;
    while (actors::kParallelAlgorithms[index].name != c.algorithm) ++index;
    Cell& cell = table[{index, c.topology, c.mode}];
    ++cell.runs;
    if (v.kind == SoakVerdict::Kind::kPassed) ++cell.passed;
    else failures.push_back({c, v});
    if (a.verbose) std::printf("%s value %d: %s\n", kind_name(v.kind), v.value, replay.c_str());
    if (v.kind != SoakVerdict::Kind::kPassed && !a.json) {
      std::printf("%s %s on %s, P = %d, %s mode: ", kind_name(v.kind), c.algorithm.c_str(),
                  c.topology.c_str(), c.processors, c.mode.c_str());
      if (v.kind == SoakVerdict::Kind::kMismatch)
        std::printf("value %d, sequential %d\n", v.value, v.expected);
      else std::printf("%s\n", v.detail.c_str());
      std::printf("  replay: %s\n", replay.c_str());
    }
    std::fflush(stdout);
  }
  std::signal(SIGSEGV, SIG_DFL);
  std::signal(SIGABRT, SIG_DFL);
  std::signal(SIGFPE, SIG_DFL);
  const int passed = runs - int(failures.size());
  if (a.json) {
    JsonWriter w;
    begin_result_document(w, "soak");
    w.field("seed", a.seed).field("seconds", seconds).field("max_p_sim", a.max_p_sim);
    w.field("max_p_real", a.max_p_real);
    w.key("results").begin_array();
    for (const auto& [key, cell] : table)
      w.begin_object()
          .field("algorithm", std::string(actors::kParallelAlgorithms[std::get<0>(key)].name))
          .field("topology", std::get<1>(key))
          .field("mode", std::get<2>(key))
          .field("runs", cell.runs)
          .field("passed", cell.passed)
          .end_object();
    w.end_array();
    w.key("failures").begin_array();
    for (const auto& f : failures)
      w.begin_object()
          .field("kind", std::string(kind_name(f.v.kind)))
          .field("value", f.v.value)
          .field("expected_value", f.v.expected)
          .field("detail", f.v.detail)
          .field("replay", replay_command(f.c.args))
          .end_object();
    w.end_array();
    w.key("slowest").begin_array();
    for (const auto& s : slowest)
      w.begin_object()
          .field("seconds", s.seconds)
          .field("clock", std::string(s.cpu ? "cpu" : "wall"))
          .field("max_seconds", s.guard)
          .field("replay", s.replay)
          .end_object();
    w.end_array();
    w.key("summary").begin_object().field("runs", runs).field("passed", passed);
    w.field("refused", refused).end_object().end_object();
    std::cout << w.str() << "\n";
  } else {
    std::printf("%-12s %-10s %-5s %6s %7s\n", "algorithm", "topology", "mode", "runs", "passed");
    for (const auto& [key, cell] : table)
      std::printf("%-12s %-10s %-5s %6d %7d\n",
                  std::string(actors::kParallelAlgorithms[std::get<0>(key)].name).c_str(),
                  std::get<1>(key).c_str(), std::get<2>(key).c_str(), cell.runs, cell.passed);
    std::printf(
        "%d runs in %.0f s (seed %llu): %d passed, %zu failed; %d drawn combinations "
        "refused as input\n",
        runs, elapsed(), static_cast<unsigned long long>(a.seed), passed, failures.size(), refused);
    for (const auto& s : slowest)
      std::printf("slowest: %.1f s of %s (its guard %d s): %s\n", s.seconds,
                  s.cpu ? "CPU" : "wall time", s.guard, s.replay.c_str());
  }
  if (!failures.empty()) command_exit_code() = 1;
}

}  // namespace

void add_soak_command(CLI::App& app) {
  auto args = std::make_shared<SoakArgs>();
  CLI::App* cmd = app.add_subcommand(
      "soak", "randomised exactness soak: every parallel algorithm against the sequential value");
  cmd->add_option("--seconds", args->seconds,
                  "how long to draw new combinations (the last run may take up to a minute more)")
      ->required();
  cmd->add_option("--seed", args->seed, "the seed the combinations are drawn from")
      ->capture_default_str();
  cmd->add_option("--max-p-sim", args->max_p_sim, "most processors in sim mode")
      ->capture_default_str();
  cmd->add_option("--max-p-real", args->max_p_real,
                  "most processors in real mode (2 threads; 0: no real-mode runs)")
      ->capture_default_str();
  cmd->add_option("--data", args->data, "the data folder (chess and Othello positions)")
      ->capture_default_str();
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->add_flag("--verbose", args->verbose, "print every run's verdict and command line");
  // The checker's own test: the first run's expected value is off by one, so it must be
  // reported as a mismatch with its replay line and exit code 1.
  cmd->add_flag("--self-test-mismatch", args->self_test_mismatch)->group("");
  cmd->callback([args] { run_soak(*args); });
}

}  // namespace alphactor::app
