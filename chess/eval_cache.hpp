// EvalCache: remembers static evaluations by position key, so the many positions a search
// evaluates more than once (a node's static value, then its quiescence stand-pat; transposed
// quiescence nodes) cost a lookup. Direct-mapped, 2^kBits slots of one 64-bit word each: the
// key's upper 48 bits and the 16-bit value. A colliding position overwrites the slot.
//
// Races: none; one cache belongs to one game object, used by one thread. Copying a game does
// not share or copy the cache (the copy starts empty), so copies may go to other threads.
// Memory is allocated on first use.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "search/game.hpp"

namespace alphactor::chess {

class EvalCache {
 public:
  static constexpr int kBits = 14;  // 16384 slots, 128 KiB

  EvalCache() = default;
  EvalCache(const EvalCache&) {}
  EvalCache& operator=(const EvalCache&) {
    slots_.reset();
    return *this;
  }
  EvalCache(EvalCache&&) noexcept = default;
  EvalCache& operator=(EvalCache&&) noexcept = default;

  [[nodiscard]] std::optional<Value> find(std::uint64_t key) const {
    if (!slots_) return std::nullopt;
    const std::uint64_t slot = slots_[key & kMask];
    if ((slot ^ key) >> 16 != 0) return std::nullopt;
    return Value(std::int16_t(slot & 0xFFFF));
  }
  void store(std::uint64_t key, Value v) const {
    if (!slots_) slots_ = std::make_unique<std::uint64_t[]>(kMask + 1);
    slots_[key & kMask] = (key & ~std::uint64_t{0xFFFF}) | std::uint16_t(std::int16_t(v));
  }

 private:
  static constexpr std::uint64_t kMask = (std::uint64_t{1} << kBits) - 1;
  mutable std::unique_ptr<std::uint64_t[]> slots_;
};

}  // namespace alphactor::chess
