// pChess's two ways of sharing a PV node's younger brothers: K. Steele, "Parallel Alpha-Beta
// Pruning of Game Decision Trees: A Chess Implementation" (1999), sections "Parallel
// Alpha-Beta Pruning" and the comparison of the two models. Both are principal variation
// splitting (Marsland & Popowich 1985): processor 0 follows the PV with the sequential PVS
// ("parallelizes recursively along alpha-beta type 1 nodes, beginning at the lowest point in
// the tree"), and when a PV node has its eldest son's value its other sons are shared out:
//
//  - `masterslave`: "When a slave processor is ready for work, it sends a work request to the
//    master, which in turn gives the slave either a subtree to search or a stop message when
//    no more work is to be accomplished at that tree depth." A slave asks (WorkRequest) when
//    it starts and after every result; the master answers with one son (Work) or NoWork, and
//    keeps the slaves it said no to: the next PV node up gives them work as soon as it has
//    some (Steele's broadcast of the finished level, after which the slaves ask again).
//  - `evensplit`: "gives each available processor n/p nodes to process independently": the
//    moment a PV node's eldest son is done, its n - 1 younger brothers are divided into
//    contiguous shares, one per live processor in order (processor 0 keeps the first share
//    and searches it itself); each share goes as one Work per son and a processor searches
//    its share in move order. The node completes when every share is in (MPI_GATHER).
//
// Improvements the paper leaves open, on both: the master searches sons itself too (Marsland
// & Popowich's "the master is never idle"), so one processor is the sequential search node
// for node; bounds go to the slaves as they improve (NEWBOUND) and a refuted node cuts its
// outstanding sons off (CUTOFF), where Steele's slaves finish their subtrees with the bound
// they started with. Windows are PVS's: younger brothers are zero-window scouts that the
// slave re-searches when they fail high (telling the master at once, FAILHIGH).
//
// Topologies: processor 0 must be linked to every slave (a star, or the complete graph).
// Faults: a dead slave's sons are searched again by the master.
#pragma once

#include <algorithm>
#include <vector>

#include "actors/task_processor.hpp"

namespace alphactor::actors {

enum class PChessModel : std::uint8_t { kMasterSlave, kEvenSplit };

template <Game G>
class PChess final : public TaskProcessor<G> {
  using Base = TaskProcessor<G>;
  using Base::rt_;
  using Base::stats_;
  using typename Base::Split;
  using typename Base::Task;

 public:
  // params.search.split_rule should be kFirstPath: only PV nodes are shared.
  PChess(Runtime& rt, std::shared_ptr<const G> root, std::shared_ptr<const TaskParams> params,
         PChessModel model)
      : Base(rt, std::move(root), std::move(params)), model_(model) {}

  void begin() override {
    if (rt_.id() != kMaster && model_ == PChessModel::kMasterSlave) idle();
  }

 private:
  static constexpr int kMaster = 0;

  void distribute() override {
    if (rt_.id() != kMaster) return;
    if (model_ == PChessModel::kMasterSlave) give_to_waiting();
    else divide_evenly();
  }

  // --- Master/slave ----------------------------------------------------------------------
  void give_to_waiting() {
    while (!waiting_.empty()) {
      Split s;
      Task* t = this->highest_split(s);
      if (!t) return;
      const auto [slave, request] = waiting_.front();
      waiting_.erase(waiting_.begin());
      if (this->reachable(slave)) this->give(t, s, slave, request);
    }
  }
  // A slave with nothing to do asks the master once; the master remembers it until it has work.
  void idle() override {
    if (model_ != PChessModel::kMasterSlave || rt_.id() == kMaster || asked_) return;
    if (this->has_tasks() || !this->reachable(kMaster)) return;
    this->flush_replicas();
    asked_ = true;
    WorkRequest m;
    m.request = ++request_;
    ++stats_.requests;
    rt_.send(kMaster, std::move(m));
  }
  void work_arrived(const Work&) override { asked_ = false; }
  void on(WorkRequest& m) override {
    if (rt_.id() != kMaster || !this->reachable(m.route.from)) return;
    Split s;
    if (Task* t = this->highest_split(s)) {
      this->give(t, s, m.route.from, m.request);
      return;
    }
    NoWork n;  // Steele's stop message: nothing at this depth; it stays on the waiting list
    n.request = m.request;
    rt_.send(m.route.from, std::move(n));
    waiting_.emplace_back(m.route.from, m.request);
  }
  void partners_checked() override {
    std::erase_if(waiting_, [this](const auto& w) { return !this->reachable(w.first); });
  }

  // --- Even split ------------------------------------------------------------------------
  void divide_evenly() {
    Split s;
    Task* t = this->highest_split(s);
    if (!t) return;
    std::vector<int> shares{kMaster};  // processor 0's share is the first
    for (int p = 1; p < rt_.processors(); ++p)
      if (this->reachable(p)) shares.push_back(p);
    const std::vector<Split> sons = t->search->divide(s);
    const std::size_t n = sons.size(), k = shares.size();
    for (std::size_t i = 1; i < k; ++i)
      for (std::size_t j = i * n / k; j < (i + 1) * n / k; ++j) this->give(t, sons[j], shares[i]);
  }

  PChessModel model_;
  std::vector<std::pair<int, std::uint32_t>> waiting_;  // master: slaves told "no work" yet
  bool asked_ = false;                                  // slave: a request is out
  std::uint32_t request_ = 0;
};

}  // namespace alphactor::actors
