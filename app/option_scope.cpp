#include "app/option_scope.hpp"

#include <array>

#include "algorithms/parallel.hpp"

namespace alphactor::app {
namespace {

enum class Scope { kEr, kNotEr, kYbwc, kStealing, kProcessorTree, kTreeTopology, kTorusTopology };

struct Entry {
  std::string_view key;                  // the config key
  std::array<std::string_view, 2> flag;  // the command-line flags that set it ("" unused)
  Scope scope;
};

// Kept in step with what algorithms/parallel.hpp passes to each algorithm, and with what the
// soak draws for each (app/cmd_soak.cpp).
constexpr std::array kEntries = {
    Entry{"er_serial_ply", {"--er-serial-ply", ""}, Scope::kEr},
    Entry{"parallel_refutation", {"--no-parallel-refutation", ""}, Scope::kEr},
    Entry{"multiple_enodes", {"--no-multiple-enodes", ""}, Scope::kEr},
    Entry{"early_choice", {"--no-early-choice", ""}, Scope::kEr},
    Entry{"master_solves", {"--master-solves", "--no-master-solves"}, Scope::kEr},
    Entry{"speculative_rnodes", {"--speculative-rnodes", "--no-speculative-rnodes"}, Scope::kEr},
    Entry{"er_heap", {"--er-heap", ""}, Scope::kEr},
    // The resumable searches' split parameters (actors/task_processor.hpp); ER solves its
    // problems with serial ER and splits nothing.
    Entry{"cut_wait", {"--cut-wait", ""}, Scope::kNotEr},
    Entry{"min_split_depth", {"--min-split-depth", ""}, Scope::kNotEr},
    Entry{"inline_depth", {"--inline-depth", ""}, Scope::kNotEr},
    Entry{"pvs", {"--alphabeta-windows", ""}, Scope::kNotEr},
    Entry{"work_hints", {"--no-work-hints", ""}, Scope::kNotEr},
    Entry{"work_table_line", {"--no-work-table-line", ""}, Scope::kNotEr},
    Entry{"work_killers", {"", ""}, Scope::kNotEr},
    // Tables and gossip live in the task processor (actors/task_processor.hpp); serial ER keeps
    // no table and shares no heuristics. (A table placement other than none: see
    // table_out_of_scope.)
    Entry{"table_min_draft", {"--table-min-draft", ""}, Scope::kNotEr},
    Entry{"hybrid_draft", {"--hybrid-draft", ""}, Scope::kNotEr},
    Entry{"gossip", {"--gossip", ""}, Scope::kNotEr},
    Entry{"gossip_history", {"", ""}, Scope::kNotEr},
    Entry{"gossip_killers", {"", ""}, Scope::kNotEr},
    Entry{"gossip_threshold", {"", ""}, Scope::kNotEr},
    Entry{"gossip_interval", {"", ""}, Scope::kNotEr},
    Entry{"lone_root_research", {"--lone-root-research", "--no-lone-root-research"}, Scope::kYbwc},
    // Only idle processors that ask for work back off; the split algorithms and DTS are given
    // their work by a parent and never ask.
    Entry{"steal_backoff_us", {"--steal-backoff-us", ""}, Scope::kStealing},
    Entry{"helping", {"--no-helping", ""}, Scope::kProcessorTree},
    Entry{"affinity", {"--no-affinity", ""}, Scope::kProcessorTree},
    Entry{"fanout", {"--fanout", ""}, Scope::kTreeTopology},
    Entry{"rows", {"--rows", ""}, Scope::kTorusTopology},
};

bool applies(Scope s, std::string_view algorithm, std::string_view topology) {
  switch (s) {
    case Scope::kEr:
      return algorithm == "er";
    case Scope::kNotEr:
      return algorithm != "er";
    case Scope::kYbwc:
      return algorithm == "ybwc";
    case Scope::kStealing:
      return algorithm == "ybwc" || algorithm == "er";
    case Scope::kProcessorTree:
      return actors::is_processor_tree_algorithm(algorithm);
    case Scope::kTreeTopology:
      return topology == "tree";
    case Scope::kTorusTopology:
      return topology == "torus";
  }
  return true;
}

constexpr const char* kErNote = "its problems are solved by serial ER, without tables or gossip";

std::string for_whom(Scope s, std::string_view algorithm, std::string_view topology) {
  const std::string alg(algorithm), topo(topology);
  switch (s) {
    case Scope::kEr:
      return "is for er, not " + alg;
    case Scope::kNotEr:
      return "is for the algorithms that split a search, not er (" + std::string(kErNote) + ")";
    case Scope::kYbwc:
      return "is for ybwc, not " + alg;
    case Scope::kStealing:
      return "is for ybwc and er, whose idle processors ask for work; " + alg +
             "'s are given theirs";
    case Scope::kProcessorTree:
      return "is for pvsplit, pmws and treesplit, not " + alg;
    case Scope::kTreeTopology:
      return "is for the tree topology, not " + topo;
    case Scope::kTorusTopology:
      return "is for the torus topology, not " + topo;
  }
  return {};
}

}  // namespace

std::optional<OutOfScope> option_out_of_scope(const std::vector<std::string>& given,
                                              std::string_view algorithm,
                                              std::string_view topology) {
  for (const std::string& name : given)
    for (const Entry& e : kEntries) {
      const bool named = name == e.key || (!e.flag[0].empty() && name == e.flag[0]) ||
                         (!e.flag[1].empty() && name == e.flag[1]);
      if (named && !applies(e.scope, algorithm, topology))
        return OutOfScope{name, for_whom(e.scope, algorithm, topology)};
    }
  return std::nullopt;
}

std::optional<std::string> table_out_of_scope(std::string_view placement,
                                              std::string_view algorithm) {
  if (algorithm != "er" || placement.empty() || placement == "none") return std::nullopt;
  return "a table placement (\"" + std::string(placement) +
         "\") is for the algorithms that split a search, not er (" + kErNote + ")";
}

}  // namespace alphactor::app
