// The JSON reader (app/json_reader.hpp) reads what alphactor's JsonWriter writes, and refuses
// malformed text with one line naming the place; plot_data (app/plot.hpp) turns a results.json
// into one series per experiment, with the paper's figures where the experiment has them.
#include <catch2/catch.hpp>
#include <cmath>

#include "app/json.hpp"
#include "app/json_reader.hpp"
#include "app/plot.hpp"
#include "search/input_error.hpp"

using namespace alphactor;
using namespace alphactor::app;

TEST_CASE("the JSON reader reads back what JsonWriter writes") {
  JsonWriter w;
  w.begin_object()
      .field("name", "a \"quoted\", name\\ with\ttab")
      .field("n", std::int64_t{-42})
      .field("big", std::uint64_t{1} << 53)
      .field("x", 0.125)
      .field("yes", true);
  w.key("list").begin_array().value(1).value("two").begin_object().end_object().end_array();
  w.end_object();
  const JsonValue v = parse_json(w.str());
  CHECK(v.find("name")->as_string("name") == "a \"quoted\", name\\ with\ttab");
  CHECK(v.find("n")->as_number("n") == -42);
  CHECK(v.find("big")->as_number("big") == 9007199254740992.0);
  CHECK(v.find("x")->as_number("x") == 0.125);
  CHECK(v.find("yes")->as_bool("yes"));
  const auto& list = v.find("list")->as_array("list");
  REQUIRE(list.size() == 3);
  CHECK(list[1].as_string("list[1]") == "two");
  CHECK(list[2].as_object("list[2]").empty());
  CHECK(v.find("absent") == nullptr);
  // Keys keep their order.
  const auto& members = v.as_object("doc");
  CHECK(members.front().first == "name");
  CHECK(members.back().first == "list");
}

TEST_CASE("the JSON reader decodes escapes and numbers as RFC 8259 writes them") {
  CHECK(parse_json(R"("\u00e9\u20ac\ud83d\ude00\/\b\f\n\r")").as_string("s") ==
        "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80/\b\f\n\r");
  CHECK(parse_json(" 1e3 ").as_number("n") == 1000);
  CHECK(parse_json("-0.5E-1").as_number("n") == -0.05);
  CHECK(parse_json("[null, false]").as_array("a")[0].is_null());
  CHECK_FALSE(parse_json("[null, false]").as_array("a")[1].as_bool("b"));
}

TEST_CASE("malformed JSON is refused with the line and column") {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"{\"a\": 1,}", "line 1 column 9: expected a string key"},
      {"[1 2]", "expected ',' or ']'"},
      {"{\"a\" 1}", "expected ':' after a key"},
      {"\"open", "'\"' closing the string"},
      {"01", "end of the text after the value"},
      {"1.", "a digit after '.'"},
      {"\"\\x\"", "one of"},
      {"\"\\ud800\"", "a low surrogate"},
      {"\"\\udc00\"", "a high surrogate before a low one"},
      {"\"a\nb\"", "no control character"},
      {"tru", "expected a value"},
      {"1e999", "within the range of a double"},
      {"", "expected a value, found the end"},
      {"{}\n\n  x", "line 3 column 3"},
      {std::string(300, '['), "nested levels"},
  };
  for (const auto& [text, message] : bad) {
    INFO(text);
    try {
      (void)parse_json(text);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK_THAT(e.what(), Catch::Contains(message));
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
    }
  }
  CHECK_THROWS_WITH(parse_json("[1]").as_object("doc"), "doc: expected an object, found an array");
}

TEST_CASE("plot data: one series per experiment, sorted by P, with the paper's figures") {
  const std::string results = R"({"title": "T", "experiments": [
    {"name": "", "algorithm": "ybwc", "topology": "ring", "table_kb": 64, "table": "local",
     "summary": [{"processors": 4, "speedup": 3, "efficiency": 0.75, "search_overhead_pct": 5,
                  "load_pct": 90},
                 {"processors": 1, "speedup": 1, "efficiency": 1, "search_overhead_pct": 0,
                  "load_pct": 100}],
     "paper": {"source": "Table 9", "speedup": [{"processors": 4, "speedup": 3.5}]}},
    {"name": "second", "algorithm": "er", "summary": []},
    {"name": "third", "algorithm": "er", "summary": [{"processors": 2, "speedup": 1.5,
     "efficiency": 0.75, "search_overhead_pct": 1, "load_pct": 80}]}]})";
  const PlotData d = plot_data(parse_json(results), "r.json");
  CHECK(d.title == "T");
  REQUIRE(d.series.size() == 2);  // the experiment without rows is left out
  CHECK(d.series[0].label == "ybwc on ring, local table");
  REQUIRE(d.series[0].points.size() == 2);
  CHECK(d.series[0].points[0].processors == 1);
  CHECK(d.series[0].points[1].speedup == 3);
  CHECK(d.series[0].points[1].load_pct == 90);
  CHECK(d.series[0].paper_source == "Table 9");
  CHECK(d.series[0].paper_speedup == std::vector<std::pair<int, double>>{{4, 3.5}});
  CHECK(d.series[1].label == "third");
  CHECK(d.series[1].paper_speedup.empty());

  CHECK_THROWS_WITH(plot_data(parse_json(R"({"runs": []})"), "x.json"),
                    Catch::Contains("no 'experiments'"));
  CHECK_THROWS_WITH(plot_data(parse_json(R"({"experiments": [{"summary": []}]})"), "x.json"),
                    Catch::Contains("no summary rows to plot"));
  CHECK_THROWS_WITH(
      plot_data(parse_json(R"({"experiments": [{"summary": [{"processors": 0.5}]}]})"), "x.json"),
      Catch::Contains("processors must be a positive integer"));
  CHECK_THROWS_WITH(
      plot_data(
          parse_json(R"({"experiments": [{"summary": [{"processors": 2, "speedup": "1"}]}]})"),
          "x.json"),
      Catch::Contains("experiments[0].summary.speedup: expected a number, found a string"));
}
