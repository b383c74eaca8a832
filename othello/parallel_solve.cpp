#include "othello/parallel_solve.hpp"

#include <chrono>
#include <ctime>
#include <memory>
#include <mutex>
#include <thread>

namespace alphactor::othello {

SolveResult solve_parallel(const Position& pos, int threads, std::size_t table_megabytes) {
  if (threads <= 1) return EndgameSolver(table_megabytes).solve(pos);
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  std::vector<std::unique_ptr<EndgameSolver>> solvers;
  for (int t = 0; t < threads; ++t) solvers.push_back(std::make_unique<EndgameSolver>(table_megabytes));
  const Bits P = pos.player, O = pos.opponent;
  const std::vector<int> moves = solvers[0]->ordered_moves(P, O);
  if (moves.size() <= 1) return solvers[0]->solve(pos);  // nothing to split

  auto child = [&](int x) {
    const Bits f = flips(x, P, O);
    return std::pair{O ^ f, P ^ f ^ bit(x)};
  };
  // 1. The eldest brother alone, exactly (MTD(f) from the root's guessed score).
  const auto [p0, o0] = child(moves[0]);
  int best = -solvers[0]->exact(p0, o0, -solvers[0]->guess_score(P, O));
  int best_move = moves[0];
  std::size_t next = 1;
  std::mutex mutex;
  // 2. The younger brothers, shared out move by move.
  auto work = [&](EndgameSolver& s) {
    for (;;) {
      int alpha;
      std::size_t i;
      {
        std::lock_guard lock(mutex);
        if (next >= moves.size()) return;
        i = next++;
        alpha = best;
      }
      const auto [cp, co] = child(moves[i]);
      int v = -s.search(cp, co, -alpha - 1, -alpha);
      if (v <= alpha) continue;
      v = -s.exact(cp, co, -v);  // it beats alpha: solve it exactly, from its bound
      std::lock_guard lock(mutex);
      if (v > best) {
        best = v;
        best_move = moves[i];
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, std::ref(*solvers[t]));
  work(*solvers[0]);
  for (auto& th : pool) th.join();

  SolveResult r;
  r.score = best;
  r.best_move = best_move;
  for (const auto& s : solvers) r.nodes += s->nodes();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.cpu_seconds = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  return r;
}

}  // namespace alphactor::othello
