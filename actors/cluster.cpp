#include "actors/cluster.hpp"

#include <cctype>
#include <cstdlib>
#include <random>

#include "search/input_error.hpp"

namespace alphactor::actors {

Endpoint parse_endpoint(const std::string& text, const std::string& what, bool port_zero_ok) {
  const auto bad = [&](const std::string& why) {
    return InputError(what + ": '" + text + "' is not HOST:PORT (" + why + ")");
  };
  const auto colon = text.rfind(':');
  if (colon == std::string::npos) throw bad("no ':'");
  Endpoint e;
  e.host = text.substr(0, colon);
  const std::string port = text.substr(colon + 1);
  if (e.host.empty()) throw bad("no host");
  for (const char ch : e.host)
    if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '-' || ch == '_'))
      throw bad("bad character in the host");
  if (port.empty() || port.size() > 5) throw bad("the port must be 0..65535");
  for (const char ch : port)
    if (ch < '0' || ch > '9') throw bad("the port must be 0..65535");
  const long n = std::stol(port);
  if (n > 65535) throw bad("the port must be 0..65535");
  if (n == 0 && !port_zero_ok) throw bad("port 0 names no node");
  e.port = static_cast<std::uint16_t>(n);
  return e;
}

std::vector<Endpoint> parse_endpoints(const std::string& text, const std::string& what) {
  std::vector<Endpoint> out;
  std::size_t start = 0;
  while (true) {
    const auto comma = text.find(',', start);
    const std::string one = text.substr(start, comma == std::string::npos ? comma : comma - start);
    if (one.empty()) throw InputError(what + ": an empty entry in '" + text + "'");
    out.push_back(parse_endpoint(one, what, false));
    for (std::size_t i = 0; i + 1 < out.size(); ++i)
      if (out[i].text() == out.back().text())
        throw InputError(what + ": " + one + " is named twice");
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

std::vector<Block> placement(int processors, std::size_t nodes) {
  const int parts = static_cast<int>(nodes) + 1;
  std::vector<Block> out;
  int first = 0;
  for (int i = 0; i < parts; ++i) {
    const int size = processors / parts + (i < processors % parts ? 1 : 0);
    out.push_back(Block{i - 1, first, first + size});
    first += size;
  }
  return out;
}

std::string placement_text(const std::vector<Block>& blocks, const ClusterSpec& cluster) {
  std::string out;
  for (const Block& b : blocks) {
    if (b.first == b.last) continue;
    if (!out.empty()) out += ", ";
    out += b.where < 0 ? std::string("local") : cluster.nodes[std::size_t(b.where)].text();
    out += ' ';
    out += std::to_string(b.first);
    if (b.last - b.first > 1) {
      out += '-';
      out += std::to_string(b.last - 1);
    }
  }
  return out;
}

std::string resolve_secret(const std::string& given) {
  if (!given.empty()) return given;
  const char* env = std::getenv("ALPHACTOR_SECRET");
  return env ? std::string(env) : std::string();
}

std::string random_secret() {
  std::random_device rd;  // the OS's random source
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (int i = 0; i < 32; ++i) s += kHex[rd() % 16];
  return s;
}

}  // namespace alphactor::actors
