// The Game concept: what every game (chess, Othello, synthetic trees) offers to search code.
//
// Contract (all games):
//  - A game object *is* a position with its own undo history: play(m) then undo(m) restores
//    the position exactly (hash included). Games keep whatever they need to undo internally.
//  - generate_moves(list) fills a fixed-capacity list with the legal moves of the side to move,
//    in the game's natural order. An empty list on a non-terminal position means "no legal
//    move": terminal_value(ply) is then the position's value (chess: mate or stalemate).
//    A game with passes (Othello) generates the pass as a move instead.
//  - is_terminal() is the cheap test for positions decided without generating moves
//    (a tree leaf, a finished Othello game, a chess draw by rule).
//  - evaluate() is the static value from the side to move's point of view (negamax).
//  - Values are Value (int32). |value| >= kMateBound marks a forced win/loss at some ply;
//    search code adjusts those by ply when it stores and reads tables.
//  - encode/decode map a move to/from 32 bits for messages; move_text/parse_move map it to
//    the game's text notation in the current position (parse_move: nullopt if illegal).
//  - history_index(m) < kHistorySize indexes history tables; order_hint(m) is a cheap
//    game-specific ordering score (higher is tried earlier; MVV-LVA for chess captures).
//
// Games are plain C++: no CAF, no search/ includes beyond this header.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace alphactor {

using Value = std::int32_t;
inline constexpr Value kInfinity = 32000;
inline constexpr Value kMate = 31000;       // mate at ply p scores kMate - p
inline constexpr Value kMateBound = 30000;  // |v| >= this: a forced result
inline constexpr int kMaxPly = 128;

// A fixed-capacity list: no allocation in the search loop.
template <typename Move, int Capacity>
class MoveList {
 public:
  using value_type = Move;
  void push(Move m) { moves_[size_++] = m; }
  void clear() { size_ = 0; }
  [[nodiscard]] int size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  Move& operator[](int i) { return moves_[i]; }
  const Move& operator[](int i) const { return moves_[i]; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  static constexpr int capacity() { return Capacity; }

 private:
  std::array<Move, Capacity> moves_{};
  int size_ = 0;
};

template <typename G>
concept Game = requires(G& g, const G& cg, typename G::Move m, typename G::MoveList& list,
                        std::string_view text, std::uint32_t wire, int ply) {
  typename G::Move;
  typename G::MoveList;
  requires std::same_as<typename G::MoveList::value_type, typename G::Move>;
  { G::kHistorySize } -> std::convertible_to<std::size_t>;
  { cg.generate_moves(list) } -> std::same_as<void>;
  { g.play(m) } -> std::same_as<void>;
  { g.undo(m) } -> std::same_as<void>;
  { cg.evaluate() } -> std::same_as<Value>;
  { cg.hash() } -> std::same_as<std::uint64_t>;
  { cg.is_terminal() } -> std::same_as<bool>;
  { cg.terminal_value(ply) } -> std::same_as<Value>;
  { G::encode(m) } -> std::same_as<std::uint32_t>;
  { G::decode(wire) } -> std::same_as<typename G::Move>;
  { cg.move_text(m) } -> std::convertible_to<std::string>;
  { cg.parse_move(text) } -> std::same_as<std::optional<typename G::Move>>;
  { cg.history_index(m) } -> std::convertible_to<std::size_t>;
  { cg.order_hint(m) } -> std::convertible_to<int>;
};

// Optional: games with a quiescence search (chess). generate_noisy fills captures and
// promotions; in_check tells the search not to stand pat.
template <typename G>
concept QuiescenceGame = Game<G> && requires(const G& cg, typename G::MoveList& list) {
  { cg.generate_noisy(list) } -> std::same_as<void>;
  { cg.in_check() } -> std::same_as<bool>;
};

}  // namespace alphactor
