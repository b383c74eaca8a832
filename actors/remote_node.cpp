#include "actors/remote_node.hpp"

#include <caf/all.hpp>
#include <caf/io/all.hpp>
#include <cstdio>
#include <thread>

#include "actors/processor_host.hpp"
#include "actors/tunables.hpp"
#include "search/input_error.hpp"

namespace alphactor::actors {
namespace {

// A run hosted here: its spec and processors (which point into both), and who drives it.
struct NodeRun {
  std::unique_ptr<HostedRun> run;
  std::unique_ptr<HostedProcessors> processors;
  caf::actor_addr driver;
  std::size_t alive = 0;
};

struct Gatekeeper {
  std::vector<std::unique_ptr<NodeRun>> runs;
};

// Comparing every byte whatever the first difference, so the time taken tells nothing.
bool same_secret(const std::string& given, const std::string& expected) {
  if (given.size() != expected.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < given.size(); ++i)
    diff |= static_cast<unsigned char>(given[i] ^ expected[i]);
  return diff == 0;
}

// "127.0.0.1:40312 (node 1A2B...#4711)": the peer's address when the middleman still knows
// it (a peer that left at once is named by its CAF node id: host hash and process id).
// `sender`: the current sender, taken before a response promise takes it over.
void log_refusal(caf::event_based_actor* self, const caf::strong_actor_ptr& sender,
                 const std::string& what) {
  const caf::node_id peer = sender ? sender->node() : caf::node_id{};
  const std::string node = peer ? to_string(peer) : std::string("unknown");
  if (!peer || peer == self->node()) {
    std::fprintf(stderr, "alphactor node: refused %s from node %s\n", what.c_str(), node.c_str());
    return;
  }
  self->request(self->home_system().middleman().actor_handle(), std::chrono::seconds(1),
                caf::get_atom::value, peer)
      .then(
          [what, node](const caf::node_id&, const std::string& host, std::uint16_t port) {
            if (host.empty())  // the connection is gone already (the peer left at once)
              std::fprintf(stderr, "alphactor node: refused %s from node %s\n", what.c_str(),
                           node.c_str());
            else
              std::fprintf(stderr, "alphactor node: refused %s from %s:%u (node %s)\n",
                           what.c_str(), host.c_str(), unsigned(port), node.c_str());
          },
          [what, node](caf::error&) {
            std::fprintf(stderr, "alphactor node: refused %s from node %s\n", what.c_str(),
                         node.c_str());
          });
}

caf::behavior echo(caf::event_based_actor*) {
  return {[](std::uint64_t x) { return x; }};
}

caf::behavior gatekeeper(caf::stateful_actor<Gatekeeper>* self, const NodeOptions* options) {
  // Whatever is not a well-formed hello or echo: dropped, logged, answered with an error.
  self->set_default_handler(
      [](caf::scheduled_actor* a, caf::message_view& m) -> caf::result<caf::message> {
        auto* self = static_cast<caf::event_based_actor*>(a);
        log_refusal(self, self->current_sender(),
                    "a message that is not a hello (" + to_string(m.content()).substr(0, 80) + ")");
        return caf::sec::unexpected_message;
      });
  self->set_down_handler([self](caf::down_msg& d) {
    auto& runs = self->state.runs;
    for (auto it = runs.begin(); it != runs.end(); ++it) {
      NodeRun& r = **it;
      if (d.source == r.driver) {  // the launching process is gone: so is its run
        for (const caf::actor& a : r.processors->actors())
          self->send_exit(a, caf::exit_reason::user_shutdown);
        return;
      }
      for (const caf::actor& a : r.processors->actors())
        if (a.address() == d.source && --r.alive == 0) {
          runs.erase(it);  // every processor is gone: nothing points into the run any more
          return;
        }
    }
  });
  return {
      [self, options](hello_atom, const std::string& secret, const std::string& text,
                      std::int32_t first, std::int32_t last, const caf::actor& driver,
                      const std::string& peers) {
        const caf::strong_actor_ptr peer = self->current_sender();
        caf::response_promise answer = self->make_response_promise();
        const auto refuse = [&answer](std::string why) {
          answer.deliver(std::move(why), std::vector<caf::actor>{});
          return answer;
        };
        if (!same_secret(secret, options->secret)) {
          log_refusal(self, peer, "a run (wrong secret)");
          return refuse("wrong secret");
        }
        auto r = std::make_unique<NodeRun>();
        try {
          r->run = options->parse(text);
          const int P = r->run->topology->size();
          if (first < 0 || first >= last || last > P)
            return refuse("processors " + std::to_string(first) + ".." + std::to_string(last) +
                          " of a run of " + std::to_string(P));
          if (!driver) return refuse("no driver");
          r->processors = std::make_unique<HostedProcessors>(self->home_system(), r->run->spec,
                                                             first, last, driver);
        } catch (const std::exception& e) {
          std::fprintf(stderr, "alphactor node: refused a run: %s\n", e.what());
          return refuse(e.what());
        }
        r->driver = driver.address();
        self->monitor(driver);
        for (const caf::actor& a : r->processors->actors()) self->monitor(a);
        r->alive = r->processors->actors().size();
        std::vector<caf::actor> handles = r->processors->actors();
        std::fprintf(stderr, "alphactor node: hosting processors %d-%d of a run of %d\n", first,
                     last - 1, r->run->topology->size());
        self->state.runs.push_back(std::move(r));
        // The run's other nodes, connected to before the answer, so that every pair of nodes
        // has its own connection before any processor learns of the other's: messages
        // between two nodes then go straight, not through the launcher's middleman (CAF's
        // indirect route, one more hop and the launcher's CPU).
        std::vector<Endpoint> others;
        if (!peers.empty()) others = parse_endpoints(peers, "peers");
        if (others.empty()) {
          answer.deliver(std::string(), std::move(handles));
          return answer;
        }
        auto pending = std::make_shared<std::size_t>(others.size());
        auto done = [answer, handles, pending]() mutable {
          if (--*pending == 0) answer.deliver(std::string(), handles);
        };
        for (const Endpoint& e : others)
          self->request(self->home_system().middleman().actor_handle(),
                        std::chrono::milliseconds(tunables::kNodeAnswerMs),
                        caf::connect_atom::value, e.host, e.port)
              .then([done](const caf::node_id&, caf::strong_actor_ptr&,
                           const std::set<std::string>&) mutable { done(); },
                    [done, e](caf::error&) mutable {
                      std::fprintf(stderr, "alphactor node: cannot reach the run's node %s\n",
                                   e.text().c_str());
                      done();
                    });
        return answer;
      },
      // The loopback benchmark's echo actor (bench/cluster_loopback.sh), for the secret only.
      [self, options](echo_atom, const std::string& secret) -> caf::message {
        if (!same_secret(secret, options->secret)) {
          log_refusal(self, self->current_sender(), "an echo (wrong secret)");
          return caf::make_message(std::string("wrong secret"), caf::actor{});
        }
        return caf::make_message(std::string(), self->home_system().spawn(echo));
      },
  };
}

}  // namespace

void serve_node(const NodeOptions& options) {
  if (options.secret.empty())
    throw InputError("node: no secret (--secret S or the environment's ALPHACTOR_SECRET)");
  caf::actor_system_config cfg;
  configure_real_scheduler(cfg, options.threads);
  configure_network(cfg);
  caf::actor_system sys{cfg};
  const caf::actor gate = sys.spawn(gatekeeper, &options);
  const auto port = sys.middleman().publish(gate, options.listen.port, options.listen.host.c_str());
  if (!port) {
    caf::anon_send_exit(gate, caf::exit_reason::user_shutdown);
    throw InputError("node: cannot listen on " + options.listen.text() + ": " +
                     sys.render(port.error()));
  }
  if (options.listening) options.listening(Endpoint{options.listen.host, *port});
  // Until the process is ended: its runs live in the actors.
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

}  // namespace alphactor::actors
