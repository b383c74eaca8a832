// prefetch(p): asks the CPU for the cache line at p ahead of its use (a table bucket while the
// move that leads to it is made; the simulator's coming events).
//
// Why not __builtin_prefetch alone: GCC 12 (Debian 12's) left it out of the compiled code in
// this project's search and simulator loops (the objects held no prefetch instruction; a
// one-function test keeps it), so on x86-64 the instruction is written out. It only hints:
// it never faults and changes no result.
#pragma once

namespace alphactor {

inline void prefetch(const void* p) {
#if defined(__x86_64__)
  asm volatile("prefetcht0 (%0)" : : "r"(p));  // the address only: no C++ access to *p
#else
  __builtin_prefetch(p);
#endif
}

}  // namespace alphactor
