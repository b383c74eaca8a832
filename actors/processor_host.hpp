// Internal to actors/*.cpp (it includes CAF): what a run over several processes needs of the
// processor actors (actors/processor.hpp, real_mode.cpp), and the launcher/node handshake.
//
// The handshake (actors/remote_launch.cpp <-> actors/remote_node.cpp): the launching process
// connects to a node's published gatekeeper and asks (hello, secret, run text, first, last,
// driver, other nodes as "HOST:PORT,..."); the node connects to the other nodes and answers
// (refusal, handles): an empty refusal and the handles of the processors [first, last) it
// spawned, or why not and no handles. Nothing is spawned or
// answered otherwise before the secret matched.
#pragma once

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/atom.hpp>
#include <caf/scoped_actor.hpp>
#include <memory>
#include <vector>

#include "actors/cluster.hpp"
#include "actors/run.hpp"

namespace alphactor::actors {

using hello_atom = caf::atom_constant<caf::atom("hello")>;
using echo_atom = caf::atom_constant<caf::atom("echo")>;

// A real-mode run's scheduler: exactly `threads` work-stealing workers, idle ones polling as
// tunables::kRealSpinPolls says.
void configure_real_scheduler(caf::actor_system_config& cfg, int threads);
// CAF's io middleman, and every message that may cross processes announced by name (the
// protocol of actors/protocol.hpp, the runtime's control messages, the statistics).
void configure_network(caf::actor_system_config& cfg);
// The announcing part of configure_network (actors/processor.hpp owns the control messages).
void add_runtime_message_types(caf::actor_system_config& cfg);

// Processors [first, last) of `spec` (real mode), spawned in `sys` for a driver in another
// process: their statistics go to it by message, their shared state lives here. `spec`
// (and its topology) must outlive every processor; the object must outlive them too.
class HostedProcessors {
 public:
  HostedProcessors(caf::actor_system& sys, const RunSpec& spec, int first, int last,
                   caf::actor driver);
  ~HostedProcessors();
  [[nodiscard]] const std::vector<caf::actor>& actors() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The launching process: has every node of spec.cluster with a non-empty block spawn it;
// returns a handle per processor, those of local blocks left empty. Throws InputError naming
// a node that cannot be reached, refuses the run, or does not answer within
// tunables::kNodeAnswerMs.
std::vector<caf::actor> launch_remote(caf::actor_system& sys, caf::scoped_actor& driver,
                                      const RunSpec& spec, const std::vector<Block>& blocks);

// The gatekeeper of node `node` (connected and checked: a refusal or silence throws
// InputError as above), for requests other than hello (the loopback benchmark's echo).
caf::actor connect_node(caf::actor_system& sys, caf::scoped_actor& driver, const Endpoint& node);

}  // namespace alphactor::actors
