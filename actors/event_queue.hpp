// The simulator's pending events, popped in (time, seq) order (docs/SIMULATION.md).
//
// Contract: push(t, payload) gives the event the next sequence number; pop() removes the event
// with the smallest (t, seq). Keys are unique, so the order of pops depends on the pushes alone:
// a run replays byte for byte. Time is monotone: an event is never pushed earlier than the last
// one popped (every send leaves at or after the moment its sender handles a message); push
// throws std::logic_error if it is.
//
// Why not a heap: at tens of thousands of processors the queue holds an event per idle
// processor's request in flight, several MiB, and a binary heap of 48-byte events missed the
// cache at every level of every sift (71 % of the loop's own time at P = 65536; a 4-ary heap
// of 24-byte keys still 45 %). Monotone time allows a radix heap (Ahuja, Mehlhorn, Orlin and
// Tarjan 1990): bucket i > 0 holds the keys whose highest bit differing from the last popped
// time is bit i - 1, bucket 0 the keys equal to it. A pop that finds bucket 0 empty takes the
// lowest non-empty bucket's smallest time as the new last time and deals that bucket out to the
// empty buckets below it; a key moves down at most 64 times in all, and every bucket is read
// and written in order, so the cache sees sequential access. Each bucket stays in seq order
// (it is filled by pushes, whose seq grows, or dealt out whole while the buckets below are
// empty), so bucket 0 pops in seq order without sorting. Payloads stay put in a slab whose free
// slots are reused. Single-threaded, like the simulator that owns it.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace alphactor::actors {

template <typename Payload>
class EventQueue {
 public:
  using Time = std::int64_t;
  struct Popped {
    Time t;
    std::uint64_t seq;
    Payload payload;
  };

  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] std::size_t size() const { return size_; }

  void push(Time t, Payload payload) {
    if (t < last_) throw std::logic_error("sim: an event pushed before the last one popped");
    std::uint32_t slot;
    if (free_.empty()) {
      slot = static_cast<std::uint32_t>(slab_.size());
      slab_.push_back(std::move(payload));
    } else {
      slot = free_.back();
      free_.pop_back();
      slab_[slot] = std::move(payload);
    }
    file(Key{t, seq_++, slot});
    ++size_;
  }

  // The payload of the event `ahead` pops after the next one when it is known already (the
  // batch of equal times being popped, five events on average in a YBWC run at P = 16384), or
  // nullptr: the simulator prefetches what the coming events will touch. Just past the batch
  // (ahead equal to what is left of it) it is the first event of the batch that would come
  // next if nothing earlier were pushed before then: the earliest (then first pushed) event of
  // the lowest non-empty bucket. That is a guess, right unless a push comes first, so the
  // event that starts a batch is prefetched like the others (at P = 65536 each fifth event,
  // all its memory cold). Computing the address reads only keys; dereferencing it is the
  // caller's choice.
  [[nodiscard]] const Payload* peek(std::size_t ahead) const {
    const std::vector<Key>& batch = buckets_[0];
    if (head_ + ahead < batch.size()) return &slab_[batch[head_ + ahead].slot];
    if (head_ + ahead > batch.size() || filled_ == 0) return nullptr;
    return &slab_[earliest_[std::size_t(std::countr_zero(filled_)) + 1].slot];
  }

  // Precondition: !empty().
  Popped pop() {
    if (head_ == buckets_[0].size()) refill();
    const Key k = buckets_[0][head_++];
    --size_;
    free_.push_back(k.slot);
    return Popped{k.t, k.seq, std::move(slab_[k.slot])};
  }

 private:
  struct Key {
    Time t;
    std::uint64_t seq;
    std::uint32_t slot;
  };
  [[nodiscard]] std::size_t bucket_of(Time t) const {
    return static_cast<std::size_t>(std::bit_width(static_cast<std::uint64_t>(t ^ last_)));
  }
  // Bucket 0 is used up: the lowest non-empty bucket's smallest time becomes the last time, and
  // that bucket is dealt out below it (its keys equal to the new last time to bucket 0).
  void refill() {
    buckets_[0].clear();
    head_ = 0;
    const std::size_t i = std::size_t(std::countr_zero(filled_)) + 1;  // the lowest filled
    std::vector<Key>& from = buckets_[i];
    last_ = earliest_[i].t;
    filled_ &= ~(std::uint64_t{1} << (i - 1));
    for (const Key& k : from) file(k);  // in seq order: every bucket stays so
    from.clear();
  }
  // Into its bucket (by the last time popped), keeping each bucket's earliest key.
  void file(const Key& k) {
    const std::size_t b = bucket_of(k.t);
    if (b > 0) {
      const std::uint64_t bit = std::uint64_t{1} << (b - 1);
      if (!(filled_ & bit) || k.t < earliest_[b].t) earliest_[b] = k;
      filled_ |= bit;
    }
    buckets_[b].push_back(k);
  }

  std::array<std::vector<Key>, 65> buckets_;
  // Buckets 1..64: their earliest key (the first pushed of those with the earliest time), and
  // which of them hold keys (bit b - 1 for bucket b).
  std::array<Key, 65> earliest_{};
  std::uint64_t filled_ = 0;
  std::size_t head_ = 0;  // bucket 0's next key
  std::size_t size_ = 0;
  Time last_ = 0;
  std::vector<Payload> slab_;  // indexed by Key::slot; a popped slot holds a moved-from payload
  std::vector<std::uint32_t> free_;
  std::uint64_t seq_ = 0;
};

}  // namespace alphactor::actors
