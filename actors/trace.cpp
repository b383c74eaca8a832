#include "actors/trace.hpp"

#include <boost/lockfree/spsc_queue.hpp>
#include <chrono>

#include "search/input_error.hpp"

namespace alphactor::actors {
namespace {

// Records a processor's ring holds before it drops (48 bytes each).
constexpr std::size_t kRingCapacity = 4096;

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
  for (int p = 0; p < processors; ++p) {
    std::fprintf(chrome_,
                 "%s{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%d,"
                 "\"args\":{\"name\":\"P%d\"}}",
                 first_event_ ? "" : ",\n", p, p);
    first_event_ = false;
  }
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
      std::fprintf(chrome_,
                   ",\n{\"name\":\"%.*s\",\"cat\":\"message\",\"ph\":\"s\",\"id\":%llu,"
                   "\"pid\":0,\"tid\":%d,\"ts\":%.3f}",
                   int(name.size()), name.data(), (unsigned long long)flow_id_, r.from, us(r.t0));
      std::fprintf(chrome_,
                   ",\n{\"name\":\"%.*s\",\"cat\":\"message\",\"ph\":\"f\",\"bp\":\"e\","
                   "\"id\":%llu,\"pid\":0,\"tid\":%d,\"ts\":%.3f,\"args\":{\"bytes\":%u,"
                   "\"hops\":%d,\"job\":%llu}}",
                   int(name.size()), name.data(), (unsigned long long)flow_id_, r.to, us(r.t1),
                   r.bytes, int(r.hops), (unsigned long long)r.job);
    }
  } else if (chrome_) {
    std::fprintf(chrome_,
                 ",\n{\"name\":\"busy\",\"ph\":\"X\",\"pid\":0,\"tid\":%d,\"ts\":%.3f,"
                 "\"dur\":%.3f}",
                 r.from, us(r.t0), us(r.t1 - r.t0));
  }
}

void TraceWriter::close() {
  if (jsonl_) std::fclose(jsonl_);
  if (chrome_) {
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
    for (int i = 0; i < p; ++i) rings_.push_back(std::make_unique<Ring>(kRingCapacity));
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
