#include "actors/trace.hpp"

#include <algorithm>
#include <boost/lockfree/spsc_queue.hpp>
#include <chrono>

#include "actors/tunables.hpp"
#include "search/input_error.hpp"

namespace alphactor::actors {
namespace {

// Records a processor's ring holds before it drops (48 bytes each).

std::FILE* open_or_throw(const std::string& path) {
  if (path.empty()) return nullptr;
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw InputError("cannot write trace file '" + path + "'");
  return f;
}

double us(std::int64_t ns) {
  return double(ns) / 1000.0;
}

}  // namespace

TraceWriter::TraceWriter(const std::string& jsonl_path, const std::string& chrome_path,
                         int processors)
    : jsonl_(open_or_throw(jsonl_path)), chrome_(open_or_throw(chrome_path)) {
  if (!chrome_) return;
  std::fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n", chrome_);
  std::fprintf(chrome_,
               "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,"
               "\"args\":{\"name\":\"alphactor (%d processors)\"}}",
               processors);
  first_event_ = false;
  for (int p = 0; p < processors; ++p)
    std::fprintf(chrome_,
                 ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,"
                 "\"args\":{\"name\":\"processor %d\"}},\n"
                 "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,"
                 "\"args\":{\"sort_index\":%d}}",
                 p + 1, p, p + 1, p + 1);
}

TraceWriter::~TraceWriter() {
  close();
}

void TraceWriter::write(const TraceRecord& r) {
  if (r.type == TraceRecord::Type::kMessage) {
    const auto name = kKindNames[static_cast<int>(r.kind)];
    if (jsonl_) {
      std::fprintf(jsonl_,
                   "{\"time\":%lld,\"sent\":%lld,\"from\":%d,\"to\":%d,\"kind\":\"%.*s\","
                   "\"bytes\":%u,\"hops\":%d,\"job\":%llu}\n",
                   (long long)r.t1, (long long)r.t0, r.from, r.to, int(name.size()), name.data(),
                   r.bytes, int(r.hops), (unsigned long long)r.job);
    }
    if (chrome_) {
      ++flow_id_;
      const int n = int(name.size());
      std::fprintf(chrome_,
                   ",\n{\"name\":\"%.*s\",\"cat\":\"message\",\"ph\":\"X\",\"pid\":1,"
                   "\"tid\":%d,\"ts\":%.3f,\"dur\":0.001,\"args\":{\"end\":\"send\"}},\n"
                   "{\"name\":\"%.*s\",\"cat\":\"message\",\"ph\":\"s\",\"id\":%llu,"
                   "\"pid\":1,\"tid\":%d,\"ts\":%.3f}",
                   n, name.data(), r.from + 1, us(r.t0), n, name.data(),
                   (unsigned long long)flow_id_, r.from + 1, us(r.t0));
      std::fprintf(chrome_,
                   ",\n{\"name\":\"%.*s\",\"cat\":\"message\",\"ph\":\"X\",\"pid\":1,"
                   "\"tid\":%d,\"ts\":%.3f,\"dur\":0.001,\"args\":{\"end\":\"receive\","
                   "\"bytes\":%u,\"hops\":%d,\"job\":%llu}},\n"
                   "{\"name\":\"%.*s\",\"cat\":\"message\",\"ph\":\"f\",\"bp\":\"e\","
                   "\"id\":%llu,\"pid\":1,\"tid\":%d,\"ts\":%.3f}",
                   n, name.data(), r.to + 1, us(r.t1), r.bytes, int(r.hops),
                   (unsigned long long)r.job, n, name.data(), (unsigned long long)flow_id_,
                   r.to + 1, us(r.t1));
      flight_steps_.emplace_back(r.t0, 1);
      flight_steps_.emplace_back(r.t1, -1);
    }
  } else if (chrome_) {
    std::fprintf(chrome_,
                 ",\n{\"name\":\"busy\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,\"ts\":%.3f,"
                 "\"dur\":%.3f}",
                 r.from + 1, us(r.t0), us(r.t1 - r.t0));
    busy_steps_.emplace_back(r.t0, 1);
    busy_steps_.emplace_back(r.t1, -1);
  }
}

namespace {

// A counter track from +1 / -1 steps: one "C" event per time at which the value changes
// (ends before starts at equal times, so that back-to-back spans do not blip).
void write_counter(std::FILE* f, const char* name, const char* series,
                   std::vector<std::pair<std::int64_t, int>>& steps) {
  std::sort(steps.begin(), steps.end());
  long value = 0;
  for (std::size_t i = 0; i < steps.size();) {
    const std::int64_t t = steps[i].first;
    const long before = value;
    for (; i < steps.size() && steps[i].first == t; ++i) value += steps[i].second;
    if (value != before)
      std::fprintf(f,
                   ",\n{\"name\":\"%s\",\"ph\":\"C\",\"pid\":1,\"ts\":%.3f,"
                   "\"args\":{\"%s\":%ld}}",
                   name, us(t), series, value);
  }
  steps.clear();
  steps.shrink_to_fit();
}

}  // namespace

void TraceWriter::close() {
  if (jsonl_) std::fclose(jsonl_);
  if (chrome_) {
    write_counter(chrome_, "busy processors", "busy", busy_steps_);
    write_counter(chrome_, "messages in flight", "messages", flight_steps_);
    std::fputs("\n]}\n", chrome_);
    std::fclose(chrome_);
  }
  jsonl_ = chrome_ = nullptr;
}

namespace {

class DirectSink final : public TraceSink {
 public:
  DirectSink(const std::string& j, const std::string& c, int p) : writer_(j, c, p) {}
  void record(int, const TraceRecord& r) override { writer_.write(r); }
  std::uint64_t finish() override {
    writer_.close();
    return 0;
  }

 private:
  TraceWriter writer_;
};

class RingSink final : public TraceSink {
 public:
  RingSink(const std::string& j, const std::string& c, int p) : writer_(j, c, p) {
    rings_.reserve(p);
    for (int i = 0; i < p; ++i)
      rings_.push_back(std::make_unique<Ring>(tunables::kTraceRingRecords));
    dropped_ = std::make_unique<std::atomic<std::uint64_t>[]>(p);
    drainer_ = std::thread([this] { drain_loop(); });
  }
  ~RingSink() override { finish(); }

  void record(int p, const TraceRecord& r) override {
    if (!rings_[p]->push(r)) dropped_[p].fetch_add(1, std::memory_order_relaxed);
  }

  std::uint64_t finish() override {
    if (drainer_.joinable()) {
      stop_.store(true, std::memory_order_release);
      drainer_.join();
      writer_.close();
    }
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < rings_.size(); ++i) total += dropped_[i].load();
    return total;
  }

 private:
  using Ring = boost::lockfree::spsc_queue<TraceRecord>;

  bool drain_once() {
    bool any = false;
    TraceRecord r;
    for (auto& ring : rings_) {
      while (ring->pop(r)) {
        writer_.write(r);
        any = true;
      }
    }
    return any;
  }
  void drain_loop() {
    while (!stop_.load(std::memory_order_acquire)) {
      if (!drain_once()) std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    drain_once();  // producers have stopped: take what is left
  }

  TraceWriter writer_;
  std::vector<std::unique_ptr<Ring>> rings_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> dropped_;
  std::atomic<bool> stop_{false};
  std::thread drainer_;
};

}  // namespace

std::unique_ptr<TraceSink> make_direct_sink(const std::string& j, const std::string& c, int p) {
  return std::make_unique<DirectSink>(j, c, p);
}
std::unique_ptr<TraceSink> make_ring_sink(const std::string& j, const std::string& c, int p) {
  return std::make_unique<RingSink>(j, c, p);
}

}  // namespace alphactor::actors
