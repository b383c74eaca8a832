// Position: a chess board (bitboards by colour and type plus a mailbox), the side to move,
// castling rights, en-passant square, move counters, an incrementally updated Zobrist key, and
// the stack of states that make/unmake need. Moves given to make() must be legal (from
// chess/movegen.hpp or chess/notation.hpp); make() then unmake() restores everything exactly.
//
// The en-passant square is kept (and hashed) only when a pawn of the side to move could
// capture there, so transpositions that differ only in a useless en-passant square share a key
// and count as repetitions. fen() writes the square under the same rule.
//
// FEN input is checked field by field; errors throw InputError with one line naming the
// field: "bad FEN: castling field 'KQxq' (unknown letter 'x')".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chess/bitboard.hpp"
#include "chess/types.hpp"

namespace alphactor::chess {

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class Position {
 public:
  Position();  // the start position
  // Parses a FEN; the two move counters may be omitted (EPD style: 0 and 1).
  static Position from_fen(std::string_view fen);
  [[nodiscard]] std::string fen() const;

  // --- Board -------------------------------------------------------------------------------
  [[nodiscard]] Bitboard pieces() const { return by_color_[0] | by_color_[1]; }
  [[nodiscard]] Bitboard pieces(Color c) const { return by_color_[c]; }
  [[nodiscard]] Bitboard pieces(PieceType t) const { return by_type_[t]; }
  [[nodiscard]] Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  [[nodiscard]] Bitboard pieces(PieceType a, PieceType b) const {
    return by_type_[a] | by_type_[b];
  }
  [[nodiscard]] Piece piece_on(Square s) const { return board_[s]; }
  [[nodiscard]] Square king_square(Color c) const { return lsb(pieces(c, kKing)); }

  // --- State -------------------------------------------------------------------------------
  [[nodiscard]] Color side_to_move() const { return side_; }
  [[nodiscard]] int castling_rights() const { return st().castling; }
  [[nodiscard]] Square ep_square() const { return st().ep; }
  [[nodiscard]] int halfmove_clock() const { return st().halfmove; }
  [[nodiscard]] int fullmove_number() const { return 1 + game_ply_ / 2; }
  [[nodiscard]] std::uint64_t key() const { return st().key; }
  [[nodiscard]] Bitboard checkers() const { return st().checkers; }
  [[nodiscard]] bool in_check() const { return st().checkers != 0; }
  // Moves played since this position object was set up (make minus unmake).
  [[nodiscard]] int moves_played() const { return int(states_.size()) - 1; }
  // The piece captured by the last move made (kNoPiece if none).
  [[nodiscard]] Piece last_captured() const { return st().captured; }

  // --- Attacks -----------------------------------------------------------------------------
  [[nodiscard]] Bitboard attackers_to(Square s, Bitboard occupied) const;
  [[nodiscard]] bool attacked_by(Color c, Square s) const {
    return (attackers_to(s, pieces()) & pieces(c)) != 0;
  }
  // True if the (legal) move m gives check.
  [[nodiscard]] bool gives_check(Move m) const;

  // --- Moves -------------------------------------------------------------------------------
  void make(Move m);
  void unmake(Move m);
  // A null move: the side to move passes (for null-move pruning; never when in check).
  void make_null();
  void unmake_null();

  // --- Draws by rule -----------------------------------------------------------------------
  // The current position occurred before since the last irreversible move (two-fold: search
  // treats a first repetition as a draw, as a repeated position can be forced again).
  [[nodiscard]] bool is_repetition() const;
  [[nodiscard]] bool is_fifty_move_draw() const { return st().halfmove >= 100; }
  // Neither side can mate: K v K, K+minor v K.
  [[nodiscard]] bool insufficient_material() const;

  // The key computed from scratch (tests compare it with the incremental one).
  [[nodiscard]] std::uint64_t compute_key() const;
  // Non-pawn, non-king material of colour c is present (null move is unsafe without it).
  [[nodiscard]] bool has_non_pawn_material(Color c) const {
    return (pieces(c) & ~pieces(kPawn, kKing)) != 0;
  }

 private:
  struct Empty {};
  explicit Position(Empty);

  struct State {  // what unmake cannot recompute, one per move made
    std::uint64_t key = 0;
    Bitboard checkers = 0;
    Square ep = kNoSquare;
    int castling = 0;
    int halfmove = 0;
    int plies_from_null = 0;
    Piece captured = kNoPiece;
  };
  [[nodiscard]] const State& st() const { return states_.back(); }
  State& st() { return states_.back(); }

  void put(Piece p, Square s) {
    board_[s] = p;
    by_color_[color_of(p)] |= bit(s);
    by_type_[type_of(p)] |= bit(s);
  }
  void remove(Square s) {
    const Piece p = board_[s];
    by_color_[color_of(p)] ^= bit(s);
    by_type_[type_of(p)] ^= bit(s);
    board_[s] = kNoPiece;
  }
  void move_piece(Square from, Square to) {
    const Piece p = board_[from];
    const Bitboard ft = bit(from) | bit(to);
    by_color_[color_of(p)] ^= ft;
    by_type_[type_of(p)] ^= ft;
    board_[from] = kNoPiece;
    board_[to] = p;
  }
  void clear();
  // The en-passant square after `mover` double-pushed past `skipped`, or kNoSquare when no
  // pawn of the other side could take there.
  [[nodiscard]] Square useful_ep(Color mover, Square skipped) const;
  [[nodiscard]] Bitboard compute_checkers() const;

  std::array<Bitboard, 2> by_color_{};
  std::array<Bitboard, 6> by_type_{};
  std::array<Piece, 64> board_{};
  Color side_ = kWhite;
  int game_ply_ = 0;  // plies since the game's first move (from the FEN's fullmove number)
  std::vector<State> states_;
};

}  // namespace alphactor::chess
