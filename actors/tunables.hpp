// Runtime tunables in one place, with the reason for each default.
#pragma once

#include <cstddef>
#include <cstdint>

namespace alphactor::actors::tunables {

// Real mode: nodes per search slice at most. A slice also ends as soon as a message is waiting
// (checked every 32 nodes), so this only bounds the cost of the slice's own message to itself:
// ~10000 nodes are 0.5-10 ms of search on this machine.
inline constexpr std::uint64_t kRealSliceNodes = 10000;
// Real mode, a run under LiveControl (UCI): how often the driver looks at the stop flag. A
// stop then ends the run within this plus one slice of every processor (each ends its slice
// at the driver's report request): well under UCI's 100 ms for `stop`.
inline constexpr std::int64_t kRealLivePollUs = 1000;
// Sim mode: a slice is sized to this much virtual time (at least one node). A transputer
// answered its links concurrently with the search, so at 350 nodes/s this is one node.
inline constexpr std::int64_t kSimSliceNs = 20'000;

// Real mode: how CAF's idle work-stealing workers poll. An actor woken by a message is queued
// on the SENDER's worker, which keeps running the busy sender (it always has its next slice
// in its mailbox), so the woken actor runs only once the other, idle worker steals it. CAF's
// defaults steal every 5th poll (50 us apart: up to 250 us) and, after ~25 ms without work,
// every 10 ms. Here an idle worker steals at every poll and sleeps at most 1 ms: as many
// wake-ups as CAF's while moderate, 1000 a second once relaxed (polling every 100 us cost the
// idle worker ~5 % of a core: a timed wait each time).
// Before that, an idle worker spins this many polls (a steal attempt at each, no sleep: a few
// ms) as OpenMP runtimes spin before they block. Without it, a helper woken by work it asked
// for waited for the next poll: median 94 us, 90th percentile 2.9 ms (a 50 us sleep lasts much
// longer in a VM), and the two actors of a P = 2 chess search exchanged 200 jobs instead of
// 380. A spin finds it in 6 us (median; 20 us 90th percentile).
// An idle worker with nothing to steal spins only once and then sleeps.
inline constexpr std::size_t kRealSpinPolls = 20000;
inline constexpr std::int64_t kRealModerateSleepUs = 50;
inline constexpr std::int64_t kRealRelaxedSleepUs = 1000;

// Nodes with at most this remaining depth are searched whole by the recursive sequential
// search (ResumableParams::inline_depth). Real mode: the explicit stack's bookkeeping costs
// 20-40 % a node on synthetic trees, and a mailbox that waits for a subtree of depth 2 waits
// microseconds. Sim mode: off, so messages are looked at between any two nodes (its node
// costs come from the cost model, not from the stack).
// Cheap nodes (the cost model's node at most kRealCheapNodeNs: synthetic trees, ~150 ns) are
// inlined two plies deeper. One actor's instructions over the sequential PVS's, ordered tree
// w=8 d=12 under callgrind: +4.2 % at depth 2, +0.6 % at 3, none at 4; a subtree of depth 4
// there is a few hundred nodes, tens of microseconds of mailbox wait. A chess subtree of
// depth 4 with its quiescence is milliseconds, so chess and Othello keep 2.
inline constexpr int kRealInlineDepth = 2;
inline constexpr int kRealInlineDepthCheapNodes = 4;
inline constexpr std::int64_t kRealCheapNodeNs = 300;
inline constexpr int kSimInlineDepth = 0;
// Play mode (ParallelConfig::play, the UCI engine): the play search takes nodes this near the
// horizon whole. Its move-loop prunings (late moves, futility, exchange losses) act at depth
// 6 and below, and the explicit stack does not make them, so 6 keeps the stack's search the
// sequential one's. UCI time to depth 16 over BK-24, Threads 2 / Threads 1, median (geometric
// mean), measured before the stack made singular extensions: 4: 0.47 (0.52), 6: 0.46 (0.49),
// 8: 0.48 (0.49).
inline constexpr int kPlayInlineDepth = 6;

// Idle processors back off exponentially after no-work answers, up to this (0: never).
// Sim mode follows ZUGZWANG (ask again at once). Real mode: thousands of actors on two threads
// asking nonstop would take the CPU from the ones that search.
inline constexpr std::int64_t kSimStealBackoffNs = 0;
// YBWC in sim mode where forwarding takes CPU (algorithms/ybwc/ybwc.hpp, YbwcParams): an idle
// processor asks near first and, after a no-work answer, waits this many times the forwarding
// CPU its request and the answer took from others. Ordered tree w=8 d=12, modern costs,
// speedup with uniform asking at once -> near first with pacing 4: De Bruijn 64 6.33 -> 6.06,
// hypercube 64 5.16 -> 6.71, De Bruijn 1024 5.62 -> 6.72, hypercube 1024 1.07 -> 4.96, ring 256
// 1.97 -> 4.41, torus 256 3.88 -> 6.05; the complete graph (no forwarding) stays 9.87 at 64
// (docs/results/BENCHMARKS.md, "Idle processors' asking"). Those hypercube figures are from
// before its routes became dimension order: now 7.01 at 64, 7.37 at 1024, 6.66 at 4096;
// the torus 256 likewise, now 6.15.
// Pacing 1 and 2 are nearer uniform asking (hypercube 1024: 1.15, 1.33 without near first).
// Counting the asked processor's receive too costs the complete graph 9.87 -> 8.87, and a
// time back-off instead costs more than it saves (cap 1 ms after 16 failures in a row: De
// Bruijn 64 3.24, complete 64 3.77).
inline constexpr int kSimStealPacing = 4;
// Parallel ER (algorithms/er/er.hpp): problems a processor holds at once, so that it has the
// next at hand while processor 0 (the heap) is busy. Where processor 0 only keeps the heap it
// answers at once, and 1 (the paper's one at a time) is best: a second problem is handed out
// with a window older by a whole problem (sim, modern, mean over three trees at P = 16, 2
// against 1: R1 6.79 / 6.97, R2 6.51 / 8.61, R3 4.28 / 5.23). Where processor 0 solves
// problems too it answers only between its slices, and 2 keeps the others at work (geometric
// mean over 16 trees each of R1-R3, 2 against 1 and 3: P = 2 1.27 / 1.23 / 1.26, P = 4 2.14 /
// 2.07 / 2.04, P = 6 2.96 / 2.75 / 2.84, P = 8 3.63 / 3.46 / 3.43).
inline constexpr int kErPrefetch = 1;
inline constexpr int kErPrefetchMasterSolves = 2;
// Parallel ER, central heap: processor 0 solves problems itself (when no other processor is
// idle) only up to this many processors. It solves in slices between its heap work, so the
// others still get answers meanwhile, but each slice delays them, and as P grows that costs
// more than its share of the solving brings. Sim, modern costs, geometric mean over 16 trees
// each of R1, R2 and R3 (seeds 1-3, 11-23), solving against not: P = 6 2.95 / 2.74, P = 7
// 3.24 / 3.21, P = 8 3.72 / 3.62, P = 10 4.21 / 4.44, P = 16 5.73 / 6.66; Othello
// (configs/er-steinberg-othello.toml) P = 6 2.41 / 2.06, P = 7 2.57 / 2.31, P = 8 2.50 /
// 2.54, P = 10 3.08 / 2.98. (When it solved a problem whole, blocking, the crossing was at
// 5-6: then P = 6 2.71, P = 8 3.28.)
inline constexpr int kErMasterSolvesUpTo = 8;
inline constexpr std::int64_t kRealStealBackoffNs = 1'000'000;

// Work carries the master's table moves along the job's expected line for at most this many
// plies: a helper's local table is empty where the job lies, so without them its first nodes
// are ordered worse than the master's (search overhead at P = 2 with local tables).
inline constexpr int kWorkTableLinePlies = 8;

// Hybrid table placement (actors/table_placement.hpp): nodes more than this many plies from
// the horizon use the distributed table, the others the local one. Sim, modern costs, P = 2,
// BK-24 depth 7 (SO / load / speedup): local 24.8 % / 99.5 % / 1.59; hybrid 4: 24.4 / 99.5 /
// 1.60; 3: 20.7 / 98.6 / 1.63; 2: 13.2 / 96.1 / 1.68; 1: 7.8 / 78.8 / 1.35; distributed:
// 6.3 / 64.7 / 0.96. Below 2 the waits for answers cost more than the shared entries save.
inline constexpr int kHybridDraft = 2;

// Replicated table placement (actors/table_replication.hpp): entries stored more than this
// many plies from the horizon are copied to the neighbours, this many to a message. Sim,
// modern, P = 2, BK-24 depth 7, SO: 24.1 % local; 16.2 / 8.7 / 3.1 % copying drafts above
// 2 / 1 / 0. Above 0 copies one entry every 11 nodes there (64 to a message of ~950 bytes:
// 0.0014 messages a node), which the receiver stores in well under 1 % of its time.
inline constexpr int kReplicaDraft = 0;
inline constexpr std::size_t kReplicaBatchEntries = 64;

// Shared history and killers (actors/gossip.hpp). A history counter is told to the neighbours
// once it moved by this much since last told: a cutoff at remaining depth d adds d*d, so one
// cutoff 8 plies from the horizon (or several shallower ones) is news, a leaf's parent's is not.
inline constexpr std::int32_t kGossipHistoryThreshold = 64;
// At most one round of each kind per this many nodes searched by the sender: on a transputer a
// message costs about 1% of a node, so a round to four neighbours every 8 nodes is ~0.5%.
inline constexpr std::uint64_t kGossipIntervalNodes = 8;
// Neighbours told per round: the degree of ZUGZWANG's De Bruijn network, for which the interval
// above was set. Where a processor has more (hypercubes above 16, a complete graph, a star's
// hub), each round tells the next four in turn, so a round costs the same on every topology.
inline constexpr int kGossipFanout = 4;

// No progress (actors/run.hpp, Deadlock): a run in which no processor searches a node for
// this long while the root has not answered is stopped and reported. A live run searches
// without a pause (a slice is at most kRealSliceNodes nodes, ms), so these are far beyond
// any wait of a working run: real mode 30 wall seconds (a loaded machine or TSan slows
// everything, but not to no node at all for that long); sim 10 million events (P = 4096
// idle processors asking for work deliver tens of thousands between two slices of the root)
// or one virtual hour (sun1985's 20 ms node: 180,000 nodes).
inline constexpr double kRealStallSeconds = 30;
inline constexpr std::uint64_t kSimStallEvents = 10'000'000;
// ... and at least this many times P x diameter events: on a network of large diameter one
// round of work requests alone is P x 2 x (mean distance) forwarding events (a ring of 4096:
// 8 million), and a table answer waits behind several such rounds. The randomised soak found
// ybwc on a ring of 4096 reported as a deadlock by the flat 10 million while its messages were
// still on their way.
inline constexpr std::uint64_t kSimStallEventsPerProcessorHop = 16;
inline constexpr std::int64_t kSimStallNs = 3'600'000'000'000;
// The report asks each processor what it waits for, at most this long each (real mode; a
// processor stuck inside a handler never answers), and names at most this many.
inline constexpr std::int64_t kStallDescribeMs = 200;
inline constexpr std::size_t kStallReportProcessors = 8;
// Several processes (actors/cluster.hpp): how long the launching process waits for a node to
// accept the connection, answer the hello (parse the run, spawn its block: chess tables of
// 16 MiB a processor take a few ms each) and initialise its processors, before it names the
// node and gives up. Generous for loopback, short enough that a dead host is an error, not
// a hang. The driver gives a node's processor this long to report its statistics at the end.
inline constexpr std::int64_t kNodeAnswerMs = 10'000;
inline constexpr std::int64_t kNodeReportMs = 5'000;

// Memory estimates before a run (actors/memory_estimate.hpp). A processor's fixed cost:
// runtime-bench measures 1.8-1.9 KB resident per idle processor (CAF actor with the
// processor in it, its algorithm object, neighbour handles; 4.7-4.9 KB before the actors
// shared one dispatch table, 3.3-3.8 KB before they shared parameters and root, 2.1-2.7 KB
// before monitors only of neighbours that can fail); a processor that has exchanged a
// message holds 136 B of traffic counts more, 616 B once it used a rarer kind; the
// simulator keeps five 8-byte slots and a statistics copy more, and a working processor its
// search stack: 8 KiB is a floor with some room. A run may use at most this share of the
// physical memory (the rest: the system, the sequential baseline's table, the allocator's
// slack).
inline constexpr std::uint64_t kProcessorBytesEstimate = 8 * 1024;
inline constexpr double kMemoryShareOfMachine = 0.85;
// runtime-bench's idle actors get their Init this many at a time (each batch answered before
// the next), so that the messages in flight, which are not what an actor holds, stay few
// whatever the machine's load (measure_idle_processors).
inline constexpr std::size_t kIdleInitBatch = 128;
// Real mode's trace: each processor's ring of records (actors/trace.cpp); a full ring drops
// records and counts them.
inline constexpr std::size_t kTraceRingRecords = 4096;

}  // namespace alphactor::actors::tunables
