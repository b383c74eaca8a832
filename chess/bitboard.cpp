#include "chess/bitboard.hpp"

#include <cstdlib>
#include <mutex>
#include <vector>

#include "chess/zobrist.hpp"

namespace alphactor::chess {
namespace detail {
Tables tables;
}  // namespace detail

namespace {

using detail::Magic;
using detail::tables;

// 102400 rook + 5248 bishop entries: the sum over squares of 2^(relevant occupancy bits).
constexpr int kSliderTableSize = 102400 + 5248;
Bitboard slider_table[kSliderTableSize];

bool on_board(int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

// Attacks of a slider on s moving in the given directions, stopping at the first blocker.
Bitboard ray_attacks(Square s, Bitboard occupied, const int (&dirs)[4][2]) {
  Bitboard att = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (on_board(f, r)) {
      const Square t = make_square(f, r);
      att |= bit(t);
      if (occupied & bit(t)) break;
      f += d[0];
      r += d[1];
    }
  }
  return att;
}

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Deterministic generator for the magic trials (xorshift64*).
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

// Generator seeds per rank, chosen offline by timing this very search over seeds 1..3000
// (1..13500 for the first and last rook ranks) so that start-up takes milliseconds; any seed
// gives correct magics, only slower.
constexpr std::uint64_t kRookSeeds[8] = {13455, 1074, 1087, 334, 2784, 2867, 2651, 5635};
constexpr std::uint64_t kBishopSeeds[8] = {1667, 2653, 331, 1126, 1549, 187, 817, 2017};

// Finds a magic multiplier for every square: for each candidate, every occupancy subset of
// the mask must land on an index holding its own attack set (or an equal one).
Bitboard* init_magics(std::array<Magic, 64>& magics, const int (&dirs)[4][2],
                      const std::uint64_t (&seeds)[8], Bitboard* table) {
  Rng rng{0};
  std::vector<Bitboard> occupancy, reference;
  std::vector<int> epoch(4096, 0);
  std::vector<Bitboard> used(4096);
  int attempt = 0;
  for (Square s = 0; s < 64; ++s) {
    // Edges do not matter for the occupancy unless the slider stands on them.
    const Bitboard edges =
        ((kRank1 | kRank8) & ~rank_bb(rank_of(s))) | ((kFileA | kFileH) & ~file_bb(file_of(s)));
    if (file_of(s) == 0) rng.s = seeds[rank_of(s)] * 0x9E3779B97F4A7C15ULL;
    Magic& m = magics[s];
    m.mask = ray_attacks(s, 0, dirs) & ~edges;
    const int bits = popcount(m.mask);
    m.shift = 64 - bits;
    m.attacks = table;
    occupancy.clear();
    reference.clear();
    Bitboard subset = 0;
    do {  // every subset of the mask (Carry-Rippler enumeration)
      occupancy.push_back(subset);
      reference.push_back(ray_attacks(s, subset, dirs));
      subset = (subset - m.mask) & m.mask;
    } while (subset);
    const int size = 1 << bits;
    for (;;) {
      m.multiplier = rng.sparse();
      if (popcount((m.mask * m.multiplier) >> 56) < 6) continue;  // spreads too few bits
      ++attempt;
      bool ok = true;
      for (std::size_t i = 0; i < occupancy.size() && ok; ++i) {
        const unsigned idx = m.index(occupancy[i]);
        if (epoch[idx] != attempt) {
          epoch[idx] = attempt;
          used[idx] = reference[i];
        } else if (used[idx] != reference[i]) {
          ok = false;
        }
      }
      if (ok) break;
    }
    for (std::size_t i = 0; i < occupancy.size(); ++i) table[m.index(occupancy[i])] = reference[i];
    table += size;
  }
  return table;
}

void init_leapers() {
  constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                 {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int kKing[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                               {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  for (Square s = 0; s < 64; ++s) {
    const int f = file_of(s), r = rank_of(s);
    Bitboard n = 0, k = 0;
    for (const auto& d : kKnight)
      if (on_board(f + d[0], r + d[1])) n |= bit(make_square(f + d[0], r + d[1]));
    for (const auto& d : kKing)
      if (on_board(f + d[0], r + d[1])) k |= bit(make_square(f + d[0], r + d[1]));
    tables.knight[s] = n;
    tables.king[s] = k;
    tables.pawn[kWhite][s] = pawn_attacks_bb(kWhite, bit(s));
    tables.pawn[kBlack][s] = pawn_attacks_bb(kBlack, bit(s));
  }
}

void init_lines() {
  for (Square a = 0; a < 64; ++a) {
    for (Square b = 0; b < 64; ++b) {
      tables.between[a][b] = tables.line[a][b] = 0;
      if (a == b) continue;
      for (const auto* dirs : {&kRookDirs, &kBishopDirs}) {
        if (ray_attacks(a, 0, *dirs) & bit(b)) {
          tables.line[a][b] =
              (ray_attacks(a, 0, *dirs) & ray_attacks(b, 0, *dirs)) | bit(a) | bit(b);
          tables.between[a][b] = ray_attacks(a, bit(b), *dirs) & ray_attacks(b, bit(a), *dirs);
        }
      }
    }
  }
}

}  // namespace

void init_tables() {
  static std::once_flag once;
  std::call_once(once, [] {
    init_leapers();
    Bitboard* next = init_magics(tables.rook_magic, kRookDirs, kRookSeeds, slider_table);
    next = init_magics(tables.bishop_magic, kBishopDirs, kBishopSeeds, next);
    if (next != slider_table + kSliderTableSize) std::abort();  // sizes are fixed by geometry
    init_lines();
    zobrist::detail::init_keys();
  });
}

}  // namespace alphactor::chess
