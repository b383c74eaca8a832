#include "actors/ping_pong.hpp"

#include <caf/all.hpp>
#include <chrono>

#include "actors/processor_host.hpp"
#include "actors/protocol.hpp"

namespace alphactor::actors {
namespace {

using done_atom = caf::atom_constant<caf::atom("done")>;

// The message's count and the next message of the exchange.
std::uint64_t count(std::uint64_t n) {
  return n;
}
std::uint64_t next(std::uint64_t n) {
  return n + 1;
}
std::uint64_t count(const NewBound& m) {
  return m.job;
}
NewBound next(NewBound m) {
  ++m.job;
  return m;
}

// Answers each message with the next one to `peer` until the count reaches `last`, then
// tells `done`.
template <typename Message>
caf::behavior bouncer(caf::event_based_actor* self, std::uint64_t last, caf::actor done) {
  return {
      [=](caf::actor& peer) {
        self->become([=](Message& m) {
          if (count(m) >= last) {
            self->send(done, done_atom::value);
            return;
          }
          self->send(peer, next(std::move(m)));
        });
      },
  };
}

template <typename Message>
PingPong exchange(int threads, std::uint64_t messages, Message first) {
  caf::actor_system_config cfg;
  configure_real_scheduler(cfg, threads);
  caf::actor_system sys{cfg};
  caf::scoped_actor self{sys};
  // The first send is message 1; the actor receiving number `messages` stops the exchange.
  auto a = sys.spawn(bouncer<Message>, messages, caf::actor(self));
  auto b = sys.spawn(bouncer<Message>, messages, caf::actor(self));
  self->send(a, b);
  self->send(b, a);
  const auto t0 = std::chrono::steady_clock::now();
  self->send(a, std::move(first));
  self->receive([](done_atom) {});
  PingPong out;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.messages = messages;
  self->send_exit(a, caf::exit_reason::user_shutdown);
  self->send_exit(b, caf::exit_reason::user_shutdown);
  return out;
}

}  // namespace

PingPong caf_ping_pong(int threads, std::uint64_t messages, PingPongPayload payload) {
  if (messages < 2) messages = 2;
  if (payload == PingPongPayload::kNewBound) {
    NewBound first;
    first.job = 1;
    return exchange(threads, messages, first);
  }
  return exchange(threads, messages, std::uint64_t{1});
}

}  // namespace alphactor::actors
