// Sequential searches: all four agree with negamax; alpha-beta visits the minimal tree on
// best-ordered trees; the transposition table never changes the fixed-depth root value.
#include <catch2/catch.hpp>
#include <cmath>

#include "search/searcher.hpp"
#include "trees/tree_game.hpp"

using namespace alphactor;
using trees::TreeGame;

namespace {

SearchResult run(const std::string& spec, Algorithm a, int depth, bool table = false,
                 bool iterative = false) {
  TreeGame g(spec);
  SearchOptions opt;
  opt.algorithm = a;
  opt.depth = depth;
  opt.use_table = table;
  opt.table_megabytes = 1;
  opt.iterative_deepening = iterative;
  return search(g, opt);
}

std::vector<std::pair<std::string, int>> tree_corpus() {
  std::vector<std::pair<std::string, int>> specs;
  for (int seed = 0; seed < 80; ++seed) {
    const std::string s = ",seed=" + std::to_string(seed);
    specs.push_back({"random:w=" + std::to_string(2 + seed % 5) +
                         ",d=" + std::to_string(3 + seed % 4) +
                         ",range=" + std::to_string(seed % 3 == 0 ? 5 : 1000) + s,
                     3 + seed % 4});
    specs.push_back({"ordered:w=" + std::to_string(3 + seed % 4) + ",d=5,p=0.7" + s, 5});
    specs.push_back({"irregular:w=1..7,d=5" + s, seed % 2 ? 5 : 4});
  }
  return specs;
}

}  // namespace

TEST_CASE("negamax, alpha-beta, PVS and ER agree on 240 random, ordered and irregular trees") {
  const auto corpus = tree_corpus();
  REQUIRE(corpus.size() >= 200);
  for (const auto& [spec, depth] : corpus) {
    INFO(spec << " depth " << depth);
    const Value reference = run(spec, Algorithm::kNegamax, depth).value;
    CHECK(run(spec, Algorithm::kAlphaBeta, depth).value == reference);
    CHECK(run(spec, Algorithm::kPvs, depth).value == reference);
    CHECK(run(spec, Algorithm::kEr, depth).value == reference);
  }
}

TEST_CASE("searches below the tree's depth agree too (static values at the horizon)") {
  for (int seed = 0; seed < 30; ++seed) {
    const std::string spec = "ordered:w=5,d=9,p=0.6,seed=" + std::to_string(seed);
    INFO(spec);
    const Value reference = run(spec, Algorithm::kNegamax, 4).value;
    CHECK(run(spec, Algorithm::kAlphaBeta, 4).value == reference);
    CHECK(run(spec, Algorithm::kPvs, 4).value == reference);
    CHECK(run(spec, Algorithm::kEr, 4).value == reference);
  }
}

TEST_CASE("alpha-beta visits exactly the minimal tree on best-ordered trees (Knuth & Moore)") {
  for (const auto& [w, d] : {std::pair{2, 2}, {3, 3}, {4, 5}, {5, 6}, {8, 4}, {3, 9}, {6, 7}}) {
    const std::string spec = "best:w=" + std::to_string(w) + ",d=" + std::to_string(d);
    INFO(spec);
    const auto minimal =
        static_cast<std::uint64_t>(std::pow(w, (d + 1) / 2) + std::pow(w, d / 2) - 1);
    const SearchResult ab = run(spec, Algorithm::kAlphaBeta, d);
    CHECK(ab.stats.leaf_nodes == minimal);
    // PVS's zero windows cost nothing more when the first move is always best.
    CHECK(run(spec, Algorithm::kPvs, d).stats.leaf_nodes == minimal);
    // And negamax visits every leaf.
    CHECK(run(spec, Algorithm::kNegamax, d).stats.leaf_nodes ==
          static_cast<std::uint64_t>(std::pow(w, d)));
  }
}

TEST_CASE("the transposition table and iterative deepening never change the root value") {
  for (int seed = 0; seed < 40; ++seed) {
    const std::string spec = (seed % 2 ? "random:w=5,d=6" : "ordered:w=6,d=6,p=0.5") +
                             std::string(",seed=") + std::to_string(seed);
    INFO(spec);
    for (auto a : {Algorithm::kAlphaBeta, Algorithm::kPvs}) {
      const Value plain = run(spec, a, 6, false, false).value;
      CHECK(run(spec, a, 6, true, false).value == plain);
      CHECK(run(spec, a, 6, true, true).value == plain);
    }
    CHECK(run(spec, Algorithm::kEr, 6, false, true).value ==
          run(spec, Algorithm::kNegamax, 6).value);
  }
}

TEST_CASE("iterative deepening with the table searches fewer nodes on ordered trees") {
  std::uint64_t plain = 0, guided = 0;
  for (int seed = 0; seed < 10; ++seed) {
    const std::string spec = "ordered:w=8,d=7,p=0.3,q=0.5,seed=" + std::to_string(seed);
    plain += run(spec, Algorithm::kAlphaBeta, 7, false, false).stats.leaf_nodes;
    guided += run(spec, Algorithm::kAlphaBeta, 7, true, true).stats.leaf_nodes;
  }
  CHECK(guided < plain);
}

TEST_CASE("the principal variation leads to a leaf of the root's value") {
  for (int seed = 0; seed < 20; ++seed) {
    const std::string spec = "random:w=4,d=6,seed=" + std::to_string(seed);
    for (auto a : {Algorithm::kNegamax, Algorithm::kAlphaBeta, Algorithm::kPvs}) {
      const SearchResult r = run(spec, a, 6);
      REQUIRE(r.principal_variation.size() == 6);
      TreeGame g(spec);
      for (auto m : r.principal_variation) g.play(TreeGame::decode(m));
      CHECK(g.terminal_value(6) == r.value);  // depth 6 is even: the root's side moves there
      CHECK(r.best_move == r.principal_variation.front());
    }
  }
}

TEST_CASE("a node limit stops the search and says so") {
  TreeGame g("random:w=8,d=10,seed=1");
  SearchOptions opt;
  opt.algorithm = Algorithm::kAlphaBeta;
  opt.depth = 10;
  opt.use_table = false;
  opt.node_limit = 5000;
  const SearchResult r = search(g, opt);
  CHECK(r.stopped);
  // Polled at the limit's count, not the next multiple of the poll interval: within a few nodes.
  CHECK(r.stats.nodes() >= 5000);
  CHECK(r.stats.nodes() < 5000 + 16);
}

TEST_CASE("transposition table: store, probe, replacement and bounded memory") {
  TranspositionTable t(1);
  CHECK(t.bytes() <= (1u << 20));
  CHECK(t.bytes() > (1u << 19));
  t.store(42, 0, 17, 5, Bound::kExact, 3u);
  auto e = t.probe(42, 0);
  REQUIRE(e.has_value());
  CHECK(e->value == 17);
  CHECK(e->draft == 5);
  CHECK(e->bound() == Bound::kExact);
  CHECK(e->has_move());
  CHECK(e->move == 3u);
  CHECK_FALSE(t.probe(43, 0).has_value());
  // An upper bound without a move keeps the position's previous move.
  t.store(42, 0, 10, 6, Bound::kUpper, std::nullopt);
  e = t.probe(42, 0);
  REQUIRE(e.has_value());
  CHECK(e->move == 3u);
  CHECK(e->bound() == Bound::kUpper);
  // Mate scores are stored relative to the node.
  t.store(7, 4, kMate - 10, 3, Bound::kExact, std::nullopt);
  CHECK(t.probe(7, 4)->value == kMate - 10);
  CHECK(t.probe(7, 2)->value == kMate - 8);
  // Filling far beyond capacity keeps the size fixed and keeps deep entries over shallow ones.
  const auto entries = t.entry_count();
  t.store(1000003, 0, 1, 60, Bound::kExact, std::nullopt);
  for (std::uint64_t k = 0; k < 4 * entries; ++k)
    t.store(k * 2654435761ULL + 5, 0, 0, 1, Bound::kLower, std::nullopt);
  CHECK(t.entry_count() == entries);
  CHECK(t.probe(1000003, 0).has_value());
}

TEST_CASE("parse_algorithm knows the four names and nothing else") {
  CHECK(parse_algorithm("negamax") == Algorithm::kNegamax);
  CHECK(parse_algorithm("alphabeta") == Algorithm::kAlphaBeta);
  CHECK(parse_algorithm("pvs") == Algorithm::kPvs);
  CHECK(parse_algorithm("er") == Algorithm::kEr);
  CHECK_FALSE(parse_algorithm("mtdf").has_value());
  for (auto a : {Algorithm::kNegamax, Algorithm::kAlphaBeta, Algorithm::kPvs, Algorithm::kEr})
    CHECK(parse_algorithm(algorithm_name(a)) == a);
}
