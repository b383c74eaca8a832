#include "trees/tree_spec.hpp"

#include <charconv>
#include <cstdio>
#include <set>
#include <sstream>

#include "search/input_error.hpp"

namespace alphactor::trees {
namespace {

[[noreturn]] void fail(std::string_view spec, const std::string& why) {
  throw InputError("bad tree spec '" + std::string(spec) + "': " + why);
}

template <typename T>
T parse_number(std::string_view spec, std::string_view key, std::string_view text) {
  T v{};
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (ec != std::errc() || ptr != end || text.empty())
    fail(spec, "'" + std::string(key) + "' needs a number, got '" + std::string(text) + "'");
  return v;
}

double parse_probability(std::string_view spec, std::string_view key, std::string_view text) {
  // from_chars for double is available in GCC 12.
  const double v = parse_number<double>(spec, key, text);
  if (!(v >= 0.0 && v <= 1.0)) fail(spec, "'" + std::string(key) + "' must lie in [0, 1]");
  return v;
}

int parse_bounded(std::string_view spec, std::string_view key, std::string_view text, int lo,
                  int hi) {
  const long v = parse_number<long>(spec, key, text);
  if (v < lo || v > hi)
    fail(spec, "'" + std::string(key) + "' must lie in [" + std::to_string(lo) + ", " +
                   std::to_string(hi) + "], got " + std::to_string(v));
  return static_cast<int>(v);
}

}  // namespace

TreeSpec parse_tree_spec(std::string_view text) {
  TreeSpec s;
  const auto colon = text.find(':');
  if (colon == std::string_view::npos)
    fail(text, "expected KIND:key=value,... with KIND random, ordered, best or irregular");
  const std::string_view kind = text.substr(0, colon);
  bool best = false, irregular = false;
  if (kind == "random") s.kind = TreeKind::kRandom;
  else if (kind == "irregular") s.kind = TreeKind::kRandom, irregular = true;
  else if (kind == "ordered") s.kind = TreeKind::kOrdered, s.p = 0.7, s.q = 0.9;
  else if (kind == "best") s.kind = TreeKind::kOrdered, best = true;
  else fail(text, "unknown kind '" + std::string(kind) + "' (random, ordered, best, irregular)");

  std::set<std::string, std::less<>> seen;
  std::string_view rest = text.substr(colon + 1);
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    if (comma != std::string_view::npos && rest.empty()) fail(text, "expected key=value after ','");
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      fail(text, "expected key=value, got '" + std::string(item) + "'");
    const std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
    if (!seen.emplace(key).second) fail(text, "key '" + std::string(key) + "' given twice");
    if (key == "w") {
      const auto dots = value.find("..");
      if (dots == std::string_view::npos) {
        s.width_min = s.width_max = parse_bounded(text, key, value, 1, kMaxTreeWidth);
      } else {
        s.width_min = parse_bounded(text, key, value.substr(0, dots), 1, kMaxTreeWidth);
        s.width_max = parse_bounded(text, key, value.substr(dots + 2), 1, kMaxTreeWidth);
        if (s.width_min > s.width_max) fail(text, "'w' range must be low..high");
      }
    } else if (key == "d") {
      s.depth = parse_bounded(text, key, value, 0, kMaxTreeDepth);
    } else if (key == "seed") {
      s.seed = parse_number<std::uint64_t>(text, key, value);
    } else if (key == "range") {
      s.range = parse_bounded(text, key, value, 1, kMaxTreeRange);
    } else if (((key == "p" || key == "q") && s.kind == TreeKind::kOrdered && !best) ||
               ((key == "spread" || key == "noise") && s.kind == TreeKind::kOrdered)) {
      if (key == "p") s.p = parse_probability(text, key, value);
      if (key == "q") s.q = parse_probability(text, key, value);
      if (key == "spread") s.spread = parse_bounded(text, key, value, 1, kMaxTreeRange);
      if (key == "noise") s.noise = parse_bounded(text, key, value, 0, kMaxTreeRange);
    } else {
      fail(text, "unknown key '" + std::string(key) + "' for kind " + std::string(kind));
    }
  }
  if (!seen.count("w")) fail(text, "missing 'w' (branching factor)");
  if (!seen.count("d")) fail(text, "missing 'd' (depth)");
  if (irregular && s.width_min == s.width_max)
    fail(text, "irregular trees need a branching range, e.g. w=2..8");
  if (s.kind == TreeKind::kOrdered && s.q < s.p) fail(text, "'q' must be at least 'p'");
  if (s.kind == TreeKind::kOrdered &&
      static_cast<long>(s.depth) * (s.spread + 1) + s.range + s.noise > 28000)
    fail(text, "depth x spread too large for the value range");
  return s;
}

std::string TreeSpec::text() const {
  std::ostringstream o;
  o << (kind == TreeKind::kRandom ? "random" : "ordered") << ":w=" << width_min;
  if (width_max != width_min) o << ".." << width_max;
  o << ",d=" << depth;
  if (kind == TreeKind::kOrdered) {
    char buf[64];
    std::snprintf(buf, sizeof buf, ",p=%g,q=%g", p, q);
    o << buf << ",spread=" << spread << ",noise=" << noise;
  }
  o << ",range=" << range << ",seed=" << seed;
  return o.str();
}

}  // namespace alphactor::trees
