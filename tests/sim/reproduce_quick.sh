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
for s in "Seed 000" "Seed 001" "Seed 002" "Seed 003" "Seed 004"; do
    grep -q "^## $s" "$tmp/r/report.md" || bad "no section for $s"
done
grep -q "^Commit \`[0-9a-f]" "$tmp/r/report.md" && grep -q "^Took [0-9]* s wall time" "$tmp/r/report.md" &&
    ok "commit, date and time taken stated" || bad "no commit/time line"

# ---- the rerun reuses every run
scripts/reproduce.sh --quick --out "$tmp/r" --cache "$tmp/cache" > "$tmp/log2" 2>&1; rc=$?
[ $rc -eq 0 ] && ! grep -q '[1-9][0-9]* runs simulated' "$tmp/log2" && grep -q '0 runs simulated, [1-9]' "$tmp/log2" &&
    ok "rerun reused every run" || bad "rerun: $(cat "$tmp/log2")"
exit $fail
