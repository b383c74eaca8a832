// YBWC with random work stealing (`ybwc`): the distributed alpha-beta of Feldmann,
// Mysliwietz & Monien, "A Fully Distributed Chess Program" (ZUGZWANG), section 4.
//
// Every processor runs this same program:
//  - the root problem goes to processor 0; every other processor starts idle;
//  - an idle processor asks a randomly chosen processor (any distance) for work;
//  - the asked processor gives its highest subproblem that the Young Brothers Wait Concept
//    allows (a younger brother of a node whose eldest son is completely evaluated) or answers
//    no-work; the giver stays the master of that job and gets its result back;
//  - window improvements travel to helpers as NEWBOUND, subtrees whose result is of no use
//    any more get CUTOFF (and helpers pass both on to their own helpers);
//  - a helper that fails high on its zero window re-searches before answering (in
//    search/resumable_search.hpp), and tells its master of the fail high at once (FAILHIGH,
//    not in the paper: the master's other sons get the better bound during the re-search);
//  - the root runs iterative deepening, each iteration ordered by the previous line.
// Parallel iterative deepening (ZUGZWANG sections 2 and 5): after an iteration the root knows
// the PV and, for every root move, the line that refuted it. These guide the next iteration
// at every processor: "refutations are sent together with the nodes to the slaves, if
// necessary", so a Work message carries the lines below its job's path (search/move_hints.hpp),
// and a helper passes on the part below each job it gives away in turn. Piggy-backed rather
// than broadcast in a message of their own because that is what the paper describes, it costs
// bytes only on jobs that lie on a line, and the lines arrive with the very job that needs
// them (a broadcast could arrive after it). Each processor's received jobs try a line's move
// first where they have no table move; the root processor's own root search keeps to the
// sequential program's ordering (its own table and previous PV), so P = 1 is unchanged.
// Distributed quiescence search (section 4: "every node, even nodes in the quiescence search
// are distributed"): with min_split_depth <= 0 horizon and quiescence nodes are frames of the
// resumable search and are given away like any other (counted as quiescence_jobs).
// A processor waiting for its helpers' results takes other work meanwhile: it holds a list of
// tasks (each a resumable search) and always runs the oldest one that can run, so results
// arriving for an older task are taken up at the next slice.
//
// Tables (actors/table_placement.hpp): with a global or distributed table each search probes
// through this processor's TableService; a task whose node waits for an ANSWER is not
// runnable (others may run meanwhile), and an idle processor that waits for one does not ask
// for work. Answers for nodes finished meanwhile are dropped (counted as late_answers).
// Gossip (actors/gossip.hpp): killer and history changes go to the topology neighbours.
//
// Faults: when a processor dies, every master re-searches the jobs it had given to it (or
// whose messages may have crossed a dead processor), tasks whose master died (or cannot be
// reached any more) are dropped, and a lost work request is asked again elsewhere. The root
// value stays exact.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "actors/algorithm.hpp"
#include "actors/gossip.hpp"
#include "actors/table_placement.hpp"
#include "actors/table_replication.hpp"
#include "search/resumable_search.hpp"

namespace alphactor::actors {

struct YbwcParams {
  int depth = 1;
  bool iterative_deepening = true;
  std::uint64_t slice_nodes = 1000;  // K: nodes searched between two looks at the mailbox
  ResumableParams search;            // pvs or alpha-beta windows, smallest subproblem given away
  SearchOptions options;             // each processor's own tables (local transposition table)
  // After k no-work answers in a row an idle processor waits min(max, max/64 * 2^(k-1))
  // before asking again; 0: it asks again at once (ZUGZWANG).
  Time steal_backoff_ns = 0;
  bool send_killers = true;  // work carries the master's killers for its plies
  bool send_hints = true;    // work carries the previous iteration's lines below the job
  int table_line_plies = 0;  // work carries the master's table moves along this many plies
  TableParams table;         // where the transposition table lives (local: in `options`)
  ReplicationParams replication;  // replicated: which entries go to the neighbours
  GossipParams gossip;       // shared history and killers
};

template <Game G>
class Ybwc final : public ProcessorAlgorithm {
 public:
  Ybwc(Runtime& rt, const G& root, const YbwcParams& params)
      : rt_(rt), game_(root), params_(params) {
    const TablePlacement where = params_.table.placement;
    if (where == TablePlacement::kGlobal || where == TablePlacement::kDistributed ||
        where == TablePlacement::kHybrid)
      tables_ = std::make_unique<TableService>(rt_, params_.table);
    if (params_.gossip.any()) gossip_ = std::make_unique<Gossip>(rt_, params_.gossip);
    if (where == TablePlacement::kReplicated)
      replication_ = std::make_unique<TableReplication>(rt_, params_.replication);
  }

  void begin() override {
    if (rt_.id() != 0) request_work();
  }

  void start() override {
    iteration_ = first_iteration();
    start_iteration();
  }

  void receive(Message& message) override {
    std::visit([this](auto& m) { on(m); }, message);
  }

  void step() override {
    backing_off_ = false;
    Task* t = runnable();
    if (t) {
      attach(t);
      const std::uint64_t before = ctx().stats().nodes();
      t->search->run(params_.slice_nodes, [this] { return rt_.mail_waiting(); });
      t->nodes += ctx().stats().nodes() - before;
      after_change(t);
    }
    continue_or_ask();
  }

  void processor_down(int /*dead*/) override {
    // A probe whose answer may be lost with the dead processor is taken as a miss (a miss
    // never changes a value).
    if (tables_) {
      std::vector<Task*> waiting;  // answering one task never removes another
      for (auto& t : tasks_)
        if (t->search->pending_probe()) waiting.push_back(t.get());
      for (Task* t : waiting) {
        attach(t);
        t->search->on_probe_answer(*t->search->pending_probe(), std::nullopt);
        after_change(t);
      }
    }
    // A message between two live processors is lost only on a route that crosses a dead one
    // (Runtime::route_broken), so every death re-checks every partner against all the dead
    // known so far: the death that explains a loss may be learned before or after another.
    for (std::size_t i = 0; i < tasks_.size();) {
      Task* t = tasks_[i].get();
      if (t->master >= 0 && !reachable(t->master)) {  // the master searches it again itself
        attach(t);
        t->search->abandon();
        flush(t);
        remove(t);
        continue;
      }
      for (const auto& [job, helper] : t->search->all_jobs()) {
        if (!reachable(helper)) {
          t->search->on_helper_lost(job);
          ++stats_.jobs_lost;
        }
      }
      flush(t);
      ++i;
    }
    if (request_target_ >= 0 && !reachable(request_target_))
      request_target_ = -1;  // its answer may be lost: ask again
    continue_or_ask();
  }

  [[nodiscard]] const SearchStats& search_stats() const override {
    static const SearchStats kNone{};
    return ctx_ ? ctx_->stats() : kNone;
  }
  [[nodiscard]] AlgorithmStats algorithm_stats() const override {
    AlgorithmStats s = stats_;
    if (tables_) s.table_bytes = tables_->table_bytes();
    if (ctx_ && ctx_->table()) s.table_bytes += ctx_->table()->bytes();  // local or hybrid
    return s;
  }
  [[nodiscard]] std::size_t memory_bytes() const override {
    std::size_t b = sizeof(*this);
    if (ctx_) {
      b += sizeof(*ctx_) + G::kHistorySize * sizeof(std::int32_t);
      if (ctx_->table()) b += ctx_->table()->bytes();
    }
    if (tables_) b += sizeof(*tables_) + tables_->table_bytes();
    b += hints_.bytes();
    for (const auto& t : tasks_) b += sizeof(Task) + t->search->memory_bytes();
    return b;
  }

 private:
  struct Task {
    std::unique_ptr<ResumableSearch<G>> search;
    int master = -1;  // -1: the root problem
    JobId job = 0;    // the master's id for it
    std::uint64_t nodes = 0;
  };

  SearchContext<G>& ctx() {
    if (!ctx_) {
      ctx_ = std::make_unique<SearchContext<G>>(game_, params_.options);
      if (gossip_) {
        gossip_->set_stats(&ctx_->stats());
        ctx_->set_heuristics_listener(gossip_.get());
      }
      if (replication_) ctx_->set_table_listener(replication_.get());
    }
    return *ctx_;
  }

  // --- Tasks -------------------------------------------------------------------------------
  void attach(Task* t) {
    if (attached_ == t) return;
    if (attached_) attached_->search->detach();
    t->search->attach();
    attached_ = t;
  }
  void remove(Task* t) {
    if (attached_ == t) {
      t->search->detach();
      attached_ = nullptr;
    }
    std::erase_if(tasks_, [t](const auto& p) { return p.get() == t; });
  }
  Task* add_task(std::vector<std::uint32_t> path, int depth, Value a, Value b, bool scout,
                 int master, JobId job, NodeType type = NodeType::kPv) {
    auto t = std::make_unique<Task>();
    t->search = std::make_unique<ResumableSearch<G>>(ctx(), std::move(path), depth, a, b, scout,
                                                     params_.search, type);
    t->master = master;
    t->job = job;
    if (tables_) t->search->set_table_port(tables_.get());
    if (params_.send_hints) {
      if (master < 0) t->search->keep_root_lines();
      else t->search->set_hints(&hints_);
    }
    tasks_.push_back(std::move(t));
    return tasks_.back().get();
  }
  // The oldest task with local work.
  Task* runnable() {
    for (auto& t : tasks_)
      if (t->search->status() == ResumableSearch<G>::Status::kRunning) return t.get();
    return nullptr;
  }
  // The task whose node waits for table answer `ticket`, if any.
  Task* task_of_probe(std::uint32_t ticket) {
    for (auto& t : tasks_)
      if (t->search->pending_probe() == ticket) return t.get();
    return nullptr;
  }
  [[nodiscard]] bool awaiting_table() const {
    return tables_ && std::any_of(tasks_.begin(), tasks_.end(),
                                  [](const auto& t) { return t->search->pending_probe(); });
  }
  Task* task_of_job(JobId job) {
    for (auto& t : tasks_)
      if (t->master >= 0 && t->job == job) return t.get();
    return nullptr;
  }
  Task* task_of_delegation(JobId job) {
    for (auto& t : tasks_)
      if (t->search->has_delegation(job)) return t.get();
    return nullptr;
  }

  // Sends what the search asked for; answers the master when the task is done.
  void after_change(Task* t) {
    flush(t);
    if (t->search->done()) finish(t);
  }
  void flush(Task* t) {
    auto& events = t->search->events();
    for (const SearchEvent& e : events) {
      if (e.kind == SearchEvent::Kind::kFailHigh) {
        if (t->master < 0 || !rt_.alive(t->master)) continue;
        FailHigh m;
        m.job = t->job;
        m.bound = e.beta;
        rt_.send(t->master, std::move(m));
        continue;
      }
      if (!rt_.alive(e.helper)) continue;
      if (e.kind == SearchEvent::Kind::kNewBound) {
        NewBound m;
        m.job = e.job;
        m.alpha = e.alpha;
        m.beta = e.beta;
        rt_.send(e.helper, std::move(m));
      } else {
        Cutoff m;
        m.job = e.job;
        rt_.send(e.helper, std::move(m));
      }
    }
    events.clear();
  }
  void finish(Task* t) {
    if (replication_) replication_->flush();  // the master gets the job's entries first
    if (t->master < 0) {
      RootResult r{t->search->value(), t->search->line(), iteration_};
      if (params_.send_hints) remember_lines(*t->search, r.line);
      remove(t);
      if (iteration_ < params_.depth) {
        ctx().set_previous_pv(r.line);
        ++iteration_;
        start_iteration();
      } else {
        rt_.root_done(r);
      }
      return;
    }
    Result m;
    m.job = t->job;
    m.value = t->search->value();
    m.line = t->search->line();
    m.nodes = t->nodes;
    const int master = t->master;
    remove(t);
    if (rt_.alive(master)) rt_.send(master, std::move(m));
  }
  // The finished iteration's PV first (it wins where lines meet), then every root move's line.
  void remember_lines(const ResumableSearch<G>& root, const std::vector<std::uint32_t>& pv) {
    hints_.clear();
    hints_iteration_ = iteration_ + 1;
    hints_.insert({}, pv);
    for (const auto& line : root.root_lines()) hints_.insert({}, line);
  }
  void start_iteration() {
    // Aged once per search, as the sequential searcher does (search/searcher.hpp): aging
    // every iteration made the table replace the previous iterations' entries first, and one
    // processor searched ~6 % more nodes than the sequential search at depth 8.
    if (auto* table = ctx().table(); table && iteration_ == first_iteration()) table->new_search();
    add_task({}, iteration_, -kInfinity, kInfinity, false, -1, 0);
    rt_.wake();
  }

  int first_iteration() const { return params_.iterative_deepening ? 1 : params_.depth; }

  // --- Work stealing -------------------------------------------------------------------------
  void continue_or_ask() {
    if (runnable()) rt_.wake();
    else if (request_target_ < 0 && !backing_off_ && !awaiting_table()) request_work();
  }
  void request_work() {
    const int p = rt_.processors();
    if (p < 2) return;
    if (replication_) replication_->flush();  // nothing new comes for a while
    int target = rt_.id();
    for (int tries = 0; tries < 64 && (target == rt_.id() || !reachable(target)); ++tries)
      target = static_cast<int>(rt_.random() % static_cast<std::uint64_t>(p));
    if (target == rt_.id() || !reachable(target)) return;
    request_target_ = target;
    WorkRequest m;
    m.request = ++request_;
    ++stats_.requests;
    rt_.send(target, std::move(m));
  }
  // Whether messages to and from `p` cannot have been lost so far: it is alive and the
  // routes both ways cross no dead processor. Work goes only to reachable requesters and
  // requests only to reachable processors, so a loss always shows up in processor_down().
  bool reachable(int p) const {
    return rt_.alive(p) && !rt_.route_broken(rt_.id(), p) && !rt_.route_broken(p, rt_.id());
  }
  JobId new_job() { return (JobId(rt_.id()) << 40) | ++jobs_; }
  Time backoff() const {
    const Time max = params_.steal_backoff_ns;
    if (max <= 0 || failures_ == 0) return 0;
    const int shift = std::min(failures_ - 1, 6);
    return std::min(max, std::max<Time>(1, max / 64) << shift);
  }

  // --- Messages ------------------------------------------------------------------------------
  void on(WorkRequest& m) {
    // A request from a processor known dead, or over a route known broken: work given now
    // might be lost after processor_down() has already run for that death, so none is given
    // (the requester asks again once it learns of the death too).
    if (!reachable(m.route.from)) return;
    // The highest split point over all tasks (closest to the game's root).
    Task* best = nullptr;
    std::optional<typename ResumableSearch<G>::Split> split;
    for (auto& t : tasks_) {
      if (auto s = t->search->best_split(); s && (!split || s->ply < split->ply)) {
        split = s;
        best = t.get();
      }
    }
    if (!split) {
      NoWork n;
      n.request = m.request;
      rt_.send(m.route.from, std::move(n));
      return;
    }
    const JobId job = new_job();
    DelegatedJob j = best->search->delegate(*split, job, m.route.from);
    ++stats_.jobs_given;
    Work w;
    w.request = m.request;
    w.job = job;
    w.path = std::move(j.path);
    w.depth = static_cast<std::int8_t>(j.depth);
    w.alpha = j.alpha;
    w.beta = j.beta;
    w.scout = j.scout;
    w.node_type = static_cast<std::uint8_t>(j.type);
    if (j.depth <= 0) ++stats_.quiescence_jobs;
    if (params_.send_hints && !hints_.empty()) {
      w.hints = hints_.lines_below(w.path);
      if (!w.hints.empty()) {
        w.hint_iteration = static_cast<std::uint8_t>(hints_iteration_);
        ++stats_.hint_jobs;
      }
    }
    if (params_.send_killers && params_.options.killers) {
      const KillerTable& k = ctx().killers();
      for (int ply = split->ply; ply < split->ply + j.depth && ply < kMaxPly; ++ply) {
        for (int slot = 0; slot < KillerTable::kSlots; ++slot) {
          std::uint32_t move = 0;
          w.killers.push_back(k.get(ply, slot, move) ? move + 1 : 0);
        }
      }
    }
    if (params_.table_line_plies > 0) {
      attach(best);
      w.table_line = best->search->table_line(*split, std::min(j.depth, params_.table_line_plies));
    }
    rt_.send(m.route.from, std::move(w));
  }
  void on(Work& m) {
    if (m.request == request_) request_target_ = -1;
    // From a master known dead or cut off by a death: it searches this job again itself.
    if (!reachable(m.route.from)) {
      continue_or_ask();
      return;
    }
    failures_ = 0;
    ++stats_.jobs_received;
    const NodeType type = m.node_type <= 2 ? static_cast<NodeType>(m.node_type) : NodeType::kCut;
    // The master's killers replace ours at the job's plies (the eldest slot added last).
    const int ply0 = static_cast<int>(m.path.size());
    for (std::size_t i = 0; i + 1 < m.killers.size(); i += KillerTable::kSlots) {
      const int ply = ply0 + static_cast<int>(i / KillerTable::kSlots);
      for (int slot = KillerTable::kSlots - 1; slot >= 0; --slot)
        if (const std::uint32_t w = m.killers[i + slot]) ctx().killers().add(ply, w - 1);
    }
    // Lines of a newer iteration replace the old ones; an older iteration's are dropped.
    if (params_.send_hints && !m.hints.empty() && m.hint_iteration >= hints_iteration_) {
      if (m.hint_iteration > hints_iteration_) {
        hints_.clear();
        hints_iteration_ = m.hint_iteration;
      }
      hints_.insert_flat(m.path, m.hints);
    }
    Task* t =
        add_task(std::move(m.path), m.depth, m.alpha, m.beta, m.scout, m.route.from, m.job, type);
    if (!m.table_line.empty()) {
      attach(t);
      t->search->seed_table(m.table_line);
    }
    rt_.wake();
  }
  void on(NoWork& m) {
    if (m.request != request_ || request_target_ < 0) return;  // a stale answer
    request_target_ = -1;
    if (runnable()) return;
    ++failures_;
    if (const Time delay = backoff(); delay > 0) {
      backing_off_ = true;
      rt_.wake(delay);
    } else {
      request_work();
    }
  }
  void on(Result& m) {
    Task* t = task_of_delegation(m.job);
    if (!t) return;  // cut off meanwhile
    attach(t);
    t->nodes += m.nodes;
    t->search->on_result(m.job, m.value, m.line);
    after_change(t);
    if (runnable()) rt_.wake();
  }
  void on(FailHigh& m) {
    Task* t = task_of_delegation(m.job);
    if (!t) return;  // cut off meanwhile
    attach(t);
    t->search->on_fail_high(m.job, m.bound);
    after_change(t);
    if (runnable()) rt_.wake();
  }
  void on(NewBound& m) {
    Task* t = task_of_job(m.job);
    if (!t) return;
    attach(t);
    t->search->on_new_bound(m.alpha, m.beta);
    after_change(t);
    if (runnable()) rt_.wake();
  }
  void on(Cutoff& m) {
    Task* t = task_of_job(m.job);
    if (!t) return;
    attach(t);
    t->search->abandon();
    flush(t);
    remove(t);
    continue_or_ask();
  }
  void on(ProcessorDown&) {}  // handled by the runtime, which calls processor_down()
  void on(TableProbe& m) {
    if (tables_) tables_->on(m);
  }
  void on(TableStore& m) {
    if (tables_) tables_->on(m);
  }
  void on(TableAnswer& m) {
    Task* t = task_of_probe(m.ticket);
    if (!t) {  // its node was finished, cut off or restarted meanwhile
      ++stats_.late_answers;
      return;
    }
    std::optional<TableEntry> entry;
    if (m.found) {
      TableEntry e;
      e.move = m.move;
      e.value = m.value;
      e.draft = m.draft;
      e.bound_age = m.flags & 7u;
      entry = e;
    }
    attach(t);
    t->search->on_probe_answer(m.ticket, entry);
    after_change(t);
    continue_or_ask();
  }
  void on(TableCopies& m) {
    if (TranspositionTable* table = ctx().table()) TableReplication::receive(m, *table);
  }
  void on(HistoryUpdate& m) {
    if (m.index < G::kHistorySize) ctx().history().merge_max(m.index, m.value);
  }
  void on(KillerUpdate& m) {
    if (m.ply < kMaxPly) ctx().killers().add(m.ply, m.move);
  }

 private:
  Runtime& rt_;
  G game_;  // the root position; tasks play their paths on it and take them back
  YbwcParams params_;
  std::unique_ptr<TableService> tables_;   // global / distributed table: this processor's end
  std::unique_ptr<Gossip> gossip_;         // declared before ctx_, which points to it
  std::unique_ptr<TableReplication> replication_;  // so is this
  std::unique_ptr<SearchContext<G>> ctx_;  // created with the first work: idle actors stay small
  MoveHints hints_;          // the previous iteration's lines known here (tasks point to it)
  int hints_iteration_ = 0;  // the iteration they guide
  std::vector<std::unique_ptr<Task>> tasks_;
  Task* attached_ = nullptr;
  int iteration_ = 0;
  std::uint32_t request_ = 0;
  int request_target_ = -1;  // processor asked last, -1 when no request is out
  bool backing_off_ = false;
  int failures_ = 0;  // no-work answers in a row
  JobId jobs_ = 0;
  AlgorithmStats stats_;
};

}  // namespace alphactor::actors
