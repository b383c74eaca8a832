#!/usr/bin/env python3
"""Writes DIR/README.md, the paper-vs-alphactor report, from what scripts/reproduce.sh left in
DIR: one folder per reproduction config holding results.json (docs/JSON.md), the plots and
reproduce.json (wall time, quick overrides). The papers' figures come from data/papers/*.toml
(the `figure` a config's experiment cites), never from this script.

Usage: scripts/report.py DIR PAPERS_DIR
Exit status 2 when DIR holds no results; the report says which configs failed or are missing.
"""
import json
import os
import statistics
import sys
import tomllib

SCHEMA = "alphactor.result/1"


def load_papers(papers_dir):
    """{stem: {"paper": citation, "copy": file, "figures": {id: figure table}}}"""
    papers = {}
    for name in sorted(os.listdir(papers_dir)):
        if name.endswith(".toml"):
            with open(os.path.join(papers_dir, name), "rb") as f:
                doc = tomllib.load(f)
            papers[name[:-5]] = {
                "paper": doc.get("paper", name),
                "copy": doc.get("copy", ""),
                "figures": {fig["id"]: fig for fig in doc.get("figures", [])},
            }
    return papers


def own_speedups(rows):
    """Mean over positions of T(P = 1) / T(P), by P (the papers' "average speedup")."""
    t1 = {r["position"]: r["time_s"] for r in rows if r["processors"] == 1}
    by_p = {}
    for r in rows:
        if r["position"] in t1 and r["time_s"] > 0:
            by_p.setdefault(r["processors"], []).append(t1[r["position"]] / r["time_s"])
    return {p: statistics.mean(v) for p, v in by_p.items()}


def fmt(x, digits=2):
    return "–" if x is None else f"{x:.{digits}f}"


def conditions(doc, e):
    """What alphactor searched, in one line."""
    s = e["summary"][0] if e["summary"] else {}
    parts = [
        f"{doc['game']}, {s.get('positions', '?')} position(s), depth {e['depth']}",
        f"{e['algorithm']} on {e['topology']}",
        f"{e['mode']} mode" + (f", cost {e['cost']}" if e["mode"] == "sim" else ""),
        f"table {e['table']}",
    ]
    if "heap" in e:
        parts.append(f"{e['heap']} heap")
    return "; ".join(parts)


def with_paper(value, paper, digits=1):
    """alphactor's figure, and the paper's beside it where the paper prints one."""
    return fmt(value, digits) + ("" if paper is None else f" (paper {paper:g})")


def experiment_table(e, paper_speedup, fig=None):
    fig = fig or {}
    paper_load = {int(k): v for k, v in fig.get("load_pct", {}).items()}
    paper_so = {int(k): v for k, v in fig.get("search_overhead_pct", {}).items()}
    own = own_speedups(e["results"])
    lines = [
        "| P | paper | alphactor, over its own P = 1 | alphactor, over the best sequential (SPE) "
        "| efficiency | search overhead % | load % | exact |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    summary = {s["processors"]: s for s in e["summary"]}
    for p in sorted(set(summary) | set(paper_speedup)):
        s = summary.get(p)
        row = [
            str(p),
            fmt(paper_speedup.get(p)),
            fmt(own.get(p)),
            fmt(s and s["speedup"]),
            fmt(s and s["efficiency"]),
            with_paper(s and s["search_overhead_pct"], paper_so.get(p)),
            with_paper(s and s["load_pct"], paper_load.get(p)),
            f"{s['exact']}/{s['positions']}" if s else "–",
        ]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def plot_once(out, name, shown):
    """The config's speedup plot (all its experiments), under its first section only."""
    if name in shown or not os.path.exists(os.path.join(out, name, "speedup.svg")):
        return []
    shown.add(name)
    return [f"![speedup against P, every experiment of {name}]({name}/speedup.svg)", ""]


def provenance_line(name, doc, run):
    p = doc["provenance"]
    how = "quick run (--set " + run["overrides"] + ")" if run.get("quick") else "as written"
    return (f"`configs/{name}.toml`, {how}; commit `{p['commit']}`, {p['date']}, host "
            f"`{p['host']}` ({p['hardware_threads']} hardware threads), "
            f"{run.get('wall_s', 0):.1f} s of wall time")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: report.py DIR PAPERS_DIR")
    out, papers_dir = sys.argv[1], sys.argv[2]
    papers = load_papers(papers_dir)
    runs = {}
    problems = []
    for name in sorted(os.listdir(out)):
        folder = os.path.join(out, name)
        if not os.path.isdir(folder):
            continue
        path = os.path.join(folder, "results.json")
        if not os.path.exists(path):
            problems.append(f"`{name}`: no results.json (the run failed: see {name}/run.err)")
            continue
        with open(path) as f:
            doc = json.load(f)
        if doc.get("schema") != SCHEMA:
            problems.append(f"`{name}`: results.json is not in schema {SCHEMA}")
            continue
        run = {}
        if os.path.exists(os.path.join(folder, "reproduce.json")):
            with open(os.path.join(folder, "reproduce.json")) as f:
                run = json.load(f)
        runs[name] = (doc, run)
    if not runs:
        print(f"report.py: no results in {out}", file=sys.stderr)
        sys.exit(2)

    # Experiments by the paper they cite; the rest after them.
    cited = {}
    uncited = []
    for name, (doc, run) in runs.items():
        for e in doc["experiments"]:
            figure = e.get("paper", {}).get("figure", "")
            stem, _, fid = figure.partition("/")
            if stem in papers and fid in papers[stem]["figures"]:
                cited.setdefault(stem, []).append((name, doc, run, e, papers[stem]["figures"][fid]))
            else:
                uncited.append((name, doc, run, e))

    quick = any(run.get("quick") for _, run in runs.values())
    first = next(iter(runs.values()))[0]["provenance"]
    md = ["# alphactor beside the papers", ""]
    md.append(
        "Generated by `scripts/reproduce.sh" + (" --quick" if quick else "") + "` from the runs in "
        "this folder (one folder per config: results.json, results.csv, the printed tables in "
        "run.txt, the plots); do not edit it, run the script again. Commit "
        f"`{first['commit']}`, {first['date']}, host `{first['host']}`.")
    md.append("")
    if quick:
        md.append(
            "**A quick run**: smaller depths, fewer positions or processor counts than the papers "
            "(each section names them), so the figures show the shape of each curve, not the "
            "papers' conditions. Run `scripts/reproduce.sh` without `--quick` for those.")
        md.append("")
    md.append(
        "Speedups: *paper* is the published figure (its measure is named under each table); "
        "*over its own P = 1* is the mean over positions of alphactor's T(1) / T(P) with the "
        "same algorithm, as Marsland & Popowich and Steinberg & Solomon measure; *over the best "
        "sequential* is SPE = sum T(best sequential) / sum T(P), as ZUGZWANG measures. Times "
        "are virtual (sim mode) unless the conditions say real mode.")
    md.append("")
    if problems:
        md += ["## Missing", ""] + [f"- {p}" for p in problems] + [""]

    md += ["## Overview", "", "| paper | figure | P | paper | alphactor (own P = 1) | "
           "alphactor (SPE) |", "|---|---|---:|---:|---:|---:|"]
    for stem, items in cited.items():
        for name, doc, run, e, fig in items:
            own = own_speedups(e["results"])
            summary = {s["processors"]: s for s in e["summary"]}
            speedup = {int(k): v for k, v in fig["speedup"].items()}
            for p in sorted(speedup):
                s = summary.get(p)
                md.append(f"| {stem} | {fig['where']} ({e['name'] or name}) | {p} | "
                          f"{fmt(speedup[p])} | {fmt(own.get(p))} | {fmt(s and s['speedup'])} |")
    md.append("")

    shown = set()
    for stem, items in cited.items():
        md += [f"## {papers[stem]['paper']}", ""]
        md.append(f"Figures from `data/papers/{stem}.toml` (taken from the plain-text copy "
                  f"`{papers[stem]['copy']}`).")
        md.append("")
        for name, doc, run, e, fig in items:
            speedup = {int(k): v for k, v in fig["speedup"].items()}
            md += [f"### {fig['where']} ({e['paper']['figure']}): {e['name'] or doc.get('title', name)}",
                   ""]
            md.append(f"- paper: {fig['conditions']}; {fig['measure']}")
            md.append(f"- alphactor: {conditions(doc, e)}")
            md.append(f"- from: {provenance_line(name, doc, run)}")
            md += ["", experiment_table(e, speedup, fig), ""]
            md += plot_once(out, name, shown)
    if uncited:
        md += ["## Reproductions without a published figure in data/papers", ""]
        for name, doc, run, e in uncited:
            md += [f"### {doc.get('title', name)}: {e['name'] or name}", ""]
            md.append(f"- alphactor: {conditions(doc, e)}")
            md.append(f"- from: {provenance_line(name, doc, run)}")
            md += ["", experiment_table(e, {}), ""]
            md += plot_once(out, name, shown)
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(md).rstrip() + "\n")


if __name__ == "__main__":
    main()
