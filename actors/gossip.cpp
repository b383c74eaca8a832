#include "actors/gossip.hpp"

#include <cstdlib>

namespace alphactor::actors {

void Gossip::history_changed(std::size_t index, std::int32_t value) {
  if (!params_.history) return;
  std::int32_t& told = told_[index];
  if (std::abs(value - told) < params_.threshold) return;
  const std::uint64_t n = nodes();
  if (history_sent_ && n - history_at_ < params_.interval) return;
  history_sent_ = true;
  history_at_ = n;
  told = value;
  for (const int p : rt_.neighbours()) {
    if (!rt_.alive(p)) continue;
    HistoryUpdate m;
    m.index = static_cast<std::uint32_t>(index);
    m.value = value;
    rt_.send(p, std::move(m));
  }
}

void Gossip::killer_changed(int ply, std::uint32_t move) {
  if (!params_.killers) return;
  const std::uint64_t n = nodes();
  if (killer_sent_ && n - killer_at_ < params_.interval) return;
  killer_sent_ = true;
  killer_at_ = n;
  for (const int p : rt_.neighbours()) {
    if (!rt_.alive(p)) continue;
    KillerUpdate m;
    m.ply = static_cast<std::uint8_t>(ply);
    m.move = move;
    rt_.send(p, std::move(m));
  }
}

}  // namespace alphactor::actors
