// Config loading (strict keys, overrides) and the JSON writer.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/config.hpp"
#include "app/json.hpp"
#include "search/input_error.hpp"
#include "tests/temp_config.hpp"

using namespace alphactor;
using namespace alphactor::app;

namespace {
using testing::write_temp_config;
std::string load_error(const std::string& text, const std::vector<std::string>& sets = {}) {
  try {
    load_config(write_temp_config(text), sets);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}
const char* kGood = "game = \"tree\"\npositions = [\"random:w=2,d=3,seed=1\"]\ndepth = 3\n";
}  // namespace

TEST_CASE("a good config loads with its values and defaults") {
  const RunConfig c =
      load_config(write_temp_config(std::string(kGood) + "algorithms = [\"pvs\", \"er\"]\n"), {});
  CHECK(c.game == "tree");
  CHECK(c.depth == 3);
  CHECK(c.positions.size() == 1);
  CHECK(c.algorithms == std::vector<std::string>{"pvs", "er"});
  CHECK(c.table);
}

TEST_CASE("overrides (--set) keys with TOML values or bare words") {
  const RunConfig c = load_config(write_temp_config(kGood), {"depth=5", "algorithms=[\"negamax\"]",
                                                             "title=hello", "table=false"});
  CHECK(c.depth == 5);
  CHECK(c.algorithms == std::vector<std::string>{"negamax"});
  CHECK(c.title == "hello");
  CHECK_FALSE(c.table);
}

TEST_CASE("bad configs are refused naming the key") {
  CHECK_THAT(load_error(std::string(kGood) + "speed = 3\n"),
             Catch::Contains("key 'speed': unknown key"));
  CHECK_THAT(load_error("positions = [\"x\"]\ndepth = \"deep\"\n"),
             Catch::Contains("key 'depth': expected an integer"));
  CHECK_THAT(load_error("positions = [\"x\"]\ndepth = 0\n"),
             Catch::Contains("key 'depth': must be 1..127"));
  CHECK_THAT(load_error("depth = 3\n"), Catch::Contains("key 'positions': missing"));
  CHECK_THAT(load_error(std::string(kGood) + "algorithms = [\"mtdf\"]\n"),
             Catch::Contains("unknown algorithm 'mtdf'"));
  CHECK_THAT(load_error("depth = = 3\n"), Catch::Contains(":1:"));
  CHECK_THAT(load_error(kGood, {"depth"}), Catch::Contains("--set needs key=value"));
  CHECK_THAT(load_error(kGood, {"colour=3"}), Catch::Contains("key 'colour': unknown key"));
}

TEST_CASE("a sequential config refuses the keys only parallel runs use") {
  const std::string seq = std::string(kGood) + "algorithms = [\"pvs\"]\n";
  CHECK_THAT(load_error(seq + "topology = \"ring\"\n"),
             Catch::Contains("key 'topology': is for parallel runs"));
  CHECK_THAT(load_error(seq, {"processors=[1,4]"}),
             Catch::Contains("key 'processors': is for parallel runs"));
  CHECK_THAT(load_error(seq + "[costs]\nlatency_ns = 5\n"),
             Catch::Contains("key 'costs': is for parallel runs"));
  CHECK_THAT(load_error(seq + "table = \"local\"\n"),
             Catch::Contains("key 'table': a placement (\"local\") is for parallel runs"));
  // What a sequential search takes stays accepted.
  const RunConfig c =
      load_config(write_temp_config(seq + "table = \"none\"\nkillers = false\nhistory = false\n"
                                          "hash = 2\niterative_deepening = true\n"),
                  {});
  CHECK_FALSE(c.table);
  CHECK_FALSE(c.killers);
  CHECK_FALSE(c.history);
  // A parallel config takes them.
  CHECK(load_error(std::string(kGood) + "algorithm = \"ybwc\"\ntopology = \"ring\"\n") ==
        "accepted");
}

TEST_CASE("the JSON writer nests, separates and escapes") {
  JsonWriter w;
  w.begin_object().field("a", 1).field("s", "q\"\\\n");
  w.key("list").begin_array().value(2).value(true).begin_object().end_object().end_array();
  w.field("x", 0.5).end_object();
  CHECK(w.str() == R"({"a":1,"s":"q\"\\\n","list":[2,true,{}],"x":0.5})");
}
