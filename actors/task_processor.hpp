// TaskProcessor: what every parallel alpha-beta on resumable searches shares, whatever the
// way it hands out work. A processor holds a list of tasks (each a ResumableSearch of a job
// a master gave it, or the root problem), always runs the oldest one that can run, gives a
// task's split points away as Work, takes Results, FAILHIGH, NEWBOUND and CUTOFF for them,
// serves and asks the tables (actors/table_placement.hpp, table_replication.hpp), gossips
// heuristics (actors/gossip.hpp), runs the root's iterations, and re-searches work lost to a
// failed processor. It was YBWC's body (Feldmann, Mysliwietz & Monien, ZUGZWANG, section 4)
// and is now the runtime's seam for every algorithm of that shape: an algorithm derives from
// it and decides only *who gets which split point when* (the hooks below):
//  - algorithms/ybwc: idle processors steal from a random processor (WorkRequest / NoWork);
//  - algorithms/pvsplit, treesplit, pchess: masters push work down a processor tree or star.
//
// Hooks (all optional; each runs on the processor's one thread):
//  - begin()            every processor once at the start (YBWC: the idle ones ask for work);
//  - distribute()       after every change (a slice, a result, a bound): give split points
//                       away now if the algorithm pushes work;
//  - idle()             nothing here can run and no table answer is awaited;
//  - work_arrived(m)    a Work message is here, before it becomes a task;
//  - on(WorkRequest&), on(NoWork&)  the stealing handshake;
//  - partners_checked() after a processor death was taken into account;
//  - result_arrived(h)  helper h's Result was taken.
//
// Not thread-safe: the runtime calls a processor's algorithm from one thread at a time.
#pragma once

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "actors/algorithm.hpp"
#include "actors/gossip.hpp"
#include "actors/table_placement.hpp"
#include "actors/table_replication.hpp"
#include "search/resumable_search.hpp"

namespace alphactor::actors {

struct TaskParams {
  int depth = 1;
  bool iterative_deepening = true;
  std::uint64_t slice_nodes = 1000;  // K: nodes searched between two looks at the mailbox
  ResumableParams search;            // windows, split rule, smallest subproblem given away
  SearchOptions options;             // each processor's own tables (local transposition table)
  bool send_killers = true;          // work carries the master's killers for its plies
  bool send_hints = true;            // work carries the previous iteration's lines below the job
  int table_line_plies = 0;          // work carries the master's table moves along this many plies
  TableParams table;                 // where the transposition table lives (local: in `options`)
  ReplicationParams replication;     // replicated: which entries go to the neighbours
  GossipParams gossip;               // shared history and killers
  // Play mode (search/resumable_search.hpp set_play; games with a play search): the searches
  // prune as search/play_search.hpp does, with one such searcher a processor. No reference.
  bool play = false;
  const std::atomic<bool>* stop = nullptr;  // play mode, a live run: its stop (LiveControl)
};

template <Game G>
class TaskProcessor : public ProcessorAlgorithm {
 public:
  // root and parameters: shared by every processor of the run (one copy, not one each).
  TaskProcessor(Runtime& rt, std::shared_ptr<const G> root,
                std::shared_ptr<const TaskParams> shared_params)
      : rt_(rt), root_(std::move(root)), params_(std::move(shared_params)) {
    const TablePlacement where = params().table.placement;
    if (where == TablePlacement::kGlobal || where == TablePlacement::kDistributed ||
        where == TablePlacement::kHybrid)
      tables_ = std::make_unique<TableService>(rt_, params().table);
    if (params().gossip.any()) gossip_ = std::make_unique<Gossip>(rt_, params().gossip);
    if (where == TablePlacement::kReplicated)
      replication_ = std::make_unique<TableReplication>(rt_, params().replication);
  }

  void begin() override {}

  void start() override {
    iteration_ = first_iteration();
    start_iteration();
  }

  void receive(Message& message) override {
    std::visit([&](auto& m) { this->on(m); }, message);  // [&]: clang calls [this] unused here
  }

  void step() override {
    Task* t = runnable();
    if (t) {
      attach(t);
      const std::uint64_t before = ctx().stats().nodes();
      t->search->run(slice(*t), [this] { return rt_.mail_waiting(); });
      t->nodes += ctx().stats().nodes() - before;
      after_change(t);
    }
    continue_or_idle();
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
    partners_checked();
    continue_or_idle();
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
      b += sizeof(G) + sizeof(*ctx_) + G::kHistorySize * sizeof(std::int32_t);
      if (ctx_->table()) b += ctx_->table()->bytes();
    }
    if (tables_) b += sizeof(*tables_) + tables_->table_bytes();
    b += hints_.bytes();
    for (const auto& t : tasks_) b += sizeof(Task) + t->search->memory_bytes();
    return b;
  }
  // Each task: whose job it is, and the jobs and table answer it waits for.
  [[nodiscard]] std::string describe_wait() const override {
    std::string out;
    for (const auto& t : tasks_) {
      if (!out.empty()) out += "; ";
      out += t->master < 0
                 ? std::string("the root problem")
                 : "job " + std::to_string(t->job) + " of processor " + std::to_string(t->master);
      const auto jobs = t->search->delegated_jobs();
      if (!jobs.empty()) out += " waits for";
      for (std::size_t i = 0; i < jobs.size(); ++i)
        out += (i ? ", job " : " job ") + std::to_string(jobs[i].first) + " at processor " +
               std::to_string(jobs[i].second);
      if (t->search->pending_probe()) out += ", a table answer";
    }
    return out;
  }

 protected:
  using Split = typename ResumableSearch<G>::Split;
  struct Task {
    std::unique_ptr<ResumableSearch<G>> search;
    int master = -1;  // -1: the root problem
    JobId job = 0;    // the master's id for it
    std::uint64_t nodes = 0;
    std::uint64_t serial = 0;  // unique on this processor (a Task* may be reused)
  };

  // --- Hooks ---------------------------------------------------------------------------------
  virtual void distribute() {}
  virtual void idle() {}
  virtual void work_arrived(const Work&) {}
  virtual void partners_checked() {}
  virtual void result_arrived(int /*helper*/) {}
  virtual void on(WorkRequest&) {}
  virtual void on(NoWork&) {}
  virtual void on(Grant&) {}
  // Nodes task `t` may search before the next look at the mailbox and the next distribute().
  virtual std::uint64_t slice(const Task&) { return params().slice_nodes; }
  // Parallel ER's problem-heap messages (algorithms/er/er.hpp) are not this protocol's.
  void on(ErRequest&) {}
  void on(ErProblem&) {}
  void on(ErResult&) {}
  void on(ErCancel&) {}

  // --- For the algorithms --------------------------------------------------------------------
  // Gives split `s` of task `t` to `helper` as a Work message answering `request` (0: none),
  // with processor set `set` (DTS: the processors besides the helper that come with the job).
  // Returns the job's id.
  JobId give(Task* t, const Split& s, int helper, std::uint32_t request = 0,
             std::vector<std::int32_t> set = {}) {
    const JobId job = new_job();
    if (params().play) attach(t);  // the play search looks at the position for its reduction
    DelegatedJob j = t->search->delegate(s, job, helper);
    ++stats_.jobs_given;
    Work w;
    w.request = request;
    w.job = job;
    w.path = std::move(j.path);
    w.depth = static_cast<std::int8_t>(j.depth);
    w.alpha = j.alpha;
    w.beta = j.beta;
    w.scout = j.scout;
    w.node_type = static_cast<std::uint8_t>(static_cast<int>(j.type) | (j.reduction << 2));
    w.set = std::move(set);
    if (j.depth <= 0) ++stats_.quiescence_jobs;
    if (params().send_hints && !hints_.empty()) {
      w.hints = hints_.lines_below(w.path);
      if (!w.hints.empty()) {
        w.hint_iteration = static_cast<std::uint8_t>(hints_iteration_);
        ++stats_.hint_jobs;
      }
    }
    if (params().send_killers && params().options.killers) {
      const KillerTable& k = ctx().killers();
      for (int ply = s.ply; ply < s.ply + j.depth && ply < kMaxPly; ++ply) {
        for (int slot = 0; slot < KillerTable::kSlots; ++slot) {
          std::uint32_t move = 0;
          w.killers.push_back(k.get(ply, slot, move) ? move + 1 : 0);
        }
      }
    }
    if (params().table_line_plies > 0) {
      attach(t);
      w.table_line = t->search->table_line(s, std::min(j.depth, params().table_line_plies));
    }
    rt_.send(helper, std::move(w));
    return job;
  }
  // The highest split point over all tasks (closest to the game's root), and its task.
  Task* highest_split(Split& out) { return highest_split(out, params().search.split_rule); }
  Task* highest_split(Split& out, SplitRule rule) {
    Task* best = nullptr;
    std::optional<Split> split;
    for (auto& t : tasks_) {
      if (auto s = t->search->best_split(rule); s && (!split || s->ply < split->ply)) {
        split = s;
        best = t.get();
      }
    }
    if (split) out = *split;
    return best;
  }
  // Whether any task here waits for a job given to `helper`.
  [[nodiscard]] bool has_job_at(int helper) const {
    return std::any_of(tasks_.begin(), tasks_.end(),
                       [helper](const auto& t) { return t->search->delegates_to(helper); });
  }
  // Whether messages to and from `p` cannot have been lost so far: it is alive and the
  // routes both ways cross no dead processor. Work goes only to reachable processors, so a
  // loss always shows up in processor_down().
  bool reachable(int p) const {
    return rt_.alive(p) && !rt_.route_broken(rt_.id(), p) && !rt_.route_broken(p, rt_.id());
  }
  Task* runnable() {
    for (auto& t : tasks_)
      if (t->search->status() == ResumableSearch<G>::Status::kRunning) return t.get();
    return nullptr;
  }
  [[nodiscard]] bool awaiting_table() const {
    return tables_ && std::any_of(tasks_.begin(), tasks_.end(),
                                  [](const auto& t) { return t->search->pending_probe(); });
  }
  [[nodiscard]] bool has_tasks() const { return !tasks_.empty(); }
  void flush_replicas() {
    if (replication_) replication_->flush();
  }
  std::vector<std::unique_ptr<Task>>& tasks() { return tasks_; }
  [[nodiscard]] const TaskParams& params() const { return *params_; }

  Runtime& rt_;
  AlgorithmStats stats_;

 private:
  SearchContext<G>& ctx() {
    if (!ctx_) {
      game_ = std::make_unique<G>(*root_);
      ctx_ = std::make_unique<SearchContext<G>>(*game_, params().options);
      if (gossip_) {
        gossip_->set_stats(&ctx_->stats());
        ctx_->set_heuristics_listener(gossip_.get());
      }
      if (replication_) ctx_->set_table_listener(replication_.get());
      if constexpr (PlayGame<G>)
        if (params().play) {
          play_ = std::make_unique<PlaySearcher<G>>(*ctx_);
          ctx_->set_stop_flag(params().stop);  // long null-move searches end at once
        }
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
                                                     params().search, type);
    t->master = master;
    t->job = job;
    t->serial = ++serials_;
    if (tables_) t->search->set_table_port(tables_.get());
    t->search->set_play(play_.get());
    if (params().send_hints) {
      if (master < 0) t->search->keep_root_lines();
      else t->search->set_hints(&hints_);
    }
    tasks_.push_back(std::move(t));
    return tasks_.back().get();
  }
  // The task whose node waits for table answer `ticket`, if any.
  Task* task_of_probe(std::uint32_t ticket) {
    for (auto& t : tasks_)
      if (t->search->pending_probe() == ticket) return t.get();
    return nullptr;
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

  // After any change: give work away if the algorithm pushes it, then go on or go idle.
  void continue_or_idle() {
    distribute();
    if (runnable()) rt_.wake();
    else if (!awaiting_table()) idle();
  }
  void wake_if_runnable() {
    distribute();
    if (runnable()) rt_.wake();
  }

  // Sends what the search asked for; answers the master when the task is done.
  void after_change(Task* t) {
    flush(t);
    if (t->search->done()) finish(t);
    else if (t->master < 0 && rt_.wants_progress()) report_progress(*t);
  }
  // The root's iteration under way found a new best move: the runtime keeps it for a run
  // stopped before the iteration ends. And the root's son searched here, when it changed.
  void report_progress(const Task& t) {
    RootResult r;
    r.depth = iteration_;
    if (t.search->best_so_far(r.value, r.line)) rt_.iteration_progress(r);
    std::uint32_t move = 0;
    int number = 0;
    if (t.search->son_searched_here(move, number) &&
        (move != reported_son_ || iteration_ != reported_son_iteration_)) {
      reported_son_ = move;
      reported_son_iteration_ = iteration_;
      rt_.root_move(move, number);
    }
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
    flush_replicas();  // the master gets the job's entries first
    if (t->master < 0) {
      RootResult r{t->search->value(), t->search->line(), iteration_};
      if (window_.widen(r.value)) {  // play mode: the same iteration, a wider window
        remove(t);
        add_task({}, iteration_, window_.alpha, window_.beta, false, -1, 0);
        rt_.wake();
        return;
      }
      previous_value_ = r.value;
      if (params().send_hints) remember_lines(*t->search, r.line);
      remove(t);
      if (iteration_ < params().depth) {
        rt_.iteration_done(r);
        // A live run stopped by that report (a soft time limit, go mate) starts no iteration
        // it would throw away: the run ends at its next poll with this one.
        if (params().stop && params().stop->load()) return;
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
    window_ = first_window();
    add_task({}, iteration_, window_.alpha, window_.beta, false, -1, 0);
    rt_.wake();
  }
  // The root's window for an iteration: play mode's aspiration windows, as the play search
  // sets them (search/play_search.hpp AspirationWindow); otherwise the full window, so every
  // value is exact.
  AspirationWindow first_window() const {
    return params().play ? AspirationWindow::around(previous_value_, iteration_)
                         : AspirationWindow{};
  }

  int first_iteration() const { return params().iterative_deepening ? 1 : params().depth; }
  JobId new_job() { return (JobId(rt_.id()) << 40) | ++jobs_; }

  // --- Messages ------------------------------------------------------------------------------
  void on(Work& m) {
    work_arrived(m);
    // From a master known dead or cut off by a death: it searches this job again itself.
    if (!reachable(m.route.from)) {
      continue_or_idle();
      return;
    }
    ++stats_.jobs_received;
    const int node_type = m.node_type & 3;
    const NodeType type = node_type <= 2 ? static_cast<NodeType>(node_type) : NodeType::kCut;
    // The master's killers replace ours at the job's plies (the eldest slot added last).
    const int ply0 = static_cast<int>(m.path.size());
    for (std::size_t i = 0; i + 1 < m.killers.size(); i += KillerTable::kSlots) {
      const int ply = ply0 + static_cast<int>(i / KillerTable::kSlots);
      for (int slot = KillerTable::kSlots - 1; slot >= 0; --slot)
        if (const std::uint32_t w = m.killers[i + slot]) ctx().killers().add(ply, w - 1);
    }
    // Lines of a newer iteration replace the old ones; an older iteration's are dropped.
    if (params().send_hints && !m.hints.empty() && m.hint_iteration >= hints_iteration_) {
      if (m.hint_iteration > hints_iteration_) {
        hints_.clear();
        hints_iteration_ = m.hint_iteration;
      }
      hints_.insert_flat(m.path, m.hints);
    }
    Task* t =
        add_task(std::move(m.path), m.depth, m.alpha, m.beta, m.scout, m.route.from, m.job, type);
    if (const int reduction = m.node_type >> 2) t->search->set_root_reduction(reduction);
    if (!m.table_line.empty()) {
      attach(t);
      t->search->seed_table(m.table_line);
    }
    rt_.wake();
  }
  void on(Result& m) {
    Task* t = task_of_delegation(m.job);
    if (!t) return;  // cut off meanwhile
    attach(t);
    t->nodes += m.nodes;
    t->search->on_result(m.job, m.value, m.line);
    after_change(t);
    result_arrived(m.route.from);
    wake_if_runnable();
  }
  void on(FailHigh& m) {
    Task* t = task_of_delegation(m.job);
    if (!t) return;  // cut off meanwhile
    attach(t);
    t->search->on_fail_high(m.job, m.bound);
    after_change(t);
    wake_if_runnable();
  }
  void on(NewBound& m) {
    Task* t = task_of_job(m.job);
    if (!t) return;
    attach(t);
    t->search->on_new_bound(m.alpha, m.beta);
    after_change(t);
    wake_if_runnable();
  }
  void on(Cutoff& m) {
    Task* t = task_of_job(m.job);
    if (!t) return;
    attach(t);
    t->search->abandon();
    flush(t);
    remove(t);
    continue_or_idle();
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
    continue_or_idle();
  }
  void on(TableCopies& m) {
    if (TranspositionTable* table = ctx().table()) TableReplication::receive(m, *table);
    if (replication_) replication_->pass_on(std::move(m));  // m is not read after this
  }
  void on(HistoryUpdate& m) {
    if (m.index < G::kHistorySize) ctx().history().merge_max(m.index, m.value);
  }
  void on(KillerUpdate& m) {
    if (m.ply < kMaxPly) ctx().killers().add(m.ply, m.move);
  }

  std::shared_ptr<const G> root_;
  // The root position, copied with the first work; tasks play their paths on it and take
  // them back. Declared before ctx_, which points to it.
  std::unique_ptr<G> game_;
  std::shared_ptr<const TaskParams> params_;
  std::unique_ptr<TableService> tables_;  // global / distributed table: this processor's end
  std::unique_ptr<Gossip> gossip_;        // declared before ctx_, which points to it
  std::unique_ptr<TableReplication> replication_;  // so is this
  std::unique_ptr<SearchContext<G>> ctx_;  // created with the first work: idle actors stay small
  // Play mode's searcher on ctx_ (declared after it), created with it; null otherwise.
  std::unique_ptr<typename ResumableSearch<G>::Play> play_;
  MoveHints hints_;          // the previous iteration's lines known here (tasks point to it)
  int hints_iteration_ = 0;  // the iteration they guide
  std::vector<std::unique_ptr<Task>> tasks_;
  Task* attached_ = nullptr;
  int iteration_ = 0;
  std::uint32_t reported_son_ = 0;  // report_progress's last root son (processor 0)
  int reported_son_iteration_ = 0;  // and its iteration
  AspirationWindow window_;   // the root's window in this iteration (processor 0)
  Value previous_value_ = 0;  // the last complete iteration's value (processor 0)
  JobId jobs_ = 0;
  std::uint64_t serials_ = 0;
};

}  // namespace alphactor::actors
