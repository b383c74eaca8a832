// Parallel ER's tree and heap alone (algorithms/er/er_tree.hpp), without processors or
// messages: up to K problems are out at once and come back in any order (first out, last out,
// or at random), each solved by serial ER with the window it was handed out with, as processors
// of any speed would answer. Whatever the order and the refinements, the root value is the
// sequential one, a cut-off problem is never needed again, and a running problem's window only
// narrows.
#include <catch2/catch.hpp>
#include <map>
#include <optional>
#include <random>

#include "algorithms/er/er_tree.hpp"
#include "search/searcher.hpp"
#include "trees/tree_game.hpp"

using namespace alphactor;
using namespace alphactor::actors;
using trees::TreeGame;

namespace {

enum class Order { kFirstOut, kLastOut, kRandom };

// Plays the processors: hands problems out and answers them in `order`.
class Driver final : public ErTreeHost {
 public:
  Driver(const TreeGame& root, const ErRules& rules, int depth, int serial_ply)
      : game_(root), ctx_(game_, options(depth)), tree_(*this, game_, ctx_, rules, serial_ply) {}

  // The root value (nullopt: nothing out and nothing to take, or a million answers not enough).
  std::optional<Value> run(int depth, std::size_t out_at_once, Order order, std::uint32_t seed) {
    std::mt19937 rng(seed);
    tree_.start(depth);
    for (std::size_t answers = 0; !tree_.finished() && answers < 1'000'000;) {
      // Hand out problems and expand nodes until K problems are out or nothing is pending.
      while (out_.size() < out_at_once && !tree_.finished()) {
        const int id = tree_.take();
        if (id < 0) break;
        if (tree_.cut_off(id)) continue;
        if (!tree_.node(id).problem) {
          tree_.expand(id);
          tree_.drain();
          continue;
        }
        const auto [alpha, beta] = tree_.window(id);
        tree_.run(id, ++job_, 1);
        out_.push_back({id, tree_.node(id).job, tree_.kind_of(id), alpha, beta});
        windows_[id] = {alpha, beta};
      }
      if (tree_.finished()) break;
      if (out_.empty()) return std::nullopt;  // nothing out, nothing to take: stalled
      std::size_t pick = 0;
      if (order == Order::kLastOut) pick = out_.size() - 1;
      if (order == Order::kRandom) pick = rng() % out_.size();
      const Problem p = out_[pick];
      out_.erase(out_.begin() + static_cast<std::ptrdiff_t>(pick));
      if (tree_.node(p.id).job != p.job) continue;  // cut off meanwhile: never answered
      const ErTree<TreeGame>::Node& n = tree_.node(p.id);
      tree_.go_to(n.path);
      const ErAnswer a =
          er_solve(ctx_, p.kind, p.alpha, p.beta, n.depth, n.ply, n.first_move, n.tentative);
      tree_.go_back(n.path);
      tree_.answer(p.id, a);
      ++answers;
    }
    return root_;
  }

  int cut = 0;             // problems cut off while out
  bool widened = false;    // a running problem's window ever widened
  int answered_twice = 0;  // the root answered more than once

 private:
  struct Problem {
    int id;
    JobId job;
    ErTask kind;
    Value alpha, beta;
  };
  static SearchOptions options(int depth) {
    SearchOptions o;
    o.depth = depth;
    o.use_table = false;
    return o;
  }
  void problem_cut(int id) override {
    ++cut;
    tree_.node(id).job = 0;
  }
  void problem_narrowed(int id, Value alpha, Value beta) override {
    auto& [a, b] = windows_[id];
    if (alpha < a || beta > b) widened = true;
    a = alpha;
    b = beta;
  }
  void root_answered(int id, Value value, bool done) override {
    CHECK(id == 0);
    CHECK(done);
    if (root_) ++answered_twice;
    root_ = value;
  }

  TreeGame game_;
  SearchContext<TreeGame> ctx_;
  ErTree<TreeGame> tree_;
  std::vector<Problem> out_;
  std::map<int, std::pair<Value, Value>> windows_;
  JobId job_ = 0;
  std::optional<Value> root_;
};

Value sequential_value(const std::string& spec, int depth) {
  TreeGame g{std::string_view(spec)};
  SearchOptions o;
  o.algorithm = Algorithm::kAlphaBeta;
  o.depth = depth;
  o.use_table = false;
  return search(g, o).value;
}

}  // namespace

TEST_CASE("ER tree: answers in any order give the sequential root value") {
  const std::vector<std::pair<std::string, int>> trees = {
      {"random:w=4,d=7,seed=21", 7},
      {"random:w=3,d=9,seed=22", 9},
      {"ordered:w=6,d=6,p=0.7,seed=23", 6},
      {"irregular:w=1..7,d=7,seed=24", 7},
      {"best:w=4,d=7", 7},
      {"ordered:w=4,d=8,p=0.5,seed=25", 6},  // a horizon above the leaves
  };
  // (parallel refutation, multiple e-nodes, early choice, speculative r-nodes)
  const std::vector<std::array<bool, 4>> rules_sets = {{false, false, false, false},
                                                       {true, true, true, true},
                                                       {true, false, true, false},
                                                       {false, true, false, true}};
  int cut = 0;
  for (const auto& [spec, depth] : trees) {
    const Value expected = sequential_value(spec, depth);
    for (const auto& [refute, multiple, early, rnodes] : rules_sets) {
      ErRules rules;
      rules.parallel_refutation = refute;
      rules.multiple_enodes = multiple;
      rules.early_choice = early;
      rules.speculative_rnodes = rnodes;
      for (const int serial_ply : {1, depth / 2, depth - 1}) {
        for (const std::size_t k : {std::size_t{1}, std::size_t{3}, std::size_t{16}}) {
          for (const Order order : {Order::kFirstOut, Order::kLastOut, Order::kRandom}) {
            for (const std::uint32_t seed : {1u, 2u}) {
              if (order != Order::kRandom && seed > 1) continue;
              INFO(spec << " rules " << refute << multiple << early << rnodes << " serial ply "
                        << serial_ply << " out at once " << k << " order " << int(order) << " seed "
                        << seed);
              Driver d(TreeGame(std::string_view(spec)), rules, depth, serial_ply);
              const std::optional<Value> v = d.run(depth, k, order, seed);
              REQUIRE(v.has_value());
              CHECK(*v == expected);
              CHECK_FALSE(d.widened);
              CHECK(d.answered_twice == 0);
              cut += d.cut;
            }
          }
        }
      }
    }
  }
  // Problems out at once do get cut off (the check above is not vacuous).
  CHECK(cut > 0);
}
