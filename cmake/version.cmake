# Writes OUT (a header defining ALPHACTOR_COMMIT: `git describe` of SRC, "-dirty" when the tree
# has changes, "unknown" outside a git checkout) only when its content changes, so that a new
# commit recompiles the one file that includes it. Run at every build (app/CMakeLists.txt).
execute_process(COMMAND git -C "${SRC}" describe --always --dirty --abbrev=12
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE failed ERROR_QUIET)
if(failed OR commit STREQUAL "")
  set(commit "unknown")
endif()
set(content "#pragma once\n#define ALPHACTOR_COMMIT \"${commit}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL content)
  file(WRITE "${OUT}" "${content}")
endif()
