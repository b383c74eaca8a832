// Parallel run configs: every key is read, [[runs]] inherit the top level and --set reaches
// them, cost overrides apply, bad values are refused naming the key; the report's measures.
#include <catch2/catch.hpp>
#include <fstream>

#include "app/config.hpp"
#include "app/parallel_report.hpp"
#include "search/input_error.hpp"
#include "tests/temp_config.hpp"

using namespace alphactor;
using namespace alphactor::app;

namespace {
using testing::write_temp_config;
std::string error_of(const std::string& text, const std::vector<std::string>& sets = {}) {
  try {
    load_config(write_temp_config(text), sets);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}
const std::string kBase =
    "game = \"tree\"\npositions = [\"random:w=3,d=4,seed=1\"]\ndepth = 4\nalgorithm = \"ybwc\"\n";
}  // namespace

TEST_CASE("parallel keys are read with their values") {
  const RunConfig c = load_config(write_temp_config(kBase + R"(
processors = [2, 4, 8]
topology = "hypercube"
mode = "real"
threads = 3
cost = "transputer1990"
seed = 9
slice = 5
min_split_depth = 2
cut_wait = 2
inline_depth = 3
work_hints = false
work_table_line = false
hash = "64 KiB"
pvs = false
killers = false
baseline = "alphabeta"
steal_backoff_us = 7
faults = [{processor = 1, after_nodes = 10}]
output = "out"
trace = "t.jsonl"
chrome_trace = "t.json"
[costs]
leaf_ns = 123
forward_cpu = false
link_contention = true
)"),
                                  {});
  CHECK(c.parallel());
  CHECK(c.processors == std::vector<int>{2, 4, 8});
  CHECK(c.topology == "hypercube");
  CHECK(c.mode == "real");
  CHECK(c.threads == 3);
  CHECK(c.cost == "transputer1990");
  CHECK(c.seed == 9u);
  CHECK(c.slice == 5u);
  CHECK(c.min_split_depth == 2);
  CHECK(c.cut_wait == 2);
  CHECK(c.inline_depth == 3);
  CHECK_FALSE(c.work_hints);
  CHECK_FALSE(c.work_table_line);
  CHECK(c.table_kilobytes() == 64u);
  CHECK(c.table_placement_name() == "replicated");  // real mode's default
  CHECK_FALSE(c.pvs);
  CHECK_FALSE(c.killers);
  CHECK(c.history);
  CHECK(c.baseline == "alphabeta");
  CHECK(c.steal_backoff_us == 7);
  REQUIRE(c.faults.size() == 1);
  CHECK(c.faults[0].processor == 1);
  CHECK(c.faults[0].after_nodes == 10u);
  CHECK(c.output == "out");
  CHECK(c.trace == "t.jsonl");
  CHECK(c.chrome_trace == "t.json");
  CHECK(c.cost_overrides == std::vector<std::pair<std::string, std::int64_t>>{
                                {"forward_cpu", 0}, {"leaf_ns", 123}, {"link_contention", 1}});
}

TEST_CASE("[[runs]] inherit the top level, override it, and --set reaches every run") {
  const RunConfig c = load_config(write_temp_config(kBase + R"(
processors = [4]
cost = "sun1985"
[[runs]]
name = "a"
[[runs]]
name = "b"
topology = "ring"
processors = [3, 5]
)"),
                                  {"seed=5", "costs.send_ns=9"});
  REQUIRE(c.variants.size() == 2);
  CHECK(c.variants[0].name == "a");
  CHECK(c.variants[0].processors == std::vector<int>{4});
  CHECK(c.variants[0].cost == "sun1985");
  CHECK(c.variants[1].topology == "ring");
  CHECK(c.variants[1].processors == std::vector<int>{3, 5});
  for (const auto& v : c.variants) {
    CHECK(v.seed == 5u);
    CHECK(v.cost_overrides.back() == std::pair<std::string, std::int64_t>{"send_ns", 9});
  }
}

TEST_CASE("bad parallel values are refused naming the key") {
  CHECK_THAT(error_of(kBase + "processors = [0]\n"),
             Catch::Contains("key 'processors': must be 1.."));
  CHECK_THAT(error_of(kBase + "processors = []\n"),
             Catch::Contains("key 'processors': must not be empty"));
  CHECK_THAT(error_of(kBase + "topology = \"debruijn\"\nprocessors = [6]\n"),
             Catch::Contains("key 'processors'"));
  CHECK_THAT(error_of(kBase + "threads = 0\n"), Catch::Contains("key 'threads': must be 1.."));
  CHECK_THAT(error_of(kBase + "cost = \"vax\"\n"),
             Catch::Contains("key 'cost': unknown value 'vax'"));
  CHECK_THAT(error_of(kBase + "[costs]\nleaf_ns = -1\n"), Catch::Contains("key 'costs.leaf_ns'"));
  CHECK_THAT(error_of(kBase + "[costs]\nleaf_ns = \"fast\"\n"),
             Catch::Contains("key 'costs.leaf_ns'"));
  CHECK_THAT(error_of(kBase + "faults = [{processor = 2}]\n"),
             Catch::Contains("key 'faults': each fault needs processor and after_nodes"));
  CHECK_THAT(error_of(kBase + "faults = [{processor = 2, after_nodes = 1, when = 3}]\n"),
             Catch::Contains("key 'faults.when'"));
  CHECK_THAT(error_of(kBase + "cut_wait = 0\n"), Catch::Contains("key 'cut_wait'"));
  CHECK_THAT(error_of(kBase + "inline_depth = -1\n"), Catch::Contains("key 'inline_depth'"));
  CHECK_THAT(error_of(kBase + "work_hints = 1\n"), Catch::Contains("key 'work_hints'"));
  CHECK_THAT(error_of(kBase + "min_split_depth = -128\n"),
             Catch::Contains("key 'min_split_depth'"));
  CHECK(error_of(kBase + "min_split_depth = -127\n") == "accepted");
  CHECK_THAT(error_of(kBase + "baseline = \"er\"\n"), Catch::Contains("key 'baseline'"));
  CHECK_THAT(error_of(kBase + "positions_file = \"/nonexistent.epd\"\n"),
             Catch::Contains("key 'positions_file': cannot read"));
  CHECK_THAT(error_of(kBase + "[[runs]]\nprocessors = 3\ntopology = \"hypercube\"\n"),
             Catch::Contains("key 'processors'"));
  CHECK_THAT(error_of(kBase, {"costs.bogus=1"}), Catch::Contains("key 'costs.bogus'"));
  CHECK_THAT(error_of(kBase, {"mode=warp"}), Catch::Contains("key 'mode': unknown value 'warp'"));
}

TEST_CASE("a key the run's algorithm or topology does not use is refused naming it") {
  CHECK_THAT(error_of(kBase + "er_serial_ply = 2\n"),
             Catch::Contains("key 'er_serial_ply': is for er, not ybwc"));
  CHECK_THAT(error_of(kBase + "helping = false\n"),
             Catch::Contains("key 'helping': is for pvsplit, pmws and treesplit, not ybwc"));
  CHECK_THAT(error_of(kBase + "topology = \"ring\"\nfanout = 3\n"),
             Catch::Contains("key 'fanout': is for the tree topology, not ring"));
  CHECK_THAT(error_of(kBase, {"rows=2"}), Catch::Contains("key 'rows': is for the torus"));
  CHECK_THAT(error_of(kBase, {"algorithm=\"er\"", "cut_wait=2"}),
             Catch::Contains("key 'cut_wait': is for the algorithms that split a search, not er"));
  CHECK_THAT(error_of(kBase, {"algorithm=\"pvsplit\"", "lone_root_research=true"}),
             Catch::Contains("key 'lone_root_research': is for ybwc, not pvsplit"));
  CHECK_THAT(error_of(kBase, {"algorithm=\"dts-bb\"", "steal_backoff_us=5"}),
             Catch::Contains("key 'steal_backoff_us': is for ybwc and er, whose idle"));
  CHECK(error_of(kBase, {"algorithm=\"er\"", "steal_backoff_us=5"}) == "accepted");
  // A top-level key reaches every run: a run of another algorithm refuses it.
  CHECK_THAT(error_of(kBase + "er_heap = \"distributed\"\n[[runs]]\nalgorithm = \"er\"\n"
                              "[[runs]]\nalgorithm = \"dts-bb\"\n"),
             Catch::Contains("key 'er_heap': is for er, not dts-bb"));
  // ER solves its problems with serial ER: no table placement, no gossip.
  CHECK_THAT(error_of(kBase, {"algorithm=\"er\"", "table=\"replicated\"", "hash=1"}),
             Catch::Contains("key 'table': a table placement (\"replicated\") is for the"));
  CHECK_THAT(error_of(kBase, {"algorithm=\"er\"", "gossip_history=true"}),
             Catch::Contains("key 'gossip_history': is for the algorithms that split a search"));
  CHECK(error_of(kBase, {"algorithm=\"er\"", "table=\"none\""}) == "accepted");
  CHECK(error_of(kBase, {"algorithm=\"er\"", "table=false"}) == "accepted");
  // Where they apply they are taken.
  CHECK(error_of(kBase, {"algorithm=\"er\"", "er_serial_ply=2", "er_heap=\"distributed\""}) ==
        "accepted");
  CHECK(error_of(kBase, {"algorithm=\"pvsplit\"", "topology=\"tree\"", "fanout=3", "helping=false",
                         "cut_wait=2"}) == "accepted");
  CHECK(error_of(kBase, {"topology=\"torus\"", "processors=[4]", "rows=2",
                         "lone_root_research=true"}) == "accepted");
}

TEST_CASE("the report's measures follow SIMULATION.md") {
  ParallelRow r;
  r.processors = 4;
  r.baseline_time_s = 8;
  r.time_s = 2.5;
  r.baseline_nodes = 1000;
  r.nodes.leaf_nodes = 1200;
  r.busy_s = 9;
  r.delivered = 10;
  r.delivered_hops = 25;
  CHECK(r.speedup() == Approx(3.2));
  CHECK(r.efficiency() == Approx(0.8));
  CHECK(r.search_overhead_pct() == Approx(20.0));
  CHECK(r.load_pct() == Approx(90.0));
  CHECK(r.mean_hops() == Approx(2.5));
  ParallelRow s = r;
  s.position = "other";
  s.baseline_time_s = 2;
  s.time_s = 2;
  const auto sum = summarize({r, s});
  REQUIRE(sum.size() == 1);
  CHECK(sum[0].speedup() == Approx(10.0 / 4.5));          // ratio of sums (ZUGZWANG's SPE)
  CHECK(sum[0].mean_speedup == Approx((3.2 + 1.0) / 2));  // mean of ratios (Marsland)
  CHECK(sum[0].positions == 2);
}

TEST_CASE("table placement and gossip keys (issue 6)") {
  const RunConfig c = load_config(write_temp_config(kBase + R"(
table = "distributed"
hash = 0.03125
table_min_draft = 2
gossip = true
gossip_threshold = 16
gossip_interval = 4
)"),
                                  {});
  CHECK(c.table);
  CHECK(c.table_placement == "distributed");
  CHECK(c.table_kilobytes() == 32u);  // 1/32 MiB
  CHECK(c.table_min_draft == 2);
  CHECK(c.gossip_history);
  CHECK(c.gossip_killers);
  CHECK(c.gossip_threshold == 16);
  CHECK(c.gossip_interval == 4);
  const RunConfig off =
      load_config(write_temp_config(kBase + "table = \"none\"\n"), {"gossip_killers=true"});
  CHECK_FALSE(off.table);
  CHECK_FALSE(off.gossip_history);
  CHECK(off.gossip_killers);
  CHECK(error_of(kBase + "table = \"shared\"\n").find("key 'table'") != std::string::npos);
  CHECK(error_of(kBase + "table_min_draft = -1\n").find("key 'table_min_draft'") !=
        std::string::npos);
  CHECK(error_of(kBase + "gossip = 3\n").find("key 'gossip'") != std::string::npos);
}

TEST_CASE("one table size: hash, MiB or with a unit; the mode's defaults; old keys refused") {
  CHECK(parse_table_size("16", "--hash") == 16u * 1024);
  CHECK(parse_table_size("0.5", "--hash") == 512u);
  CHECK(parse_table_size("320KiB", "--hash") == 320u);
  CHECK(parse_table_size("320 k", "--hash") == 320u);
  CHECK(parse_table_size("2 GiB", "--hash") == 2u * 1024 * 1024);
  CHECK(parse_table_size("1m", "--hash") == 1024u);
  for (const char* bad : {"", "0", "0.0001", "lots", "12 parsecs", "-5", "65 GiB", "1..2"})
    CHECK_THROWS_WITH(parse_table_size(bad, "--hash"),
                      Catch::Contains("--hash '" + std::string(bad) + "'"));
  // Sim mode: no table unless named; real mode: the sequential search's size, replicated.
  const RunConfig sim = load_config(write_temp_config(kBase), {});
  CHECK(sim.table_kilobytes() == 0u);
  CHECK(sim.table_placement_name() == "local");
  const RunConfig real = load_config(write_temp_config(kBase), {"mode=\"real\""});
  CHECK(real.table_kilobytes() == 0u);  // trees: no transpositions, no default table
  const RunConfig chess = load_config(
      write_temp_config(
          "game = \"chess\"\npositions = [\"startpos\"]\ndepth = 3\nalgorithm = \"ybwc\"\n"),
      {"mode=\"real\""});
  CHECK(chess.table_kilobytes() == kDefaultTableKilobytes);
  CHECK(real.table_placement_name() == "replicated");
  const RunConfig named =
      load_config(write_temp_config(kBase), {"mode=\"real\"", "hash=\"2 MiB\"", "table=\"local\""});
  CHECK(named.table_kilobytes() == 2048u);
  CHECK(named.table_placement_name() == "local");
  // A parallel config runs its algorithm, so sequential `algorithms` would be ignored.
  CHECK(error_of(kBase + "algorithms = [\"pvs\"]\n").find("key 'algorithms'") != std::string::npos);
  CHECK(error_of(kBase, {"algorithms=[\"pvs\"]"}).find("drop one of the two") != std::string::npos);
  // A placement named where the mode has no default size asks for one instead of searching
  // without a table.
  CHECK(error_of(kBase + "table = \"local\"\n").find("\"local\" needs hash = SIZE (sim mode") !=
        std::string::npos);
  CHECK(load_config(write_temp_config(kBase), {"table=\"local\"", "hash=1"}).table_kilobytes() ==
        1024u);
  CHECK(load_config(write_temp_config(kBase), {"table=\"none\""}).table_kilobytes() == 0u);
  CHECK(load_config(write_temp_config(kBase), {"table=false", "mode=\"real\""}).table_kilobytes() ==
        0u);
  for (const char* old : {"table_kb = 64\n", "table_mb = 16\n"})
    CHECK(error_of(kBase + old).find("is gone: use hash") != std::string::npos);
  CHECK(error_of(kBase + "hash = \"3 parsecs\"\n").find("key 'hash'") != std::string::npos);
}
