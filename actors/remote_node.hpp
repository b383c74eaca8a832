// `alphactor node`: a worker process that hosts blocks of processor actors for runs launched
// by other processes (actors/cluster.hpp; DESIGN.md, "Several processes").
//
// It publishes one gatekeeper actor on the listen address. The gatekeeper answers only a
// hello that carries the node's secret: it then rebuilds the run from the run's text (the
// parser is the app's config code, so a node runs exactly the launching process's spec),
// spawns the asked block and answers with its handles. Anything else is refused and logged
// on stderr with the peer's address as CAF knows it; nothing crashes the node. A run's
// processors end with the run (the launching process stops them) or when the launching
// process is gone (its driver's monitor fires).
//
// Plain C++ header; the CAF code is in remote_node.cpp.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "actors/cluster.hpp"
#include "actors/run.hpp"
#include "topologies/topology.hpp"

namespace alphactor::actors {

// One run as a node hosts it: the spec and the topology it points to.
struct HostedRun {
  std::unique_ptr<topo::Topology> topology;
  RunSpec spec;
};
// Builds a run from its text; throws (InputError) on text it cannot run.
using RunTextParser = std::function<std::unique_ptr<HostedRun>(const std::string& text)>;

struct NodeOptions {
  Endpoint listen;  // port 0: any free port
  int threads = 2;  // scheduler workers for every run hosted here
  std::string secret;
  RunTextParser parse;
  // Called once the node listens, with the address it got (the port chosen when 0 was asked).
  std::function<void(const Endpoint& bound)> listening;
};

// Serves until the process is ended (SIGTERM, SIGINT, SIGKILL: the OS closes the sockets and
// the launching processes see the node's processors die). Throws InputError when it cannot
// listen (address in use, not an address of this host) or the secret is empty.
void serve_node(const NodeOptions& options);

}  // namespace alphactor::actors
