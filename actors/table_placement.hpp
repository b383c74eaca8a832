// Where a processor's transposition table lives (the config's `table`):
//  - none: no table;
//  - local: each processor its own (search/transposition_table.hpp in its SearchContext):
//    Marsland & Popowich's winner (IEEE PAMI 7, 1985, section V, Tables II-IV);
//  - global: one table on one owner processor; every other processor's probes and stores are
//    PROBE / ANSWER / STORE messages routed hop by hop to it (their loser behind slow links);
//  - distributed: the entry of position v lives on processor h(v) mod P at address h(v) div P
//    (Feldmann, Mysliwietz & Monien, ZUGZWANG, section 5), so the table grows with P;
//  - hybrid: nodes more than `hybrid_draft` plies from the horizon use the distributed table,
//    the others each processor's local one (the "hybrid versions of these two concepts" that
//    ZUGZWANG's section 5 attributes to Sun Phoenix; Marsland & Popowich's local,
//    depth-limited table is the other half). A processor then holds `kilobytes` of local
//    table and `kilobytes` of distributed entries. Why: shared entries cut a helper's search
//    overhead (sim, P = 2, BK-24: 24.8 % local, 6.3 % distributed), but a probe that is a
//    message costs far more than a node on a modern machine; the few nodes far from the
//    horizon carry most of what the table saves, and their probes are rare. In real mode it
//    does not pay yet: an answer waits for the holder's next look at its mailbox (a whole
//    inline subtree), so on Kiwipete (depth 8, P = 2) the load fell to 64 %
//    (docs/results/BENCHMARKS.md).
// For global and distributed, TableService is the processor's end of it: the TablePort its
// searches probe (search/table_port.hpp: a probe goes out on entering a node and is awaited
// only after move generation) and the holder of its share of the entries.
//
// Depth-limited tables (`table_min_draft` k): only nodes more than k plies from the horizon
// are probed and stored (search/resumable_search.hpp), which cuts the messages to the leaves'
// parents, the most numerous nodes.
//
// Not thread-safe: one per processor, used by its actor only. Memory: a processor holds at
// most `kilobytes` of entries (allocated on the first probe or store that reaches it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "actors/algorithm.hpp"
#include "search/table_port.hpp"

namespace alphactor::actors {

enum class TablePlacement : std::uint8_t {
  kNone,
  kLocal,
  kGlobal,
  kDistributed,
  kHybrid,
  kReplicated
};
inline constexpr const char* kTablePlacementNames =
    "none, local, global, distributed, hybrid, replicated";
// Throws InputError for an unknown name.
TablePlacement parse_table_placement(std::string_view name);
std::string_view table_placement_name(TablePlacement p);

struct TableParams {
  TablePlacement placement = TablePlacement::kLocal;
  std::size_t kilobytes = 0;  // per processor (global: the owner's table)
  int min_draft = 0;          // depth-limited: probe/store only drafts above this
  int owner = 0;              // global: the processor that holds the table
};

class TableService final : public TablePort {
 public:
  TableService(Runtime& rt, const TableParams& params);

  // The processor that holds the entry of `hash`, and its key there.
  [[nodiscard]] int home(std::uint64_t hash) const;
  [[nodiscard]] std::uint64_t address(std::uint64_t hash) const;

  // TablePort: answered at once when this processor holds the entry, else a PROBE / STORE.
  Reply probe(std::uint64_t hash) override;
  void store(std::uint64_t hash, const TableEntry& entry) override;

  // Other processors' requests.
  void on(const TableProbe& m);
  void on(const TableStore& m);

  // Bytes of entries this processor holds (0 until first used).
  [[nodiscard]] std::size_t table_bytes() const { return shard_ ? shard_->bytes() : 0; }

 private:
  TranspositionTable& shard();
  std::optional<TableEntry> lookup(std::uint64_t address);
  void keep(std::uint64_t address, const TableEntry& e);

  Runtime& rt_;
  TableParams params_;
  std::unique_ptr<TranspositionTable> shard_;
  std::uint32_t tickets_ = 0;
};

}  // namespace alphactor::actors
