// The processor-tree algorithms: a master hands the sons of its node to its idle child
// processors and nothing else talks. Three rules for where a processor splits:
//
//  - `pvsplit`: PV splitting, T. A. Marsland and F. Popowich, "Parallel Game-Tree Search",
//    IEEE PAMI 7 (1985), section III and Fig. 3. Every processor follows its job's first path
//    (the principal variation: the root and the eldest son of every node on it) with the
//    sequential PVS; once a node on it has its eldest son's value, its younger brothers go to
//    the processor's idle tree children, one at a time ("WHEN a child processor j is idle"),
//    each with the node's current bound as a zero window; a child whose scout fails high
//    re-searches it (Fig. 4's child_pvs; it tells the master at once, FAILHIGH, so the other
//    sons get the better bound during the re-search), and a better value narrows the other
//    children's windows by NEWBOUND; a value at beta cuts them off (Fig. 3's terminate()).
//    The master is never idle: it "spawns itself as a child" and searches the next younger
//    brother itself whenever no child is free. The node then backs up and the next PV node
//    up is split the same way. A child that has children of its own splits its job the same
//    way among them: Fig. 3 calls "j.treesplit" there and leaves it to [1]; the job's own
//    first path is the PV of its subtree, and splitting it after its eldest son keeps the
//    bound the paper credits PV splitting with (OCR of Fig. 3 is garbled; this is what its
//    text requires: "the eldest son of each PV node is searched first by the subtree").
//  - `pmws`: parallel minimal window search (Fig. 4), the processor tree of length one the
//    paper measured: PV splitting on a star (processor 0 the master, P - 1 children that run
//    child_pvs, i.e. plain PVS of the son with a re-search on fail high). The same code as
//    pvsplit on a star: a star's children have no children to split for.
//  - `treesplit`: tree-splitting (Fishburn 1981, as 000's section III and survey describe
//    it): every processor above the leaves of the processor tree splits the node it was given
//    among its children at once, without waiting for a first son; the leaves search their
//    sons sequentially. Windows are alpha-beta's (no zero windows: the tree-splitting
//    algorithm predates PVS); bounds found by one child travel to the others by NEWBOUND.
//    As in PV splitting the master also searches a son itself while no child is free (its
//    first son before any child has one).
//
// Messages are the runtime's (actors/protocol.hpp): Work, Result, NEWBOUND, CUTOFF,
// FAILHIGH, between a processor and its tree children only (a child's children are the
// neighbours with higher numbers: topologies/ builds the tree with parent < child). Table I
// of 000: inter-node messages are Work and Result (a move path and a window, then a value);
// inter-level ones are the Result's best line; at-node ones are the global table's PROBE /
// ANSWER / STORE (actors/table_placement.hpp); inter-iteration ones travel with the work
// (Work::hints: the previous iteration's PV and refutations below the job, which is what
// 000's inter-iteration message gives a child that searches there).
// Affinity: a son of a split node goes to the child that searched it in an earlier
// iteration when that child is free, so that the child's local table holds the son's subtree
// from the iteration before. 000 (section VI) notes that keeping "processors ... restricted to
// searching the same subset of the initial moves considered at the previous iterations"
// saves the inter-iteration transfer; with local tables it also saves the table's move
// ordering, which is most of what iterative deepening is for.
// Helping (not in the papers, on by default, `helping = false` for the papers' algorithms):
// PV splitting's loss is synchronisation: "major losses arise when (f - 1) processors are
// idle, waiting for a single processor to complete a big search" (000, section VIII), and
// both papers name the cure without building it ("develop ways of deploying the idle
// processors to assist the others", 000 VII; "deploy all idle processors to assist in
// searching that branch", Steele). Here a processor with nothing to run and a busy child asks
// that child for work (WorkRequest, one tree link); the child gives the highest Young Brothers
// Wait split point of its job (NoWork if it has none) and stays its master. The helper's job
// is a task like any other, so its own idle children get its first-path split points in turn:
// the whole idle part of the tree works under the busy child. A child that said NoWork is not
// asked again until some child's result comes in.
// Faults: a dead child's jobs are searched again by its master (TaskProcessor).
#pragma once

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "actors/task_processor.hpp"

namespace alphactor::actors {

struct ProcessorTreeParams : TaskParams {
  bool helping = true;   // a waiting processor asks a busy child for work (see above)
  bool affinity = true;  // a son goes to the child that searched it last (see above)
};

template <Game G>
class ProcessorTreeSplitting final : public TaskProcessor<G> {
  using Base = TaskProcessor<G>;
  using Base::rt_;
  using Base::stats_;
  using typename Base::Split;
  using typename Base::Task;

 public:
  // params.search.split_rule says where nodes split: kFirstPath (pvsplit, pmws) or
  // kRootAtOnce (treesplit).
  ProcessorTreeSplitting(Runtime& rt, std::shared_ptr<const G> root,
                         const std::shared_ptr<const ProcessorTreeParams>& params)
      : Base(rt, std::move(root), params), helping_(params->helping), affinity_(params->affinity) {
    for (const int n : rt.neighbours())
      if (n > rt.id()) children_.push_back(n);
  }

 private:
  // Every idle child gets a son of the highest split point there is, one job each: the son
  // it searched in an earlier iteration if one is unstarted, else the first unstarted.
  void distribute() override {
    for (const int child : children_) {
      if (!this->reachable(child) || this->has_job_at(child)) continue;
      Split s;
      Task* t = this->highest_split(s);
      if (!t && helping_) t = this->highest_split(s, SplitRule::kYoungBrothersWait);
      if (!t) return;
      if (affinity_) {
        for (const Split& u : t->search->unstarted(s)) {
          const auto it = owners_.find(path_key(t->search->path_of(u)));
          if (it != owners_.end() && it->second == child) {
            s = u;
            ++stats_.affine_jobs;
            break;
          }
        }
        owners_[path_key(t->search->path_of(s))] = child;
      }
      this->give(t, s, child);
    }
  }
  static std::uint64_t path_key(const std::vector<std::uint32_t>& path) {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a over the encoded moves
    for (const std::uint32_t w : path) h = (h ^ w) * 1099511628211ull;
    return h ^ path.size();
  }

  // --- Helping a busy child --------------------------------------------------------------
  void idle() override {
    if (!helping_ || asked_ >= 0) return;
    for (const int child : children_) {
      if (!this->reachable(child) || !this->has_job_at(child)) continue;
      if (std::find(refused_.begin(), refused_.end(), child) != refused_.end()) continue;
      this->flush_replicas();
      asked_ = child;
      WorkRequest m;
      m.request = ++request_;
      ++stats_.requests;
      rt_.send(child, std::move(m));
      return;
    }
  }
  void work_arrived(const Work& m) override {
    if (m.route.from == asked_ && m.request == request_) asked_ = -1;
  }
  void on(NoWork& m) override {
    if (m.route.from != asked_ || m.request != request_) return;
    asked_ = -1;
    refused_.push_back(m.route.from);
    if (!this->runnable()) idle();
  }
  void result_arrived(int /*helper*/) override { refused_.clear(); }
  void partners_checked() override {
    if (asked_ >= 0 && !this->reachable(asked_)) asked_ = -1;  // its answer may be lost
  }
  // The parent asks: the highest Young Brothers Wait split point of any task here.
  void on(WorkRequest& m) override {
    if (!this->reachable(m.route.from)) return;
    Split s;
    if (Task* t = this->highest_split(s, SplitRule::kYoungBrothersWait)) {
      this->give(t, s, m.route.from, m.request);
      return;
    }
    NoWork n;
    n.request = m.request;
    rt_.send(m.route.from, std::move(n));
  }

  bool helping_;
  bool affinity_;
  std::unordered_map<std::uint64_t, int> owners_;  // son's path -> the child that searched it
  std::vector<int> children_;  // this processor's children in the processor tree
  int asked_ = -1;             // the child asked for work, -1: none
  std::vector<int> refused_;   // children that had none since the last result came in
  std::uint32_t request_ = 0;
};

}  // namespace alphactor::actors
