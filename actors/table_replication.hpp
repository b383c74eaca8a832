// The replicated table placement (`table = "replicated"`, not in the papers): each processor
// searches with its own local table, as with `local`, and copies the entries it stores more
// than `min_draft` plies from the horizon to its topology neighbours, in batches of
// `batch` entries (TABLE-COPIES); a receiver stores them in its own table. On a complete
// topology every table then holds what every processor found far from the horizon, with no
// probe ever waiting for an answer.
//
// Why: with local tables a helper starts with an empty table and the master never learns what
// its helpers found, so at P = 2 a quarter of the nodes are search overhead (sim, BK-24,
// modern costs); the distributed and hybrid tables share entries but make probes wait for
// answers, which a modern processor pays in nodes it could have searched. Copying only entries
// far from the horizon keeps the copies a fraction of the stores (ZUGZWANG's and Marsland &
// Popowich's depth-limited tables use the same observation for probes). Sim, modern costs,
// P = 2, BK-24 depth 7 (SO / speedup): local 24.1 % / 1.60; copying drafts above 2: 16.2 % /
// 1.71; above 1: 8.7 % / 1.82; above 0 (the default, tunables::kReplicaDraft): 3.1 % / 1.92.
// On a processor tree or star (which have no cycles) a receiver passes the copies on to its
// other neighbours, so there too every table gets every copy, once; on a star the master
// relays between the slaves. Sim, pvsplit on a star, BK-24, P = 4 (SO / speedup), copies to
// neighbours only -> passed on: sun1985 depth 5 17.4 % / 3.11 -> 12.4 % / 3.24, depth 6
// 17.2 % / 3.07 -> 16.5 % / 3.13; modern depth 6 19.8 % / 2.94 -> 13.8 % / 3.00. (YBWC on
// configs/marsland-tables.toml's tree at depth 4, P = 4: sun1985 2.77 -> 2.79, modern 2.16 ->
// 2.13, the relaying master's messages costing more than the 4 % fewer nodes save.) On other
// topologies a copy is not passed on: their cycles would deliver it again and again.
// Batches go out when full and whenever the processor is about to answer a master or ask for
// work (flush()), so a master has a job's entries with its result (in real mode before it:
// CAF delivers one sender's messages in order).
//
// A copied entry is a search result of the same root problem at the stated draft, exactly what
// the receiver's own search would have stored, so the fixed-depth value stays exact (tests/
// test_tables.cpp). Not thread-safe: one per processor, called from its actor only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "actors/algorithm.hpp"
#include "search/transposition_table.hpp"

namespace alphactor::actors {

struct ReplicationParams {
  int min_draft = 0;       // copy entries more than this many plies from the horizon
  std::size_t batch = 64;  // entries a TABLE-COPIES message carries at most
  bool pass_on = false;    // pass received copies on (the topology is a tree or a star)
};

class TableReplication final : public TableListener {
 public:
  TableReplication(Runtime& rt, const ReplicationParams& params) : rt_(rt), params_(params) {}

  // From this processor's search: keeps the entry for the next batch.
  void stored(std::uint64_t hash, const TableEntry& entry) override;
  // Sends the entries kept so far to every live neighbour.
  void flush();
  // A neighbour's copies, into this processor's table.
  static void receive(const TableCopies& m, TranspositionTable& table);
  // On a tree-shaped topology (params.pass_on), a neighbour's copies go on to the other live
  // neighbours, as they came, so each reaches every processor once.
  void pass_on(TableCopies&& m);

  static std::uint64_t pack(const TableEntry& e);
  static TableEntry unpack(std::uint64_t packed);

 private:
  Runtime& rt_;
  ReplicationParams params_;
  TableCopies out_;
};

}  // namespace alphactor::actors
