// One directed link's sending schedule where links carry one message at a time (sim mode,
// CostModel::link_contention; docs/SIMULATION.md). A message ready to go at `ready` that keeps
// the link busy for `duration` (its bytes going out; the latency after it does not hold the
// link) takes the earliest span of that length at or after `ready` in which the link sends
// nothing else.
//
// Why spans and not one "free again" time: messages reach a link out of time order. A link
// engine passes a message on at its arrival time (free forwarding), and that event can come
// after its own processor's step has already put a later send on the same link. With spans the
// earlier message goes into the gap before the later one if it fits, as the link would send it,
// instead of queuing behind it.
//
// Spans that end at or before `horizon` are forgotten: the caller passes a time no message
// can be ready before any more (the simulator's current event time; every send and forward
// happens at or after it), so the list holds only spans still ahead, a few per link.
// Single-threaded: the simulator's thread only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace alphactor::actors {

class LinkSchedule {
 public:
  using Time = std::int64_t;  // nanoseconds of virtual time

  // Reserves the link for [start, start + duration) and returns start: the earliest time at
  // or after `ready` when it is free that long. horizon <= ready.
  Time reserve(Time ready, Time duration, Time horizon) {
    std::size_t gone = 0;
    while (gone < busy_.size() && busy_[gone].end <= horizon) ++gone;
    busy_.erase(busy_.begin(), busy_.begin() + std::ptrdiff_t(gone));
    if (duration <= 0) return ready;
    Time start = ready;
    std::size_t at = 0;
    for (; at < busy_.size(); ++at) {  // spans are disjoint and sorted, so ends are too
      if (busy_[at].end <= start) continue;
      if (busy_[at].start >= start + duration) break;  // fits in the gap before this span
      start = busy_[at].end;
    }
    busy_.insert(busy_.begin() + std::ptrdiff_t(at), Span{start, start + duration});
    return start;
  }
  [[nodiscard]] std::size_t spans() const { return busy_.size(); }

 private:
  struct Span {
    Time start, end;
  };
  std::vector<Span> busy_;  // sorted by start, disjoint
};

}  // namespace alphactor::actors
