#!/usr/bin/env bash
# hwcalib.sh -- the silicon calibration without a GPU (docs/silicon.md):
#  - configs/silicon/H100_SXM.cfg is what hwcalib/derive.py gives from the
#    committed results (the model reproduces every measurement it was solved on);
#  - bad results files are refused with file, line and problem;
#  - scripts/hwcorr.sh on a trace with known silicon cycles (folder and CSV):
#    its table and MAPE are the JSON's cycles against the given ones.
source "$(dirname "$0")/checks.bash"
R=hwcalib/results/h100-sxm.txt

out=$(python3 hwcalib/derive.py "$R" configs/silicon/H100_SXM.cfg --check --ctasim "$bin" 2>&1); rc=$?
[ $rc -eq 0 ] && grep -q "is what $R gives" <<< "$out" &&
    ok "configs/silicon/H100_SXM.cfg is what hwcalib/derive.py gives from $R" || bad "derive --check: $out"
# every solved measurement within 1 cycle of silicon in the model
echo "$out" > "$T/derive.out"
python3 - "$T/derive.out" <<'PY' && ok "the model within 2 cycles of every measurement" || bad "derive table: $out"
import sys
rows = [l.split() for l in open(sys.argv[1]) if l.startswith(("chase.", "launch."))]
assert len(rows) == 5, rows
assert all(abs(float(m) - float(s)) <= 2.0 for _, s, m in rows), rows
PY
"$bin" --config configs/silicon/H100_SXM.cfg --dump-config > /dev/null 2>&1 &&
    ok "H100_SXM.cfg loads" || bad "H100_SXM.cfg does not load"

# bad values: one line FILE:LINE: problem (key), exit 1
bad_case() {   # sed expression on the results file, expected message (regex)
    sed "$1" "$R" > "$T/r.txt"
    msg=$(python3 hwcalib/derive.py "$T/r.txt" "$T/o.cfg" --ctasim "$bin" 2>&1); rc=$?
    [ $rc -eq 1 ] && [ "$(wc -l <<< "$msg")" = 1 ] && grep -qE "$2" <<< "$msg" &&
        ok "refused: $msg" || bad "bad case '$1': rc=$rc $msg"
}
bad_case 's/^chase.l1_16k_cycles = .*/chase.l1_16k_cycles = fast/' "r.txt:[0-9]+: not a number 'fast' \(chase.l1_16k_cycles\)$"
bad_case 's/^gpu.sm_count = .*/gpu.sm_count = 999/' "r.txt:[0-9]+: value 999 out of range 1..160 \(gpu.sm_count\)$"
bad_case 's/^chase.l2_16k_cycles = .*/chase.l2_16k_cycles = 20/' "r.txt:[0-9]+: chase latencies not increasing"
bad_case 's/^launch.empty_4096x256_cycles = .*/launch.empty_4096x256_cycles = 100/' "r.txt:[0-9]+: 4096 blocks launch faster than one"
bad_case '/^chase.dram_512m_cycles/d' "r.txt:0: missing measurement \(chase.dram_512m_cycles\)$"
bad_case 's/^gpu.cuda = .*/gpu.cuda = 13\ngpu.cuda = 12/' "r.txt:[0-9]+: duplicate key, first on line [0-9]+ \(gpu.cuda\)$"
bad_case 's/^gpu.cuda = .*/gpu.cudaa = 13/' "r.txt:[0-9]+: unknown key \(gpu.cudaa\)$"

# hwcorr.sh: a trace folder with gt, and the same as a CSV line
tr=../shared/testdata/accelsim/vectoradd-100-32
if [ -d "$tr" ]; then
    mkdir -p "$T/t/vec"
    for f in "$tr"/*; do ln -s "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" "$T/t/vec/"; done
    rm -f "$T/t/vec/gt"; echo 1000 > "$T/t/vec/gt"
    CTASIM=$bin scripts/hwcorr.sh configs/small.cfg --out "$T/h" "$T/t/vec" > "$T/h.out" 2>&1; rc=$?
    c=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['total']['cycles'])" "$T/h/ctasim/vec.json" 2>/dev/null)
    want=$(python3 -c "print(f'{100 * abs($c - 1000) / 1000:.1f}')" 2>/dev/null)
    [ $rc -eq 0 ] && grep -q "^hwcorr: 1 traces, MAPE $want % " "$T/h.out" && grep -q "^| vec | - | 1000 | $c |" "$T/h/table.md" &&
        ok "hwcorr.sh: folder with gt: ctasim $c against 1000, MAPE $want %" || bad "hwcorr folder: rc=$rc $(cat "$T/h.out")"
    printf 'trace,cycles,device\nvec,2000,test card\n' > "$T/t/runs.csv"
    CTASIM=$bin scripts/hwcorr.sh configs/small.cfg --out "$T/h2" "$T/t/runs.csv" > "$T/h2.out" 2>&1; rc=$?
    want=$(python3 -c "print(f'{100 * abs($c - 2000) / 2000:.1f}')")
    [ $rc -eq 0 ] && grep -q "^hwcorr: 1 traces, MAPE $want % " "$T/h2.out" && grep -q "^vec,test card,2000,$c," "$T/h2/table.csv" &&
        ok "hwcorr.sh: CSV of silicon cycles" || bad "hwcorr CSV: rc=$rc $(cat "$T/h2.out")"
    echo x > "$T/t/vec/gt"
    CTASIM=$bin scripts/hwcorr.sh configs/small.cfg --out "$T/h3" "$T/t/vec" > "$T/h3.out" 2>&1; rc=$?
    [ $rc -eq 2 ] && grep -q "silicon cycles 'x' not a whole number" "$T/h3.out" &&
        ok "hwcorr.sh: a bad gt refused" || bad "hwcorr bad gt: rc=$rc $(cat "$T/h3.out")"
fi
exit $fail
