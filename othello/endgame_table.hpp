// The endgame solver's transposition table: bounds on the exact final score of positions,
// keyed by the full pair of bitboards (so a probe never returns another position's entry:
// the solver's answers must be exact, not merely probably right).
//
// Layout: 2^k buckets of two 24-byte entries. Slot 0 keeps the deepest entry (most empties)
// that landed in the bucket, slot 1 the most recent one, so deep results survive a flood of
// shallow ones while shallow ones still get a place. A store for a position already held
// narrows its bounds.
//
// Races: none by construction. One table per solver, one solver per thread; the parallel
// root split (parallel_solve.hpp) gives each thread its own solver. Do not share an instance
// across threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "othello/bitboard.hpp"
#include "search/prefetch.hpp"

namespace alphactor::othello {

struct EndgameEntry {
  Bits player = 0, opponent = 0;
  std::int8_t lower = -64, upper = 64;  // the exact score lies in [lower, upper]
  std::uint8_t move = 0;                // best or refutation move, kNoMove if none
  std::uint8_t empties = 0;             // 0: slot unused (positions in the table have empties)
};

class EndgameTable {
 public:
  static constexpr std::uint8_t kNoMove = 255;

  explicit EndgameTable(std::size_t megabytes);

  // The entry for (player, opponent), or nullptr.
  [[nodiscard]] const EndgameEntry* probe(Bits player, Bits opponent) const {
    const Bucket& b = buckets_[index(player, opponent)];
    for (const EndgameEntry& e : b.slot)
      if (e.player == player && e.opponent == opponent && e.empties) return &e;
    return nullptr;
  }
  // Records that the score of the position searched in window (alpha, beta) is `score`
  // (fail-soft: an upper bound if <= alpha, a lower bound if >= beta, else exact).
  void store(Bits player, Bits opponent, int empties, int alpha, int beta, int score, int move);
  void clear();
  void prefetch(Bits player, Bits opponent) const {
    alphactor::prefetch(&buckets_[index(player, opponent)]);
  }
  [[nodiscard]] std::size_t entry_count() const { return 2 * bucket_count_; }

 private:
  struct Bucket {
    EndgameEntry slot[2];
  };
  [[nodiscard]] std::size_t index(Bits player, Bits opponent) const {
    std::uint64_t h = player * 0x9E3779B97F4A7C15ULL ^ opponent * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    return h & (bucket_count_ - 1);
  }
  struct Free {
    void operator()(Bucket* b) const;
  };
  std::unique_ptr<Bucket[], Free> buckets_;
  std::size_t bucket_count_ = 0;
};

}  // namespace alphactor::othello
