// The one JSON schema of alphactor's results (docs/JSON.md): every command's `--json` output
// and `run`'s results.json open with the same envelope and name a search result's fields the
// same way, so that one reader serves them all.
//
//   {"schema": "alphactor.result/1", "command": "search", "provenance": {...},
//    <the command's settings>, "results": [<result>, ...], "summary": {...}}
//
// A result's fields, each present where the command has it: position, id, depth, processors,
// value (from the side to move), best_move, pv, nodes {"total", ...}, time_s (the search's
// time: virtual seconds in sim), wall_s (host wall clock), cpu_s, nps (nodes.total / time_s),
// expected_value / expected_moves / expected_nodes and match (checked suites).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "app/json.hpp"
#include "app/provenance.hpp"

namespace alphactor::app {

inline constexpr std::string_view kResultSchema = "alphactor.result/1";

// Opens the document's object and writes schema, command and provenance (`config` names the
// config file or is empty); the caller adds its settings, "results" and closes the object.
void begin_result_document(JsonWriter& w, std::string_view command, const std::string& config = "",
                           const Provenance& provenance = provenance_now());

// "nodes": {"total": n} for commands that count nodes without a breakdown.
void write_node_total(JsonWriter& w, std::uint64_t total);

// Nodes per second, 0 when no time was measured.
double nodes_per_second(std::uint64_t nodes, double seconds);

}  // namespace alphactor::app
