#include "actors/remote_bench.hpp"

#include <algorithm>
#include <caf/all.hpp>
#include <chrono>
#include <vector>

#include "actors/processor_host.hpp"
#include "actors/tunables.hpp"
#include "search/input_error.hpp"

namespace alphactor::actors {

LoopbackFigures measure_node_echo(const Endpoint& node, const std::string& secret, int round_trips,
                                  std::uint64_t echoes, int window) {
  caf::actor_system_config cfg;
  configure_real_scheduler(cfg, 1);
  configure_network(cfg);
  caf::actor_system sys{cfg};
  caf::scoped_actor self{sys};
  const caf::actor gate = connect_node(sys, self, node);
  const auto answer = std::chrono::milliseconds(tunables::kNodeAnswerMs);
  std::string refusal = "no answer";
  caf::actor echo;
  self->request(gate, answer, echo_atom::value, secret)
      .receive(
          [&](std::string& r, caf::actor& e) {
            refusal = std::move(r);
            echo = std::move(e);
          },
          [&](caf::error& e) { refusal = sys.render(e); });
  if (!refusal.empty() || !echo) throw InputError("node " + node.text() + ": echo: " + refusal);
  LoopbackFigures f;
  using clock = std::chrono::steady_clock;
  std::vector<double> us;
  bool lost = false;
  for (int i = 0; i < round_trips && !lost; ++i) {
    const auto t0 = clock::now();
    self->request(echo, answer, std::uint64_t(i))
        .receive([](std::uint64_t) {}, [&](caf::error&) { lost = true; });
    us.push_back(std::chrono::duration<double, std::micro>(clock::now() - t0).count());
  }
  if (lost) throw InputError("node " + node.text() + ": an echo got no answer");
  std::sort(us.begin(), us.end());
  f.round_trips = int(us.size());
  if (!us.empty()) {
    f.round_trip_median_us = us[us.size() / 2];
    f.round_trip_p90_us = us[us.size() * 9 / 10];
  }
  // The stream: `window` in flight, each answer sends the next.
  const auto t0 = clock::now();
  std::uint64_t sent = 0, received = 0;
  for (; sent < echoes && sent < std::uint64_t(window); ++sent) self->send(echo, sent);
  bool silent = false;
  while (received < sent && !silent)
    self->receive(
        [&](std::uint64_t) {
          ++received;
          if (sent < echoes) self->send(echo, sent++);
        },
        caf::after(answer) >> [&] { silent = true; });
  if (silent) throw InputError("node " + node.text() + ": echoes got no answer");
  const double s = std::chrono::duration<double>(clock::now() - t0).count();
  f.echoes = received;
  f.messages_per_s = s > 0 ? 2.0 * double(received) / s : 0;
  self->send_exit(echo, caf::exit_reason::user_shutdown);
  return f;
}

}  // namespace alphactor::actors
