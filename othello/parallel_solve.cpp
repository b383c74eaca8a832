#include "othello/parallel_solve.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <memory>
#include <mutex>
#include <thread>

#include "othello/mtdf.hpp"

namespace alphactor::othello {
namespace {

Position after(const Position& p, int square) {
  const Bits f = flips(square, p.player, p.opponent);
  return Position{p.opponent ^ f, p.player ^ f ^ bit(square), other(p.side)};
}

class ParallelSolver {
 public:
  ParallelSolver(int threads, std::size_t table_megabytes) {
    for (int t = 0; t < threads; ++t)
      solvers_.push_back(std::make_unique<EndgameSolver>(table_megabytes));
  }

  EndgameSolver& first() { return *solvers_[0]; }
  std::uint64_t nodes() const {
    std::uint64_t n = 0;
    for (const auto& s : solvers_) n += s->nodes();
    return n;
  }

  // Fail-soft value of `node` in the zero window (alpha, alpha + 1). The eldest child is
  // searched first (recursively, the same way); if it does not refute the node the younger
  // children go to whichever thread is free next. A refutation stops the others. (Handing
  // child i always to thread i mod T, so that each MTD(f) probe finds its work in the same
  // table, balanced worse: on FFO #42 and #47 the busiest thread did 31 M nodes each, against
  // 30 M and 26 M this way, for 52 M and 36 M nodes on one thread.)
  int zero_window(const Position& node, int alpha) {
    EndgameSolver& s0 = first();
    const int beta = alpha + 1;
    const std::vector<int> moves = s0.ordered_moves(node.player, node.opponent, false);
    if (moves.size() < 2 || node.empties() < kSplitMinEmpties)
      return s0.search(node.player, node.opponent, alpha, beta);
    // The eldest child first, alone but itself split the same way (YBWC along the leftmost
    // path: its own younger children are shared out once its eldest is done).
    int best = -zero_window(after(node, moves[0]), -beta);
    if (best >= beta) return best;

    std::atomic<bool> stop{false};
    std::atomic<std::size_t> next{1};  // the next younger child to hand out
    std::mutex mutex;
    const int threads = static_cast<int>(solvers_.size());
    auto work = [&](int t) {
      EndgameSolver& s = *solvers_[t];
      s.set_stop_flag(&stop);
      for (;;) {
        if (stop.load()) break;
        const std::size_t i = next.fetch_add(1);
        if (i >= moves.size()) break;
        const Position c = after(node, moves[i]);
        const int v = -s.search(c.player, c.opponent, -beta, -alpha);
        std::lock_guard lock(mutex);
        if (stop.load()) break;  // a refutation was found meanwhile: v may be meaningless
        best = std::max(best, v);
        if (v >= beta) stop.store(true);
      }
      s.set_stop_flag(nullptr);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    return best;
  }

 private:
  // Below this many empties a node is searched on one thread: too little work to share.
  static constexpr int kSplitMinEmpties = 12;
  std::vector<std::unique_ptr<EndgameSolver>> solvers_;
};

}  // namespace

SolveResult solve_parallel(const Position& pos, int threads, std::size_t table_megabytes) {
  if (threads <= 1) return EndgameSolver(table_megabytes).solve(pos);
  ParallelSolver ps(threads, table_megabytes);
  std::vector<int> moves = ps.first().ordered_moves(pos.player, pos.opponent);
  if (moves.empty()) return ps.first().solve(pos);  // a pass or the end: nothing to split

  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  SolveResult r;
  // MTD(f) at the root as in EndgameSolver::solve, each root move's child searched by the
  // split above: a good root move's child is an all-node, whose children are all searched,
  // so they share out well; a bad one's is refuted by its eldest child, searched alone.
  r.score = mtdf_root(moves, ps.first().guess_score(pos.player, pos.opponent), r.best_move,
                      [&](int move, int b) { return -ps.zero_window(after(pos, move), -b); });
  r.nodes = ps.nodes();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.cpu_seconds = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  return r;
}

}  // namespace alphactor::othello
