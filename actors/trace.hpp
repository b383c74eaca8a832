// Message traces and busy spans (DESIGN.md decision 5).
//
//  --trace FILE.jsonl        one line per delivered message: {"time" (handled), "sent", "from",
//                            "to", "kind", "bytes", "hops", "job"}; times in ns (virtual in sim
//                            mode, since the run's start in real mode);
//  --chrome-trace FILE.json  Trace Event format ({"traceEvents": [...]}, Perfetto or
//                            chrome://tracing): process 1 "alphactor", thread p + 1
//                            "processor p" per processor (ids from 1: some viewers drop 0),
//                            "X" events for its busy spans (gaps are idle), each message a
//                            flow arrow ("s"/"f") between two 1 ns slices named after its kind
//                            on the sender and the receiver (a flow binds to the slice that
//                            encloses it, and a receiver may be idle when a message lands;
//                            flows and slices share category "message", the key on which the
//                            DevTools trace engine binds them; args.end says send/receive),
//                            and two counters: busy processors and messages in flight.
//
// Actors hand records to a TraceSink. In sim mode everything runs on one thread and the sink
// writes directly. In real mode each processor has its own Boost.Lockfree spsc ring (the actor
// is the single producer) drained by one writer thread (the single consumer): an actor never
// blocks on tracing; when its ring is full the record is dropped and counted. With tracing off
// the actors hold no sink and pay one null check per message.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "actors/protocol.hpp"

namespace alphactor::actors {

struct TraceRecord {
  enum class Type : std::uint8_t { kMessage, kSpan };
  Type type = Type::kMessage;
  Kind kind = Kind::kWorkRequest;
  std::int16_t hops = 0;
  std::int32_t from = 0;  // message: origin; span: the processor
  std::int32_t to = 0;
  std::uint32_t bytes = 0;
  JobId job = 0;
  std::int64_t t0 = 0;  // message: sent; span: start
  std::int64_t t1 = 0;  // message: handled at the destination; span: end
};

// Writes the two files (either may be absent). Single-threaded.
class TraceWriter {
 public:
  TraceWriter(const std::string& jsonl_path, const std::string& chrome_path, int processors);
  ~TraceWriter();
  TraceWriter(const TraceWriter&) = delete;
  TraceWriter& operator=(const TraceWriter&) = delete;
  void write(const TraceRecord& r);
  void close();

 private:
  std::FILE* jsonl_ = nullptr;
  std::FILE* chrome_ = nullptr;
  bool first_event_ = true;
  std::uint64_t flow_id_ = 0;
  // Counter steps (time, +1 / -1), written sorted when the file is closed.
  std::vector<std::pair<std::int64_t, int>> busy_steps_, flight_steps_;
};

class TraceSink {
 public:
  virtual ~TraceSink() = default;
  // Called by processor `p` only (real mode: from whichever thread runs p, one at a time).
  virtual void record(int p, const TraceRecord& r) = 0;
  // After the run: everything written, files closed. Returns records dropped on full rings.
  virtual std::uint64_t finish() = 0;
};

// Sim mode: straight to the writer.
std::unique_ptr<TraceSink> make_direct_sink(const std::string& jsonl, const std::string& chrome,
                                            int processors);
// Real mode: per-processor spsc rings and one writer thread.
std::unique_ptr<TraceSink> make_ring_sink(const std::string& jsonl, const std::string& chrome,
                                          int processors);

}  // namespace alphactor::actors
