#include "actors/ping_pong.hpp"

#include <caf/all.hpp>
#include <chrono>

#include "actors/processor_host.hpp"

namespace alphactor::actors {
namespace {

using done_atom = caf::atom_constant<caf::atom("done")>;

// Answers n with n + 1 to `peer` until n reaches `last`, then tells `done`. The int is the
// whole payload: this is the floor a processor's message (a struct, a route) is compared to.
caf::behavior bouncer(caf::event_based_actor* self, std::uint64_t last, caf::actor done) {
  return {
      [=](caf::actor& peer) {
        self->become([=](std::uint64_t n) {
          if (n >= last) {
            self->send(done, done_atom::value);
            return;
          }
          self->send(peer, n + 1);
        });
      },
  };
}

}  // namespace

PingPong caf_ping_pong(int threads, std::uint64_t messages) {
  if (messages < 2) messages = 2;
  caf::actor_system_config cfg;
  configure_real_scheduler(cfg, threads);
  caf::actor_system sys{cfg};
  caf::scoped_actor self{sys};
  // The first send is message 1; the actor receiving number `messages` stops the exchange.
  auto a = sys.spawn(bouncer, messages, caf::actor(self));
  auto b = sys.spawn(bouncer, messages, caf::actor(self));
  self->send(a, b);
  self->send(b, a);
  const auto t0 = std::chrono::steady_clock::now();
  self->send(a, std::uint64_t{1});
  self->receive([](done_atom) {});
  PingPong out;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.messages = messages;
  self->send_exit(a, caf::exit_reason::user_shutdown);
  self->send_exit(b, caf::exit_reason::user_shutdown);
  return out;
}

}  // namespace alphactor::actors
