#include "app/result_schema.hpp"

namespace alphactor::app {

void begin_result_document(JsonWriter& w, std::string_view command, const std::string& config,
                           const Provenance& provenance) {
  w.begin_object().field("schema", kResultSchema).field("command", command);
  w.key("provenance");
  write_provenance_json(w, provenance, config);
}

void write_node_total(JsonWriter& w, std::uint64_t total) {
  w.key("nodes").begin_object().field("total", total).end_object();
}

double nodes_per_second(std::uint64_t nodes, double seconds) {
  return seconds > 0 ? double(nodes) / seconds : 0.0;
}

}  // namespace alphactor::app
