// Synthetic trees: spec parsing, determinism, and the properties their generators promise.
#include <catch2/catch.hpp>
#include <functional>
#include <map>

#include "search/input_error.hpp"
#include "trees/tree_game.hpp"

using namespace alphactor;
using namespace alphactor::trees;

namespace {
// Exact minimax of the whole tree (no pruning), independent of search/.
Value minimax(TreeGame& g) {
  if (g.is_terminal()) return g.terminal_value(g.ply());
  TreeGame::MoveList list;
  g.generate_moves(list);
  Value best = -kInfinity;
  for (auto m : list) {
    g.play(m);
    best = std::max(best, -minimax(g));
    g.undo(m);
  }
  return best;
}
}  // namespace

TEST_CASE("tree specs parse into their fields") {
  const TreeSpec r = parse_tree_spec("random:w=4,d=10,seed=1");
  CHECK(r.kind == TreeKind::kRandom);
  CHECK(r.width_min == 4);
  CHECK(r.width_max == 4);
  CHECK(r.depth == 10);
  CHECK(r.seed == 1);
  const TreeSpec o = parse_tree_spec("ordered:w=8,d=7,p=0.7,seed=3");
  CHECK(o.kind == TreeKind::kOrdered);
  CHECK(o.p == Approx(0.7));
  CHECK(o.q == Approx(0.9));
  const TreeSpec b = parse_tree_spec("best:w=5,d=6");
  CHECK(b.p == 1.0);
  CHECK(b.q == 1.0);
  const TreeSpec i = parse_tree_spec("irregular:w=2..8,d=8,seed=1");
  CHECK(i.width_min == 2);
  CHECK(i.width_max == 8);
  // The canonical text names the same tree.
  CHECK(parse_tree_spec(o.text()).text() == o.text());
}

TEST_CASE("bad tree specs are refused naming the problem") {
  auto message = [](const char* spec) {
    try {
      parse_tree_spec(spec);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK_THAT(message("random"), Catch::Contains("expected KIND"));
  CHECK_THAT(message("square:w=2,d=2"), Catch::Contains("unknown kind 'square'"));
  CHECK_THAT(message("random:w=4"), Catch::Contains("missing 'd'"));
  CHECK_THAT(message("random:d=4"), Catch::Contains("missing 'w'"));
  CHECK_THAT(message("random:w=x,d=4"), Catch::Contains("'w' needs a number"));
  CHECK_THAT(message("random:w=0,d=4"), Catch::Contains("'w' must lie in"));
  CHECK_THAT(message("random:w=4,d=4,zz=1"), Catch::Contains("unknown key 'zz'"));
  CHECK_THAT(message("random:w=4,d=4,p=0.5"), Catch::Contains("unknown key 'p'"));
  CHECK_THAT(message("ordered:w=4,d=4,p=1.5"), Catch::Contains("'p' must lie in [0, 1]"));
  CHECK_THAT(message("random:w=4,w=5,d=4"), Catch::Contains("given twice"));
  CHECK_THAT(message("irregular:w=4,d=4"), Catch::Contains("branching range"));
  CHECK_THAT(message("random:w=8..2,d=4"), Catch::Contains("low..high"));
  CHECK_THAT(message("random:w=4,d=4,"), Catch::Contains("expected key=value"));
}

TEST_CASE("trees are pure functions of spec and seed") {
  TreeGame a("random:w=4,d=6,seed=9"), b("random:w=4,d=6,seed=9"), c("random:w=4,d=6,seed=10");
  CHECK(minimax(a) == minimax(b));
  // Leaves of different seeds differ (checked on the first 16 leaves).
  int differ = 0;
  for (std::uint32_t m = 0; m < 16; ++m) {
    for (TreeGame* g : {&a, &c})
      for (int k = 0; k < 6; ++k) g->play(k == 5 ? m % 4 : (m / 4) % 4);
    differ += a.terminal_value(6) != c.terminal_value(6);
    for (TreeGame* g : {&a, &c})
      for (int k = 0; k < 6; ++k) g->undo(0);
  }
  CHECK(differ >= 12);
}

TEST_CASE("play then undo restores the node") {
  TreeGame g("ordered:w=5,d=6,seed=2");
  const auto h0 = g.hash();
  const auto e0 = g.evaluate();
  g.play(3);
  CHECK(g.hash() != h0);
  CHECK(g.ply() == 1);
  g.play(1);
  g.undo(1);
  g.undo(3);
  CHECK(g.hash() == h0);
  CHECK(g.evaluate() == e0);
  CHECK(g.ply() == 0);
}

TEST_CASE("ordered trees: minimax reproduces the generated values") {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    TreeGame g(parse_tree_spec("ordered:w=4,d=6,p=0.5,noise=0,seed=" + std::to_string(seed)));
    // With noise 0 the static value of the root is its generated value.
    CHECK(minimax(g) == g.evaluate());
  }
}

TEST_CASE("ordered trees: the first child is best with probability p") {
  auto first_best_rate = [](const std::string& spec, double& first_quarter) {
    TreeGame g(spec);
    int first = 0, quarter = 0, nodes = 0;
    // Visit every node of depth <= 3 and find its best child by exact static values.
    std::function<void(int)> visit = [&](int depth) {
      if (depth == 0) return;
      TreeGame::MoveList list;
      g.generate_moves(list);
      int best = 0;
      Value best_value = kInfinity;
      for (auto m : list) {
        g.play(m);
        if (g.evaluate() < best_value) best_value = g.evaluate(), best = int(m);
        visit(depth - 1);
        g.undo(m);
      }
      ++nodes;
      first += best == 0;
      quarter += best < (list.size() + 3) / 4;
    };
    visit(4);
    first_quarter = double(quarter) / nodes;
    return double(first) / nodes;
  };
  double q = 0;
  CHECK(first_best_rate("ordered:w=8,d=6,p=0.7,noise=0,seed=1", q) == Approx(0.7).margin(0.05));
  CHECK(q == Approx(0.9).margin(0.05));
  CHECK(first_best_rate("best:w=8,d=6,noise=0", q) == 1.0);
}

TEST_CASE("irregular trees draw their branching from the range") {
  TreeGame g("irregular:w=2..8,d=4,seed=3");
  std::map<int, int> widths;
  TreeGame::MoveList list;
  g.generate_moves(list);
  for (auto m : list) {
    g.play(m);
    TreeGame::MoveList inner;
    g.generate_moves(inner);
    for (auto k : inner) {
      g.play(k);
      ++widths[g.width()];
      g.undo(k);
    }
    ++widths[g.width()];
    g.undo(m);
  }
  CHECK(widths.begin()->first >= 2);
  CHECK(widths.rbegin()->first <= 8);
  CHECK(widths.size() >= 4);  // really irregular
}

TEST_CASE("tree moves have text and parse back") {
  TreeGame g("random:w=6,d=3,seed=1");
  CHECK(g.move_text(4) == "4");
  CHECK(g.parse_move("4") == std::optional<std::uint32_t>(4));
  CHECK_FALSE(g.parse_move("6").has_value());
  CHECK_FALSE(g.parse_move("x").has_value());
  CHECK(TreeGame::decode(TreeGame::encode(5)) == 5);
}
