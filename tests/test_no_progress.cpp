// The no-progress guards (actors/run.hpp, Deadlock): a run whose processors stop searching
// while the root has not answered is stopped, in both modes, and the report names the
// processors still waiting and what they say they wait for. Two tiny algorithms that never
// search a node: one waits for an answer nobody sends (nothing happens at all), the other
// bounces a request between two processors forever (messages without progress).
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "actors/run.hpp"

using namespace alphactor;
using namespace alphactor::actors;

namespace {

class Stalling final : public ProcessorAlgorithm {
 public:
  Stalling(Runtime& rt, bool bounce) : rt_(rt), bounce_(bounce) {}
  void begin() override {}
  void start() override { rt_.send(1, WorkRequest{}); }  // then waits for an answer forever
  void receive(Message& m) override {
    if (!bounce_) return;  // nobody answers
    const auto* r = std::get_if<WorkRequest>(&m);
    if (r) rt_.send(r->route.from, WorkRequest{});  // a livelock: messages, never a node
  }
  void step() override {}
  void processor_down(int) override {}
  [[nodiscard]] const SearchStats& search_stats() const override { return stats_; }
  [[nodiscard]] AlgorithmStats algorithm_stats() const override { return {}; }
  [[nodiscard]] std::size_t memory_bytes() const override { return 0; }
  [[nodiscard]] std::string describe_wait() const override {
    return rt_.id() == 0 ? "an answer from processor 1 that never comes" : "";
  }

 private:
  Runtime& rt_;
  bool bounce_;
  SearchStats stats_;
};

std::string stall_message(Mode mode, bool bounce, int processors) {
  const topo::Topology t = topo::Topology::make("complete", processors);
  RunSpec spec;
  spec.topology = &t;
  spec.mode = mode;
  spec.threads = 2;
  spec.costs = cost_preset("modern", "tree");
  spec.stall_events = 10'000;
  spec.stall_seconds = 0.3;
  spec.max_seconds = 60;  // the guard that must not be the one to trip
  spec.make_algorithm = [bounce](Runtime& rt) -> std::unique_ptr<ProcessorAlgorithm> {
    return std::make_unique<Stalling>(rt, bounce);
  };
  try {
    (void)run_processors(spec);
  } catch (const Deadlock& d) {
    REQUIRE_FALSE(d.waiting().empty());
    CHECK(d.waiting().front().processor == 0);
    return d.what();
  }
  FAIL("the run ended without a Deadlock");
  return {};
}

}  // namespace

TEST_CASE("sim: a run where nothing happens any more is reported as a deadlock") {
  const std::string m = stall_message(Mode::kSim, false, 3);
  INFO(m);
  CHECK(m.find("deadlock: sim: no node searched while no event is left") == 0);
  CHECK(m.find("processor 0 (an answer from processor 1 that never comes)") != std::string::npos);
  CHECK(m.find("processor 2") == std::string::npos);  // it says it waits for nothing
}

TEST_CASE("sim: messages without a node searched are reported as a deadlock") {
  const std::string m = stall_message(Mode::kSim, true, 2);
  INFO(m);
  CHECK(m.find("events delivered") != std::string::npos);
  CHECK(m.find("processor 0 (an answer from processor 1 that never comes)") != std::string::npos);
}

TEST_CASE("real: a run where nothing happens any more is reported as a deadlock", "[real]") {
  const auto t0 = std::chrono::steady_clock::now();
  const std::string m = stall_message(Mode::kReal, false, 3);
  INFO(m);
  CHECK(m.find("deadlock: real mode: no node searched for 0.3") == 0);
  CHECK(m.find("processor 0 (an answer from processor 1 that never comes)") != std::string::npos);
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(10));
}

TEST_CASE("real: messages without a node searched are reported as a deadlock", "[real]") {
  const std::string m = stall_message(Mode::kReal, true, 2);
  INFO(m);
  CHECK(m.find("processor 0 (an answer from processor 1 that never comes)") != std::string::npos);
}

// The run guard (RunSpec::max_seconds) catches a run that searches for ever. In sim mode it
// counts the simulator's CPU: a soak beside a build once reported runs as TIMEOUTs that
// replayed in a fraction of their guard.
namespace {

// Processor 0 searches one node a step, `steps` steps (0: for ever), sleeping `sleep` in the
// first (wall time without CPU).
class Stepping final : public ProcessorAlgorithm {
 public:
  Stepping(Runtime& rt, int steps, std::chrono::microseconds sleep)
      : rt_(rt), steps_(steps), sleep_(sleep) {}
  void begin() override {}
  void start() override { rt_.wake(); }
  void receive(Message&) override {}
  void step() override {
    ++stats_.leaf_nodes;
    if (stats_.leaf_nodes == 1) std::this_thread::sleep_for(sleep_);
    if (steps_ > 0 && int(stats_.leaf_nodes) == steps_) rt_.root_done(RootResult{});
    else rt_.wake();
  }
  void processor_down(int) override {}
  [[nodiscard]] const SearchStats& search_stats() const override { return stats_; }
  [[nodiscard]] AlgorithmStats algorithm_stats() const override { return {}; }
  [[nodiscard]] std::size_t memory_bytes() const override { return 0; }
  [[nodiscard]] std::string describe_wait() const override { return ""; }

 private:
  Runtime& rt_;
  int steps_;
  std::chrono::microseconds sleep_;
  SearchStats stats_;
};

RunSpec stepping_spec(const topo::Topology& t, int steps, std::chrono::microseconds sleep) {
  RunSpec spec;
  spec.topology = &t;
  spec.mode = Mode::kSim;
  spec.costs = cost_preset("modern", "tree");
  spec.max_seconds = 0.4;
  spec.make_algorithm = [steps, sleep](Runtime& rt) -> std::unique_ptr<ProcessorAlgorithm> {
    return std::make_unique<Stepping>(rt, steps, sleep);
  };
  return spec;
}

}  // namespace

TEST_CASE("sim: the run guard counts the simulator's CPU, not the wall clock") {
  const topo::Topology t = topo::Topology::make("complete", 2);
  // A second of sleep, then 12288 steps (the guard looks every 4096 events): over a second of
  // wall time, a few ms of CPU.
  const auto t0 = std::chrono::steady_clock::now();
  CHECK_NOTHROW(run_processors(stepping_spec(t, 12288, std::chrono::milliseconds(1000))));
  CHECK(std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(1000));
}

TEST_CASE("sim: a run that searches for ever is stopped by its guard, in CPU seconds") {
  const topo::Topology t = topo::Topology::make("complete", 2);
  try {
    (void)run_processors(stepping_spec(t, 0, std::chrono::microseconds(0)));
    FAIL("the run never ends, yet it returned");
  } catch (const Deadlock& d) {
    FAIL("a run that searches is no deadlock: " << d.what());
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) == "sim: the run did not finish within 0.4 s of CPU time");
  }
}
