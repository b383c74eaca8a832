// PawnCache: the pawn-structure part of the evaluation (doubled, isolated, backward and
// connected pawns, and which pawns are passed) depends on the pawns alone, and pawns move
// rarely, so it is remembered by the two pawn bitboards (compared in full: no collisions).
// Direct-mapped, 2^kBits entries of 40 bytes.
//
// Races: none; a cache belongs to one game object, used by one thread. Copying a game starts
// the copy with an empty cache. Memory is allocated on first use. The entries depend on the
// evaluation weights: replacing them (set_eval_weights) while a cache is in use is not allowed.
#pragma once

#include <cstdint>
#include <memory>

#include "chess/types.hpp"

namespace alphactor::chess {

struct PawnEntry {
  Bitboard white = 0, black = 0;  // the key
  int mg = 0, eg = 0;             // white's structure minus black's
  Bitboard passed[2] = {0, 0};    // passed pawns by colour
  bool valid = false;
};

class PawnCache {
 public:
  static constexpr int kBits = 11;

  PawnCache() = default;
  PawnCache(const PawnCache&) {}
  PawnCache& operator=(const PawnCache&) {
    entries_.reset();
    return *this;
  }
  PawnCache(PawnCache&&) noexcept = default;
  PawnCache& operator=(PawnCache&&) noexcept = default;

  // The slot for these pawns (valid and matching, or to be filled by the caller).
  PawnEntry& slot(Bitboard white, Bitboard black) const {
    if (!entries_) entries_ = std::make_unique<PawnEntry[]>(kMask + 1);
    const std::uint64_t h = (white * 0x9E3779B97F4A7C15ULL) ^ (black * 0xC2B2AE3D27D4EB4FULL);
    return entries_[(h >> 40) & kMask];
  }

 private:
  static constexpr std::uint64_t kMask = (std::uint64_t{1} << kBits) - 1;
  mutable std::unique_ptr<PawnEntry[]> entries_;
};

}  // namespace alphactor::chess
