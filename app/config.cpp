#include "app/config.hpp"

#include <set>
#include <sstream>
#include <toml++/toml.h>

#include "search/input_error.hpp"
#include "search/options.hpp"

namespace alphactor::app {
namespace {

[[noreturn]] void fail(const RunConfig& c, const std::string& key, const std::string& why) {
  throw InputError("config " + c.source + ": key '" + key + "': " + why);
}

template <typename T>
T get(const RunConfig& c, const toml::node& n, const std::string& key, const char* type) {
  const auto v = n.value<T>();
  if (!v) fail(c, key, std::string("expected ") + type);
  return *v;
}

std::vector<std::string> get_strings(const RunConfig& c, const toml::node& n, const std::string& key) {
  const toml::array* a = n.as_array();
  if (!a) fail(c, key, "expected an array of strings");
  std::vector<std::string> out;
  for (const auto& e : *a) out.push_back(get<std::string>(c, e, key, "an array of strings"));
  if (out.empty()) fail(c, key, "must not be empty");
  return out;
}

void apply(RunConfig& c, const std::string& key, const toml::node& n) {
  if (key == "title") c.title = get<std::string>(c, n, key, "a string");
  else if (key == "game") c.game = get<std::string>(c, n, key, "a string");
  else if (key == "positions") c.positions = get_strings(c, n, key);
  else if (key == "depth") {
    const auto d = get<std::int64_t>(c, n, key, "an integer");
    if (d < 1 || d > 127) fail(c, key, "must be 1..127");
    c.depth = static_cast<int>(d);
  } else if (key == "algorithms") {
    c.algorithms = get_strings(c, n, key);
    for (const auto& a : c.algorithms)
      if (!parse_algorithm(a)) fail(c, key, "unknown algorithm '" + a + "'");
  } else if (key == "iterative_deepening") c.iterative_deepening = get<bool>(c, n, key, "true or false");
  else if (key == "table") c.table = get<bool>(c, n, key, "true or false");
  else if (key == "table_mb") {
    const auto mb = get<std::int64_t>(c, n, key, "an integer");
    if (mb < 1 || mb > 65536) fail(c, key, "must be 1..65536");
    c.table_mb = static_cast<std::size_t>(mb);
  } else {
    fail(c, key, "unknown key");
  }
}

}  // namespace

RunConfig load_config(const std::string& path, const std::vector<std::string>& overrides) {
  RunConfig c;
  c.source = path;
  toml::table doc;
  try {
    doc = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    std::ostringstream where;
    where << e.source().begin.line << ":" << e.source().begin.column;
    throw InputError("config " + path + ":" + where.str() + ": " + std::string(e.description()));
  }
  for (const auto& [k, v] : doc) apply(c, std::string(k.str()), v);
  for (const auto& o : overrides) {
    const auto eq = o.find('=');
    if (eq == std::string::npos || eq == 0) throw InputError("--set needs key=value, got '" + o + "'");
    const std::string key = o.substr(0, eq);
    toml::table t;
    try {
      t = toml::parse("v = " + o.substr(eq + 1));
    } catch (const toml::parse_error&) {
      try {  // a bare word is taken as a string
        t = toml::parse("v = \"" + o.substr(eq + 1) + "\"");
      } catch (const toml::parse_error& e) {
        throw InputError("--set " + key + ": bad value '" + o.substr(eq + 1) + "'");
      }
    }
    apply(c, key, *t.get("v"));
  }
  if (c.positions.empty()) fail(c, "positions", "missing");
  if (c.depth == 0) fail(c, "depth", "missing");
  return c;
}

}  // namespace alphactor::app
