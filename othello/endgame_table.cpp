#include "othello/endgame_table.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <new>

namespace alphactor::othello {

EndgameTable::EndgameTable(std::size_t megabytes) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  bucket_count_ = std::bit_floor(bytes / sizeof(Bucket));
  // 2 MiB-aligned and advised as huge pages: random probes over ~100 MiB otherwise miss the
  // TLB as well as the cache.
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  const std::size_t size = (bucket_count_ * sizeof(Bucket) + kHuge - 1) / kHuge * kHuge;
  void* memory = std::aligned_alloc(kHuge, size);
  if (!memory) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
  madvise(memory, size, MADV_HUGEPAGE);
#endif
  buckets_.reset(static_cast<Bucket*>(memory));
  clear();
}

void EndgameTable::Free::operator()(Bucket* b) const {
  std::free(b);
}

void EndgameTable::clear() {
  std::fill(buckets_.get(), buckets_.get() + bucket_count_, Bucket{});
}

void EndgameTable::store(Bits P, Bits O, int empties, int alpha, int beta, int score, int move) {
  Bucket& b = buckets_[index(P, O)];
  EndgameEntry* e = nullptr;
  for (EndgameEntry& s : b.slot)
    if (s.player == P && s.opponent == O && s.empties) e = &s;
  if (!e) {
    // Slot 0 for the deeper entry: the newcomer takes it if at least as deep, moving the
    // old deep entry to the always-replace slot 1.
    if (empties >= b.slot[0].empties) {
      b.slot[1] = b.slot[0];
      e = &b.slot[0];
    } else {
      e = &b.slot[1];
    }
    *e = EndgameEntry{P, O, -64, 64, kNoMove, static_cast<std::uint8_t>(empties)};
  }
  if (score < beta) e->upper = static_cast<std::int8_t>(std::min<int>(e->upper, score));
  if (score > alpha) e->lower = static_cast<std::int8_t>(std::max<int>(e->lower, score));
  if (score > alpha || e->move == kNoMove) e->move = static_cast<std::uint8_t>(move);
}

}  // namespace alphactor::othello
