#include "actors/gossip.hpp"

#include <cstdlib>
#include <vector>

namespace alphactor::actors {

template <class M>
void Gossip::tell(const M& m) {
  // With at most `fanout` neighbours each round visits all of them and next_ stays 0, so
  // those rounds tell every live neighbour in ascending order, as before the cap.
  const std::span<const int> all = rt_.neighbours();
  int told = 0;
  for (std::size_t tried = 0; tried < all.size() && told < params_.fanout; ++tried) {
    const int p = all[next_];
    next_ = (next_ + 1) % all.size();
    if (!rt_.alive(p)) continue;
    rt_.send(p, M(m));
    ++told;
  }
}

void Gossip::history_changed(std::size_t index, std::int32_t value) {
  if (!params_.history) return;
  std::int32_t& told = told_[index];
  if (std::abs(value - told) < params_.threshold) return;
  const std::uint64_t n = nodes();
  if (history_sent_ && n - history_at_ < params_.interval) return;
  history_sent_ = true;
  history_at_ = n;
  told = value;
  HistoryUpdate m;
  m.index = static_cast<std::uint32_t>(index);
  m.value = value;
  tell(m);
}

void Gossip::killer_changed(int ply, std::uint32_t move) {
  if (!params_.killers) return;
  const std::uint64_t n = nodes();
  if (killer_sent_ && n - killer_at_ < params_.interval) return;
  killer_sent_ = true;
  killer_at_ = n;
  KillerUpdate m;
  m.ply = static_cast<std::uint8_t>(ply);
  m.move = move;
  tell(m);
}

}  // namespace alphactor::actors
