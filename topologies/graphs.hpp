// The processor networks alphactor runs on, as plain adjacency lists (no routing here).
// Each builder returns sorted, duplicate-free neighbour lists without self-loops, or throws
// InputError when the processor count does not fit the network.
//
// - processor tree (Marsland & Popowich 1985, Fig. 3; Fishburn 1981): processor i's children
//   are f*i+1 .. f*i+f, any P >= 1;
// - modified De Bruijn DB(n) (Feldmann, Mysliwietz & Monien, "A Fully Distributed Chess
//   Program", section 3): nodes are n-bit strings, edges {x, s(x)} and {x, e(x)} with the shuffle
//   s(x_{n-1}..x_0) = x_{n-2}..x_0 x_{n-1} and shuffle-exchange e(x) = x_{n-2}..x_0 !x_{n-1};
//   the self-loops of 0..0 and 1..1 and the second of the double edges between 1010.. and
//   0101.. are removed, and 0..0 is linked to 0101.., 1..1 to 1010... P = 2^n, degree <= 4;
// - hypercube (P = 2^n), ring, 2-D torus (rows x cols), complete graph.
#pragma once

#include <string>
#include <vector>

namespace alphactor::topo {

using Adjacency = std::vector<std::vector<int>>;

Adjacency processor_tree(int processors, int fanout);
Adjacency de_bruijn(int processors);
Adjacency hypercube(int processors);
Adjacency ring(int processors);
Adjacency torus(int processors, int rows);  // rows = 0: the most square factorisation
Adjacency complete_graph(int processors);

// log2 of P when P is a power of two, else -1.
int exact_log2(int processors);
// The rows a torus of P processors uses when none are asked for.
int square_rows(int processors);

}  // namespace alphactor::topo
