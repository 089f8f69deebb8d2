#!/usr/bin/env bash
# reproduce_quick.sh -- `make reproduce QUICK=1` in a temporary directory (run by `make test-sim`):
# every paper-value file parses, a bad one is refused with its file and line, the report
# (markdown and HTML) and every plot it references are written, one verdict per figure, and a
# rerun reuses every cached run.  About 20 s on two cores.
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d /tmp/reproduce_quick.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fail=1; }

# ---- the paper-value files
out=$(scripts/reproduce.sh --check-data 2>&1) && [[ "$out" =~ ^reproduce:\ [0-9]+\ paper-value\ files,\ [0-9]+\ values\ parse$ ]] &&
    ok "docs/papers/*.tsv parse: $out" || bad "check-data: $out"
mkdir -p "$tmp/pv"
printf '# a reference\napp\tmetric\tvalue\tsource\nmean\tipc\tfast\tSec. 1\n' > "$tmp/pv/bad.tsv"
out=$(python3 scripts/reproduce.py --check-data --papers "$tmp/pv" 2>&1); rc=$?
[ $rc -eq 2 ] && [[ "$out" == "reproduce: "*"/bad.tsv:3: value 'fast' is not a number" ]] &&
    ok "a bad value is refused with file and line" || bad "bad value: rc=$rc '$out'"
printf 'app\tmetric\tvalue\tsource\nmean\tipc\t1\tSec. 1\n' > "$tmp/pv/bad.tsv"
out=$(python3 scripts/reproduce.py --check-data --papers "$tmp/pv" 2>&1); rc=$?
[ $rc -eq 2 ] && [[ "$out" == *"bad.tsv: no '#' line naming the paper's section and figure" ]] &&
    ok "a file without its reference is refused" || bad "no reference: rc=$rc '$out'"

# ---- the papers' power metrics on hand-made runs (numbers worked by hand)
#  seed 000 Sec. 5.2: baseline runtime core power 10 W on 30 cores, so idle power 10 W (1/3 W a core);
#    a run with 11 W runtime and 22 cores on: with PCPG (11 + 22/3) / 20 = 0.916667, without (11 + 10) / 20 = 1.05.
#  seed 004 Sec. 6: one core, 1000 cycles, EX_SP's half gated 500 of them: GPUWattch areas 44.0291 mm^2 a core,
#    EX_SP 31.96686; core 44.0291 - 0.5 x 31.96686 x 0.5 = 36.037385, non-core 44.0291 x 0.4 / 0.6 = 29.352733,
#    over the ungated 73.381833: 0.891094; EX_SP is 31.96686 / 44.0291 x 0.6 = 43.5624 % of static power.
out=$(PYTHONDONTWRITEBYTECODE=1 python3 - <<'PY' 2>&1
import sys, types
sys.path.insert(0, "scripts")
import reproduce as r
base = types.SimpleNamespace(core_dyn_w=10.0, n_cores=30)
run = types.SimpleNamespace(core_dyn_w=11.0, n_cores=30, cores_on=22.0)
u = types.SimpleNamespace(cycles=1000, n_cores=1, pg_off=[[0, 500, 0, 0]])
b = types.SimpleNamespace(cycles=1000, n_cores=1, pg_off=[[0, 0, 0, 0]])
print("%.6f %.6f %.6f %.4f" % (r.kayiran_core_power(run, base, True), r.kayiran_core_power(run, base, False),
                               r.ucs_static_power(u) / r.ucs_static_power(b), r.ucs_ex_sp_share() * 100))
PY
)
[ "$out" = "0.916667 1.050000 0.891094 43.5624" ] && ok "paper power metrics on hand-made runs: $out" || bad "paper metrics: '$out'"

# ---- why the schedulers' order misses, from hand-made runs: medians of three kernels' fine-RR
#  shares (stall 0.4/0.2/0.05 -> 20.0 %, memory 0.01/0.1/0.02 -> 2.0 %, at most b's 10.0 %,
#  dependence 0.5/0.3/0.2 -> 30.0 %), and the one kernel whose region-p stalls grow by over 20 %
out=$(PYTHONDONTWRITEBYTECODE=1 python3 - <<'PY' 2>&1
import sys
sys.path.insert(0, "scripts")
import reproduce as r
per = [{"app": "a", "lrr_stall": 0.4, "lrr_mem": 0.01, "lrr_dep": 0.5, "stalls_regionp": 1.5},
       {"app": "b", "lrr_stall": 0.2, "lrr_mem": 0.1, "lrr_dep": 0.3, "stalls_regionp": 1.0},
       {"app": "c", "lrr_stall": 0.05, "lrr_mem": 0.02, "lrr_dep": 0.2, "stalls_regionp": None}]
print(r.Study.sched_why(per))
PY
)
for t in "no ready warp in 20.0 % of their cycles (median over 3;" "global load in only 2.0 % of core-cycles (median; at most 10.0 %, b)" \
         "in 30.0 % nothing issues" "stall cycles of a (1.500x; fine RR stalls in 40.0 %)."; do
    [[ "$out" == *"$t"* ]] || bad "schedulers' why lacks '$t': $out"
done
[[ "$out" != *"of b ("* ]] && ok "the schedulers' why from hand-made runs" || bad "schedulers' why names b: $out"

# ---- quick report
scripts/reproduce.sh --quick --out "$tmp/r" --cache "$tmp/cache" > "$tmp/log1" 2>&1; rc=$?
[ $rc -eq 0 ] && ok "quick mode ran ($(tail -n1 "$tmp/log1"))" || bad "quick mode exit $rc: $(tail -n3 "$tmp/log1")"
for f in report.md report.html; do [ -s "$tmp/r/$f" ] && ok "$f written" || bad "$f missing"; done
pngs=$(grep -o 'plots/[a-z0-9-]*\.png' "$tmp/r/report.html" | sort -u)
[ "$(echo "$pngs" | wc -l)" -ge 9 ] && ok "$(echo "$pngs" | wc -l) plots referenced" || bad "plots referenced: $pngs"
for p in $pngs; do
    head -c 8 "$tmp/r/$p" 2>/dev/null | od -An -tx1 | tr -d ' \n' | grep -q '^89504e470d0a1a0a$' || bad "$p is not a PNG"
    grep -q "($p)" "$tmp/r/report.md" || bad "$p not in report.md"
done
nfig=$(grep -c '^### ' "$tmp/r/report.md"); nver=$(grep -c '^\*\*Verdict: ' "$tmp/r/report.md")
[ "$nfig" -ge 9 ] && [ "$nfig" -eq "$nver" ] && ok "$nfig figures, one verdict each" || bad "figures $nfig, verdicts $nver"
for s in "seed 000" "seed 001" "seed 002" "seed 003" "seed 004"; do
    grep -q "^## .*($s)\$" "$tmp/r/report.md" || grep -q "^## .*, $s)\$" "$tmp/r/report.md" || bad "no section for $s"
done
# the goals come first, after a table of contents that links every section
first=$(grep -m1 -n '^## ' "$tmp/r/report.md" | cut -d: -f2-); second=$(grep '^## ' "$tmp/r/report.md" | sed -n 2p)
[ "$first" = "## Contents" ] && [ "$second" = "## Goals" ] && ok "contents, then the goals" || bad "first sections: '$first' '$second'"
ntoc=$(grep -c '^[0-9]\. \[.*\](#[a-z0-9_-]*)$' "$tmp/r/report.md"); nsec=$(grep -c '^## ' "$tmp/r/report.md")
[ "$ntoc" -eq $((nsec - 1)) ] && ok "contents list $ntoc sections" || bad "contents $ntoc, sections $nsec"
grep -q -i 'issue [0-9]' "$tmp/r/report.md" && bad "an issue number in the report"
# eight goals, each met or missed with its measured numbers; a missed one says why
ng=$(grep -c '^- \*\*\(met\|missed\)\*\*: .*\. Measured: ' "$tmp/r/report.md")
nwhy=$(grep '^- \*\*missed\*\*' "$tmp/r/report.md" | grep -c ' Why: ')
nmiss=$(grep -c '^- \*\*missed\*\*' "$tmp/r/report.md")
[ "$ng" -eq 8 ] && [ "$nwhy" -eq "$nmiss" ] && ok "8 goal lines, $nmiss missed, each with why" || bad "goal lines $ng, missed $nmiss, with why $nwhy"
# the papers' own power metrics beside chip power
for t in "on the paper's metric: core power" "Fig. 7 on the paper's metric" "static (paper's metric)"; do
    grep -q "$t" "$tmp/r/report.md" || bad "no '$t' in the report"
done
grep -q "^Commit \`[0-9a-f]" "$tmp/r/report.md" && grep -q "^Took [0-9]* s wall time" "$tmp/r/report.md" &&
    ok "commit, date and time taken stated" || bad "no commit/time line"

# ---- the rerun reuses every run
scripts/reproduce.sh --quick --out "$tmp/r" --cache "$tmp/cache" > "$tmp/log2" 2>&1; rc=$?
[ $rc -eq 0 ] && ! grep -q '[1-9][0-9]* runs simulated' "$tmp/log2" && grep -q '0 runs simulated, [1-9]' "$tmp/log2" &&
    ok "rerun reused every run" || bad "rerun: $(cat "$tmp/log2")"
exit $fail
