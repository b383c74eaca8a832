// Run configurations: a TOML file (plus --set key=value overrides) describing an experiment.
// Every key is checked: an unknown key or a wrong value is refused with the key named.
//
// Keys (top level):
//   title       string        shown above the report
//   game        string        "tree" (chess and othello as they land)
//   positions   [string]      tree specs / FENs / boards
//   depth       integer       search depth in plies (1..127)
//   algorithms  [string]      sequential algorithms to compare: negamax, alphabeta, pvs, er
//   iterative_deepening bool  (default false)
//   table       bool          transposition table on/off (default true)
//   table_mb    integer       its size in MiB (default 16)
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace alphactor::app {

struct RunConfig {
  std::string source;  // file name, for messages
  std::string title;
  std::string game = "tree";
  std::vector<std::string> positions;
  int depth = 0;
  std::vector<std::string> algorithms = {"alphabeta"};
  bool iterative_deepening = false;
  bool table = true;
  std::size_t table_mb = 16;
};

// Loads and validates; `overrides` are "key=value" strings in TOML value syntax
// (e.g. depth=6, algorithms=["pvs"], title="x"). Throws InputError.
RunConfig load_config(const std::string& path, const std::vector<std::string>& overrides);

}  // namespace alphactor::app
