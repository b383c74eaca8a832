// The messages processors exchange: every one of them, one commented line each, with its
// `inspect` (CAF's serialization and alphactor's byte count) next to it.
//
// Work travels as a move path from the root (DESIGN.md decision 1), so messages are small and
// game-agnostic. Every message starts with a Route: origin, final destination and hops so far;
// a processor that is not the destination forwards it to next_hop(here, to).
//
// This header is plain C++ (no CAF include): algorithms and tests use the structs directly;
// actors/processor.hpp turns them into CAF messages.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace alphactor::actors {

using JobId = std::uint64_t;  // unique over a run: the master's id in the top 24 bits

struct Route {
  std::int32_t from = 0;  // processor that sent the message
  std::int32_t to = 0;    // processor it is for
  std::int16_t hops = 0;  // links crossed so far
  // Trace-only side channel (not on the wire, not counted in bytes): when the origin sent it.
  std::int64_t sent_at = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, Route& x) {
  return f(x.from, x.to, x.hops);
}

// An idle processor asks for work (`request` numbers its requests so late answers are known).
struct WorkRequest {
  Route route;
  std::uint32_t request = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, WorkRequest& x) {
  return f(x.route, x.request);
}

// A subproblem for the requester: search `path` to `depth` in window (alpha, beta); scout:
// zero window at beta first, open window if it fails inside; node_type: PV, CUT or ALL as
// expected at the master; killers for its plies. The sender stays its master.
struct Work {
  Route route;
  std::uint32_t request = 0;
  JobId job = 0;
  std::vector<std::uint32_t> path;
  std::int8_t depth = 0;
  std::int32_t alpha = 0, beta = 0;
  bool scout = false;
  // Bits 0-1: the expected type (search/resumable_search.hpp NodeType); bits 2-7: play mode's
  // late-move reduction of a scout (DelegatedJob::reduction), 0 in every other search.
  std::uint8_t node_type = 1;
  // The master's killer moves for the job's plies (two a ply, encoded + 1, 0: none): ZUGZWANG
  // sends refutations along with the nodes.
  std::vector<std::uint32_t> killers;
  // The previous iteration's PV and root refutations below the job's path, relative to it
  // ([length, moves...]..., search/move_hints.hpp), from iteration `hint_iteration` (ZUGZWANG
  // section 5: "refutations are sent together with the nodes to the slaves, if necessary").
  std::uint8_t hint_iteration = 0;
  std::vector<std::uint32_t> hints;
  // The master's table moves along the job's expected line, from the job's position
  // (search/resumable_search.hpp table_line): the helper's own table knows nothing there yet.
  std::vector<std::uint32_t> table_line;
  // DTS (algorithms/dts): the processor set that comes with the job besides the receiver; it
  // may hand them out to the job's sons. Empty for every other algorithm.
  std::vector<std::int32_t> set;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, Work& x) {
  return f(x.route, x.request, x.job, x.path, x.depth, x.alpha, x.beta, x.scout, x.node_type,
           x.killers, x.hint_iteration, x.hints, x.table_line, x.set);
}

// The asked processor has nothing to give away (YBWC: nothing the Young Brothers Wait rule
// lets go; parallel ER with the distributed heap: no pending problem).
struct NoWork {
  Route route;
  std::uint32_t request = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, NoWork& x) {
  return f(x.route, x.request);
}

// A helper's answer to its master: the job's value (from the job's side), best line below the
// job's position, and the nodes it and its own helpers searched for it.
struct Result {
  Route route;
  JobId job = 0;
  std::int32_t value = 0;
  std::vector<std::uint32_t> line;
  std::uint64_t nodes = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, Result& x) {
  return f(x.route, x.job, x.value, x.line, x.nodes);
}

// NEWBOUND: the master's window for the job narrowed to (alpha, beta).
struct NewBound {
  Route route;
  JobId job = 0;
  std::int32_t alpha = 0, beta = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, NewBound& x) {
  return f(x.route, x.job, x.alpha, x.beta);
}

// FAILHIGH: the job's zero-window scout failed high at the master (from the job's side its
// value is at most `bound`); the helper re-searches, and the master raises its window now.
struct FailHigh {
  Route route;
  JobId job = 0;
  std::int32_t bound = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, FailHigh& x) {
  return f(x.route, x.job, x.bound);
}

// CUTOFF: the job's result is of no use any more; stop it and cut off its helpers.
struct Cutoff {
  Route route;
  JobId job = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, Cutoff& x) {
  return f(x.route, x.job);
}

// DTS: more processors for the job's process (freed by a finished brother, re-allocated by
// the master: Ferguson & Korf 1988, section 2). They stay the master's: they return to it
// with the job's result or cutoff.
struct Grant {
  Route route;
  JobId job = 0;
  std::vector<std::int32_t> set;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, Grant& x) {
  return f(x.route, x.job, x.set);
}

// A failure notice: processor `dead` is gone. Flooded to every processor over neighbours.
struct ProcessorDown {
  Route route;
  std::int32_t dead = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ProcessorDown& x) {
  return f(x.route, x.dead);
}

// --- Tables shared between processors (ZUGZWANG section 5; Marsland & Popowich's global
// table). A probe is answered by the processor that holds the position's entry; `ticket`
// names the probe at the asker, so an answer for a node that is finished meanwhile is dropped.

// PROBE: the entry of `hash` (the holder's address of the position), please.
struct TableProbe {
  Route route;
  std::uint32_t ticket = 0;
  std::uint64_t hash = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, TableProbe& x) {
  return f(x.route, x.ticket, x.hash);
}

// ANSWER to PROBE `ticket`: found or not; the entry (value ply-independent, bound and has-move
// bits as in search/transposition_table.hpp).
struct TableAnswer {
  Route route;
  std::uint32_t ticket = 0;
  bool found = false;
  std::uint32_t move = 0;
  std::int16_t value = 0;
  std::int8_t draft = 0;
  std::uint8_t flags = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, TableAnswer& x) {
  return f(x.route, x.ticket, x.found, x.move, x.value, x.draft, x.flags);
}

// STORE: keep this entry for `hash` (no answer).
struct TableStore {
  Route route;
  std::uint64_t hash = 0;
  std::uint32_t move = 0;
  std::int16_t value = 0;
  std::int8_t draft = 0;
  std::uint8_t flags = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, TableStore& x) {
  return f(x.route, x.hash, x.move, x.value, x.draft, x.flags);
}

// Replicated table: entries the sender stored in its own table, for the receiver's table.
// Entry i: position hash keys[i]; entries[i] packs move (bits 32-63), value (ply-independent,
// bits 16-31), draft (bits 8-15) and bound with has-move (bits 0-7).
struct TableCopies {
  Route route;
  std::vector<std::uint64_t> keys;
  std::vector<std::uint64_t> entries;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, TableCopies& x) {
  return f(x.route, x.keys, x.entries);
}

// UPDATE-HISTORY: the sender's history counter `index` reached `value`; keep the maximum.
struct HistoryUpdate {
  Route route;
  std::uint32_t index = 0;
  std::int32_t value = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, HistoryUpdate& x) {
  return f(x.route, x.index, x.value);
}

// UPDATE-KILLER: `move` (encoded) became the sender's newest killer at `ply`.
struct KillerUpdate {
  Route route;
  std::uint8_t ply = 0;
  std::uint32_t move = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, KillerUpdate& x) {
  return f(x.route, x.ply, x.move);
}

// --- Parallel ER's problem heap (Steinberg & Solomon 1989, section 6;
// algorithms/er/er.hpp). A problem is a node below the serial ply, solved whole by serial ER.

// An idle processor asks the heap for a problem. Central heap: sent to processor 0 once (every
// ErResult asks again). Distributed heap: sent to a neighbour, answered by an ErProblem or by
// NoWork with the same `request`.
struct ErRequest {
  Route route;
  std::uint32_t request = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ErRequest& x) {
  return f(x.route, x.request);
}

// A problem: the node at `path`, `depth` plies to go, window (alpha, beta); kind 0: an e-node
// (serial ER), 1: an undecided node (its first child only), 2: a released undecided node
// (refute the rest; first_move and tentative from kind 1), 3: an r-node (first child, then
// refute the rest).
struct ErProblem {
  Route route;
  JobId job = 0;
  std::vector<std::uint32_t> path;
  std::int8_t depth = 0;
  std::int32_t alpha = 0, beta = 0;
  std::uint8_t kind = 0;
  std::uint32_t first_move = 0;
  std::int32_t tentative = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ErProblem& x) {
  return f(x.route, x.job, x.path, x.depth, x.alpha, x.beta, x.kind, x.first_move, x.tentative);
}

// A problem's answer (also a request for the next): its value from the node's side; kind 1:
// whether the first child decided it (done) and that child's move; cancelled: dropped unsolved.
struct ErResult {
  Route route;
  JobId job = 0;
  std::int32_t value = 0;
  bool done = true;
  bool cancelled = false;
  std::uint32_t first_move = 0;
  std::uint64_t nodes = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ErResult& x) {
  return f(x.route, x.job, x.value, x.done, x.cancelled, x.first_move, x.nodes);
}

// The problem's node was cut off (refuted above it): drop it if it has not started.
struct ErCancel {
  Route route;
  JobId job = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ErCancel& x) {
  return f(x.route, x.job);
}

using Message =
    std::variant<WorkRequest, Work, NoWork, Result, NewBound, Cutoff, ProcessorDown, TableProbe,
                 TableAnswer, TableStore, HistoryUpdate, KillerUpdate, FailHigh, TableCopies, Grant,
                 ErRequest, ErProblem, ErResult, ErCancel>;

// Message kinds, for statistics and traces (the variant's index).
enum class Kind : std::uint8_t {
  kWorkRequest,
  kWork,
  kNoWork,
  kResult,
  kNewBound,
  kCutoff,
  kProcessorDown,
  kTableProbe,
  kTableAnswer,
  kTableStore,
  kHistoryUpdate,
  kKillerUpdate,
  kFailHigh,
  kTableCopies,
  kGrant,
  kErRequest,
  kErProblem,
  kErResult,
  kErCancel,
};
inline constexpr int kKindCount = 19;
inline constexpr std::array<std::string_view, kKindCount> kKindNames = {
    "work_request",   "work",          "no_work",     "result",       "new_bound",
    "cutoff",         "down",          "table_probe", "table_answer", "table_store",
    "history_update", "killer_update", "fail_high",   "table_copies", "grant",
    "er_request",     "er_problem",    "er_result",   "er_cancel"};
static_assert(std::variant_size_v<Message> == kKindCount);

template <class T>
constexpr Kind kind_of() {
  using M = std::decay_t<T>;
  if constexpr (std::is_same_v<M, WorkRequest>) return Kind::kWorkRequest;
  else if constexpr (std::is_same_v<M, Work>) return Kind::kWork;
  else if constexpr (std::is_same_v<M, NoWork>) return Kind::kNoWork;
  else if constexpr (std::is_same_v<M, Result>) return Kind::kResult;
  else if constexpr (std::is_same_v<M, NewBound>) return Kind::kNewBound;
  else if constexpr (std::is_same_v<M, Cutoff>) return Kind::kCutoff;
  else if constexpr (std::is_same_v<M, ProcessorDown>) return Kind::kProcessorDown;
  else if constexpr (std::is_same_v<M, TableProbe>) return Kind::kTableProbe;
  else if constexpr (std::is_same_v<M, TableAnswer>) return Kind::kTableAnswer;
  else if constexpr (std::is_same_v<M, TableStore>) return Kind::kTableStore;
  else if constexpr (std::is_same_v<M, HistoryUpdate>) return Kind::kHistoryUpdate;
  else if constexpr (std::is_same_v<M, KillerUpdate>) return Kind::kKillerUpdate;
  else if constexpr (std::is_same_v<M, FailHigh>) return Kind::kFailHigh;
  else if constexpr (std::is_same_v<M, TableCopies>) return Kind::kTableCopies;
  else if constexpr (std::is_same_v<M, Grant>) return Kind::kGrant;
  else if constexpr (std::is_same_v<M, ErRequest>) return Kind::kErRequest;
  else if constexpr (std::is_same_v<M, ErProblem>) return Kind::kErProblem;
  else if constexpr (std::is_same_v<M, ErResult>) return Kind::kErResult;
  else if constexpr (std::is_same_v<M, ErCancel>) return Kind::kErCancel;
  else static_assert(sizeof(M) == 0, "not a protocol message");
}
inline Kind kind_of(const Message& m) {
  return std::visit([](const auto& x) { return kind_of<decltype(x)>(); }, m);
}
inline Route& route_of(Message& m) {
  return std::visit([](auto& x) -> Route& { return x.route; }, m);
}
inline JobId job_of(const Message& m) {
  return std::visit(
      [](const auto& x) -> JobId {
        if constexpr (requires { x.job; }) return x.job;
        else return 0;
      },
      m);
}

// Bytes a message takes on a link: its fields as written by `inspect`, sequences with a
// 4-byte length. Deterministic, so virtual time does not depend on the machine.
class ByteCount {
 public:
  using result_type = void;
  template <class... Ts>
  void operator()(Ts&... xs) {
    (add(xs), ...);
  }
  [[nodiscard]] std::size_t bytes() const { return bytes_; }

 private:
  template <class T>
  void add(T& x) {
    if constexpr (std::is_arithmetic_v<T>) {
      bytes_ += sizeof(T);
    } else if constexpr (requires {
                           x.size();
                           x.begin();
                         }) {
      bytes_ += 4;
      for (auto& e : x) add(e);
    } else {
      inspect(*this, x);
    }
  }
  std::size_t bytes_ = 0;
};

template <class T>
std::size_t wire_bytes(const T& msg) {
  ByteCount c;
  inspect(c, const_cast<T&>(msg));  // ByteCount only reads
  return c.bytes();
}
inline std::size_t wire_bytes(const Message& m) {
  return std::visit([](const auto& x) { return wire_bytes(x); }, m);
}

}  // namespace alphactor::actors
