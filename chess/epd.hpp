// EPD (Extended Position Description): the four FEN fields (optionally followed by the two
// move counters, as in perft suites), then operations "opcode operand ...;", e.g.
//   1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";
//   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400
// Operands may be quoted strings (quotes removed, ';' allowed inside).
//
// Errors throw InputError naming the file, the line and the field:
//   "suite.epd:3: bad FEN: castling field 'KQxq' (unknown letter 'x')".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.hpp"

namespace alphactor::chess {

struct EpdOperation {
  std::string opcode;
  std::vector<std::string> operands;
};

struct EpdRecord {
  std::string fen;  // as written in the line (4 or 6 fields)
  Position position;
  std::vector<EpdOperation> operations;
  int line_number = 0;

  [[nodiscard]] const EpdOperation* find(std::string_view opcode) const;
  // The "id" operand, or "line N".
  [[nodiscard]] std::string id() const;
};

// Parses one line (not blank). Throws InputError "bad FEN: ..." / "bad EPD: ...".
EpdRecord parse_epd(std::string_view line);
// Every non-blank, non-'#' line of a file; errors are prefixed with "file:line: ".
std::vector<EpdRecord> read_epd_file(const std::string& path);

}  // namespace alphactor::chess
