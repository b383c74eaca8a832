// MoveHints: the previous iteration's principal variation and root refutations as a trie of
// move paths from the game's root, for move ordering in the next iteration (Feldmann,
// Mysliwietz & Monien, "A Fully Distributed Chess Program", ZUGZWANG, section 2: "the
// principal variation and the refutation lines for the other moves at root level computed in
// a d-ply search are used to guide the search during the d+1-ply search"; section 5:
// "refutations are sent together with the nodes to the slaves").
//
// A node's hint is the move of the first line inserted through it, so the PV, inserted first,
// wins at the root. Lines are keyed by move path rather than by position: a search knows its
// path for free (search/resumable_search.hpp keeps the trie node of every frame), and the
// lines below a job's path are exactly what its helper needs (lines_below()).
//
// Indices stay valid while lines are inserted (nodes are only appended); after clear() an old
// index may name another node or none: node() and hint() check the bounds, and a wrong hint
// only orders moves differently, it never changes a value. The root node is made with the first
// line (every processor has one of these, and most never get a line: an empty trie holds no
// memory). One owner; not thread-safe.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace alphactor {

class MoveHints {
 public:
  static constexpr int kNone = -1;

  void clear() {
    nodes_.clear();
    lines_ = 0;
  }
  [[nodiscard]] bool empty() const { return nodes_.size() <= 1; }
  // Trie nodes, the root included.
  [[nodiscard]] std::size_t size() const { return std::max<std::size_t>(nodes_.size(), 1); }
  [[nodiscard]] std::uint64_t lines() const { return lines_; }
  [[nodiscard]] std::size_t bytes() const { return nodes_.capacity() * sizeof(Node); }

  // Adds prefix + line (encoded moves from the game's root).
  void insert(std::span<const std::uint32_t> prefix, std::span<const std::uint32_t> line) {
    if (line.empty()) return;
    if (nodes_.empty()) nodes_.emplace_back();  // the root
    int n = 0;
    for (const auto w : prefix) n = child_or_add(n, w);
    for (const auto w : line) n = child_or_add(n, w);
    ++lines_;
  }

  // The trie node reached by `path` from the root, or kNone.
  [[nodiscard]] int find(std::span<const std::uint32_t> path) const {
    int n = 0;
    for (const auto w : path) {
      n = child(n, w);
      if (n == kNone) return kNone;
    }
    return n;
  }
  // The node below `n` by move `w`, or kNone.
  [[nodiscard]] int child(int n, std::uint32_t w) const {
    if (n < 0 || n >= static_cast<int>(nodes_.size())) return kNone;
    for (int c = nodes_[n].first; c != kNone; c = nodes_[c].next)
      if (nodes_[c].move == w) return c;
    return kNone;
  }
  // The move the lines through `n` continue with (the first inserted), if any.
  [[nodiscard]] std::optional<std::uint32_t> hint(int n) const {
    if (n < 0 || n >= static_cast<int>(nodes_.size())) return std::nullopt;
    const int c = nodes_[n].first;
    if (c == kNone) return std::nullopt;
    return nodes_[c].move;
  }

  // The lines below `path`, relative to it, flattened as [length, moves..., length, ...] with
  // each node's first line first (so inserting them in order keeps every hint). Empty when no
  // line passes through `path`.
  [[nodiscard]] std::vector<std::uint32_t> lines_below(std::span<const std::uint32_t> path) const {
    std::vector<std::uint32_t> out;
    const int n = find(path);
    if (n == kNone || n >= static_cast<int>(nodes_.size()) || nodes_[n].first == kNone) return out;
    std::vector<std::uint32_t> line;
    flatten(n, line, out);
    return out;
  }
  // Inserts flattened lines (from lines_below) under `prefix`. Malformed input (a length
  // beyond the end) inserts what is complete and stops.
  void insert_flat(std::span<const std::uint32_t> prefix, std::span<const std::uint32_t> flat) {
    std::size_t i = 0;
    while (i < flat.size()) {
      const std::size_t len = flat[i++];
      if (len > flat.size() - i) return;
      insert(prefix, flat.subspan(i, len));
      i += len;
    }
  }

 private:
  struct Node {
    std::uint32_t move = 0;  // the move into this node
    int first = kNone;       // first child
    int last = kNone;        // last child (children keep insertion order)
    int next = kNone;        // next sibling
  };

  int child_or_add(int n, std::uint32_t w) {
    if (const int c = child(n, w); c != kNone) return c;
    const int c = static_cast<int>(nodes_.size());
    Node node;
    node.move = w;
    nodes_.push_back(node);
    if (nodes_[n].last == kNone) nodes_[n].first = c;
    else nodes_[nodes_[n].last].next = c;
    nodes_[n].last = c;
    return c;
  }
  void flatten(int n, std::vector<std::uint32_t>& line, std::vector<std::uint32_t>& out) const {
    if (nodes_[n].first == kNone) {
      out.push_back(static_cast<std::uint32_t>(line.size()));
      out.insert(out.end(), line.begin(), line.end());
      return;
    }
    for (int c = nodes_[n].first; c != kNone; c = nodes_[c].next) {
      line.push_back(nodes_[c].move);
      flatten(c, line, out);
      line.pop_back();
    }
  }

  std::vector<Node> nodes_;
  std::uint64_t lines_ = 0;
};

}  // namespace alphactor
