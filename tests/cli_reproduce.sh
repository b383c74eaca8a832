#!/usr/bin/env bash
# scripts/reproduce.sh --quick: every reproduction config runs, and the generated report has a
# section for every paper in data/papers with each cited figure's table filled (every published
# P with alphactor's speedups beside it, every run exact), the plots it links exist as SVG, and
# each section names its provenance. A config name it does not know is refused.
set -u
bin=$1
root=$2
. "$(dirname "$0")/cli_common.sh"
"$root/scripts/reproduce.sh" --quick --bin "$bin" --out "$tmp/r" >"$tmp/log" 2>&1 ||
  fail "reproduce.sh --quick: $(tail -5 "$tmp/log")"
python3 - "$tmp/r" "$root/data/papers" <<'PY' || fail "report check"
import os, re, sys, tomllib
out, papers = sys.argv[1], sys.argv[2]
md = open(os.path.join(out, "README.md")).read()
assert "## Missing" not in md, "a config failed"
for name in sorted(os.listdir(papers)):
    if not name.endswith(".toml"):
        continue
    doc = tomllib.load(open(os.path.join(papers, name), "rb"))
    assert f"## {doc['paper']}" in md, f"no section for {name}"
    section = md.split(f"## {doc['paper']}", 1)[1].split("\n## ", 1)[0]
    tables = 0
    for fig in doc["figures"]:
        heading = f"### {fig['where']} ({name[:-5]}/{fig['id']}):"
        if heading not in section:
            continue  # a figure no config cites (e.g. Table IV at 6 ply)
        for block in section.split(heading)[1:]:
            tables += 1
            block = block.split("\n### ", 1)[0]
            assert "- from: `configs/" in block and "commit `" in block, block[:300]
            for p, v in fig["speedup"].items():
                row = re.search(rf"^\| {p} \| {float(v):.2f} \| (\S+) \| (\S+) \|", block, re.M)
                assert row and all(re.fullmatch(r"\d+\.\d\d", x) for x in row.groups()), \
                    f"{name} {fig['id']} P = {p}: {row and row.group(0)}"
            for exact in re.findall(r"\| (\d+)/(\d+) \|$", block, re.M):
                assert exact[0] == exact[1], f"{name} {fig['id']}: inexact runs {exact}"
    assert tables, f"{name}: no figure's table in its section"
cited = re.findall(r"!\[[^]]*\]\(([^)]+)\)", md)
assert cited, "no plot in the report"
for svg in cited:
    text = open(os.path.join(out, svg)).read()
    assert "<svg" in text and text.rstrip().endswith("</svg>"), svg
PY
"$root/scripts/reproduce.sh" --quick --bin "$bin" --out "$tmp/x" nobody >"$tmp/x.out" 2>&1
[ $? -eq 2 ] && grep -q "'nobody' is not a reproduction config" "$tmp/x.out" ||
  fail "unknown config: $(cat "$tmp/x.out")"
[ $fails -eq 0 ] && echo "reproduce: the quick report fills every paper's section"
exit $fails
