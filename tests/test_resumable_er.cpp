// Sliced serial ER (search/resumable_er.hpp): without narrowing, every problem kind answers as
// the recursive er(), er_eval_first() and er_refute_rest() do, node for node, in slices of any
// size and with subtrees near the horizon taken whole, on random, ordered and irregular trees,
// chess and Othello; a window narrowed mid-search still gives a true fail-hard bound (the exact
// value when it stays inside); abandon() takes every move back.
#include <catch2/catch.hpp>
#include <random>

#include "chess/chess_game.hpp"
#include "othello/othello_game.hpp"
#include "search/er.hpp"
#include "search/resumable_er.hpp"
#include "tests/parallel_cases.hpp"
#include "trees/tree_game.hpp"

using namespace alphactor;
using chess::ChessGame;
using othello::OthelloGame;
using trees::TreeGame;

namespace {

SearchOptions er_options(int depth) {
  SearchOptions o;
  o.algorithm = Algorithm::kEr;
  o.use_table = false;
  o.depth = depth;
  return o;
}

template <class G>
ErAnswer sliced(ResumableEr<G>& er, ErTask task, Value alpha, Value beta, int depth,
                const ErAnswer& first, std::uint64_t budget, int* slices = nullptr) {
  er.start(task, alpha, beta, depth, 0, G::decode(first.first_move), first.value);
  int n = 1;
  while (!er.run(budget)) ++n;
  if (slices) *slices = n;
  return {er.value(), er.decided(), task == ErTask::kFirst ? G::encode(er.first_move()) : 0};
}

// Every kind in turn on one context each (kFirst's answer feeds kRest), so that the killer and
// history tables the two sides carry from problem to problem stay alike.
template <class G>
void same_as_recursive(const G& root, int depth, Value alpha, Value beta, std::uint64_t budget,
                       int inline_depth = 0) {
  G g1 = root, g2 = root;
  SearchContext<G> rec(g1, er_options(depth)), res(g2, er_options(depth));
  ResumableEr<G> er(res, inline_depth);
  ErAnswer first_rec, first_res;
  for (const ErTask task : {ErTask::kENode, ErTask::kFirst, ErTask::kRest, ErTask::kRNode}) {
    INFO("task " << int(task) << " window " << alpha << " " << beta << " budget " << budget
                 << " inline depth " << inline_depth);
    int slices = 0;
    const std::uint64_t before = rec.stats().nodes();
    const ErAnswer a =
        er_solve(rec, task, alpha, beta, depth, 0, first_rec.first_move, first_rec.value);
    const ErAnswer b = sliced(er, task, alpha, beta, depth, first_res, budget, &slices);
    CHECK(a == b);
    CHECK(rec.stats().interior_nodes == res.stats().interior_nodes);
    CHECK(rec.stats().leaf_nodes == res.stats().leaf_nodes);
    CHECK(rec.stats().researches == res.stats().researches);
    CHECK(g2.hash() == root.hash());
    // Node by node, or whole subtrees near the horizon at a time.
    if (budget == 1 && inline_depth == 0)
      CHECK(std::uint64_t(slices) >= rec.stats().nodes() - before);
    if (budget == 1 && depth > inline_depth + 1 && rec.stats().nodes() - before > 200)
      CHECK(std::uint64_t(slices) > 1);
    if (task == ErTask::kFirst) {
      first_rec = a;
      first_res = b;
    }
  }
}

}  // namespace

TEST_CASE("sliced ER answers every problem kind as the recursive ER, node for node: trees") {
  for (int seed = 0; seed < 24; ++seed) {
    const std::string s = ",seed=" + std::to_string(seed);
    const std::vector<std::pair<std::string, int>> specs = {
        {"random:w=" + std::to_string(2 + seed % 5) + ",d=6" + s, 6},
        {"ordered:w=" + std::to_string(3 + seed % 4) + ",d=6,p=0.7" + s, 5},
        {"irregular:w=1..7,d=5" + s, 5}};
    for (const auto& [spec, depth] : specs) {
      INFO(spec << " depth " << depth);
      const TreeGame root(spec);
      for (const std::uint64_t budget : {1, 7, 1000000})
        same_as_recursive(root, depth, -kInfinity, kInfinity, budget);
      same_as_recursive(root, depth, -100, 150, 3);
      for (const int inline_depth : {1, tunables::kErInlineDepth})
        same_as_recursive(root, depth, -kInfinity, kInfinity, 1, inline_depth);
    }
  }
}

TEST_CASE("sliced ER answers every problem kind as the recursive ER, node for node: games") {
  for (const auto& [fen, depth] : test::kChessCases) {
    INFO(fen);
    same_as_recursive(ChessGame(fen), depth, -kInfinity, kInfinity, 5);
    same_as_recursive(ChessGame(fen), depth, -30, 40, 100);
    same_as_recursive(ChessGame(fen), depth, -kInfinity, kInfinity, 1, tunables::kErInlineDepth);
  }
  same_as_recursive(OthelloGame(), 6, -kInfinity, kInfinity, 3);
  same_as_recursive(OthelloGame(), 5, -4, 4, 1);
}

TEST_CASE("a window narrowed mid-search still gives a true bound, the exact value inside it") {
  std::mt19937 rng(7);
  int inside = 0, below = 0, above = 0, fewer = 0;
  for (int seed = 0; seed < 60; ++seed) {
    const std::string spec =
        "random:w=" + std::to_string(3 + seed % 4) + ",d=7,seed=" + std::to_string(seed);
    TreeGame g0(spec);
    SearchContext<TreeGame> seq(g0, er_options(7));
    const Value exact = er(seq, -kInfinity, kInfinity, 7, 0);
    const std::uint64_t whole = seq.stats().nodes();
    // A narrower window around, below or above the exact value, given after some slices.
    const int offset = std::uniform_int_distribution<int>(1, 400)(rng);
    const int which = seed % 3;
    const Value a = which == 0 ? exact - offset : which == 1 ? exact + 1 : exact - 2 * offset;
    const Value b = which == 0 ? exact + offset : which == 1 ? exact + 1 + offset : exact;
    TreeGame g(spec);
    SearchContext<TreeGame> ctx(g, er_options(7));
    ResumableEr<TreeGame> er(ctx);
    er.start(ErTask::kENode, -kInfinity, kInfinity, 7, 0);
    const auto delay = std::uint64_t(std::uniform_int_distribution<int>(1, 200)(rng));
    bool answered = er.run(delay);
    er.narrow(a, b);
    er.narrow(-kInfinity, kInfinity);  // a wider window later changes nothing
    while (!answered) answered = er.run(5);
    INFO(spec << " exact " << exact << " window " << a << " " << b << " after " << delay);
    CHECK(g.ply() == 0);
    if (which == 0) {
      CHECK(er.value() == exact);
      ++inside;
    } else if (which == 1) {
      CHECK(er.value() == a);  // fail-hard: "at most a"
      ++below;
    } else {
      CHECK(er.value() >= b);  // "at least b"
      ++above;
    }
    if (ctx.stats().nodes() < whole) ++fewer;
  }
  CHECK(inside == 20);
  CHECK(below == 20);
  CHECK(above == 20);
  CHECK(fewer > 40);  // narrowing is what saves the nodes
}

TEST_CASE("an abandoned sliced ER takes every move back and can start again") {
  for (const auto& [fen, depth] : test::kChessCases) {
    ChessGame g(fen);
    const std::uint64_t before = g.hash();
    SearchContext<ChessGame> ctx(g, er_options(depth));
    ResumableEr<ChessGame> er(ctx);
    er.start(ErTask::kRNode, -kInfinity, kInfinity, depth, 0);
    CHECK_FALSE(er.run(40));
    CHECK(er.running());
    er.abandon();
    CHECK_FALSE(er.running());
    CHECK(g.hash() == before);
    ChessGame g2(fen);
    SearchContext<ChessGame> seq(g2, er_options(depth));
    er.start(ErTask::kENode, -kInfinity, kInfinity, depth, 0);
    while (!er.run(1000)) {
    }
    CHECK(er.value() == alphactor::er(seq, -kInfinity, kInfinity, depth, 0));
  }
}

TEST_CASE(
    "a slice told to yield ends within a few dozen nodes, and the answer stays the recursive "
    "one's") {
  for (int seed = 0; seed < 12; ++seed) {
    const std::string spec =
        "random:w=" + std::to_string(3 + seed % 4) + ",d=7,seed=" + std::to_string(seed);
    INFO(spec);
    TreeGame g1(spec), g2(spec);
    SearchContext<TreeGame> rec(g1, er_options(7)), res(g2, er_options(7));
    const Value exact = er(rec, -kInfinity, kInfinity, 7, 0);
    ResumableEr<TreeGame> solver(res);
    solver.start(ErTask::kENode, -kInfinity, kInfinity, 7, 0);
    // Never told: one slice answers it.
    int asked = 0;
    CHECK(solver.run(std::numeric_limits<std::uint64_t>::max(), [&] { return ++asked < 0; }));
    CHECK(asked > 0);
    CHECK(solver.value() == exact);
    // Told at every ask (mail is always waiting): many short slices, the same answer and nodes.
    TreeGame g3(spec);
    SearchContext<TreeGame> yielding(g3, er_options(7));
    ResumableEr<TreeGame> again(yielding);
    again.start(ErTask::kENode, -kInfinity, kInfinity, 7, 0);
    int slices = 0;
    std::uint64_t longest = 0;
    for (bool done = false; !done; ++slices) {
      const std::uint64_t before = yielding.stats().nodes();
      done = again.run(std::numeric_limits<std::uint64_t>::max(), [] { return true; });
      longest = std::max(longest, yielding.stats().nodes() - before);
    }
    CHECK(again.value() == exact);
    CHECK(yielding.stats().nodes() == rec.stats().nodes());
    CHECK(g3.ply() == 0);
    CHECK(slices > 1);
    // A slice yields at its first ask after 32 nodes; a step that takes a subtree near the
    // horizon whole (3 plies of at most 6 moves: 259 nodes) may pass it once.
    CHECK(longest <= ResumableEr<TreeGame>::kYieldCheckNodes + 259);
  }
}
