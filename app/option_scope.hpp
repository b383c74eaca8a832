// Which parallel options apply to which algorithms and topologies. An option that does not
// apply to the run it is given to is refused with one line naming it, never silently ignored:
// `--er-serial-ply` on a YBWC run or `fanout` on a ring did nothing before. One table serves
// `search`'s flags and the configs' keys.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace alphactor::app {

struct OutOfScope {
  std::string name;  // the flag or key as given
  std::string why;   // "is for er, not ybwc"
};

// The first of `given` (command-line flags such as "--no-helping", or config keys such as
// "helping") that does not apply to `algorithm` on `topology`; nullopt when all apply. Names
// the table does not know (options every run takes) always apply. `alphactor topology` asks
// about --fanout and --rows alone, with no algorithm.
std::optional<OutOfScope> option_out_of_scope(const std::vector<std::string>& given,
                                              std::string_view algorithm,
                                              std::string_view topology);

// Why `algorithm` cannot take the table placement `placement` ("local", "none", or empty: the
// mode's default); nullopt when it can.
std::optional<std::string> table_out_of_scope(std::string_view placement,
                                              std::string_view algorithm);

}  // namespace alphactor::app
