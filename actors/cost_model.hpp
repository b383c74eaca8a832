// What things cost in virtual time (docs/SIMULATION.md, "Cost presets"). All times are
// integer nanoseconds, per-byte costs integer picoseconds, so a sim run never touches floating
// point or the wall clock.
//
// Presets (every field can be overridden by a config):
//  - modern: node costs measured on this machine by `alphactor calibrate` (per game, fixed
//    here so that sim runs stay reproducible), CAF send/receive overheads measured the same
//    way, ~1 us links at memory bandwidth, forwarding takes CPU;
//  - transputer1990 (ZUGZWANG, seed paper 002): ~350 nodes/s a processor on chess, tens of
//    microseconds per message, 20 Mbit/s links, routing done by the link engines (no CPU);
//  - sun1985 (Marsland & Popowich, seed paper 000): ~20 ms a node (60,065 leaves in 1,611 s at
//    5 ply), milliseconds per message, 960 bytes/s serial lines, forwarding by the CPU.
// For games other than chess the old presets scale the node cost by the game's modern node
// cost relative to chess; `note` says so and is printed with every report.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "search/stats.hpp"

namespace alphactor::actors {

struct CostModel {
  std::string name;
  std::int64_t interior_ns = 0;    // a node whose moves are generated
  std::int64_t leaf_ns = 0;        // a node evaluated at the horizon (or decided)
  std::int64_t quiescence_ns = 0;  // a quiescence node
  std::int64_t receive_ns = 0;     // CPU to take a message from the mailbox
  std::int64_t send_ns = 0;        // CPU to send one
  std::int64_t byte_cpu_ps = 0;    // CPU per byte sent or received
  std::int64_t latency_ns = 0;     // per hop
  std::int64_t link_byte_ps = 0;   // per byte per hop (1 / bandwidth)
  bool forward_cpu = true;         // forwarding takes the intermediate processor's CPU
  // A link carries one message at a time: a message waits until the ones sent on the same
  // link before it are through (serial lines). Off: every message takes latency + bytes /
  // bandwidth however many share the link. Sim mode only.
  bool link_contention = false;
  // Serving a table PROBE / STORE takes the holder's CPU between its search slices (true), or
  // a process running concurrently with its search answers at once (false; the transputer's
  // parallel processes in ZUGZWANG, section 5). Sim mode only.
  bool service_cpu = true;
  std::string note;  // how the preset was adapted to the game, if it was

  [[nodiscard]] std::int64_t nodes_ns(const SearchStats& delta) const {
    return std::int64_t(delta.interior_nodes) * interior_ns +
           std::int64_t(delta.leaf_nodes) * leaf_ns +
           std::int64_t(delta.quiescence_nodes) * quiescence_ns;
  }
  [[nodiscard]] std::int64_t bytes_cpu_ns(std::size_t bytes) const {
    return std::int64_t(bytes) * byte_cpu_ps / 1000;
  }
  // CPU a processor spends passing on a message for another (when forward_cpu): taking it
  // from the mailbox and sending it on, copied twice.
  [[nodiscard]] std::int64_t forward_ns(std::size_t bytes) const {
    return receive_ns + send_ns + 2 * bytes_cpu_ns(bytes);
  }
  [[nodiscard]] std::int64_t link_ns(std::size_t bytes) const {
    return latency_ns + std::int64_t(bytes) * link_byte_ps / 1000;
  }
};

// Names of the presets, for messages.
inline constexpr const char* kCostPresetNames = "modern, transputer1990, sun1985";

// The preset for `game` ("tree", "chess", "othello"); throws InputError for unknown names.
CostModel cost_preset(std::string_view name, std::string_view game);

// The modern node cost of a game in ns (the calibrated constant).
std::int64_t modern_node_ns(std::string_view game);

// Sets one field by name (the config's costs.<field>); throws InputError naming it.
void set_cost_field(CostModel& model, std::string_view field, std::int64_t value);
// Fields that are switches (0 or 1; true or false in a config) rather than amounts.
[[nodiscard]] inline bool is_cost_switch(std::string_view field) {
  return field == "forward_cpu" || field == "service_cpu" || field == "link_contention";
}
inline constexpr const char* kCostFieldNames =
    "interior_ns, leaf_ns, quiescence_ns, node_ns, receive_ns, send_ns, byte_cpu_ps, latency_ns, "
    "link_byte_ps, forward_cpu, service_cpu, link_contention";

}  // namespace alphactor::actors
