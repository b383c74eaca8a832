#include "actors/calibrate.hpp"

#include <caf/all.hpp>
#include <chrono>

#include "actors/protocol.hpp"

namespace alphactor::actors {
namespace {

using done_atom = caf::atom_constant<caf::atom("done")>;

// Bounces a NewBound to `peer` until its job counter reaches `last`, then tells `done`.
caf::behavior bouncer(caf::event_based_actor* self, std::uint64_t last, caf::actor done) {
  return {
      [=](caf::actor& peer) {
        self->become([=](NewBound& m) {
          if (m.job >= last) {
            self->send(done, done_atom::value);
            return;
          }
          ++m.job;
          self->send(peer, std::move(m));
        });
      },
  };
}

}  // namespace

MessageCosts measure_message_costs(std::uint64_t round_trips) {
  caf::actor_system_config cfg;
  cfg.set("scheduler.max-threads", 1);
  caf::actor_system sys{cfg};
  caf::scoped_actor self{sys};
  const std::uint64_t messages = 2 * round_trips;
  auto a = sys.spawn(bouncer, messages, caf::actor(self));
  auto b = sys.spawn(bouncer, messages, caf::actor(self));
  self->send(a, b);
  self->send(b, a);
  const auto t0 = std::chrono::steady_clock::now();
  self->send(a, NewBound{});
  self->receive([](done_atom) {});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  self->send_exit(a, caf::exit_reason::user_shutdown);
  self->send_exit(b, caf::exit_reason::user_shutdown);
  MessageCosts c;
  c.messages = messages;
  c.ns_per_message = seconds * 1e9 / double(messages);
  return c;
}

}  // namespace alphactor::actors
