// `alphactor solve --game othello (--file F | --board B) [--threads N] [--json] [--hash MB]`:
// solves each position exactly (othello/endgame.hpp) and prints per position the score, the
// best move, nodes, time, nodes/s and whether score and move match the file's expectation;
// with --json one JSON object in the result schema (app/result_schema.hpp) once all are solved.
// Exit code 1 if any position mismatches.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "app/commands.hpp"
#include "app/json.hpp"
#include "app/result_schema.hpp"
#include "othello/ffo.hpp"
#include "othello/parallel_solve.hpp"
#include "search/input_error.hpp"

namespace alphactor::app {
namespace {

struct SolveArgs {
  std::string game = "othello";
  std::string file, board;
  int threads = 1;
  std::size_t hash_mb = othello::endgame_tunables::kDefaultTableMegabytes;
  bool json = false;
};

std::string moves_text(const std::vector<int>& moves) {
  std::string s;
  for (int m : moves) {
    if (!s.empty()) s += ',';
    s += othello::square_name(m);
  }
  return s.empty() ? "-" : s;
}

void run_solve(const SolveArgs& a) {
  if (a.game != "othello") throw InputError("solve: unknown game '" + a.game + "' (othello)");
  if (a.threads < 1 || a.threads > 256) throw InputError("--threads must be 1..256");
  if (a.hash_mb < 1 || a.hash_mb > (1u << 16)) throw InputError("--hash must be 1..65536 MiB");
  if (a.file.empty() == a.board.empty())
    throw InputError("solve needs exactly one of --file or --board");
  const std::vector<othello::EndgameProblem> problems =
      a.file.empty() ? std::vector{othello::parse_endgame_line(a.board, "--board")}
                     : othello::load_endgame_file(a.file);
  if (!a.json)
    std::printf("%-8s %3s %6s %5s %9s %-10s %14s %10s %10s %12s %s\n", "id", "emp", "score", "move",
                "expected", "moves", "nodes", "time s", "cpu s", "nodes/s", "match");
  JsonWriter w;
  if (a.json) {
    begin_result_document(w, "solve");
    w.field("game", a.game).field("threads", a.threads).field("hash_mb", std::uint64_t(a.hash_mb));
    w.key("results").begin_array();
  }
  int mismatches = 0;
  std::uint64_t total_nodes = 0;
  double total_seconds = 0, total_cpu = 0;
  for (const auto& p : problems) {
    const othello::SolveResult r = othello::solve_parallel(p.position, a.threads, a.hash_mb);
    const bool checked = p.score.has_value();
    const bool match =
        checked && *p.score == r.score &&
        std::find(p.best_moves.begin(), p.best_moves.end(), r.best_move) != p.best_moves.end();
    if (checked && !match) ++mismatches;
    total_nodes += r.nodes;
    total_seconds += r.seconds;
    total_cpu += r.cpu_seconds;
    const double nps = r.seconds > 0 ? double(r.nodes) / r.seconds : 0.0;
    const std::string move = r.best_move < 0 ? "-" : othello::square_name(r.best_move);
    if (a.json) {
      w.begin_object()
          .field("id", p.id)
          .field("position", othello::position_text(p.position))
          .field("empties", p.position.empties());
      w.field("value", r.score).field("best_move", move);
      w.key("pv").begin_array();
      if (r.best_move >= 0) w.value(move);
      w.end_array();
      if (checked) {
        w.field("expected_value", *p.score).key("expected_moves").begin_array();
        for (int m : p.best_moves) w.value(othello::square_name(m));
        w.end_array();
      }
      write_node_total(w, r.nodes);
      w.field("time_s", r.seconds).field("wall_s", r.seconds).field("cpu_s", r.cpu_seconds);
      w.field("nps", nps).field("checked", checked);
      if (checked) w.field("match", match);  // no expectation in the file: no "match" key
      w.end_object();
    } else {
      std::printf("%-8s %3d %+6d %5s %9s %-10s %14llu %10.3f %10.3f %12.0f %s\n", p.id.c_str(),
                  p.position.empties(), r.score, move.c_str(),
                  checked ? std::to_string(*p.score).c_str() : "-",
                  moves_text(p.best_moves).c_str(), (unsigned long long)r.nodes, r.seconds,
                  r.cpu_seconds, nps,
                  !checked ? "-"
                  : match  ? "yes"
                           : "NO");
      std::fflush(stdout);
    }
  }
  if (a.json) {
    w.end_array().key("summary").begin_object().field("positions", problems.size());
    w.field("mismatched", mismatches);
    write_node_total(w, total_nodes);
    w.field("time_s", total_seconds).field("cpu_s", total_cpu);
    w.field("nps", nodes_per_second(total_nodes, total_seconds)).end_object().end_object();
    std::cout << w.str() << std::endl;
  } else
    std::printf(
        "total %zu positions, %d mismatched, %llu nodes, %.3f s (cpu %.3f s), %.0f nodes/s\n",
        problems.size(), mismatches, (unsigned long long)total_nodes, total_seconds, total_cpu,
        total_seconds > 0 ? double(total_nodes) / total_seconds : 0.0);
  if (mismatches) command_exit_code() = 1;
}

}  // namespace

void add_solve_command(CLI::App& app) {
  auto a = std::make_shared<SolveArgs>();
  CLI::App* cmd = app.add_subcommand("solve", "solve endgame positions exactly (othello)");
  cmd->add_option("--game", a->game, "game: othello")->capture_default_str();
  cmd->add_option("--file", a->file, "positions, one a line: board side [score moves id]");
  cmd->add_option("--board", a->board, "one position: '<64 chars X/O/-> <X|O>' [score moves]");
  cmd->add_option("--threads", a->threads, "threads (root split)")->capture_default_str();
  cmd->add_option("--hash", a->hash_mb, "table size per thread in MiB")->capture_default_str();
  cmd->add_flag("--json", a->json, "print one JSON object (docs/JSON.md)");
  cmd->callback([a] { run_solve(*a); });
}

}  // namespace alphactor::app
