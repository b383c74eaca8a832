// Distances and routes computed from two addresses, for each built-in network (no tables).
//
// Every route here but the hypercube's and the torus's is the route of a breadth-first search
// from the destination that visits neighbours in ascending order: the parent of a processor in
// that search is the second-to-last node of the lexicographically smallest shortest path from
// the destination to it (induction on the levels: the queue holds each level in the
// lexicographic order of those paths). Networks with closed forms answer in O(1) (hypercube,
// ring, torus, complete) or O(depth) (processor tree); De Bruijn builds that smallest path
// greedily from the destination with an exact distance function: the smallest neighbour still
// on a shortest path, step by step. tests/test_topologies.cpp compares every route with the
// breadth-first table for P up to 1024, and checks the hypercube's and the torus's (dimension
// order) for shortest paths that every processor forwards alike.
#pragma once

namespace alphactor::topo {

// Distance in the plain undirected binary De Bruijn graph of n-bit strings (each step drops
// the first or the last bit and adds any bit at the other end). A walk keeps exactly the bits
// that never leave the window; keeping a common substring of length m that sits at positions
// a in x and b in y costs 2 (n - m) - |a - b| steps, and n steps always do:
//   d(x, y) = min(n, min over common substrings of 2 (n - m) - |a - b|).
// Offsets |a - b| of at least the best so far cannot help (the cost is at least |a - b|).
int plain_de_bruijn_distance(unsigned x, unsigned y, int n);
// Whether d(x, y) <= limit, by the same formula: it asks only whether some offset s has a
// common substring long enough (m >= n - (limit + s) / 2), a test of O(log m) word
// operations, where the distance needs the longest one. Routing asks this question (is a
// neighbour one step nearer?) far more often than it needs a distance.
bool plain_de_bruijn_within(unsigned x, unsigned y, int n, int limit);

// Hypercube: dimension order (e-cube), the lowest differing bit first. The route of
// (a ^ c, b ^ c) is the route of (a, b) moved by c, so every processor passes on the same
// share of uniform traffic. The breadth-first table's route (clear the bits only `from` has,
// highest first, then set `to`'s) passes through from & to: processor 0, the root, was on
// every route between disjoint addresses and forwarded 7 times the mean (ybwc, P = 4096,
// slice 1: 26,539 forwards, 98 % of its virtual time, 136 us a node searched).
inline int hypercube_next_hop(int from, int to) {
  const unsigned differ = unsigned(from ^ to);
  return from ^ int(differ & (~differ + 1));
}

// Ring of p: the shorter way; halfway round, the side of `to`'s smaller neighbour (the
// breadth-first search from `to` reaches the far side first through that neighbour).
int ring_next_hop(int from, int to, int p);
int ring_distance(int from, int to, int p);

// Torus of rows x cols, processor r * cols + c: ring distances along both axes.
int torus_distance(int from, int to, int cols, int rows);
// Torus: dimension order, along the row first, then along the column, each the shorter way
// round and, exactly halfway, upwards. Like the hypercube's, the route of two processors
// moved by the same offset is their route moved by it, so every processor passes on the same
// share of uniform traffic. The breadth-first table's routes (smallest neighbour first) made
// processors 0 and 1 hubs: on 32 x 32 each lay on 3.6 times the mean number of the P x P
// routes.
int torus_next_hop(int from, int to, int cols, int rows);

}  // namespace alphactor::topo
