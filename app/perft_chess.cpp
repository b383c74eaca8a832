// Chess perft for the CLI: one position (--fen, --depth, --divide) or an EPD suite (--epd).
#include <chrono>
#include <cstdio>
#include <string>

#include "app/perft.hpp"
#include "app/result_schema.hpp"
#include "chess/epd.hpp"
#include "chess/notation.hpp"
#include "chess/perft.hpp"
#include "search/input_error.hpp"

namespace alphactor::app {
namespace {

using chess::Position;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int perft_one(const PerftArgs& a) {
  if (a.fen.empty()) throw InputError("perft needs --fen FEN (or startpos) or --epd FILE");
  if (a.depth < 1 || a.depth > 20) throw InputError("perft: --depth must be 1..20");
  Position pos = a.fen == "startpos" ? Position() : Position::from_fen(a.fen);
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  std::vector<std::pair<std::string, std::uint64_t>> divide;
  if (a.divide) {
    for (const auto& [move, n] : chess::perft_divide(pos, a.depth)) {
      divide.emplace_back(chess::to_uci(move), n);
      total += n;
    }
  } else {
    total = chess::perft(pos, a.depth);
  }
  const double s = seconds_since(t0);
  if (a.json) {
    std::printf("%s\n", perft_json("chess", a.fen, a.depth, total, s, divide).c_str());
    return 0;
  }
  for (const auto& [move, n] : divide)
    std::printf("%s: %llu\n", move.c_str(), (unsigned long long)n);
  std::printf("perft depth %d: %llu nodes, %.3f s, %.1f Mnodes/s\n", a.depth,
              (unsigned long long)total, s, s > 0 ? double(total) / s / 1e6 : 0.0);
  return 0;
}

// One expected count of a suite line: ";D<depth> <nodes>".
struct Expected {
  int depth;
  std::uint64_t nodes;
};

std::vector<Expected> expected_counts(const chess::EpdRecord& rec, const std::string& where) {
  std::vector<Expected> out;
  for (const auto& op : rec.operations) {
    if (op.opcode.size() < 2 || op.opcode[0] != 'D') continue;
    Expected e{};
    try {
      std::size_t used = 0;
      e.depth = std::stoi(op.opcode.substr(1), &used);
      if (used != op.opcode.size() - 1 || e.depth < 1 || e.depth > 20) throw std::exception();
    } catch (...) {
      throw InputError(where + ": bad EPD: perft operation '" + op.opcode + "' (expected D1..D20)");
    }
    if (op.operands.size() != 1)
      throw InputError(where + ": bad EPD: operation '" + op.opcode + "' needs one node count");
    try {
      std::size_t used = 0;
      e.nodes = std::stoull(op.operands[0], &used);
      if (used != op.operands[0].size()) throw std::exception();
    } catch (...) {
      throw InputError(where + ": bad EPD: operation '" + op.opcode + "' count '" + op.operands[0] +
                       "' is not a number");
    }
    out.push_back(e);
  }
  if (out.empty()) throw InputError(where + ": bad EPD: no ;Dn counts on the line");
  return out;
}

int perft_suite(const PerftArgs& a) {
  const auto records = chess::read_epd_file(a.epd);
  JsonWriter w;
  if (a.json) {
    begin_result_document(w, "perft");
    w.field("game", "chess").field("file", a.epd).field("max_nodes", a.max_nodes);
    w.key("results").begin_array();
  }
  int passed = 0, failed = 0, checked = 0, skipped = 0;
  std::uint64_t nodes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const auto& rec : records) {
    const std::string where = a.epd + ":" + std::to_string(rec.line_number);
    const auto counts = expected_counts(rec, where);
    Position pos = rec.position;
    std::string detail;
    bool ok = true;
    int line_checked = 0;
    for (const auto& e : counts) {
      if (a.max_nodes && e.nodes > a.max_nodes) {
        ++skipped;
        continue;
      }
      const auto t_depth = std::chrono::steady_clock::now();
      const std::uint64_t got = chess::perft(pos, e.depth);
      if (a.json) {
        const double s = seconds_since(t_depth);
        w.begin_object().field("position", rec.fen).field("line", rec.line_number);
        w.field("depth", e.depth);
        write_node_total(w, got);
        w.field("expected_nodes", e.nodes).field("checked", true).field("match", got == e.nodes);
        w.field("time_s", s).field("nps", nodes_per_second(got, s)).end_object();
      }
      nodes += got;
      ++checked;
      ++line_checked;
      if (got != e.nodes) {
        ok = false;
        detail += " D" + std::to_string(e.depth) + " got " + std::to_string(got) + " expected " +
                  std::to_string(e.nodes) + ";";
      }
    }
    if (ok) ++passed;
    else ++failed;
    if (!a.json)
      std::printf("%s line %d: %d depths checked%s%s  %s\n", ok ? "pass" : "FAIL", rec.line_number,
                  line_checked, ok ? "" : ":", detail.c_str(), rec.fen.c_str());
  }
  const double s = seconds_since(t0);
  if (a.json) {
    w.end_array().key("summary").begin_object().field("lines", records.size());
    w.field("passed", passed).field("failed", failed).field("checked", checked);
    w.field("skipped", skipped);
    write_node_total(w, nodes);
    w.field("time_s", s).field("nps", nodes_per_second(nodes, s)).end_object().end_object();
    std::printf("%s\n", w.str().c_str());
    return failed ? 1 : 0;
  }
  std::printf(
      "perft suite %s: %d/%zu lines passed, %d failed; %d depths checked, %d skipped "
      "(over --max-nodes); %llu nodes, %.2f s, %.1f Mnodes/s\n",
      a.epd.c_str(), passed, records.size(), failed, checked, skipped, (unsigned long long)nodes, s,
      s > 0 ? double(nodes) / s / 1e6 : 0.0);
  return failed ? 1 : 0;
}

}  // namespace

std::string perft_json(const std::string& game, const std::string& position, int depth,
                       std::uint64_t total, double seconds,
                       const std::vector<std::pair<std::string, std::uint64_t>>& divide) {
  JsonWriter w;
  begin_result_document(w, "perft");
  w.field("game", game).field("position", position).field("depth", depth);
  w.key("results").begin_array().begin_object().field("position", position).field("depth", depth);
  write_node_total(w, total);
  w.field("time_s", seconds).field("nps", nodes_per_second(total, seconds));
  if (!divide.empty()) {
    w.key("divide").begin_array();
    for (const auto& [move, n] : divide) {
      w.begin_object().field("move", move);
      write_node_total(w, n);
      w.end_object();
    }
    w.end_array();
  }
  w.end_object().end_array().end_object();
  return w.str();
}

int chess_perft(const PerftArgs& args) {
  if (!args.epd.empty()) {
    if (!args.fen.empty() || args.depth || args.divide)
      throw InputError(
          "perft: --epd checks a suite; --fen, --depth and --divide are for one position");
    return perft_suite(args);
  }
  return perft_one(args);
}

}  // namespace alphactor::app
