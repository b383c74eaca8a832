// `inspect` for the statistics a processor reports to the driver: a processor on a node
// (another process) sends them by message, serialized by CAF through these.
#pragma once

#include "actors/run.hpp"

namespace alphactor {
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, SearchStats& x) {
  return f(x.interior_nodes, x.leaf_nodes, x.quiescence_nodes, x.cutoffs, x.researches, x.tt_probes,
           x.tt_hits, x.tt_cuts, x.max_ply);
}
}  // namespace alphactor

namespace alphactor::actors {
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, AlgorithmStats& x) {
  return f(x.jobs_received, x.jobs_given, x.jobs_lost, x.requests, x.late_answers, x.table_bytes,
           x.hint_jobs, x.quiescence_jobs, x.affine_jobs);
}
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ProcessorStats& x) {
  return f(x.search, x.algorithm, x.busy_ns, x.sent, x.sent_bytes, x.received, x.received_bytes,
           x.forwarded, x.forwarded_bytes, x.delivered_hops, x.dropped, x.slices, x.memory_bytes,
           x.died, x.remote_sent, x.remote_sent_bytes);
}
}  // namespace alphactor::actors
