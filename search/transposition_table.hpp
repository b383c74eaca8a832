// A bounded transposition table for one searcher.
//
// Layout: 2^k buckets of kTableBucketEntries 16-byte entries (one cache line). A position's
// bucket is chosen by the low bits of its hash; the whole 64-bit hash is stored, so a probe
// never returns another position's entry (barring a full 64-bit collision).
//
// Replacement (stated): within the bucket, an entry of the same position is overwritten;
// otherwise the entry with the lowest (draft - 4 * age distance) is replaced, i.e. shallow
// entries and entries left over from earlier searches go first. new_search() ages the table.
//
// Races: none by construction. The table is not shared between threads; in alphactor every
// processor actor owns its own (a "local" table), and tables shared by several processors are
// owned by one actor and reached through messages. Do not share an instance across threads.
//
// Memory: exactly the buckets allocated at construction (rounded down to a power of two);
// the table never grows. Tables of 2 MiB and more are aligned to 2 MiB and offered to the
// kernel as transparent huge pages (madvise): a probe is a random access, and with 4 KiB pages
// nearly every one of them would also miss the TLB.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "search/game.hpp"
#include "search/prefetch.hpp"

namespace alphactor {

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TableEntry {
  std::uint64_t key = 0;
  std::uint32_t move = 0;  // encoded best/refutation move, 0 with has_move false
  std::int16_t value = 0;
  std::int8_t draft = 0;
  std::uint8_t bound_age = 0;  // bound in bits 0-1, has_move in bit 2, age in bits 3-7

  [[nodiscard]] Bound bound() const { return static_cast<Bound>(bound_age & 3u); }
  [[nodiscard]] bool has_move() const { return (bound_age & 4u) != 0; }
  [[nodiscard]] std::uint8_t age() const { return bound_age >> 3; }
};
static_assert(sizeof(TableEntry) == 16);

// Told about every entry a search stores in its own table (entry value ply-independent):
// the replicated placement (actors/table_replication.hpp) copies some of them to neighbours.
class TableListener {
 public:
  virtual ~TableListener() = default;
  virtual void stored(std::uint64_t hash, const TableEntry& entry) = 0;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes);
  // A table of at most `kilobytes` (at least one bucket): tiny per-actor tables.
  static TranspositionTable with_kilobytes(std::size_t kilobytes);

  // The entry for hash, or nullopt. Values are stored ply-independent: pass the probing ply.
  [[nodiscard]] std::optional<TableEntry> probe(std::uint64_t hash, int ply) const;
  void store(std::uint64_t hash, int ply, Value value, int draft, Bound bound,
             std::optional<std::uint32_t> move);
  void clear();
  // Hints the CPU to fetch hash's bucket now (a search calls it right after making a move, so
  // the later probe finds it in cache).
  void prefetch(std::uint64_t hash) const {
    alphactor::prefetch(&buckets_[hash & (bucket_count_ - 1)]);
  }
  void new_search() { age_ = static_cast<std::uint8_t>((age_ + 1) & 31u); }

  [[nodiscard]] std::size_t entry_count() const { return bucket_count_ * kEntries; }
  [[nodiscard]] std::size_t bytes() const { return entry_count() * sizeof(TableEntry); }
  // Per-mille of the first 1000 buckets' entries written in the current search.
  [[nodiscard]] int permille_full() const;

 private:
  static constexpr int kEntries = 4;
  struct alignas(64) Bucket {
    TableEntry entries[kEntries];
  };
  struct Bytes {
    std::size_t n;
  };
  explicit TranspositionTable(Bytes bytes);
  struct Free {
    void operator()(Bucket* b) const;
  };
  std::unique_ptr<Bucket[], Free> buckets_;
  std::size_t bucket_count_ = 0;
  std::uint8_t age_ = 0;
};

// Mate scores are stored relative to the node, read back relative to the root.
inline Value value_to_table(Value v, int ply) {
  if (v >= kMateBound) return v + ply;
  if (v <= -kMateBound) return v - ply;
  return v;
}
inline Value value_from_table(Value v, int ply) {
  if (v >= kMateBound) return v - ply;
  if (v <= -kMateBound) return v + ply;
  return v;
}

}  // namespace alphactor
