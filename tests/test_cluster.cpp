// Runs over several processes, the parts without processes (issue 21): addresses, placement,
// and the run's spec as config text read back by a node into the same run.
#include <catch2/catch.hpp>

#include "actors/cluster.hpp"
#include "app/cluster_run.hpp"
#include "search/input_error.hpp"

using namespace alphactor;

TEST_CASE("node addresses: HOST:PORT, refused in one line naming the option") {
  const actors::Endpoint e = actors::parse_endpoint("127.0.0.1:4001", "--nodes", false);
  CHECK(e.host == "127.0.0.1");
  CHECK(e.port == 4001);
  CHECK(actors::parse_endpoint("localhost:0", "--listen", true).port == 0);
  CHECK_THROWS_WITH(actors::parse_endpoint("localhost:0", "--nodes", false),
                    Catch::Contains("port 0 names no node"));
  for (const char* bad : {"127.0.0.1", ":4001", "host:", "host:65536", "host:4x", "a b:1"})
    CHECK_THROWS_AS(actors::parse_endpoint(bad, "--nodes", false), InputError);
  CHECK(actors::parse_endpoints("a:1,b:2", "--nodes").size() == 2);
  CHECK_THROWS_WITH(actors::parse_endpoints("a:1,a:1", "--nodes"), Catch::Contains("twice"));
  CHECK_THROWS_WITH(actors::parse_endpoints("a:1,", "--nodes"), Catch::Contains("empty entry"));
}

TEST_CASE("placement: contiguous blocks, the launcher first with the root, as even as P allows") {
  const auto b = actors::placement(7, 2);
  REQUIRE(b.size() == 3);
  CHECK((b[0].where == -1 && b[0].first == 0 && b[0].last == 3));
  CHECK((b[1].where == 0 && b[1].first == 3 && b[1].last == 5));
  CHECK((b[2].where == 1 && b[2].first == 5 && b[2].last == 7));
  actors::ClusterSpec c;
  c.nodes = actors::parse_endpoints("h:1,k:2", "--nodes");
  CHECK(actors::placement_text(b, c) == "local 0-2, h:1 3-4, k:2 5-6");
  // Fewer processors than processes: a node without a block is not contacted.
  CHECK(actors::placement_text(actors::placement(2, 2), c) == "local 0, h:1 1");
}

TEST_CASE("a run's spec as config text: the node rebuilds the launcher's run") {
  actors::ParallelConfig c;
  c.algorithm = "ybwc";
  c.depth = 7;
  c.processors = 8;
  c.topology = "debruijn";
  c.mode = actors::Mode::kReal;
  c.threads = 3;
  c.seed = 42;
  c.slice_nodes = 1234;
  c.cut_wait = 3;
  c.iterative_deepening = false;
  c.table = actors::TablePlacement::kReplicated;
  c.table_kb = 512;
  c.steal_backoff_ns = 7000;
  c.faults = {{3, 999}};
  const std::string text = app::run_spec_text("tree", "ordered:w=4,d=7,p=0.7,seed=1", c);
  const auto run = app::hosted_run(text);
  REQUIRE(run->topology);
  CHECK(run->topology->size() == 8);
  CHECK(run->topology->name() == "debruijn");
  CHECK(run->spec.mode == actors::Mode::kReal);
  CHECK(run->spec.seed == 42);
  REQUIRE(run->spec.faults.size() == 1);
  CHECK(run->spec.faults[0].processor == 3);
  CHECK(run->spec.faults[0].after_nodes == 999);
  CHECK(run->spec.make_algorithm);
  // The text says every setting the runtime reads, with the launcher's resolved defaults.
  for (const char* key :
       {"slice = 1234", "cut_wait = 3", "iterative_deepening = false", "table = \"replicated\"",
        "hash = \"512 KiB\"", "steal_backoff_us = 7", "inline_depth = 4"})
    CHECK_THAT(text, Catch::Contains(key));
  CHECK_THROWS_AS(app::hosted_run("game = \"tree\"\n"), InputError);
  CHECK_THROWS_AS(app::hosted_run("not toml ["), InputError);
}

TEST_CASE("a run with nodes needs real mode, no traces and a secret") {
  CHECK(app::cluster_of("", "", false, false).nodes.empty());
  CHECK_THROWS_WITH(app::cluster_of("h:1", "s", false, false), Catch::Contains("--mode real"));
  CHECK_THROWS_WITH(app::cluster_of("h:1", "s", true, true), Catch::Contains("traces"));
  CHECK(app::cluster_of("h:1", "s", true, false).secret == "s");
}
