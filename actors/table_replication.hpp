// The replicated table placement (`table = "replicated"`, not in the papers): each processor
// searches with its own local table, as with `local`, and copies the entries it stores more
// than `min_draft` plies from the horizon to its topology neighbours, in batches of
// `batch` entries (TABLE-COPIES); a receiver stores them in its own table and passes nothing
// on. On a complete topology every table then holds what every processor found far from the
// horizon, with no probe ever waiting for an answer.
//
// Why: with local tables a helper starts with an empty table and the master never learns what
// its helpers found, so at P = 2 a quarter of the nodes are search overhead (sim, BK-24,
// modern costs); the distributed and hybrid tables share entries but make probes wait for
// answers, which a modern processor pays in nodes it could have searched. Copying only entries
// far from the horizon keeps the copies a fraction of the stores (ZUGZWANG's and Marsland &
// Popowich's depth-limited tables use the same observation for probes). Sim, modern costs,
// P = 2, BK-24 depth 7 (SO / speedup): local 24.1 % / 1.60; copying drafts above 2: 16.2 % /
// 1.71; above 1: 8.7 % / 1.82; above 0 (the default, tunables::kReplicaDraft): 3.1 % / 1.92.
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

  static std::uint64_t pack(const TableEntry& e);
  static TableEntry unpack(std::uint64_t packed);

 private:
  Runtime& rt_;
  ReplicationParams params_;
  TableCopies out_;
};

}  // namespace alphactor::actors
