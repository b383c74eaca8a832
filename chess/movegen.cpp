#include "chess/movegen.hpp"

namespace alphactor::chess {
namespace {

enum class Mode { kAll, kNoisy };

// Sinks receive target sets; one lists moves, the other counts them.
struct ListSink {
  MoveList& list;
  Bitboard theirs;
  void piece(Square from, Bitboard to) {
    for (Bitboard c = to & theirs; c;) list.push(Move(from, pop_lsb(c), kCapture));
    for (Bitboard q = to & ~theirs; q;) list.push(Move(from, pop_lsb(q), kQuiet));
  }
  template <int Delta>
  void pawns(Bitboard to, int flag) {
    while (to) {
      const Square t = pop_lsb(to);
      list.push(Move(t - Delta, t, flag));
    }
  }
  template <int Delta>
  void promotions(Bitboard to, bool capture) {
    const int base = capture ? kPromoCaptureKnight : kPromoKnight;
    while (to) {
      const Square t = pop_lsb(to);
      for (int k = 3; k >= 0; --k) list.push(Move(t - Delta, t, base + k));  // queen first
    }
  }
  void add(Move m) { list.push(m); }
};

struct CountSink {
  std::uint64_t n = 0;
  void piece(Square, Bitboard to) { n += popcount(to); }
  template <int>
  void pawns(Bitboard to, int) {
    n += popcount(to);
  }
  template <int>
  void promotions(Bitboard to, bool) {
    n += 4 * popcount(to);
  }
  void add(Move) { ++n; }
};

template <Color Us, Mode M, class Sink>
void generate(const Position& pos, Sink& sink) {
  constexpr Color Them = Color(Us ^ 1);
  constexpr int Up = Us == kWhite ? 8 : -8;
  constexpr int UpLeft = Us == kWhite ? 7 : -9;
  constexpr int UpRight = Us == kWhite ? 9 : -7;
  constexpr Bitboard Rank3 = Us == kWhite ? rank_bb(2) : rank_bb(5);
  constexpr Bitboard PromoRank = Us == kWhite ? kRank8 : kRank1;

  const Bitboard ours = pos.pieces(Us), theirs = pos.pieces(Them), occ = ours | theirs;
  const Square ksq = pos.king_square(Us);
  const Bitboard checkers = pos.checkers();

  // 1. King moves: a target is safe if nothing attacks it once the king has left its square.
  {
    Bitboard targets = king_attacks(ksq) & ~ours;
    if constexpr (M == Mode::kNoisy) targets &= theirs;
    const Bitboard occ_without_king = occ ^ bit(ksq);
    Bitboard safe = 0;
    while (targets) {
      const Square t = pop_lsb(targets);
      if (!(pos.attackers_to(t, occ_without_king) & theirs)) safe |= bit(t);
    }
    sink.piece(ksq, safe);
  }
  if (more_than_one(checkers)) return;  // double check: only the king may move

  // 2. Check mask (block or capture a single checker) and pins.
  const Bitboard check_mask = checkers ? between_bb(ksq, lsb(checkers)) | checkers : ~Bitboard{0};
  const Bitboard their_rq = pos.pieces(Them, kRook) | pos.pieces(Them, kQueen);
  const Bitboard their_bq = pos.pieces(Them, kBishop) | pos.pieces(Them, kQueen);
  Bitboard pinned = 0;
  for (Bitboard snipers =
           (rook_attacks(ksq, theirs) & their_rq) | (bishop_attacks(ksq, theirs) & their_bq);
       snipers;) {
    const Bitboard b = between_bb(ksq, pop_lsb(snipers)) & occ;
    if (b && !more_than_one(b) && (b & ours)) pinned |= b;
  }
  Bitboard target = ~ours & check_mask;
  if constexpr (M == Mode::kNoisy) target &= theirs;

  // 3. Knights (a pinned knight can never move), bishops, rooks, queens. A pinned piece stays
  // on its pin ray; it cannot help against a check at all.
  for (Bitboard b = pos.pieces(Us, kKnight) & ~pinned; b;) {
    const Square from = pop_lsb(b);
    sink.piece(from, knight_attacks(from) & target);
  }
  const Bitboard diagonal = pos.pieces(Us, kBishop) | pos.pieces(Us, kQueen);
  const Bitboard straight = pos.pieces(Us, kRook) | pos.pieces(Us, kQueen);
  for (Bitboard b = diagonal & ~pinned; b;) {
    const Square from = pop_lsb(b);
    sink.piece(from, bishop_attacks(from, occ) & target);
  }
  for (Bitboard b = straight & ~pinned; b;) {
    const Square from = pop_lsb(b);
    sink.piece(from, rook_attacks(from, occ) & target);
  }
  if (!checkers && pinned) {
    for (Bitboard b = diagonal & pinned; b;) {
      const Square from = pop_lsb(b);
      sink.piece(from, bishop_attacks(from, occ) & target & line_bb(ksq, from));
    }
    for (Bitboard b = straight & pinned; b;) {
      const Square from = pop_lsb(b);
      sink.piece(from, rook_attacks(from, occ) & target & line_bb(ksq, from));
    }
  }

  // 4. Pawns, set-wise; pinned pawns one by one, restricted to their pin ray.
  const Bitboard pawns = pos.pieces(Us, kPawn);
  const Bitboard empty = ~occ;
  const Bitboard free_pawns = pawns & ~pinned;
  Bitboard push1 = shift<Up>(free_pawns) & empty;
  Bitboard push2 = shift<Up>(push1 & Rank3) & empty;
  Bitboard cap_left = shift<UpLeft>(free_pawns) & theirs;
  Bitboard cap_right = shift<UpRight>(free_pawns) & theirs;
  if (!checkers) {
    for (Bitboard b = pawns & pinned; b;) {
      const Square from = pop_lsb(b);
      const Bitboard ray = line_bb(ksq, from);
      const Bitboard one = shift<Up>(bit(from)) & empty & ray;
      push1 |= one;
      push2 |= shift<Up>(one & Rank3) & empty & ray;
      cap_left |= shift<UpLeft>(bit(from)) & theirs & ray;
      cap_right |= shift<UpRight>(bit(from)) & theirs & ray;
    }
  }
  push1 &= check_mask;
  push2 &= check_mask;
  cap_left &= check_mask;
  cap_right &= check_mask;
  sink.template promotions<Up>(push1 & PromoRank, false);
  sink.template promotions<UpLeft>(cap_left & PromoRank, true);
  sink.template promotions<UpRight>(cap_right & PromoRank, true);
  sink.template pawns<UpLeft>(cap_left & ~PromoRank, kCapture);
  sink.template pawns<UpRight>(cap_right & ~PromoRank, kCapture);
  if constexpr (M == Mode::kAll) {
    sink.template pawns<Up>(push1 & ~PromoRank, kQuiet);
    sink.template pawns<2 * Up>(push2, kDoublePush);
  }

  // 5. En passant: verified exactly, since the capture empties two squares at once.
  if (const Square ep = pos.ep_square(); ep != kNoSquare) {
    const Square captured = ep - Up;
    const Bitboard other_checkers =
        checkers & ~bit(captured) & (pos.pieces(Them, kPawn) | pos.pieces(Them, kKnight));
    if (!other_checkers) {
      for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
        const Square from = pop_lsb(b);
        const Bitboard after = (occ ^ bit(from) ^ bit(captured)) | bit(ep);
        if (!(rook_attacks(ksq, after) & their_rq) && !(bishop_attacks(ksq, after) & their_bq))
          sink.add(Move(from, ep, kEnPassant));
      }
    }
  }

  // 6. Castling: not out of check, through empty squares the enemy does not attack.
  if constexpr (M == Mode::kAll) {
    if (checkers) return;
    const int rights = pos.castling_rights();
    constexpr int King = Us == kWhite ? kWhiteKingSide : kBlackKingSide;
    constexpr int Queen = Us == kWhite ? kWhiteQueenSide : kBlackQueenSide;
    auto safe = [&](Square s) { return !(pos.attackers_to(s, occ) & theirs); };
    if ((rights & King) && !(occ & (bit(ksq + 1) | bit(ksq + 2))) && safe(ksq + 1) && safe(ksq + 2))
      sink.add(Move(ksq, ksq + 2, kKingCastle));
    if ((rights & Queen) && !(occ & (bit(ksq - 1) | bit(ksq - 2) | bit(ksq - 3))) &&
        safe(ksq - 1) && safe(ksq - 2))
      sink.add(Move(ksq, ksq - 2, kQueenCastle));
  }
}

template <Mode M, class Sink>
void generate(const Position& pos, Sink& sink) {
  if (pos.side_to_move() == kWhite) generate<kWhite, M>(pos, sink);
  else generate<kBlack, M>(pos, sink);
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  list.clear();
  ListSink sink{list, pos.pieces(~pos.side_to_move())};
  generate<Mode::kAll>(pos, sink);
}

void generate_noisy(const Position& pos, MoveList& list) {
  list.clear();
  ListSink sink{list, pos.pieces(~pos.side_to_move())};
  generate<Mode::kNoisy>(pos, sink);
}

std::uint64_t count_legal(const Position& pos) {
  CountSink sink;
  generate<Mode::kAll>(pos, sink);
  return sink.n;
}

bool has_legal_move(const Position& pos) {
  return count_legal(pos) != 0;
}

}  // namespace alphactor::chess
