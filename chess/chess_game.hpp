// ChessGame: chess as a Game and QuiescenceGame (search/game.hpp), so that every search
// algorithm runs on it unchanged.
//
//  - terminal_value(ply): -(kMate - ply) when the side to move is mated, 0 for stalemate and
//    draws by rule.
//  - is_terminal(): a draw by rule — fifty-move rule (unless the side to move is mated),
//    repetition of a position since the last irreversible move, or K v K / K+minor v K. Never
//    at the game's root (the position the object was built with, or set_root()), so a search
//    always has a move to return.
//  - order_hint: MVV-LVA for captures, plus promotions (queen high, under-promotions low):
//    always > 0 for noisy moves and 0 for quiet ones (search/context.hpp counts on it to keep
//    noisy moves out of the killer and history tables). Scaled so that any capture outranks
//    any history score (kHistoryMax >> 4) and no capture reaches the killer slot.
//  - move_text: UCI notation; parse_move accepts UCI or SAN.
//  - history_index: moved piece x target square.
//  - generate_noisy: captures that do not lose material by exchange, queen promotions.
//  - play_null/undo_null, null_move_allowed, see_ge: hooks for the pruning search of play.
//  - set_root_moves: the root's moves limited to a list (UCI's go searchmoves); every search
//    generates its moves through generate_moves, so each sees the limit, and a copy (the
//    actors' root) keeps it. Nodes below the root are not limited.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/eval.hpp"
#include "chess/eval_cache.hpp"
#include "chess/movegen.hpp"
#include "chess/notation.hpp"
#include "chess/position.hpp"
#include "chess/see.hpp"
#include "chess/zobrist.hpp"
#include "search/game.hpp"

namespace alphactor::chess {

class ChessGame {
 public:
  using Move = chess::Move;
  using MoveList = chess::MoveList;
  static constexpr std::size_t kHistorySize = 12 * 64;

  ChessGame() : ChessGame(Position()) {}
  explicit ChessGame(Position pos) : pos_(std::move(pos)) { set_root(); }
  // Throws InputError on a bad FEN ("startpos" is accepted as the start position).
  explicit ChessGame(std::string_view fen);

  // --- Game ----------------------------------------------------------------------------
  void generate_moves(MoveList& list) const {
    generate_legal(pos_, list);
    if (!root_filter_.empty() && pos_.moves_played() == root_moves_) keep_root_moves(list);
  }
  void play(Move m) { pos_.make(m); }
  void undo(Move m) { pos_.unmake(m); }
  [[nodiscard]] Value evaluate() const {
    if (const auto v = eval_cache_.find(pos_.key())) return *v;
    const Value v = chess::evaluate(pos_, &pawn_cache_);
    eval_cache_.store(pos_.key(), v);
    return v;
  }
  [[nodiscard]] std::uint64_t hash() const { return pos_.key(); }
  [[nodiscard]] bool is_terminal() const;
  [[nodiscard]] Value terminal_value(int ply) const;
  static std::uint32_t encode(Move m) { return m.raw(); }
  static Move decode(std::uint32_t w) { return Move::from_raw(std::uint16_t(w)); }
  [[nodiscard]] std::string move_text(Move m) const { return to_uci(m); }
  [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const {
    return chess::parse_move(pos_, text);
  }
  [[nodiscard]] std::size_t history_index(Move m) const {
    return std::size_t(pos_.piece_on(m.from())) * 64 + std::size_t(m.to());
  }
  [[nodiscard]] int order_hint(Move m) const;

  // --- QuiescenceGame ------------------------------------------------------------------
  // The moves quiescence search looks at: captures that do not lose material by exchange
  // (SEE >= 0) and promotions to a queen. Losing captures and under-promotions stay out, so
  // the quiescence tree is the one a position calls for, the same for every algorithm.
  void generate_noisy(MoveList& list) const;
  [[nodiscard]] bool in_check() const { return pos_.in_check(); }

  // --- Hooks for pruning in play ---------------------------------------------------------
  void play_null() { pos_.make_null(); }
  void undo_null() { pos_.unmake_null(); }
  // Null move is unsafe in check and in pawn endings (zugzwang).
  [[nodiscard]] bool null_move_allowed() const {
    return !pos_.in_check() && pos_.has_non_pawn_material(pos_.side_to_move());
  }
  // Static exchange evaluation of m is at least threshold (centipawns).
  [[nodiscard]] bool see_ge(Move m, int threshold) const {
    return chess::see_ge(pos_, m, threshold);
  }
  [[nodiscard]] bool gives_check(Move m) const { return pos_.gives_check(m); }
  // The key after m, close enough to prefetch its table bucket before making the move (castling
  // rights and en-passant changes are ignored: a wrong guess only costs a cache miss).
  [[nodiscard]] std::uint64_t hash_after(Move m) const {
    const Piece p = pos_.piece_on(m.from());
    std::uint64_t k =
        pos_.key() ^ zobrist::keys().side ^ zobrist::piece(p, m.from()) ^ zobrist::piece(p, m.to());
    if (const Piece c = pos_.piece_on(m.to()); c != kNoPiece) k ^= zobrist::piece(c, m.to());
    return k;
  }

  // --- Chess ---------------------------------------------------------------------------
  [[nodiscard]] const Position& position() const { return pos_; }
  Position& position() { return pos_; }
  // The current position becomes the root: is_terminal() is false here.
  void set_root() { root_moves_ = pos_.moves_played(); }
  // The root's moves are these (legal ones, in the root's position); empty: all.
  void set_root_moves(std::vector<Move> moves) { root_filter_ = std::move(moves); }

 private:
  void keep_root_moves(MoveList& list) const {
    MoveList kept;
    for (const Move m : list)
      if (std::find(root_filter_.begin(), root_filter_.end(), m) != root_filter_.end())
        kept.push(m);
    list = kept;
  }

  Position pos_;
  int root_moves_ = 0;
  std::vector<Move> root_filter_;
  EvalCache eval_cache_;
  PawnCache pawn_cache_;
};

}  // namespace alphactor::chess
