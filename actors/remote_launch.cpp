// The launching process's side of a run over several processes (actors/processor_host.hpp
// states the handshake; DESIGN.md, "Several processes").
#include <caf/all.hpp>
#include <caf/io/all.hpp>
#include <chrono>
#include <set>

#include "actors/processor_host.hpp"
#include "actors/tunables.hpp"
#include "search/input_error.hpp"

namespace alphactor::actors {
namespace {

constexpr auto kAnswer = std::chrono::milliseconds(tunables::kNodeAnswerMs);

std::string answer_seconds() {
  return std::to_string(tunables::kNodeAnswerMs / 1000) + " s";
}

// Why a request to `node` failed, as the one line the user sees.
InputError node_error(caf::actor_system& sys, const Endpoint& node, const caf::error& e,
                      const std::string& doing) {
  if (e == caf::sec::request_timeout)
    return InputError("node " + node.text() + " did not answer within " + answer_seconds() + " (" +
                      doing + ")");
  return InputError("node " + node.text() + ": " + doing + " failed: " + sys.render(e));
}

}  // namespace

void configure_network(caf::actor_system_config& cfg) {
  cfg.load<caf::io::middleman>();
  // The middleman deserializes incoming messages itself, not on its worker threads: with
  // workers (0.17.6's default, 1 here) messages between processor actors were lost, most of
  // them after the first few (a P = 2 run over two processes: 2 work requests sent, none
  // received; with none: every one received, work flows, load 96 %).
  cfg.set("middleman.workers", std::size_t{0});
  add_runtime_message_types(cfg);
}

caf::actor connect_node(caf::actor_system& sys, caf::scoped_actor& driver, const Endpoint& node) {
  // The middleman's connect, with a deadline of our own: remote_actor() waits forever for a
  // peer that accepts the connection and then says nothing.
  // Errors are thrown after receive(), not from CAF's handlers.
  caf::actor gatekeeper;
  caf::error failed;
  driver
      ->request(sys.middleman().actor_handle(), kAnswer, caf::connect_atom::value, node.host,
                node.port)
      .receive([&](const caf::node_id&, caf::strong_actor_ptr& p,
                   const std::set<std::string>&) { gatekeeper = caf::actor_cast<caf::actor>(p); },
               [&](caf::error& e) { failed = std::move(e); });
  if (failed) throw node_error(sys, node, failed, "connecting");
  if (!gatekeeper) throw InputError("node " + node.text() + ": no alphactor node listens there");
  return gatekeeper;
}

std::vector<caf::actor> launch_remote(caf::actor_system& sys, caf::scoped_actor& driver,
                                      const RunSpec& spec, const std::vector<Block>& blocks) {
  const ClusterSpec& cluster = *spec.cluster;
  std::vector<caf::actor> out(std::size_t(spec.topology->size()));
  for (const Block& b : blocks) {
    if (b.where < 0 || b.first == b.last) continue;
    const Endpoint& node = cluster.nodes[std::size_t(b.where)];
    const caf::actor gatekeeper = connect_node(sys, driver, node);
    std::string peers;  // the run's other nodes (with a block), which this one connects to
    for (const Block& o : blocks)
      if (o.where >= 0 && o.first < o.last && o.where != b.where) {
        if (!peers.empty()) peers += ',';
        peers += cluster.nodes[std::size_t(o.where)].text();
      }
    std::string refusal;
    std::vector<caf::actor> handles;
    caf::error failed;
    driver
        ->request(gatekeeper, kAnswer, hello_atom::value, cluster.secret, cluster.run_text,
                  std::int32_t(b.first), std::int32_t(b.last), caf::actor(driver), peers)
        .receive(
            [&](std::string& r, std::vector<caf::actor>& h) {
              refusal = std::move(r);
              handles = std::move(h);
            },
            [&](caf::error& e) { failed = std::move(e); });
    if (failed) throw node_error(sys, node, failed, "hello");
    if (!refusal.empty()) throw InputError("node " + node.text() + " refused the run: " + refusal);
    if (handles.size() != std::size_t(b.last - b.first))
      throw InputError("node " + node.text() + " spawned " + std::to_string(handles.size()) +
                       " processors, not " + std::to_string(b.last - b.first));
    for (int p = b.first; p < b.last; ++p)
      out[std::size_t(p)] = std::move(handles[std::size_t(p - b.first)]);
  }
  return out;
}

}  // namespace alphactor::actors
