#include "actors/table_placement.hpp"

#include "search/input_error.hpp"

namespace alphactor::actors {

TablePlacement parse_table_placement(std::string_view name) {
  if (name == "none") return TablePlacement::kNone;
  if (name == "local") return TablePlacement::kLocal;
  if (name == "global") return TablePlacement::kGlobal;
  if (name == "distributed") return TablePlacement::kDistributed;
  if (name == "hybrid") return TablePlacement::kHybrid;
  if (name == "replicated") return TablePlacement::kReplicated;
  throw InputError("unknown table placement '" + std::string(name) + "' (" + kTablePlacementNames +
                   ")");
}

std::string_view table_placement_name(TablePlacement p) {
  switch (p) {
    case TablePlacement::kNone:
      return "none";
    case TablePlacement::kLocal:
      return "local";
    case TablePlacement::kGlobal:
      return "global";
    case TablePlacement::kDistributed:
      return "distributed";
    case TablePlacement::kHybrid:
      return "hybrid";
    case TablePlacement::kReplicated:
      return "replicated";
  }
  return "?";
}

TableService::TableService(Runtime& rt, const TableParams& params) : rt_(rt), params_(params) {}

int TableService::home(std::uint64_t hash) const {
  if (params_.placement == TablePlacement::kGlobal) return params_.owner;
  return static_cast<int>(hash % static_cast<std::uint64_t>(rt_.processors()));
}

std::uint64_t TableService::address(std::uint64_t hash) const {
  if (params_.placement == TablePlacement::kGlobal) return hash;
  // Unique within the home processor: positions there share h mod P.
  return hash / static_cast<std::uint64_t>(rt_.processors());
}

TranspositionTable& TableService::shard() {
  if (!shard_)
    shard_ =
        std::make_unique<TranspositionTable>(TranspositionTable::with_kilobytes(params_.kilobytes));
  return *shard_;
}

std::optional<TableEntry> TableService::lookup(std::uint64_t address) {
  return shard().probe(address, 0);  // ply 0: values stay ply-independent
}

void TableService::keep(std::uint64_t address, const TableEntry& e) {
  std::optional<std::uint32_t> move;
  if (e.has_move()) move = e.move;
  shard().store(address, 0, e.value, e.draft, e.bound(), move);
}

TablePort::Reply TableService::probe(std::uint64_t hash) {
  Reply r;
  const int h = home(hash);
  if (h == rt_.id()) {
    r.entry = lookup(address(hash));
    return r;
  }
  if (!rt_.alive(h)) return r;  // its share died with it: a miss
  r.pending = true;
  r.ticket = ++tickets_;
  if (r.ticket == 0) r.ticket = ++tickets_;  // 0 never names a probe
  TableProbe m;
  m.ticket = r.ticket;
  m.hash = address(hash);
  rt_.send(h, std::move(m));
  return r;
}

void TableService::store(std::uint64_t hash, const TableEntry& entry) {
  const int h = home(hash);
  if (h == rt_.id()) {
    keep(address(hash), entry);
    return;
  }
  if (!rt_.alive(h)) return;
  TableStore m;
  m.hash = address(hash);
  m.move = entry.move;
  m.value = entry.value;
  m.draft = entry.draft;
  m.flags = entry.bound_age & 7u;
  rt_.send(h, std::move(m));
}

void TableService::on(const TableProbe& m) {
  TableAnswer a;
  a.ticket = m.ticket;
  if (const auto e = lookup(m.hash)) {
    a.found = true;
    a.move = e->move;
    a.value = e->value;
    a.draft = e->draft;
    a.flags = e->bound_age & 7u;
  }
  rt_.send(m.route.from, std::move(a));
}

void TableService::on(const TableStore& m) {
  TableEntry e;
  e.move = m.move;
  e.value = m.value;
  e.draft = m.draft;
  e.bound_age = m.flags & 7u;
  keep(m.hash, e);
}

}  // namespace alphactor::actors
