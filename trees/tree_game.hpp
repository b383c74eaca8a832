// TreeGame: a synthetic game tree that models the Game concept. No tree is stored: every
// node is its path's hash, and every value is drawn from that hash, so a tree is a pure
// function of its spec and seed.
//
// Random trees: leaves get independent uniform values in [-range, range]; interior static
// values are uninformative hash noise (Steinberg & Solomon's R1-R3 are random:w=4,d=10,
// w=4,d=11 and w=8,d=7).
// Ordered trees are generated top-down from the root's value v: the best child gets -v
// (negamax), every other child -v + 1 + u with u uniform in [0, spread), so it is strictly
// worse for the mover. The best child is the first with probability p, in the first quarter
// with probability q, else anywhere after. A leaf's value is its generated value, so minimax
// of the tree reproduces them exactly; interior static values are the generated value plus
// uniform noise in [-noise, noise]. With p = q = 1 alpha-beta visits the minimal tree.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "search/game.hpp"
#include "trees/tree_spec.hpp"

namespace alphactor::trees {

class TreeGame {
 public:
  using Move = std::uint32_t;  // child index
  using MoveList = alphactor::MoveList<Move, kMaxTreeWidth>;
  static constexpr std::size_t kHistorySize = kMaxTreeWidth;

  explicit TreeGame(const TreeSpec& spec);
  explicit TreeGame(std::string_view spec_text) : TreeGame(parse_tree_spec(spec_text)) {}

  void generate_moves(MoveList& list) const;
  void play(Move m);
  void undo(Move m);
  [[nodiscard]] Value evaluate() const;
  [[nodiscard]] std::uint64_t hash() const { return path_.back().hash; }
  [[nodiscard]] bool is_terminal() const { return ply() >= spec_.depth; }
  [[nodiscard]] Value terminal_value(int /*ply*/) const;
  static std::uint32_t encode(Move m) { return m; }
  static Move decode(std::uint32_t w) { return w; }
  [[nodiscard]] std::string move_text(Move m) const { return std::to_string(m); }
  [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;
  [[nodiscard]] std::size_t history_index(Move m) const { return m; }
  [[nodiscard]] int order_hint(Move) const { return 0; }

  // Tree facts used by tests and reports.
  [[nodiscard]] const TreeSpec& spec() const { return spec_; }
  [[nodiscard]] int ply() const { return static_cast<int>(path_.size()) - 1; }
  [[nodiscard]] int width() const;  // branching of the current node

 private:
  struct Node {
    std::uint64_t hash;
    Value value;  // ordered trees: the node's exact minimax value (from its mover's view)
  };
  [[nodiscard]] Value child_value(Move m) const;

  TreeSpec spec_;
  std::vector<Node> path_;  // root first; reserved to depth + 1, so play never allocates
};

}  // namespace alphactor::trees
