#include "chess/epd.hpp"

#include <fstream>

#include "search/input_error.hpp"

namespace alphactor::chess {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

bool is_integer(std::string_view s) {
  if (s.empty()) return false;
  for (const char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// Splits off the next whitespace-delimited token at `pos` in `s`; empty at the end.
std::string_view next_token(std::string_view s, std::size_t& pos) {
  while (pos < s.size() && is_space(s[pos])) ++pos;
  const std::size_t start = pos;
  while (pos < s.size() && !is_space(s[pos])) ++pos;
  return s.substr(start, pos - start);
}

}  // namespace

const EpdOperation* EpdRecord::find(std::string_view opcode) const {
  for (const auto& op : operations)
    if (op.opcode == opcode) return &op;
  return nullptr;
}

std::string EpdRecord::id() const {
  if (const auto* op = find("id"); op && !op->operands.empty()) return op->operands.front();
  return "line " + std::to_string(line_number);
}

EpdRecord parse_epd(std::string_view line) {
  EpdRecord rec;
  std::size_t pos = 0;
  // 1. The four FEN fields, then the counters if both follow as plain numbers.
  for (int i = 0; i < 4; ++i) next_token(line, pos);
  std::size_t end_of_fen = pos;
  {
    std::size_t p = pos;
    const auto half = next_token(line, p);
    const auto full = next_token(line, p);
    if (is_integer(half) && is_integer(full)) end_of_fen = pos = p;
  }
  rec.fen = std::string(line.substr(0, end_of_fen));
  while (!rec.fen.empty() && is_space(rec.fen.front())) rec.fen.erase(rec.fen.begin());
  rec.position = Position::from_fen(rec.fen);
  // 2. Operations: "opcode operand* ;", quoted operands may hold spaces and ';'.
  EpdOperation op;
  const auto finish = [&] {
    if (!op.opcode.empty()) rec.operations.push_back(std::move(op));
    op = EpdOperation{};
  };
  while (pos < line.size()) {
    const char c = line[pos];
    if (is_space(c)) {
      ++pos;
    } else if (c == ';') {
      finish();
      ++pos;
    } else if (c == '"') {
      const std::size_t close = line.find('"', pos + 1);
      if (close == std::string_view::npos)
        throw InputError("bad EPD: unterminated string in operation '" + op.opcode + "'");
      if (op.opcode.empty()) throw InputError("bad EPD: a string where an opcode belongs");
      op.operands.emplace_back(line.substr(pos + 1, close - pos - 1));
      pos = close + 1;
    } else {
      std::size_t end = pos;
      while (end < line.size() && !is_space(line[end]) && line[end] != ';') ++end;
      const std::string token(line.substr(pos, end - pos));
      if (op.opcode.empty()) op.opcode = token;
      else op.operands.push_back(token);
      pos = end;
    }
  }
  finish();
  return rec;
}

std::vector<EpdRecord> read_epd_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read EPD file '" + path + "'");
  std::vector<EpdRecord> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    std::size_t p = 0;
    const auto first = next_token(line, p);
    if (first.empty() || first.front() == '#') continue;
    try {
      out.push_back(parse_epd(line));
      out.back().line_number = number;
    } catch (const InputError& e) {
      throw InputError(path + ":" + std::to_string(number) + ": " + e.what());
    }
  }
  if (out.empty()) throw InputError("EPD file '" + path + "' holds no positions");
  return out;
}

}  // namespace alphactor::chess
