// `alphactor epd FILE --movetime MS | --depth N`: runs every position of a test suite (bm/am
// operations, e.g. Bratko-Kopec, Win At Chess) and reports solved/total, time and nodes.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "app/chess_engine.hpp"
#include "app/commands.hpp"
#include "app/result_schema.hpp"
#include "app/search_report.hpp"
#include "chess/epd.hpp"
#include "chess/notation.hpp"
#include "search/input_error.hpp"

namespace alphactor::app {
namespace {

struct EpdArgs {
  std::string file;
  std::uint64_t movetime_ms = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::string algorithm = "pvs";
  bool full_width = false;
  bool cpu_time = false;
  std::size_t hash_mb = 64;
  std::string only;  // ids to run (comma-separated), empty: all
  bool json = false;
};

// The moves an operation lists, parsed in the record's position (SAN, or UCI as a fallback).
std::vector<chess::Move> listed_moves(const chess::EpdRecord& rec, const char* opcode,
                                      const std::string& where) {
  std::vector<chess::Move> out;
  if (const auto* op = rec.find(opcode)) {
    for (const auto& text : op->operands) {
      const auto m = chess::parse_move(rec.position, text);
      if (!m)
        throw InputError(where + ": bad EPD: " + opcode + " '" + text +
                         "' is not a legal move in this position");
      out.push_back(*m);
    }
  }
  return out;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s;
}

void run_epd(const EpdArgs& a) {
  if ((a.movetime_ms != 0) + (a.depth != 0) + (a.nodes != 0) != 1)
    throw InputError("epd needs exactly one of --movetime MS, --depth N and --nodes N");
  if (a.depth < 0 || a.depth >= kMaxPly) throw InputError("epd: --depth must be 1..127");
  const auto algorithm = parse_algorithm(a.algorithm);
  if (!algorithm)
    throw InputError("unknown algorithm '" + a.algorithm + "' (negamax, alphabeta, pvs, er)");
  const auto records = chess::read_epd_file(a.file);
  // Check every line before searching any.
  struct Task {
    const chess::EpdRecord* rec;
    std::vector<chess::Move> bm, am;
  };
  std::vector<Task> tasks;
  for (const auto& rec : records) {
    if (!a.only.empty() && ("," + a.only + ",").find("," + rec.id() + ",") == std::string::npos)
      continue;
    const std::string where = a.file + ":" + std::to_string(rec.line_number);
    Task t{&rec, listed_moves(rec, "bm", where), listed_moves(rec, "am", where)};
    if (t.bm.empty() && t.am.empty()) throw InputError(where + ": bad EPD: no bm or am operation");
    tasks.push_back(std::move(t));
  }
  if (tasks.empty()) throw InputError("epd: no position matches --only '" + a.only + "'");

  ChessEngineSettings settings;
  settings.algorithm = *algorithm;
  settings.full_width = a.full_width;
  settings.hash_mb = a.hash_mb;
  settings.thread_cpu_clock = a.cpu_time;
  int solved = 0;
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  JsonWriter w;
  if (a.json) {
    begin_result_document(w, "epd");
    w.field("game", "chess").field("file", a.file).field("algorithm", a.algorithm);
    w.field("depth", a.depth).field("movetime_ms", a.movetime_ms).field("node_limit", a.nodes);
    w.field("cpu_time", a.cpu_time).field("hash_mb", std::uint64_t(a.hash_mb));
    w.key("results").begin_array();
  } else {
    std::printf("%-10s %-6s %-14s %-8s %6s %5s %7s %13s %8s %10s\n", "id", "result", "expected",
                "got", "value", "depth", "time s", "nodes", "Mnps", "");
  }
  for (const Task& t : tasks) {
    ChessEngine engine(settings);  // fresh tables: positions are independent
    engine.set_position(chess::ChessGame(t.rec->position));
    PlayLimits limits;
    if (a.depth) limits.depth = a.depth;
    limits.hard_ms = a.movetime_ms;
    limits.nodes = a.nodes;
    const SearchResult r = engine.search(limits, nullptr);
    const chess::Position& pos = t.rec->position;
    const chess::Move best = chess::ChessGame::decode(r.best_move);
    bool ok = r.has_move;
    if (ok && !t.bm.empty()) ok = std::find(t.bm.begin(), t.bm.end(), best) != t.bm.end();
    if (ok && !t.am.empty()) ok = std::find(t.am.begin(), t.am.end(), best) == t.am.end();
    solved += ok;
    total_nodes += r.stats.nodes();
    total_seconds += r.seconds;
    std::vector<std::string> expected;
    for (const auto m : t.bm) expected.push_back(chess::to_san(pos, m));
    for (const auto m : t.am) expected.push_back(std::string(1, '!').append(chess::to_san(pos, m)));
    if (a.json) {
      chess::ChessGame game(t.rec->position);
      const std::vector<std::string> pv = line_text(game, r.principal_variation);
      w.begin_object()
          .field("id", t.rec->id())
          .field("position", t.rec->fen)
          .field("depth", r.depth_completed)
          .field("value", static_cast<std::int64_t>(r.value))
          .field("best_move", r.has_move ? chess::to_uci(best) : std::string());
      w.key("pv").begin_array();
      for (const auto& m : pv) w.value(m);
      w.end_array().key("expected_moves").begin_array();
      for (const auto m : t.bm) w.value(chess::to_uci(m));
      w.end_array().key("avoid_moves").begin_array();
      for (const auto m : t.am) w.value(chess::to_uci(m));
      w.end_array();
      write_node_total(w, r.stats.nodes());
      w.field("time_s", r.seconds).field("nps", nodes_per_second(r.stats.nodes(), r.seconds));
      w.field("checked", true).field("match", ok).end_object();
      continue;
    }
    std::printf("%-10s %-6s %-14s %-8s %6d %5d %7.2f %13llu %8.2f\n", t.rec->id().c_str(),
                ok ? "solved" : "missed", join(expected).c_str(),
                r.has_move ? chess::to_san(pos, best).c_str() : "-", r.value, r.depth_completed,
                r.seconds, (unsigned long long)r.stats.nodes(),
                r.seconds > 0 ? double(r.stats.nodes()) / r.seconds / 1e6 : 0.0);
    std::fflush(stdout);
  }
  if (a.json) {
    w.end_array().key("summary").begin_object();
    w.field("positions", tasks.size()).field("solved", solved);
    write_node_total(w, total_nodes);
    w.field("time_s", total_seconds).field("nps", nodes_per_second(total_nodes, total_seconds));
    w.end_object().end_object();
    std::printf("%s\n", w.str().c_str());
    return;
  }
  std::printf("solved %d/%zu  (%s, %s)  %.1f s  %llu nodes  %.2f Mnodes/s\n", solved, tasks.size(),
              a.file.c_str(),
              a.depth   ? ("depth " + std::to_string(a.depth)).c_str()
              : a.nodes ? (std::to_string(a.nodes) + " nodes a position").c_str()
                        : (std::to_string(a.movetime_ms) + " ms a position" +
                           (a.cpu_time ? " (thread CPU time)" : ""))
                              .c_str(),
              total_seconds, (unsigned long long)total_nodes,
              total_seconds > 0 ? double(total_nodes) / total_seconds / 1e6 : 0.0);
}

}  // namespace

void add_epd_command(CLI::App& app) {
  auto args = std::make_shared<EpdArgs>();
  CLI::App* cmd = app.add_subcommand("epd", "run a chess test suite (bm/am) and count solved");
  cmd->add_option("file", args->file, "EPD file")->required();
  cmd->add_option("--movetime", args->movetime_ms, "milliseconds per position");
  cmd->add_option("--depth", args->depth, "fixed depth per position");
  cmd->add_option("--nodes", args->nodes, "node budget per position (reproducible)");
  cmd->add_option("--algorithm", args->algorithm, "negamax|alphabeta|pvs|er")
      ->capture_default_str();
  cmd->add_flag("--full-width", args->full_width,
                "no forward pruning: the reference sequential search, exact-draft table cuts");
  cmd->add_flag("--cpu-time", args->cpu_time,
                "--movetime and the times shown count the search thread's CPU time, not the wall "
                "clock (one core's worth on a shared machine)");
  cmd->add_option("--hash", args->hash_mb, "transposition table MiB")->capture_default_str();
  cmd->add_option("--only", args->only, "comma-separated ids to run, e.g. BK.01,BK.05");
  cmd->add_flag("--json", args->json, "print one JSON object (docs/JSON.md)");
  cmd->callback([args] { run_epd(*args); });
}

}  // namespace alphactor::app
