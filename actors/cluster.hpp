// A run spread over several OS processes (issue 21; DESIGN.md, "Several processes"): where
// the nodes are, how the P processors are placed on them, and the run's shared secret.
// Plain C++: the CAF side is actors/remote_launch.cpp (the launching process) and
// actors/remote_node.cpp (`alphactor node`).
//
// Placement: processor 0 (the root, which answers the run) always stays in the launching
// process; the P processors are cut into contiguous blocks, the launching process first and
// then each node in the order given, as even as P allows (the first blocks one larger).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace alphactor::actors {

// HOST:PORT. Host: a name or an IPv4 address; port 0..65535 (0: "any free port", only for
// --listen).
struct Endpoint {
  std::string host;
  std::uint16_t port = 0;
  [[nodiscard]] std::string text() const { return host + ":" + std::to_string(port); }
};

// Throws InputError naming `what` (e.g. "--listen") and the text when it is not HOST:PORT.
Endpoint parse_endpoint(const std::string& text, const std::string& what, bool port_zero_ok);
// A comma-separated list of HOST:PORT (at least one, no repeats).
std::vector<Endpoint> parse_endpoints(const std::string& text, const std::string& what);

// What a run needs to use nodes: their addresses, the secret every node checks, and the run's
// spec as text (the config text of the run, re-parsed on each node by the same code:
// app/run_spec_text.hpp). Empty `nodes`: everything runs in this process.
struct ClusterSpec {
  std::vector<Endpoint> nodes;
  std::string secret;
  std::string run_text;
};

// Processors [first, last) run at `where` (-1: this process, else nodes[where]).
struct Block {
  int where = -1;
  int first = 0, last = 0;
};
std::vector<Block> placement(int processors, std::size_t nodes);
// "local 0-1, 127.0.0.1:4001 2-3" (a node with no processor is left out).
std::string placement_text(const std::vector<Block>& blocks, const ClusterSpec& cluster);

// The secret as given (`--secret`), else the environment's ALPHACTOR_SECRET, else empty.
std::string resolve_secret(const std::string& given);
// A fresh random secret (32 hex digits from the OS's random source), for launchers.
std::string random_secret();

}  // namespace alphactor::actors
