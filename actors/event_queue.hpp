// The simulator's pending events, popped in (time, seq) order (docs/SIMULATION.md).
//
// Contract: push(t, payload) gives the event the next sequence number; pop() removes the event
// with the smallest (t, seq). Keys are unique, so the order of pops depends on the pushes alone,
// never on the heap's shape: a run replays byte for byte.
//
// Why not std::push_heap over the events: at tens of thousands of processors the queue holds
// an event per idle processor's request in flight, several MiB, and a binary heap of 48-byte
// events missed the cache at every level of every sift (71 % of the loop's own time at
// P = 65536). Here the heap holds 24-byte keys, four children a node (half the levels, the
// four siblings on one or two cache lines), and the payloads stay put in a slab whose free
// slots are reused. Single-threaded, like the simulator that owns it.
#pragma once

#include <cstdint>
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

  [[nodiscard]] bool empty() const { return heap_.empty(); }
  [[nodiscard]] std::size_t size() const { return heap_.size(); }

  void push(Time t, Payload payload) {
    std::uint32_t slot;
    if (free_.empty()) {
      slot = static_cast<std::uint32_t>(slab_.size());
      slab_.push_back(std::move(payload));
    } else {
      slot = free_.back();
      free_.pop_back();
      slab_[slot] = std::move(payload);
    }
    heap_.push_back(Key{t, seq_++, slot});
    sift_up(heap_.size() - 1);
  }

  // Precondition: !empty().
  Popped pop() {
    const Key top = heap_.front();
    heap_.front() = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) sift_down(0);
    free_.push_back(top.slot);
    return Popped{top.t, top.seq, std::move(slab_[top.slot])};
  }

 private:
  struct Key {
    Time t;
    std::uint64_t seq;
    std::uint32_t slot;
  };
  static constexpr std::size_t kArity = 4;
  static bool before(const Key& a, const Key& b) {
    return a.t != b.t ? a.t < b.t : a.seq < b.seq;
  }
  void sift_up(std::size_t i) {
    const Key k = heap_[i];
    while (i > 0) {
      const std::size_t parent = (i - 1) / kArity;
      if (!before(k, heap_[parent])) break;
      heap_[i] = heap_[parent];
      i = parent;
    }
    heap_[i] = k;
  }
  void sift_down(std::size_t i) {
    const Key k = heap_[i];
    const std::size_t n = heap_.size();
    for (;;) {
      const std::size_t first = i * kArity + 1;
      if (first >= n) break;
      std::size_t best = first;
      const std::size_t last = first + kArity < n ? first + kArity : n;
      for (std::size_t c = first + 1; c < last; ++c)
        if (before(heap_[c], heap_[best])) best = c;
      if (!before(heap_[best], k)) break;
      heap_[i] = heap_[best];
      i = best;
    }
    heap_[i] = k;
  }

  std::vector<Key> heap_;
  std::vector<Payload> slab_;  // indexed by Key::slot; a popped slot holds a moved-from payload
  std::vector<std::uint32_t> free_;
  std::uint64_t seq_ = 0;
};

}  // namespace alphactor::actors
