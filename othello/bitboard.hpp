// Othello bitboards: one 64-bit word a colour, bit i = square i, where i = 8 * row + column,
// A1 = 0, B1 = 1, ..., H1 = 7, A2 = 8, ..., H8 = 63 (the order of the board text format).
//
// Move generation shifts the mover's discs over runs of opponent discs in the eight
// directions, doubling the run length per step (a Kogge-Stone style parallel prefix:
// 1, 2, 4 then 6 squares), so a whole direction costs a handful of shifts and ands.
// Flips of one move are computed per ray from the move's square: the nearest square of the
// ray that is not an opponent disc is isolated (lowest set bit going up, highest going down);
// if the mover owns it, every ray square between is flipped.
//
// Everything here is inline: it is the inner loop of perft and of the endgame solver.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#if defined(__SSE4_1__)
#include <immintrin.h>
#endif

namespace alphactor::othello {

using Bits = std::uint64_t;

inline constexpr int kSquares = 64;
inline constexpr int kPassSquare = 64;  // the "square" of a pass move

inline constexpr Bits bit(int sq) {
  return Bits{1} << sq;
}
inline constexpr int popcount(Bits b) {
  return std::popcount(b);
}
inline constexpr int first_square(Bits b) {
  return std::countr_zero(b);
}

inline constexpr Bits kNotColumnA = 0xFEFEFEFEFEFEFEFEULL;
inline constexpr Bits kNotColumnH = 0x7F7F7F7F7F7F7F7FULL;
inline constexpr Bits kInnerColumns = 0x7E7E7E7E7E7E7E7EULL;
inline constexpr Bits kCorners = 0x8100000000000081ULL;

// Squares adjacent to any square of b (king moves), b itself excluded only if not adjacent.
inline constexpr Bits neighbours(Bits b) {
  const Bits h = ((b << 1) & kNotColumnA) | ((b >> 1) & kNotColumnH);
  const Bits row = b | h;
  return h | (row << 8) | (row >> 8);
}

namespace detail {

// Moves along one axis (both senses) of `dir` bits: mover discs P, passable opponent discs
// `mask` (already cleared of the columns a horizontal or diagonal run must not wrap across).
inline constexpr Bits moves_axis(Bits P, Bits mask, int dir) {
  Bits up = mask & (P << dir);
  Bits down = mask & (P >> dir);
  up |= mask & (up << dir);
  down |= mask & (down >> dir);
  const Bits pair_up = mask & (mask << dir);  // s and s - dir both passable
  const Bits pair_down = pair_up >> dir;      // s and s + dir both passable
  up |= pair_up & (up << 2 * dir);
  down |= pair_down & (down >> 2 * dir);
  up |= pair_up & (up << 2 * dir);
  down |= pair_down & (down >> 2 * dir);
  return (up << dir) | (down >> dir);
}

// Rays from each square: up[d] the squares beyond it in direction +dir[d] (higher bits),
// down[d] those in direction -dir[d] (lower bits); dir = 1 (east), 8 (north), 9, 7.
struct Rays {
  Bits up[4];
  Bits down[4];
};

consteval std::array<Rays, 64> make_rays() {
  std::array<Rays, 64> rays{};
  constexpr int dc[4] = {1, 0, 1, -1};
  constexpr int dr[4] = {0, 1, 1, 1};
  for (int sq = 0; sq < 64; ++sq) {
    for (int d = 0; d < 4; ++d) {
      Bits up = 0, down = 0;
      for (int k = 1; k < 8; ++k) {
        const int c = sq % 8 + k * dc[d], r = sq / 8 + k * dr[d];
        if (c < 0 || c > 7 || r < 0 || r > 7) break;
        up |= Bits{1} << (8 * r + c);
      }
      for (int k = 1; k < 8; ++k) {
        const int c = sq % 8 - k * dc[d], r = sq / 8 - k * dr[d];
        if (c < 0 || c > 7 || r < 0 || r > 7) break;
        down |= Bits{1} << (8 * r + c);
      }
      rays[sq].up[d] = up;
      rays[sq].down[d] = down;
    }
  }
  return rays;
}

inline constexpr std::array<Rays, 64> kRays = make_rays();

}  // namespace detail

// Legal moves of the mover P against the opponent O (a bit per empty square that flips).
// Portable version; legal_moves() below is the same function, vectorised where SSE4.1 exists.
inline constexpr Bits legal_moves_scalar(Bits P, Bits O) {
  const Bits inner = O & kInnerColumns;
  const Bits m = detail::moves_axis(P, inner, 1) | detail::moves_axis(P, O, 8) |
                 detail::moves_axis(P, inner, 7) | detail::moves_axis(P, inner, 9);
  return m & ~(P | O);
}

// The opponent discs flipped when P plays on the empty square sq (0 if the move is illegal).
// Portable version; flips() below is the same function, vectorised where SSE4.1 exists.
inline constexpr Bits flips_scalar(int sq, Bits P, Bits O) {
  const detail::Rays& r = detail::kRays[sq];
  Bits f = 0;
  for (int d = 0; d < 4; ++d) {
    // Going up: the nearest non-opponent square is the lowest set bit of ~O on the ray.
    const Bits up = r.up[d];
    const Bits stop_up = ~O & up;
    const Bits first_up = stop_up & (0 - stop_up);
    f |= (first_up - 1) & up & (0 - Bits((first_up & P) != 0));
    // Going down: the highest set bit (x | 1 keeps countl_zero defined; bit 0 only counts if
    // it is on the ray, and then it is an opponent disc, so never the mover's).
    const Bits down = r.down[d];
    const Bits stop_down = ~O & down;
    const Bits first_down = Bits{0x8000000000000000ULL} >> std::countl_zero(stop_down | 1);
    f |= down & (0 - (first_down << 1)) & (0 - Bits((first_down & P & down) != 0));
  }
  return f;
}

#if defined(__SSE4_1__)
// SSE4.1 versions. Two rays or axes share one 128-bit register: lane 0 holds the board, lane 1
// the board mirrored top to bottom (byte-swapped), where the directions that go down the
// board (-8, -9, -7) become up directions (+8, +7, +9). Then every vector lane shifts left
// and isolates lowest bits, and only the horizontal axis stays scalar.
namespace detail {

inline __m128i pair_with_mirror(Bits b) {
  return _mm_set_epi64x(static_cast<long long>(__builtin_bswap64(b)), static_cast<long long>(b));
}
inline Bits fold_mirror(__m128i v) {
  return static_cast<Bits>(_mm_cvtsi128_si64(v)) |
         __builtin_bswap64(static_cast<Bits>(_mm_extract_epi64(v, 1)));
}

template <int dir>
inline __m128i moves_up(__m128i P, __m128i mask) {
  __m128i up = _mm_and_si128(mask, _mm_slli_epi64(P, dir));
  up = _mm_or_si128(up, _mm_and_si128(mask, _mm_slli_epi64(up, dir)));
  const __m128i pair = _mm_and_si128(mask, _mm_slli_epi64(mask, dir));
  up = _mm_or_si128(up, _mm_and_si128(pair, _mm_slli_epi64(up, 2 * dir)));
  up = _mm_or_si128(up, _mm_and_si128(pair, _mm_slli_epi64(up, 2 * dir)));
  return _mm_slli_epi64(up, dir);
}

// Per square: three ray pairs (board ray, mirrored-board ray) and the two horizontal rays.
struct alignas(16) VectorRays {
  Bits pairs[6];  // (+8, mirror of -8), (+9, mirror of -7), (+7, mirror of -9)
  Bits east, west;
};

consteval std::array<VectorRays, 64> make_vector_rays() {
  std::array<VectorRays, 64> t{};
  auto mirror = [](Bits b) {  // constexpr byte swap
    Bits m = 0;
    for (int row = 0; row < 8; ++row) m |= ((b >> (8 * row)) & 0xFF) << (8 * (7 - row));
    return m;
  };
  for (int sq = 0; sq < 64; ++sq) {
    const Rays& r = kRays[sq];  // d: 0 east (+1), 1 north (+8), 2 (+9), 3 (+7)
    t[sq].pairs[0] = r.up[1];
    t[sq].pairs[1] = mirror(r.down[1]);
    t[sq].pairs[2] = r.up[2];
    t[sq].pairs[3] = mirror(r.down[3]);
    t[sq].pairs[4] = r.up[3];
    t[sq].pairs[5] = mirror(r.down[2]);
    t[sq].east = r.up[0];
    t[sq].west = r.down[0];
  }
  return t;
}
inline constexpr std::array<VectorRays, 64> kVectorRays = make_vector_rays();

// Flips along two up-rays at once: the lowest non-opponent square of each ray, if the
// mover's, closes a run.
inline __m128i flips_up(__m128i ray, __m128i P, __m128i O) {
  const __m128i stop = _mm_andnot_si128(O, ray);
  const __m128i first = _mm_and_si128(stop, _mm_sub_epi64(_mm_setzero_si128(), stop));
  const __m128i open = _mm_cmpeq_epi64(_mm_and_si128(first, P), _mm_setzero_si128());
  const __m128i run = _mm_and_si128(_mm_add_epi64(first, _mm_set1_epi64x(-1)), ray);
  return _mm_andnot_si128(open, run);
}

}  // namespace detail

inline Bits legal_moves(Bits P, Bits O) {
  const __m128i vP = detail::pair_with_mirror(P);
  const __m128i vO = detail::pair_with_mirror(O);
  // Mirroring permutes rows only, so the column mask is its own mirror.
  const __m128i vInner = _mm_and_si128(vO, _mm_set1_epi64x(static_cast<long long>(kInnerColumns)));
  const __m128i v =
      _mm_or_si128(_mm_or_si128(detail::moves_up<8>(vP, vO), detail::moves_up<7>(vP, vInner)),
                   detail::moves_up<9>(vP, vInner));
  const Bits m = detail::fold_mirror(v) | detail::moves_axis(P, O & kInnerColumns, 1);
  return m & ~(P | O);
}

inline Bits flips(int sq, Bits P, Bits O) {
  const detail::VectorRays& r = detail::kVectorRays[sq];
  const __m128i vP = detail::pair_with_mirror(P);
  const __m128i vO = detail::pair_with_mirror(O);
  const __m128i* pairs = reinterpret_cast<const __m128i*>(r.pairs);
  const __m128i v = _mm_or_si128(_mm_or_si128(detail::flips_up(_mm_load_si128(pairs), vP, vO),
                                              detail::flips_up(_mm_load_si128(pairs + 1), vP, vO)),
                                 detail::flips_up(_mm_load_si128(pairs + 2), vP, vO));
  Bits f = detail::fold_mirror(v);
  const Bits stop_up = ~O & r.east;
  const Bits first_up = stop_up & (0 - stop_up);
  f |= (first_up - 1) & r.east & (0 - Bits((first_up & P) != 0));
  const Bits stop_down = ~O & r.west;
  const Bits first_down = Bits{0x8000000000000000ULL} >> std::countl_zero(stop_down | 1);
  f |= r.west & (0 - (first_down << 1)) & (0 - Bits((first_down & P & r.west) != 0));
  return f;
}
#else
inline constexpr Bits legal_moves(Bits P, Bits O) {
  return legal_moves_scalar(P, O);
}
inline constexpr Bits flips(int sq, Bits P, Bits O) {
  return flips_scalar(sq, P, O);
}
#endif

// Number of discs a move at sq by P would flip (used by the last-empty solver).
inline int count_flips(int sq, Bits P, Bits O) {
  return popcount(flips(sq, P, O));
}

}  // namespace alphactor::othello
