#include "search/transposition_table.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <memory>
#include <new>

#include "search/tunables.hpp"

namespace alphactor {

static_assert(tunables::kTableBucketEntries == 4, "bucket layout assumes 4 entries");
constexpr std::size_t kHugePage = std::size_t{2} << 20;

TranspositionTable::TranspositionTable(std::size_t megabytes)
    : TranspositionTable(Bytes{std::max<std::size_t>(megabytes, 1) << 20}) {}

TranspositionTable::TranspositionTable(Bytes bytes) {
  bucket_count_ = std::bit_floor(std::max<std::size_t>(bytes.n / sizeof(Bucket), 1));
  const std::size_t size = bucket_count_ * sizeof(Bucket);
  const std::size_t align = size >= kHugePage ? kHugePage : sizeof(Bucket);  // a cache line
  void* p = std::aligned_alloc(align, size);  // size is a power of two >= align
  if (!p) throw std::bad_alloc();
  if (align == kHugePage) madvise(p, size, MADV_HUGEPAGE);  // a hint; failure is harmless
  Bucket* b = static_cast<Bucket*>(p);
  std::uninitialized_value_construct_n(b, bucket_count_);
  buckets_.reset(b);
}

void TranspositionTable::Free::operator()(Bucket* b) const {
  std::free(b);  // Bucket is trivially destructible
}

TranspositionTable TranspositionTable::with_kilobytes(std::size_t kilobytes) {
  return TranspositionTable(Bytes{kilobytes << 10});
}

void TranspositionTable::clear() {
  std::fill(buckets_.get(), buckets_.get() + bucket_count_, Bucket{});
  age_ = 0;
}

std::optional<TableEntry> TranspositionTable::probe(std::uint64_t hash, int ply) const {
  const Bucket& b = buckets_[hash & (bucket_count_ - 1)];
  for (const TableEntry& e : b.entries) {
    if (e.key == hash && e.bound() != Bound::kNone) {
      TableEntry out = e;
      out.value = static_cast<std::int16_t>(value_from_table(e.value, ply));
      return out;
    }
  }
  return std::nullopt;
}

void TranspositionTable::store(std::uint64_t hash, int ply, Value value, int draft, Bound bound,
                               std::optional<std::uint32_t> move) {
  Bucket& b = buckets_[hash & (bucket_count_ - 1)];
  TableEntry* victim = nullptr;
  int victim_score = 1 << 30;
  for (TableEntry& e : b.entries) {
    if (e.key == hash) {
      victim = &e;
      break;
    }
    const int age_distance = (age_ - e.age()) & 31;
    const int score = e.bound() == Bound::kNone ? -(1 << 20) : e.draft - 4 * age_distance;
    if (score < victim_score) {
      victim_score = score;
      victim = &e;
    }
  }
  // Keep the old move when the new result has none (a fail-low node knows no best move).
  const bool keep_move = !move && victim->key == hash && victim->has_move();
  const std::uint32_t stored_move = move ? *move : (keep_move ? victim->move : 0u);
  const bool has_move = move.has_value() || keep_move;
  victim->key = hash;
  victim->move = stored_move;
  victim->value = static_cast<std::int16_t>(value_to_table(value, ply));
  victim->draft = static_cast<std::int8_t>(std::clamp(draft, -128, 127));
  victim->bound_age =
      static_cast<std::uint8_t>(static_cast<unsigned>(bound) | (has_move ? 4u : 0u) | (age_ << 3));
}

int TranspositionTable::permille_full() const {
  const std::size_t n = std::min<std::size_t>(bucket_count_, 250);
  int used = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (const TableEntry& e : buckets_[i].entries)
      used += (e.bound() != Bound::kNone && e.age() == age_) ? 1 : 0;
  return static_cast<int>(used * 1000 / (n * kEntries));
}

}  // namespace alphactor
