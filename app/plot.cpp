#include "app/plot.hpp"

#include <spdlog/spdlog.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "search/input_error.hpp"

namespace alphactor::app {
namespace {

// A gnuplot single-quoted string: '' is a quote; line breaks would end the command.
std::string quoted(const std::string& s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\'') out += "''";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out + "'";
}

// A key entry that fits the key's width: gnuplot warns ("difficulty fitting plot titles into
// key") about a longer one, and a paper's source runs to hundreds of characters (plot.dat's
// header and results.json keep it whole). Cut at a word boundary, with an ellipsis.
constexpr std::size_t kKeyEntryChars = 90;
std::string key_entry(const std::string& s) {
  if (s.size() <= kKeyEntryChars) return s;
  std::size_t cut = s.rfind(' ', kKeyEntryChars - 4);
  if (cut == std::string::npos || cut < kKeyEntryChars / 2) cut = kKeyEntryChars - 4;
  while (cut > 0 && (s[cut - 1] == ',' || s[cut - 1] == ':' || s[cut - 1] == ' ')) --cut;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8
  return s.substr(0, cut) + " ...";
}

// The search overhead figure's y range: from its lowest to its highest value, 0 always in it
// (gnuplot's own autoscaling of a single value is an empty range, which it warns about).
std::string overhead_yrange(const PlotData& data) {
  double lo = 0, hi = 0;
  for (const auto& series : data.series)
    for (const auto& p : series.points) {
      lo = std::min(lo, p.search_overhead_pct);
      hi = std::max(hi, p.search_overhead_pct);
    }
  if (hi - lo < 1) hi = lo + 1;
  const double pad = 0.05 * (hi - lo);
  std::ostringstream r;
  r << "set yrange [" << lo - (lo < 0 ? pad : 0) << ":" << hi + pad << "]\n";
  return r.str();
}

// A figure's title, in lines of at most kTitleLineChars broken at spaces (a config's title
// with the figure's name runs past the figure's width), as a gnuplot double-quoted string.
constexpr std::size_t kTitleLineChars = 110;
std::string wrapped_title(const std::string& s) {
  std::string out = "\"";
  std::size_t line = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i] == '\n' || s[i] == '\r' ? ' ' : s[i];
    if (c == ' ' && line > 0) {  // break here if the next word would not fit
      const std::size_t next = s.find(' ', i + 1);
      const std::size_t word = (next == std::string::npos ? s.size() : next) - i - 1;
      if (line + 1 + word > kTitleLineChars) {
        out += "\\n";
        line = 0;
        continue;
      }
    }
    if (c == '"' || c == '\\') out += '\\';
    out += c;
    ++line;
  }
  return out + "\"";
}

std::string series_label(const JsonValue& e, std::size_t index) {
  if (const JsonValue* name = e.find("name");
      name && name->is_string() && !name->as_string("").empty())
    return name->as_string("name");
  std::string label;
  if (const JsonValue* a = e.find("algorithm"); a && a->is_string()) label = a->as_string("");
  if (const JsonValue* t = e.find("topology"); t && t->is_string())
    label += (label.empty() ? "" : " on ") + t->as_string("");
  const JsonValue* kb = e.find("table_kb");
  const JsonValue* table = e.find("table");
  if (kb && kb->is_number() && kb->as_number("") > 0 && table && table->is_string())
    label += ", " + table->as_string("") + " table";
  return label.empty() ? "experiment " + std::to_string(index + 1) : label;
}

double number_of(const JsonValue& row, const char* key, const std::string& where) {
  const JsonValue* v = row.find(key);
  if (!v) throw InputError(where + ": no field '" + key + "'");
  return v->as_number(where + "." + key);
}

struct Figure {
  const char* file;
  const char* ylabel;
  int column;        // in plot.dat's series blocks: 1 P, 2 speedup, 3 efficiency, 4 SO, 5 load
  int paper_column;  // in its paper blocks (1 P, 2 speedup, 3 efficiency); 0: none
};
constexpr Figure kFigures[] = {
    {"speedup", "speedup", 2, 2},
    {"efficiency", "efficiency (speedup / P)", 3, 3},
    {"search_overhead", "search overhead (%)", 4, 0},
    {"load", "load (%)", 5, 0},
};

std::string gnuplot_script(const PlotData& data, const std::vector<int>& paper_index) {
  std::set<int> ps;
  for (const auto& s : data.series) {
    for (const auto& p : s.points) ps.insert(p.processors);
    for (const auto& [p, sp] : s.paper_speedup) ps.insert(p);
  }
  std::ostringstream g;
  g << "# Written by `alphactor plot`; redraw with `gnuplot plot.gp` in this folder.\n";
  g << "set logscale x 2\nset xlabel 'processors'\nset grid\nset key below left Left reverse\n";
  g << "set xrange [" << *ps.begin() / 1.25 << ":" << *ps.rbegin() * 1.25 << "]\n";
  g << "set xtics (";
  for (auto it = ps.begin(); it != ps.end(); ++it)
    g << (it == ps.begin() ? "" : ", ") << '"' << *it << "\" " << *it;
  g << ")\n";
  for (const Figure& f : kFigures) {
    for (const char* format : {"svg", "png"}) {
      if (std::string(format) == "svg")
        g << "set terminal svg size 960,680 dynamic noenhanced font 'sans,12' background "
             "rgb 'white'\n";
      else
        g << "set terminal pngcairo size 960,680 noenhanced font 'sans,10' background "
             "rgb 'white'\n";
      g << "set output '" << f.file << "." << format << "'\n";
      g << "set title " << wrapped_title(data.title + ": " + f.ylabel) << "\nset ylabel "
        << quoted(f.ylabel) << "\n";
      g << (std::string(f.file) == "search_overhead" ? overhead_yrange(data)
                                                     : "set yrange [0:*]\n");
      g << "plot ";
      bool first = true;
      auto sep = [&] {
        if (!first) g << ", \\\n     ";
        first = false;
      };
      if (std::string(f.file) == "speedup") {
        sep();
        g << "x with lines dashtype 2 linecolor rgb 'gray50' title 'linear'";
      }
      for (std::size_t i = 0; i < data.series.size(); ++i) {
        sep();
        g << "'plot.dat' index " << i << " using 1:" << f.column << " with linespoints linetype "
          << i + 1 << " pointtype 7 title " << quoted(key_entry(data.series[i].label));
      }
      if (f.paper_column)
        for (std::size_t i = 0; i < data.series.size(); ++i) {
          if (paper_index[i] < 0) continue;
          sep();
          g << "'plot.dat' index " << paper_index[i] << " using 1:" << f.paper_column
            << " with points linetype " << i + 1 << " pointtype 6 pointsize 2 title "
            << quoted(key_entry("paper: " + data.series[i].paper_source));
        }
      g << "\nunset output\n";
    }
  }
  return g.str();
}

// Runs `gnuplot plot.gp` in `dir`; InputError when it cannot run or fails.
void run_gnuplot(const std::string& dir) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw InputError(std::string("cannot start gnuplot: ") + std::strerror(errno));
  if (pid == 0) {
    if (chdir(dir.c_str()) != 0) _exit(126);
    execlp("gnuplot", "gnuplot", "plot.gp", static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw InputError("gnuplot: lost its process");
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
    throw InputError("gnuplot not found: install it (scripts/setup.sh installs gnuplot-nox)");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw InputError("gnuplot failed on " + dir + "/plot.gp (its message is above)");
}

}  // namespace

PlotData plot_data(const JsonValue& results, const std::string& what) {
  PlotData d;
  if (const JsonValue* t = results.find("title"); t && t->is_string())
    d.title = t->as_string("title");
  if (d.title.empty()) d.title = std::filesystem::path(what).parent_path().filename().string();
  if (d.title.empty()) d.title = "alphactor";
  const JsonValue* experiments = results.find("experiments");
  if (!experiments)
    throw InputError(what + ": no 'experiments' (not a results.json of `alphactor run`)");
  const auto& list = experiments->as_array(what + ": experiments");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const JsonValue& e = list[i];
    const std::string where = what + ": experiments[" + std::to_string(i) + "]";
    (void)e.as_object(where);  // throws unless an object
    PlotSeries s;
    s.label = series_label(e, i);
    if (const JsonValue* summary = e.find("summary"))
      for (const JsonValue& row : summary->as_array(where + ".summary")) {
        PlotPoint p;
        const double procs = number_of(row, "processors", where + ".summary");
        if (procs < 1 || procs != std::floor(procs))
          throw InputError(where + ".summary: processors must be a positive integer");
        p.processors = static_cast<int>(procs);
        p.speedup = number_of(row, "speedup", where + ".summary");
        p.efficiency = number_of(row, "efficiency", where + ".summary");
        p.search_overhead_pct = number_of(row, "search_overhead_pct", where + ".summary");
        p.load_pct = number_of(row, "load_pct", where + ".summary");
        s.points.push_back(p);
      }
    std::sort(s.points.begin(), s.points.end(),
              [](const PlotPoint& a, const PlotPoint& b) { return a.processors < b.processors; });
    if (const JsonValue* paper = e.find("paper")) {
      if (const JsonValue* src = paper->find("source"); src && src->is_string())
        s.paper_source = src->as_string("paper.source");
      if (s.paper_source.empty()) s.paper_source = "published";
      if (const JsonValue* sp = paper->find("speedup"))
        for (const JsonValue& row : sp->as_array(where + ".paper.speedup")) {
          const double procs = number_of(row, "processors", where + ".paper.speedup");
          if (procs < 1 || procs != std::floor(procs))
            throw InputError(where + ".paper.speedup: processors must be a positive integer");
          s.paper_speedup.emplace_back(int(procs),
                                       number_of(row, "speedup", where + ".paper.speedup"));
        }
    }
    if (!s.points.empty()) d.series.push_back(std::move(s));
  }
  if (d.series.empty()) throw InputError(what + ": no summary rows to plot");
  return d;
}

std::vector<std::string> write_plots(const PlotData& data, const std::string& dir) {
  if (data.series.empty()) throw InputError("nothing to plot");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError("cannot create '" + dir + "': " + ec.message());
  // Series blocks first (index i), then one block per series with paper figures.
  std::ofstream dat(dir + "/plot.dat");
  if (!dat) throw InputError("cannot write '" + dir + "/plot.dat'");
  std::vector<int> paper_index(data.series.size(), -1);
  int next = static_cast<int>(data.series.size());
  for (const auto& s : data.series) {
    dat << "# " << s.label << "\n# P speedup efficiency search_overhead_pct load_pct\n";
    for (const auto& p : s.points)
      dat << p.processors << ' ' << p.speedup << ' ' << p.efficiency << ' ' << p.search_overhead_pct
          << ' ' << p.load_pct << '\n';
    dat << "\n\n";
  }
  for (std::size_t i = 0; i < data.series.size(); ++i) {
    const auto& s = data.series[i];
    if (s.paper_speedup.empty()) continue;
    bool drawn = false;  // experiments that cite the same figures show them once
    for (std::size_t j = 0; j < i && !drawn; ++j)
      drawn = paper_index[j] >= 0 && data.series[j].paper_source == s.paper_source &&
              data.series[j].paper_speedup == s.paper_speedup;
    if (drawn) continue;
    paper_index[i] = next++;
    dat << "# paper: " << s.paper_source << " (for " << s.label << ")\n# P speedup efficiency\n";
    for (const auto& [p, sp] : s.paper_speedup) dat << p << ' ' << sp << ' ' << sp / p << '\n';
    dat << "\n\n";
  }
  dat.close();
  std::ofstream(dir + "/plot.gp") << gnuplot_script(data, paper_index);
  spdlog::info("gnuplot: {} series into {}", data.series.size(), dir);
  run_gnuplot(dir);
  std::vector<std::string> files;
  for (const Figure& f : kFigures)
    for (const char* format : {"svg", "png"}) {
      const std::string path = dir + "/" + f.file + "." + format;
      if (!std::filesystem::exists(path)) throw InputError("gnuplot wrote no " + path);
      files.push_back(path);
    }
  return files;
}

void plot_results_file(const std::string& results_path, const std::string& dir) {
  const PlotData data = plot_data(read_json_file(results_path), results_path);
  std::string out = dir;
  if (out.empty()) out = std::filesystem::path(results_path).parent_path().string();
  if (out.empty()) out = ".";
  const auto files = write_plots(data, out);
  std::printf("plots:");
  for (const auto& f : files) std::printf(" %s", f.c_str());
  std::printf("\n");
}

}  // namespace alphactor::app
