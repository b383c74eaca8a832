#include "search/options.hpp"

namespace alphactor {

std::optional<Algorithm> parse_algorithm(std::string_view name) {
  if (name == "negamax") return Algorithm::kNegamax;
  if (name == "alphabeta") return Algorithm::kAlphaBeta;
  if (name == "pvs") return Algorithm::kPvs;
  if (name == "er") return Algorithm::kEr;
  return std::nullopt;
}

std::string_view algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::kNegamax:
      return "negamax";
    case Algorithm::kAlphaBeta:
      return "alphabeta";
    case Algorithm::kPvs:
      return "pvs";
    case Algorithm::kEr:
      return "er";
  }
  return "?";
}

}  // namespace alphactor
