// TablePort: a transposition table that lives elsewhere (on another processor, or spread over
// all of them) as a resumable search sees it. Plain C++; the actor layer implements it with
// PROBE / ANSWER / STORE messages (actors/table_placement.hpp).
//
// Overlapped probes (Feldmann, Mysliwietz & Monien, ZUGZWANG, section 5): the search sends the
// probe on entering a node, generates its moves while the answer travels, and waits only if
// the answer has not come by then. The answer comes back through
// ResumableSearch::on_probe_answer(ticket, entry); one for a node that is no longer being
// entered (finished, cut off, restarted) matches no ticket and is dropped.
#pragma once

#include <cstdint>
#include <optional>

#include "search/transposition_table.hpp"

namespace alphactor {

class TablePort {
 public:
  struct Reply {
    bool pending = false;  // true: the answer comes later under `ticket`
    std::uint32_t ticket = 0;
    std::optional<TableEntry> entry;  // !pending: the entry, or none (value ply-independent)
  };
  virtual ~TablePort() = default;
  // Asks for the entry of the position with `hash`.
  virtual Reply probe(std::uint64_t hash) = 0;
  // Keeps `entry` (value ply-independent, entry.key ignored) for the position with `hash`.
  virtual void store(std::uint64_t hash, const TableEntry& entry) = 0;
};

}  // namespace alphactor
