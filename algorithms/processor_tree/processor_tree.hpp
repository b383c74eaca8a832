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
// Faults: a dead child's jobs are searched again by its master (TaskProcessor).
#pragma once

#include <vector>

#include "actors/task_processor.hpp"

namespace alphactor::actors {

template <Game G>
class ProcessorTreeSplitting final : public TaskProcessor<G> {
  using Base = TaskProcessor<G>;
  using Base::rt_;
  using typename Base::Split;
  using typename Base::Task;

 public:
  // params.search.split_rule says where nodes split: kFirstPath (pvsplit, pmws) or
  // kRootAtOnce (treesplit).
  ProcessorTreeSplitting(Runtime& rt, const G& root, const TaskParams& params)
      : Base(rt, root, params) {
    for (const int n : rt.neighbours())
      if (n > rt.id()) children_.push_back(n);
  }

 private:
  // Every idle child gets the highest split point there is, one job each.
  void distribute() override {
    for (const int child : children_) {
      if (!this->reachable(child) || this->has_job_at(child)) continue;
      Split s;
      Task* t = this->highest_split(s);
      if (!t) return;
      this->give(t, s, child);
    }
  }

  std::vector<int> children_;  // this processor's children in the processor tree
};

}  // namespace alphactor::actors
