#include "actors/cost_model.hpp"

#include <cstdio>
#include <string>

#include "search/input_error.hpp"

namespace alphactor::actors {
namespace {

// Measured on this machine with `alphactor calibrate` (release build, one core, the machine
// shared with other jobs, so +-30%): mean ns per
// node of the sequential search over the calibration positions, and the CAF send and
// receive overheads of a message between two actors. Fixed here so sim runs are reproducible;
// re-run calibrate and update them when the machine or the engines change.
constexpr std::int64_t kModernTreeNodeNs = 150;
constexpr std::int64_t kModernChessNodeNs = 710;
constexpr std::int64_t kModernOthelloNodeNs = 500;
constexpr std::int64_t kModernSendNs = 630;
constexpr std::int64_t kModernReceiveNs = 630;

std::string scale_note(std::string_view preset, std::string_view game, double ratio) {
  char buf[200];
  std::snprintf(buf, sizeof buf,
                "%.*s node costs are chess figures scaled by the modern %.*s/chess node cost "
                "ratio %.3f",
                int(preset.size()), preset.data(), int(game.size()), game.data(), ratio);
  return buf;
}

}  // namespace

std::int64_t modern_node_ns(std::string_view game) {
  if (game == "chess") return kModernChessNodeNs;
  if (game == "othello") return kModernOthelloNodeNs;
  return kModernTreeNodeNs;
}

CostModel cost_preset(std::string_view name, std::string_view game) {
  CostModel m;
  m.name = std::string(name);
  const double ratio = double(modern_node_ns(game)) / double(kModernChessNodeNs);
  auto old_node = [&](std::int64_t chess_ns) {
    if (game == "chess") return chess_ns;
    m.note = scale_note(name, game, ratio);
    return static_cast<std::int64_t>(double(chess_ns) * ratio + 0.5);
  };
  if (name == "modern") {
    m.interior_ns = m.leaf_ns = m.quiescence_ns = modern_node_ns(game);
    m.send_ns = kModernSendNs;
    m.receive_ns = kModernReceiveNs;
    m.byte_cpu_ps = 100;   // copying at ~10 GB/s
    m.latency_ns = 1000;   // ~1 us through a mailbox on another core
    m.link_byte_ps = 100;  // memory bandwidth
    m.forward_cpu = true;
  } else if (name == "transputer1990") {
    m.interior_ns = m.leaf_ns = m.quiescence_ns = old_node(2'857'000);  // 350 nodes/s
    m.send_ns = 30'000;
    m.receive_ns = 30'000;
    m.byte_cpu_ps = 0;  // DMA by the link engines
    m.latency_ns = 5'000;
    m.link_byte_ps = 400'000;  // 20 Mbit/s
    m.forward_cpu = false;     // link engines route without the CPU
    m.service_cpu = false;     // a parallel process answers table requests at once
  } else if (name == "sun1985") {
    m.interior_ns = m.leaf_ns = m.quiescence_ns = old_node(20'000'000);
    m.send_ns = 2'000'000;
    m.receive_ns = 2'000'000;
    m.byte_cpu_ps = 0;
    m.latency_ns = 1'000'000;
    m.link_byte_ps = 1'041'666'667;  // 960 bytes/s serial lines
    m.forward_cpu = true;            // through the master's interface
  } else {
    throw InputError("unknown cost preset '" + std::string(name) + "' (" + kCostPresetNames + ")");
  }
  return m;
}

void set_cost_field(CostModel& m, std::string_view field, std::int64_t v) {
  if (v < 0) throw InputError("cost " + std::string(field) + " must not be negative");
  if (is_cost_switch(field) && v > 1)
    throw InputError("cost " + std::string(field) + " is a switch: 0 or 1, got " +
                     std::to_string(v));
  if (field == "interior_ns") m.interior_ns = v;
  else if (field == "leaf_ns") m.leaf_ns = v;
  else if (field == "quiescence_ns") m.quiescence_ns = v;
  else if (field == "node_ns") m.interior_ns = m.leaf_ns = m.quiescence_ns = v;
  else if (field == "receive_ns") m.receive_ns = v;
  else if (field == "send_ns") m.send_ns = v;
  else if (field == "byte_cpu_ps") m.byte_cpu_ps = v;
  else if (field == "latency_ns") m.latency_ns = v;
  else if (field == "link_byte_ps") m.link_byte_ps = v;
  else if (field == "forward_cpu") m.forward_cpu = v != 0;
  else if (field == "service_cpu") m.service_cpu = v != 0;
  else if (field == "link_contention") m.link_contention = v != 0;
  else
    throw InputError("unknown cost field '" + std::string(field) + "' (" + kCostFieldNames + ")");
}

}  // namespace alphactor::actors
