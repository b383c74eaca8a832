#include "app/uci.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <iostream>
#include <set>
#include <sstream>
#include <vector>

#include "chess/chess_game.hpp"
#include "chess/notation.hpp"
#include "search/input_error.hpp"
#include "search/play_search.hpp"
#include "topologies/topology.hpp"

namespace alphactor::app {
namespace {

constexpr std::size_t kMaxHashMb = 4096;
// Threads > 1 runs that many processor actors on as many scheduler threads, each with a
// table of Hash MiB: more threads than this is no engine setting (sim mode is for thousands).
constexpr int kMaxProcessors = 256;

// Each processor's play-search move statistics (search/play_search.hpp PlayHistory), MiB
// rounded up.
constexpr std::uint64_t kPlayHistoryMb =
    (PlayHistory::bytes(chess::ChessGame::kHistorySize) + (1u << 20) - 1) >> 20;

// Threads x Hash (with Threads > 1, each processor's move statistics too) must fit in half the
// machine's memory, or setoption refuses it (a GUI that asks for more would otherwise crash
// the engine on its first isready).
void check_memory(std::size_t hash_mb, int processors) {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return;
  const std::uint64_t total_mb = std::uint64_t(pages) * std::uint64_t(page) >> 20;
  const std::uint64_t each = std::uint64_t(hash_mb) + (processors > 1 ? kPlayHistoryMb : 0);
  const std::uint64_t want = each * std::uint64_t(std::max(1, processors));
  if (want > total_mb / 2)
    throw InputError(
        "Threads x Hash = " + std::to_string(want) + " MiB" +
        (processors > 1
             ? " (with " + std::to_string(kPlayHistoryMb) + " MiB of move statistics a thread)"
             : std::string()) +
        " exceeds half of this machine's memory (" + std::to_string(total_mb) + " MiB)");
}
// Preparing tables inside go (no isready before it) that takes this long is said.
constexpr std::uint64_t kPrepareNoteMs = 5;
// Time kept in reserve for the GUI's own overhead and the transfer of our move, by default
// (UCI option "Move Overhead", as Stockfish names it; a GUI on the same machine can set 0 and
// get the whole movetime searched).
constexpr std::uint64_t kMoveOverheadMs = 30;
constexpr std::uint64_t kMaxMoveOverheadMs = 5000;
// The words that end go searchmoves' list of moves.
const std::set<std::string> kGoParameters = {"searchmoves", "ponder", "wtime",     "btime",
                                             "winc",        "binc",   "movestogo", "depth",
                                             "nodes",       "mate",   "movetime",  "infinite"};
// Moves we plan for when the GUI does not say (sudden death).
constexpr int kDefaultMovesToGo = 30;
// A search that has printed no line for this long prints its nodes so far (a GUI shows a
// long iteration as alive; `go infinite` analysis runs for minutes at one depth).
constexpr std::int64_t kProgressIntervalNs = 1'000'000'000;
// Root moves are reported (`info currmove M currmovenumber N`) from this long into a search
// on, as Stockfish does: a short search's GUI has no use for them. Without a depth, as Fruit
// prints them: a script that reads `info depth N` lines as iterations never mistakes one.
constexpr std::int64_t kCurrmoveAfterNs = 3'000'000'000;

std::int64_t steady_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::vector<std::string> split(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string lower(std::string s) {
  for (auto& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A non-negative integer, or throws InputError naming the field.
std::uint64_t number(const std::string& field, const std::string& text) {
  std::uint64_t v = 0;
  if (text.empty() ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw InputError(field + " needs a non-negative number, got '" + text + "'");
  if (text.size() > 18)  // beyond 10^18 - 1, which the sum below always holds
    throw InputError(field + " is out of range (at most 18 digits), got '" + text + "'");
  for (const char c : text) v = v * 10 + std::uint64_t(c - '0');
  return v;
}

// A check option's value (true or false, any case), or throws InputError naming the option.
bool check_value(const std::string& option, const std::string& value) {
  const std::string v = lower(value);
  if (v != "true" && v != "false")
    throw InputError("option " + option + " must be true or false, got '" + value + "'");
  return v == "true";
}

// UCI's score: centipawns, or mate in N moves (negative: being mated). Mated at the root is
// "mate 0", never "mate -0".
std::string score_text(Value v) {
  if (v >= kMateBound) return "mate " + std::to_string((kMate - v + 1) / 2);
  if (v <= -kMateBound) {
    const int moves = (kMate + v) / 2;
    return moves == 0 ? "mate 0" : "mate -" + std::to_string(moves);
  }
  return "cp " + std::to_string(v);
}

}  // namespace

UciSession::UciSession(std::ostream& out) : out_(out), move_overhead_ms_(kMoveOverheadMs) {}

UciSession::~UciSession() {
  stop_search();
}

void UciSession::send(const std::string& line) {
  std::lock_guard lock(out_mutex_);
  out_ << line << '\n';
  out_.flush();
}

void UciSession::run(std::istream& in) {
  for (std::string line; std::getline(in, line);)
    if (!handle(line)) return;
  // End of input: let a limited search finish, stop an infinite or pondering one.
  if (infinite_ || pondering_) stop_search();
  wait();
}

bool UciSession::handle(const std::string& raw) {
  std::string line = raw;
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  const auto words = split(line);
  if (words.empty()) return true;
  const std::string& cmd = words[0];
  const std::string args = line.substr(std::min(line.size(), line.find(cmd) + cmd.size()));
  try {
    if (cmd == "uci") cmd_uci();
    else if (cmd == "isready") {
      if (!searching_) engine_.prepare();  // tables are allocated now, not on the clock
      send("readyok");
    } else if (cmd == "ucinewgame") {
      stop_search();
      engine_.clear();
      position_ = chess::ChessGame();
    } else if (cmd == "setoption") cmd_setoption(args);
    else if (cmd == "position") cmd_position(args);
    else if (cmd == "go") cmd_go(args);
    else if (cmd == "stop") stop_search();
    else if (cmd == "ponderhit") ponderhit();
    else if (cmd == "quit") {
      stop_search();
      return false;
    } else if (cmd == "d") send("info string fen " + position_.position().fen());
    else if (cmd == "debug" || cmd == "register") {
      // Accepted and ignored.
    } else {
      send("info string unknown command '" + cmd + "'");
    }
  } catch (const InputError& e) {
    send("info string " + std::string(e.what()));
  }
  return true;
}

void UciSession::cmd_uci() {
  send("id name alphactor");
  send("id author the alphactor authors");
  send("option name Hash type spin default " + std::to_string(engine_.settings().hash_mb) +
       " min 1 max " + std::to_string(kMaxHashMb));
  send("option name Threads type spin default 1 min 1 max " + std::to_string(kMaxProcessors));
  send("option name Algorithm type combo default pvs var pvs var alphabeta var er var negamax");
  send("option name FullWidth type check default false");
  send("option name Topology type string default complete");
  send("option name Move Overhead type spin default " + std::to_string(kMoveOverheadMs) +
       " min 0 max " + std::to_string(kMaxMoveOverheadMs));
  send("option name Ponder type check default false");
  send("option name Clear Hash type button");
  send("uciok");
}

void UciSession::cmd_setoption(const std::string& args) {
  if (searching_) throw InputError("setoption ignored while searching");
  wait();  // a finished search may still be printing its bestmove
  // setoption name <name...> [value <value...>]
  const auto words = split(args);
  if (words.empty() || words[0] != "name") throw InputError("setoption needs 'name <option>'");
  std::string name, value;
  bool in_value = false;
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (!in_value && words[i] == "value") {
      in_value = true;
      continue;
    }
    std::string& target = in_value ? value : name;
    target += (target.empty() ? "" : " ") + words[i];
  }
  ChessEngineSettings s = engine_.settings();
  const std::string key = lower(name);
  if (key == "hash") {
    const auto mb = number("option Hash", value);
    if (mb < 1 || mb > kMaxHashMb)
      throw InputError("option Hash must be 1.." + std::to_string(kMaxHashMb) + ", got '" + value +
                       "'");
    s.hash_mb = mb;
  } else if (key == "threads") {
    const auto n = number("option " + name, value);
    if (n < 1 || n > std::uint64_t(kMaxProcessors))
      throw InputError("option " + name + " must be 1.." + std::to_string(kMaxProcessors) +
                       ", got '" + value + "'");
    s.processors = int(n);
  } else if (key == "algorithm") {
    const auto a = parse_algorithm(lower(value));
    if (!a)
      throw InputError("option Algorithm: unknown algorithm '" + value +
                       "' (pvs, alphabeta, er, negamax)");
    s.algorithm = *a;
  } else if (key == "fullwidth") {
    s.full_width = check_value("FullWidth", value);
  } else if (key == "topology") {
    if (value.empty()) throw InputError("option Topology needs a value");
    s.topology = value;
  } else if (key == "move overhead") {
    const auto ms = number("option Move Overhead", value);
    if (ms > kMaxMoveOverheadMs)
      throw InputError("option Move Overhead must be 0.." + std::to_string(kMaxMoveOverheadMs) +
                       ", got '" + value + "'");
    move_overhead_ms_ = ms;
    return;
  } else if (key == "ponder") {
    // The GUI says whether it will send go ponder; time management does not change with it.
    check_value("Ponder", value);
    return;
  } else if (key == "clear hash") {
    // A button: forget what earlier searches learnt, as ucinewgame does (at the next isready).
    if (!value.empty()) throw InputError("option Clear Hash is a button: it takes no value");
    engine_.clear();
    return;
  } else {
    throw InputError("unknown option '" + name + "'");
  }
  // The processors' network must take their number (InputError naming both if not), and
  // their tables must fit.
  (void)topo::Topology::make(s.topology, s.processors);  // with one thread: the name at least
  check_memory(s.hash_mb, s.processors);
  engine_.set_settings(s);  // tables are made at the next isready (or go), once for all
}

void UciSession::cmd_position(const std::string& args) {
  const auto words = split(args);
  if (words.empty()) throw InputError("position needs startpos or fen");
  std::size_t i = 0;
  chess::ChessGame game;
  if (words[0] == "startpos") {
    i = 1;
  } else if (words[0] == "fen") {
    std::string fen;
    for (i = 1; i < words.size() && words[i] != "moves"; ++i)
      fen += (fen.empty() ? "" : " ") + words[i];
    game = chess::ChessGame(chess::Position::from_fen(fen));
  } else {
    throw InputError("position needs startpos or fen, got '" + words[0] + "'");
  }
  if (i < words.size()) {
    if (words[i] != "moves") throw InputError("position: expected 'moves', got '" + words[i] + "'");
    for (++i; i < words.size(); ++i) {
      const auto m = chess::parse_uci(game.position(), words[i]);
      if (!m)
        throw InputError("illegal move '" + words[i] +
                         "' in position command (position unchanged)");
      game.play(*m);
    }
  }
  position_ = std::move(game);
}

void UciSession::cmd_go(const std::string& args) {
  if (searching_) throw InputError("go ignored: already searching");
  const auto words = split(args);
  PlayLimits limits;
  bool infinite = false, ponder = false;
  std::vector<chess::Move> search_moves;  // go searchmoves: the root's moves (empty: all)
  std::uint64_t time[2] = {0, 0}, inc[2] = {0, 0}, movestogo = 0, movetime = 0, mate = 0;
  bool clock = false, has_movetime = false, limited = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    auto next = [&]() -> const std::string& {
      if (i + 1 >= words.size()) throw InputError("go " + w + " needs a value");
      return words[++i];
    };
    if (w == "infinite") infinite = true;
    else if (w == "ponder") ponder = true;
    else if (w == "depth") {
      const auto d = number("go depth", next());
      if (d < 1 || d >= std::uint64_t(kMaxPly))
        throw InputError("go depth must be 1.." + std::to_string(kMaxPly - 1));
      limits.depth = int(d);
      limited = true;
    } else if (w == "nodes")
      limits.nodes = std::max<std::uint64_t>(1, number("go nodes", next())), limited = true;
    else if (w == "movetime")
      movetime = number("go movetime", next()), has_movetime = limited = true;
    else if (w == "wtime") time[0] = number("go wtime", next()), clock = true;
    else if (w == "btime") time[1] = number("go btime", next()), clock = true;
    else if (w == "winc") inc[0] = number("go winc", next());
    else if (w == "binc") inc[1] = number("go binc", next());
    else if (w == "movestogo") movestogo = number("go movestogo", next());
    else if (w == "mate") {
      mate = number("go mate", next()), limited = true;
      if (mate < 1 || mate > std::uint64_t(kMaxPly / 2))
        throw InputError("go mate must be 1.." + std::to_string(kMaxPly / 2) + " moves");
    } else if (w == "searchmoves") {
      // Every word up to the next parameter of go is a move.
      for (; i + 1 < words.size() && !kGoParameters.contains(words[i + 1]); ++i) {
        const auto m = chess::parse_uci(position_.position(), words[i + 1]);
        if (!m) throw InputError("go searchmoves: illegal move '" + words[i + 1] + "'");
        search_moves.push_back(*m);
      }
      if (search_moves.empty()) throw InputError("go searchmoves needs at least one move");
    } else throw InputError("go: unknown parameter '" + w + "'");
  }
  if (!limited && !clock) infinite = true;  // a bare "go" searches until "stop"
  if (has_movetime) {
    limits.hard_ms = std::max<std::uint64_t>(
        1, movetime > move_overhead_ms_ ? movetime - move_overhead_ms_ : movetime);
  } else if (clock && !infinite) {
    const int us = position_.position().side_to_move();
    const std::uint64_t left = time[us] > move_overhead_ms_ ? time[us] - move_overhead_ms_ : 1;
    const std::uint64_t mtg =
        movestogo ? std::min<std::uint64_t>(movestogo, 50) : kDefaultMovesToGo;
    const std::uint64_t base = left / mtg + inc[us] * 3 / 4;
    limits.hard_ms = std::max<std::uint64_t>(1, std::min(left / 2, base * 3));
    limits.soft_ms = std::max<std::uint64_t>(1, std::min(limits.hard_ms, base * 7 / 10));
  }
  if (infinite) limits.nodes = limits.hard_ms = limits.soft_ms = 0;
  // Pondering runs on the opponent's time: the time limits wait for ponderhit.
  ponder_limits_ = limits;
  if (ponder) limits.hard_ms = limits.soft_ms = 0;
  join_threads();
  chess::ChessGame root = position_;
  root.set_root_moves(std::move(search_moves));
  engine_.set_position(std::move(root));
  // Tables a GUI did not let isready make (or clear) are made now, and the time that takes
  // is the search's: the GUI's clock started when it sent go.
  const auto before = std::chrono::steady_clock::now();
  engine_.prepare();
  const auto spent = std::uint64_t(std::chrono::duration_cast<std::chrono::milliseconds>(
                                       std::chrono::steady_clock::now() - before)
                                       .count());
  if (spent >= kPrepareNoteMs)
    send("info string tables prepared in " + std::to_string(spent) +
         " ms inside go, taken from its time (isready after setoption or ucinewgame does it "
         "before)");
  for (std::uint64_t* ms : {&limits.hard_ms, &limits.soft_ms})  // 0: no limit, stays so
    if (*ms) *ms = *ms > spent ? *ms - spent : 1;
  infinite_ = infinite;
  mate_moves_ = infinite ? 0 : int(mate);
  pondering_ = ponder;
  soft_deadline_ns_ = 0;
  stop_ = false;
  searching_ = true;
  worker_ = std::thread([this, limits, infinite] { search_thread(limits, infinite); });
}

void UciSession::search_thread(PlayLimits limits, bool infinite) {
  chess::ChessGame& game = engine_.game();
  chess::MoveList legal;
  game.generate_moves(legal);  // the root's moves: searchmoves' if it gave some
  std::vector<std::uint32_t> last_pv;
  std::mutex pv_mutex;  // the parallel search reports from a scheduler thread
  const std::int64_t started = steady_ns();
  std::atomic<std::int64_t> last_line{started};  // when the last info line went out
  const auto on_iteration = [&](const SearchResult& r) {
    {
      std::lock_guard lock(pv_mutex);
      last_pv = r.principal_variation;
    }
    // After ponderhit, the soft limit: no new iteration (what the play search's soft_ms does).
    const std::int64_t soft = soft_deadline_ns_.load();
    if (soft && steady_ns() >= soft) stop_ = true;
    // go mate N: a mate for us in at most N moves ends the search.
    if (mate_moves_ && r.value >= kMateBound && (kMate - r.value + 1) / 2 <= mate_moves_)
      stop_ = true;
    std::string line =
        "info depth " + std::to_string(r.depth_completed) + " seldepth " +
        std::to_string(std::max(r.depth_completed, r.stats.max_ply)) + " score " +
        score_text(r.value) + " nodes " + std::to_string(r.stats.nodes()) + " nps " +
        std::to_string(r.seconds > 0 ? std::uint64_t(r.stats.nodes() / r.seconds) : 0) +
        (r.hashfull >= 0 ? " hashfull " + std::to_string(r.hashfull) : std::string()) + " time " +
        std::to_string(std::uint64_t(r.seconds * 1000)) + " pv";
    for (const auto w : r.principal_variation)
      line += " " + chess::to_uci(chess::ChessGame::decode(w));
    last_line = steady_ns();
    send(line);
  };
  // A long iteration: its nodes so far, once a second (from the search's polls).
  const auto on_progress = [&](std::uint64_t nodes) {
    const std::int64_t now = steady_ns();
    std::int64_t last = last_line.load();
    if (now - last < kProgressIntervalNs || !last_line.compare_exchange_strong(last, now)) return;
    const std::uint64_t ms = std::uint64_t((now - started) / 1'000'000);
    send("info time " + std::to_string(ms) + " nodes " + std::to_string(nodes) + " nps " +
         std::to_string(ms ? nodes * 1000 / ms : 0));
  };
  // The root move the search (processor 0 with Threads > 1) starts, once the search is long.
  const auto on_root_move = [&](std::uint32_t move, int number) {
    if (steady_ns() - started < kCurrmoveAfterNs) return;
    send("info currmove " + chess::to_uci(chess::ChessGame::decode(move)) + " currmovenumber " +
         std::to_string(number));
  };
  SearchResult r;
  if (legal.empty()) {  // mated or stalemated: nothing to search, no move to play
    r.value = game.terminal_value(0);
    send("info depth 0 score " + score_text(r.value));
  } else {
    try {
      r = engine_.search(limits, &stop_, {on_iteration, on_progress, on_root_move});
    } catch (const std::exception& e) {  // e.g. a runtime refusal: say it, still answer
      send("info string search failed: " + std::string(e.what()));
    }
  }
  // An interrupted iteration may have found a better root move: report its line too.
  if (r.has_move && r.principal_variation != last_pv) on_iteration(r);
  // In infinite mode the GUI expects bestmove only after stop; while pondering, only after
  // stop or ponderhit.
  {
    std::unique_lock lock(wake_mutex_);
    wake_.wait(lock, [&] { return stop_.load() || (!infinite && !pondering_.load()); });
  }
  std::string best = "(none)";  // what UCI GUIs expect when there is no legal move
  if (r.has_move) best = chess::to_uci(chess::ChessGame::decode(r.best_move));
  else if (!legal.empty()) best = chess::to_uci(legal[0]);  // stopped before any result
  std::string line = "bestmove " + best;
  if (r.has_move && r.principal_variation.size() > 1)
    line += " ponder " + chess::to_uci(chess::ChessGame::decode(r.principal_variation[1]));
  // Done with the engine: a command that follows bestmove may change it (after a join).
  searching_ = false;
  send(line);
  { std::lock_guard lock(wake_mutex_); }  // clock_ tests searching_ under it: no lost wake
  wake_.notify_all();
}

void UciSession::ponderhit() {
  if (!searching_ || !pondering_) return;  // late (the search ended) or no ponder: nothing
  const std::int64_t now = steady_ns();
  const PlayLimits limits = ponder_limits_;
  {
    std::lock_guard lock(wake_mutex_);
    if (limits.soft_ms) soft_deadline_ns_ = now + std::int64_t(limits.soft_ms) * 1'000'000;
    pondering_ = false;
  }
  wake_.notify_all();  // a search that already finished answers now
  if (!limits.hard_ms) return;
  const auto hard = std::chrono::steady_clock::time_point(std::chrono::nanoseconds(now)) +
                    std::chrono::milliseconds(limits.hard_ms);
  clock_ = std::thread([this, hard] {
    std::unique_lock lock(wake_mutex_);
    if (!wake_.wait_until(lock, hard, [&] { return stop_.load() || !searching_.load(); }))
      stop_ = true;
  });
}

void UciSession::join_threads() {
  if (worker_.joinable()) worker_.join();
  if (clock_.joinable()) clock_.join();  // woken by the worker's end
}

void UciSession::stop_search() {
  {
    std::lock_guard lock(wake_mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  join_threads();
}

void UciSession::wait() {
  join_threads();
}

}  // namespace alphactor::app
