// `alphactor trace summary FILE...`: what a run's traces say, without a viewer. From the JSON
// lines trace (--trace): messages, bytes and delivery latency (handled - sent) by kind, with
// percentiles, and the busiest sender -> receiver pairs; from the Chrome trace
// (--chrome-trace): each processor's busy and idle share of the run. Either file or both.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/json_reader.hpp"
#include "search/input_error.hpp"

namespace alphactor::app {
namespace {

double percentile(std::vector<double>& v, double q) {  // v sorted
  if (v.empty()) return 0;
  const std::size_t i = std::min(v.size() - 1, static_cast<std::size_t>(q * double(v.size())));
  return v[i];
}

void summarize_messages(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read '" + path + "'");
  struct Kind {
    std::uint64_t count = 0, bytes = 0;
    std::vector<double> latency_us;
  };
  std::map<std::string, Kind> kinds;
  std::map<std::pair<int, int>, std::pair<std::uint64_t, std::uint64_t>> pairs;
  std::string line;
  std::uint64_t total = 0, lineno = 0;
  double first = 0, last = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty()) continue;
    JsonValue m;
    try {
      m = parse_json(line);
    } catch (const InputError& e) {
      throw InputError(path + " line " + std::to_string(lineno) + ": " + e.what());
    }
    auto num = [&](const char* key) {
      const JsonValue* v = m.find(key);
      if (!v) throw InputError(path + " line " + std::to_string(lineno) + ": no '" + key + "'");
      return v->as_number(path + " line " + std::to_string(lineno) + ": " + key);
    };
    const JsonValue* kind = m.find("kind");
    if (!kind) throw InputError(path + " line " + std::to_string(lineno) + ": no 'kind'");
    Kind& k = kinds[kind->as_string(path + ": kind")];
    const double sent = num("sent"), time = num("time");
    ++k.count;
    k.bytes += static_cast<std::uint64_t>(num("bytes"));
    k.latency_us.push_back((time - sent) / 1000.0);
    auto& p = pairs[{int(num("from")), int(num("to"))}];
    ++p.first;
    p.second += static_cast<std::uint64_t>(num("bytes"));
    first = total == 0 ? sent : std::min(first, sent);
    last = std::max(last, time);
    ++total;
  }
  std::printf("%s: %llu messages over %.3f ms\n", path.c_str(), (unsigned long long)total,
              (last - first) / 1e6);
  std::printf("%-16s %10s %12s %12s %12s %12s   (latency: handled - sent, us)\n", "kind",
              "messages", "bytes", "p50", "p90", "p99");
  for (auto& [name, k] : kinds) {
    std::sort(k.latency_us.begin(), k.latency_us.end());
    std::printf("%-16s %10llu %12llu %12.3f %12.3f %12.3f\n", name.c_str(),
                (unsigned long long)k.count, (unsigned long long)k.bytes,
                percentile(k.latency_us, 0.5), percentile(k.latency_us, 0.9),
                percentile(k.latency_us, 0.99));
  }
  std::vector<std::pair<std::pair<int, int>, std::pair<std::uint64_t, std::uint64_t>>> busiest(
      pairs.begin(), pairs.end());
  std::sort(busiest.begin(), busiest.end(), [](const auto& a, const auto& b) {
    return a.second.first != b.second.first ? a.second.first > b.second.first : a.first < b.first;
  });
  std::printf("busiest sender -> receiver pairs (of %zu):\n", busiest.size());
  for (std::size_t i = 0; i < std::min<std::size_t>(10, busiest.size()); ++i)
    std::printf("  %5d -> %-5d %10llu messages %12llu bytes\n", busiest[i].first.first,
                busiest[i].first.second, (unsigned long long)busiest[i].second.first,
                (unsigned long long)busiest[i].second.second);
}

void summarize_spans(const std::string& path, const JsonValue& doc) {
  const JsonValue* events = doc.find("traceEvents");
  if (!events) throw InputError(path + ": no 'traceEvents' (not a Chrome trace)");
  std::map<int, double> busy;  // tid -> busy us
  double start = 0, end = 0;
  bool any = false;
  for (const JsonValue& e : events->as_array(path + ": traceEvents")) {
    const JsonValue* ph = e.find("ph");
    const JsonValue* ts = e.find("ts");
    if (!ph || !ph->is_string() || !ts || !ts->is_number()) continue;
    const double t = ts->as_number("ts");
    start = any ? std::min(start, t) : t;
    end = std::max(end, t);
    any = true;
    const JsonValue* name = e.find("name");
    const JsonValue* dur = e.find("dur");
    const JsonValue* tid = e.find("tid");
    if (ph->as_string("ph") != "X" || !name || !name->is_string() ||
        name->as_string("name") != "busy" || !dur || !tid)
      continue;
    busy[int(tid->as_number("tid"))] += dur->as_number("dur");
    end = std::max(end, t + dur->as_number("dur"));
  }
  for (const JsonValue& e : events->as_array(""))  // processors that were never busy
    if (const JsonValue* n = e.find("name");
        n && n->is_string() && n->as_string("") == "thread_name" && e.find("tid"))
      busy.try_emplace(int(e.find("tid")->as_number("tid")), 0.0);
  const double span = end - start;
  std::printf("%s: %zu processors over %.3f ms\n", path.c_str(), busy.size(), span / 1000.0);
  if (busy.empty() || span <= 0) return;
  std::vector<std::pair<double, int>> idle;  // (idle share, processor)
  for (const auto& [tid, b] : busy) idle.emplace_back(1.0 - b / span, tid - 1);
  std::sort(idle.begin(), idle.end());
  double mean = 0;
  for (const auto& [share, p] : idle) mean += share;
  mean /= double(idle.size());
  std::printf(
      "idle share: mean %.1f %%, least %.1f %% (processor %d), most %.1f %% (processor %d)\n",
      100 * mean, 100 * idle.front().first, idle.front().second, 100 * idle.back().first,
      idle.back().second);
  std::printf("idlest processors:");
  for (std::size_t i = 0; i < std::min<std::size_t>(8, idle.size()); ++i) {
    const auto& [share, p] = idle[idle.size() - 1 - i];
    std::printf(" %d (%.1f %%)", p, 100 * share);
  }
  std::printf("\n");
}

void trace_summary(const std::vector<std::string>& files) {
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (i) std::printf("\n");
    std::ifstream probe(files[i]);
    if (!probe) throw InputError("cannot read '" + files[i] + "'");
    std::string head;
    std::getline(probe, head);
    // A Chrome trace is one JSON document that starts with the traceEvents object.
    if (head.rfind("{\"displayTimeUnit\"", 0) == 0 || head.rfind("{\"traceEvents\"", 0) == 0)
      summarize_spans(files[i], read_json_file(files[i]));
    else summarize_messages(files[i]);
  }
}

}  // namespace

void add_trace_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("trace", "read a run's traces");
  cmd->require_subcommand(1);
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* summary =
      cmd->add_subcommand("summary",
                          "messages, latency percentiles and busiest pairs by kind (--trace file); "
                          "busy and idle share per processor (--chrome-trace file)");
  summary->add_option("files", *files, "trace files")->required();
  summary->callback([files] { trace_summary(*files); });
}

}  // namespace alphactor::app
