// `alphactor soak`: a randomised exactness soak. From a seed it draws `search` command lines
// (game and position, depth, every parallel algorithm of the registry in algorithms/
// parallel.hpp, a topology it accepts with a P that topology accepts, mode, tables, gossip,
// the algorithm's own switches, sometimes a killed processor), runs each exactly as `search`
// would (app/search_args.hpp) and checks its root value against the sequential search's.
// A mismatch, an exception or a hang is printed with the command line that replays it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace alphactor::app {

// One drawn combination: `search`'s arguments, and the table cell it counts in.
struct SoakCase {
  std::vector<std::string> args;  // without "search"
  std::string algorithm, topology, mode;
  std::string cost;  // sim mode's cost preset (empty in real mode)
  int processors = 1;
  int diameter = 0;     // the topology's at `processors`
  int max_seconds = 0;  // the per-run guard (its --max-seconds)
};

// The cases of a seed, one after the other: the same seed draws the same sequence. `budget`
// scales each case's tree and depth (1: the full size, smaller when little time is left).
// `seconds_left` holds P down so that the case's guard (60 s + P / 16 s) is at most a minute
// more than the time left: a soak ends within its --seconds plus a minute, whatever it draws.
class SoakDrawer {
 public:
  SoakDrawer(std::uint64_t seed, int max_p_sim, int max_p_real, std::vector<std::string> fens,
             std::vector<std::string> boards);
  SoakCase next(double budget = 1, double seconds_left = 1e9);

 private:
  std::uint64_t below(std::uint64_t n);
  bool chance(int percent) { return below(100) < std::uint64_t(percent); }
  std::string position(SoakCase& c, double budget, int& depth);

  std::uint64_t state_;
  int max_p_sim_, max_p_real_;
  std::vector<std::string> fens_, boards_;
  std::vector<std::size_t> order_;  // the algorithms' order in this round of the registry
  std::size_t next_algorithm_ = 0;
};

// "alphactor search ARGS", each argument quoted for a POSIX shell where it needs it.
std::string replay_command(const std::vector<std::string>& args);

// How one case ended.
struct SoakVerdict {
  // kHang: stopped for making no progress (actors::Deadlock); kTimeout: over the case's
  // --max-seconds while still searching (too slow, or a livelock that searches nodes).
  enum class Kind { kPassed, kMismatch, kCrash, kHang, kTimeout, kRefused } kind = Kind::kPassed;
  int value = 0, expected = 0;  // root values: the parallel run's and the sequential one's
  std::string detail;           // the exception's text
};
// Runs `c` as `search` would; `offset` is added to the expected value (a self-test of the
// checker: nonzero, every case must be reported as a mismatch).
SoakVerdict run_soak_case(const SoakCase& c, int offset = 0);

}  // namespace alphactor::app
