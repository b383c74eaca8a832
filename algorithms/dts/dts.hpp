// Distributed Tree Search: C. Ferguson and R. E. Korf, "Distributed Tree Search and its
// Application to Alpha-Beta Pruning", AAAI-88. A DTS process per tree node holds a set of
// processors (section 2): it expands its node, allocates its processors among the children,
// spawns a process for each child that got at least one, and blocks; a child that completes
// returns its result *and its processors* to the parent, which re-allocates them to children
// still to search or to a still-running child ("awakened by its parent with new processors").
// With one processor a process is plain depth-first alpha-beta (section 2: "uniprocessor
// depth-first search is simply a special case of DTS").
//
// Two allocation strategies:
//  - `dts-bf`, breadth-first (sections 2 and 6): the processors are dealt out one at a time
//    to the children until they are exhausted, at once (ResumableSearch's SplitRule::kAtOnce).
//    Theorem 1 (section 5): with b = B^X serially, the speedup is O(P^X).
//  - `dts-bb`, Bound-and-Branch (section 7): a node without a cutoff bound (negamax: a finite
//    alpha, given with its window or established by its first son) gives all its processors to
//    its leftmost child; a node with one deals them out breadth-first
//    (SplitRule::kCutoffBound). Theorem 2: on perfectly ordered trees it evaluates the nodes
//    of serial alpha-beta.
// Windows are alpha-beta's (the paper's program; a PVS zero window would give every node a
// cutoff bound at once and void Theorem 2).
//
// Mapping onto the runtime (actors/task_processor.hpp). A process is a job: the processor
// that owns it is the first processor of its set, and it searches it as a resumable search.
// The job's *pool* holds the rest of the set not lent to a child. After every change the
// owner gives the highest node of its search that may split (the strategy's rule) its pool:
// each unstarted son, in move order, gets ceil(N / u) processors (N: the pool plus the owner
// when the owner will search a son of this node itself; u: the unstarted sons): the first
// one as the helper (Work), the others as its set (Work::set). The owner keeps the last son
// and what is left of the pool for the son's own subtree, one node deeper: a task with a pool
// searches one node per slice, so processors are passed down the tree until there is one per
// node (section 5's proof) before any depth-first search starts. When a child's job ends
// (Result, or Cutoff sent to it, or its processor lost) the processors lent with it return to
// the pool; a pool the search cannot split for (and that its own path cannot take down
// either) goes to the running children deep enough to split (Grant), one processor at a time
// to the one with fewest, which use them to split their own nodes; a Grant that arrives after
// the child's job ended is dropped, as the master took the processors back with its result.
// An owner with nothing left to run lends itself likewise: "the blocked processes exist on one
// of the processors assigned to the children" (section 2).
//
// Processor sets: a pool starts as the root's whole machine. A son's helper is the pool's
// processor nearest its owner and the helper's set the pool's processors nearest the helper
// (topology distance, lowest id on ties); a grant goes to the running child with fewest
// processors and, among those, the one nearest the granted processor. So on a hypercube a
// set is a cluster of nearby processors around its helper, as the paper's sub-cubes were on
// its Intel iPSC, also after processors come back and are lent again, and on every other
// topology alike (messages are routed hop by hop, so any set works). Against sets taken
// lowest id first, messages cross 1.69 links instead of 2.14 on average (P = 32, the
// configs/dts-othello.toml experiment), and Bound-and-Branch's speedup at 32 rises from
// 14.49 to 15.18 (breadth-first 14.47 to 14.83); messages stay near: tests/test_dts.cpp.
//
// Faults: a dead child's job is searched again by its owner (TaskProcessor); the processors
// lent with it come back to the pool and only reachable ones are lent again.
#pragma once

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "actors/task_processor.hpp"

namespace alphactor::actors {

enum class DtsAllocation : std::uint8_t { kBreadthFirst, kBoundAndBranch };

template <Game G>
class Dts final : public TaskProcessor<G> {
  using Base = TaskProcessor<G>;
  using Base::rt_;
  using typename Base::Split;
  using typename Base::Task;

 public:
  // params.search.split_rule must be kAtOnce (dts-bf) or kCutoffBound (dts-bb) and
  // params.search.pvs false; make_algorithm() sets both.
  Dts(Runtime& rt, std::shared_ptr<const G> root, std::shared_ptr<const TaskParams> params)
      : Base(rt, std::move(root), std::move(params)) {
    // The smallest remaining depth a split gives away (ResumableSearch::best_split): a horizon
    // node only where quiescence runs as frames.
    const TaskParams& p = this->params();
    min_split_ = std::max(p.search.min_split_depth, 1);
    if constexpr (QuiescenceGame<G>)
      if (p.options.quiescence) min_split_ = p.search.min_split_depth;
  }

 private:
  // A job's process on this processor.
  struct Process {
    std::uint64_t serial = 0;        // its task
    std::vector<std::int32_t> pool;  // its set's processors not lent to a child
  };
  // Processors lent by the process `serial` with job `job` to its child.
  struct Lent {
    std::uint64_t serial = 0;
    JobId job = 0;
    int depth = 0;                  // the child's remaining depth
    std::vector<std::int32_t> set;  // the helper first, then its set and any grants
  };

  // --- Hooks ---------------------------------------------------------------------------------
  void work_arrived(const Work& m) override { arrived_[{m.route.from, m.job}] = m.set; }

  void on(Grant& m) override {
    for (auto& t : this->tasks()) {
      if (t->master != m.route.from || t->job != m.job) continue;
      Process& p = process_of(*t);
      p.pool.insert(p.pool.end(), m.set.begin(), m.set.end());
      break;
    }
    // Unknown job: it ended meanwhile and its master took the processors back with it.
    distribute();
    if (this->runnable()) rt_.wake();
  }

  // One node a slice while processors wait to be passed down (see the header).
  std::uint64_t slice(const Task& t) override {
    const auto it = processes_.find(t.serial);
    if (it != processes_.end() && !it->second.pool.empty() &&
        t.search->top_depth() - 1 >= min_split_)
      return 1;
    return this->params().slice_nodes;
  }

  void distribute() override {
    sync();
    for (auto& t : this->tasks()) allocate(t.get());
    if (!this->runnable()) lend_self();
  }
  void idle() override { lend_self(); }

  // --- Processes and their processors --------------------------------------------------------
  Process& process_of(Task& t) {
    auto [it, fresh] = processes_.try_emplace(t.serial);
    if (fresh) {
      it->second.serial = t.serial;
      if (t.master < 0) {  // the root process: the whole machine
        for (int p = 0; p < rt_.processors(); ++p)
          if (p != rt_.id()) it->second.pool.push_back(p);
      } else if (auto a = arrived_.find({t.master, t.job}); a != arrived_.end()) {
        it->second.pool = std::move(a->second);
        arrived_.erase(a);
      }
    }
    return it->second;
  }

  // Forgets processes whose task is gone (their master took the processors back) and returns
  // the processors of children whose job ended to their process's pool.
  void sync() {
    std::map<std::uint64_t, Task*> live;
    for (auto& t : this->tasks()) {
      live[t->serial] = t.get();
      process_of(*t);
    }
    std::erase_if(processes_, [&](const auto& kv) { return !live.contains(kv.first); });
    std::erase_if(lent_, [&](const Lent& l) {
      const auto it = live.find(l.serial);
      if (it == live.end()) {
        if (std::find(l.set.begin(), l.set.end(), rt_.id()) != l.set.end()) self_lent_ = false;
        return true;
      }
      if (it->second->search->has_delegation(l.job)) return false;
      Process& p = processes_[l.serial];
      for (const int q : l.set) {
        if (q == rt_.id()) self_lent_ = false;
        else p.pool.push_back(q);
      }
      return true;
    });
  }

  // Deals task t's pool out to the highest node that may split, or grants it to t's running
  // children when none may.
  void allocate(Task* t) {
    Process& p = processes_[t->serial];
    std::erase_if(p.pool, [this](int q) { return !this->reachable(q); });
    std::sort(p.pool.begin(), p.pool.end());
    while (!p.pool.empty()) {
      Split s;
      const auto split = t->search->best_split();
      if (!split) break;
      s = *split;
      const bool owner_takes = t->search->at(s);
      const int u = t->search->unstarted_count(s);
      if (owner_takes && u <= 1) return;  // the pool goes down with the owner's son
      const int n = static_cast<int>(p.pool.size()) + (owner_takes ? 1 : 0);
      const int share =
          std::min<int>(static_cast<int>(p.pool.size()), std::max(1, (n + u - 1) / u));
      const int helper = take_nearest(p.pool, rt_.id(), 1).front();
      std::vector<std::int32_t> set = take_nearest(p.pool, helper, share - 1);
      Lent l;
      l.serial = t->serial;
      l.depth = s.depth;
      l.set.push_back(helper);
      l.set.insert(l.set.end(), set.begin(), set.end());
      l.job = this->give(t, s, helper, 0, std::move(set));
      lent_.push_back(std::move(l));
    }
    if (p.pool.empty() || t->search->best_split()) return;
    // The owner's own path may still reach a node that splits (Bound-and-Branch: all
    // processors to the leftmost child until a bound exists): the pool goes down with it.
    if (t->search->status() == ResumableSearch<G>::Status::kRunning &&
        t->search->top_depth() - 1 >= min_split_)
      return;
    if (grant(t->serial, p.pool)) p.pool.clear();
  }

  // Takes the `n` processors of `pool` nearest `to` out of it, nearest first, the lowest id
  // first among equally near ones; the rest of the pool keeps its order. One distance a
  // processor of the pool: taking them one nearest at a time cost O(n * pool) distances, which
  // at P = 4096 made a run of an 829-node tree take 38 s (soak, seed 4711).
  std::vector<std::int32_t> take_nearest(std::vector<std::int32_t>& pool, int to, int n) const {
    std::vector<std::pair<int, std::int32_t>> near;
    near.reserve(pool.size());
    for (const int q : pool) near.emplace_back(rt_.distance(to, q), q);
    n = std::clamp(n, 0, static_cast<int>(near.size()));
    std::partial_sort(near.begin(), near.begin() + n, near.end());
    std::vector<std::int32_t> taken(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) taken[i] = near[i].second;
    std::vector<std::int32_t> sorted = taken;
    std::sort(sorted.begin(), sorted.end());
    std::erase_if(pool, [&](int q) { return std::binary_search(sorted.begin(), sorted.end(), q); });
    return taken;
  }

  // Grants `set` to the running children of process `serial` that are deep enough to split,
  // one processor at a time to the one with fewest; returns false, leaving set alone, when
  // there is none.
  bool grant(std::uint64_t serial, const std::vector<std::int32_t>& set) {
    std::vector<Lent*> children;
    for (auto& l : lent_)
      if (l.serial == serial && l.depth - 1 >= min_split_ && this->reachable(l.set.front()))
        children.push_back(&l);
    if (children.empty()) return false;
    std::map<Lent*, std::vector<std::int32_t>> given;
    for (const int q : set) {
      // The one with fewest; among those, the nearest to q (its Work travels less).
      Lent* fewest = *std::min_element(children.begin(), children.end(), [&](Lent* a, Lent* b) {
        if (a->set.size() != b->set.size()) return a->set.size() < b->set.size();
        return rt_.distance(q, a->set.front()) < rt_.distance(q, b->set.front());
      });
      fewest->set.push_back(q);
      given[fewest].push_back(q);
    }
    for (Lent* l : children) {  // in lending order: deterministic
      auto it = given.find(l);
      if (it == given.end()) continue;
      Grant m;
      m.job = l->job;
      m.set = std::move(it->second);
      rt_.send(l->set.front(), std::move(m));
    }
    return true;
  }

  // Nothing here can run: this processor joins a running child of its newest process.
  void lend_self() {
    if (self_lent_) return;
    auto& tasks = this->tasks();
    for (auto it = tasks.rbegin(); it != tasks.rend(); ++it) {
      if ((*it)->search->delegations() == 0) continue;
      if (grant((*it)->serial, {rt_.id()})) {
        self_lent_ = true;
        return;
      }
    }
  }

  int min_split_ = 1;
  std::map<std::uint64_t, Process> processes_;  // by task serial
  std::vector<Lent> lent_;
  std::map<std::pair<int, JobId>, std::vector<std::int32_t>> arrived_;  // Work::set by job
  bool self_lent_ = false;  // this processor is lent to a child of one of its processes
};

}  // namespace alphactor::actors
