// Parallel iterative deepening guided by the previous iteration (ZUGZWANG sections 2 and 5,
// issue 6): the PV and root refutations travel with the work (search/move_hints.hpp) and a
// helper's search tries them first; the root value stays the sequential one on chess and
// trees, several P, sim and real mode; the lines are really sent (counted) only when there is
// a previous iteration and the switch is on; a hinted search really starts with the hint.
#include <catch2/catch.hpp>

#include "algorithms/parallel.hpp"
#include "chess/chess_game.hpp"
#include "search/move_hints.hpp"
#include "search/resumable_search.hpp"
#include "tests/parallel_cases.hpp"
#include "trees/tree_game.hpp"

using namespace alphactor;
using namespace alphactor::actors;
using chess::ChessGame;
using trees::TreeGame;

namespace {

const auto& kChess = test::kChessCases;
const std::vector<std::pair<std::string, int>> kTrees = {
    {"random:w=5,d=6,range=7,seed=31", 6},
    {"ordered:w=6,d=7,p=0.7,seed=32", 7},
    {"irregular:w=1..8,d=7,seed=33", 7},
};

using test::sequential;

ParallelConfig config(int depth, Mode mode, bool chess, std::size_t table_kb) {
  ParallelConfig c;
  c.depth = depth;
  c.mode = mode;
  c.costs = cost_preset(chess ? "transputer1990" : "modern", chess ? "chess" : "tree");
  c.slice_nodes = mode == Mode::kSim ? (chess ? 1 : 7) : 100;
  c.table_kb = table_kb;
  if (mode == Mode::kSim && chess) c.steal_backoff_ns = 20'000'000;
  return c;
}

std::uint64_t hint_jobs(const RunOutcome& r) {
  std::uint64_t n = 0;
  for (const auto& p : r.processors) n += p.algorithm.hint_jobs;
  return n;
}

// Runs every (hints, P, mode) combination on one position; returns the hinted jobs seen.
template <class G>
std::uint64_t check_exact(const G& root, int depth, bool chess) {
  std::uint64_t hinted = 0;
  for (const std::size_t table_kb : {std::size_t(0), std::size_t(16)}) {
    const Value expected = sequential(root, depth, table_kb > 0);
    for (const Mode mode : {Mode::kSim, Mode::kReal}) {
      for (const int P : {1, 4, 16, 64}) {
        if (mode == Mode::kReal && (P == 64 || table_kb > 0)) continue;
        for (const bool hints : {true, false}) {
          ParallelConfig c = config(depth, mode, chess, table_kb);
          c.work_hints = hints;
          c.seed = std::uint64_t(P) * 3 + depth;
          INFO("depth " << depth << " table " << table_kb << " mode " << int(mode) << " P " << P
                        << " hints " << hints);
          const RunOutcome r = run_parallel(root, c, topo::Topology::make("hypercube", P));
          CHECK(r.result.value == expected);
          if (!hints || P == 1) CHECK(hint_jobs(r) == 0);
          hinted += hint_jobs(r);
        }
      }
    }
  }
  return hinted;
}

}  // namespace

TEST_CASE("hint lines: PV first, lines below a path round-trip into another trie") {
  MoveHints h;
  CHECK(h.empty());
  const std::vector<std::uint32_t> pv = {1, 2, 3}, r5 = {5, 6, 7}, r1 = {1, 9};
  h.insert({}, pv);
  h.insert({}, r5);
  h.insert({}, r1);  // meets the PV at the root's move 1: the PV's continuation stays the hint
  CHECK(h.hint(0) == 1u);
  CHECK(h.hint(h.find(std::vector<std::uint32_t>{1})) == 2u);
  CHECK(h.hint(h.find(std::vector<std::uint32_t>{5})) == 6u);
  CHECK(h.find(std::vector<std::uint32_t>{6}) == MoveHints::kNone);
  CHECK_FALSE(h.hint(h.find(pv)));  // the line's end: no hint
  CHECK_FALSE(h.hint(12345));       // a stale index is no hint, not a crash

  // A helper given the job at path {1} gets both lines below it, and reconstructs them.
  const std::vector<std::uint32_t> job = {1};
  const std::vector<std::uint32_t> flat = h.lines_below(job);
  CHECK(flat == std::vector<std::uint32_t>{2, 2, 3, 1, 9});
  MoveHints helper;
  helper.insert_flat(job, flat);
  CHECK(helper.hint(helper.find(job)) == 2u);
  CHECK(helper.hint(helper.find(std::vector<std::uint32_t>{1, 2})) == 3u);
  CHECK(helper.find(std::vector<std::uint32_t>{5}) == MoveHints::kNone);
  CHECK(h.lines_below(std::vector<std::uint32_t>{7}).empty());
  // A truncated message inserts what is complete.
  MoveHints cut;
  cut.insert_flat({}, std::vector<std::uint32_t>{1, 4, 3, 8});
  CHECK(cut.hint(0) == 4u);
  CHECK(cut.lines() == 1);
}

TEST_CASE("hint lines: an empty trie holds no memory and answers as one with only its root") {
  MoveHints h;  // what every idle processor holds
  CHECK(h.bytes() == 0);
  CHECK(h.size() == 1);
  CHECK(h.find({}) == 0);
  CHECK_FALSE(h.hint(0));
  CHECK(h.lines_below({}).empty());
  CHECK(h.find(std::vector<std::uint32_t>{1}) == MoveHints::kNone);
  h.insert({}, std::vector<std::uint32_t>{4, 2});
  CHECK_FALSE(h.empty());
  CHECK(h.size() == 3);
  CHECK(h.lines_below({}) == std::vector<std::uint32_t>{2, 4, 2});
  h.clear();  // back to the root alone, and a stale index is still no hint
  CHECK(h.empty());
  CHECK(h.find({}) == 0);
  CHECK_FALSE(h.hint(1));
  CHECK(h.lines_below({}).empty());
}

TEST_CASE("a hinted search tries the hinted move first where it has no table move") {
  for (int seed = 1; seed <= 5; ++seed) {
    const std::string spec = "random:w=6,d=4,seed=" + std::to_string(seed);
    TreeGame probe(spec);
    TreeGame::MoveList moves;
    probe.generate_moves(moves);
    REQUIRE(moves.size() == 6);
    // The last move generated, and the position it leads to.
    const auto last = moves[moves.size() - 1];
    probe.play(last);
    const std::uint64_t after_last = probe.hash();
    for (const bool hinted : {false, true}) {
      MoveHints hints;
      hints.insert({}, std::vector<std::uint32_t>{TreeGame::encode(last)});
      TreeGame g(spec);
      SearchOptions o;
      o.use_table = false;
      SearchContext<TreeGame> ctx(g, o);
      ResumableSearch<TreeGame> rs(ctx, {}, 3, -kInfinity, kInfinity, false);
      if (hinted) rs.set_hints(&hints);
      rs.attach();
      rs.run(2);  // the root, then its first child
      INFO(spec << " hinted " << hinted);
      CHECK((g.hash() == after_last) == hinted);
      while (rs.run(1000) != ResumableSearch<TreeGame>::Status::kDone) {
      }
      TreeGame s(spec);
      CHECK(rs.value() == sequential(s, 3, false));
      rs.detach();
    }
  }
}

TEST_CASE("chess: work with the previous iteration's lines keeps the value exact", "[real]") {
  std::uint64_t hinted = 0;
  for (const auto& [fen, depth] : kChess) hinted += check_exact(ChessGame(fen), depth, true);
  CHECK(hinted > 50);  // the lines were really sent
}

TEST_CASE("trees: work with the previous iteration's lines keeps the value exact", "[real]") {
  std::uint64_t hinted = 0;
  for (const auto& [spec, depth] : kTrees) hinted += check_exact(TreeGame(spec), depth, false);
  CHECK(hinted > 50);
}

TEST_CASE("no previous iteration, no lines: hints travel only with iterative deepening") {
  const ChessGame root(kChess[1].first);
  ParallelConfig c = config(kChess[1].second, Mode::kSim, true, 0);
  c.iterative_deepening = false;
  const RunOutcome r = run_parallel(root, c, topo::Topology::make("hypercube", 16));
  CHECK(r.result.value == sequential(root, kChess[1].second, false));
  CHECK(hint_jobs(r) == 0);
  std::uint64_t jobs = 0;
  for (const auto& p : r.processors) jobs += p.algorithm.jobs_given;
  CHECK(jobs > 0);
}
