#!/usr/bin/env bash
# calib.sh -- the calibration kernels and their arithmetic (scripts/calib.sh,
# docs/workloads.md "third cause"), without Accel-Sim: every workloads/calib kernel
# writes an Accel-Sim trace with the instruction count its pair arithmetic assumes,
# and scripts/calib.py turns a correlation table of known cycles into the per-unit
# costs (differences over the units between each pair) and the one-CTA row.
source "$(dirname "$0")/checks.bash"

# ---- (1) each kernel writes a trace; the pairs differ by the units calib.py divides by
n=0
for f in workloads/calib/*.kern; do
  k=$(basename "$f" .kern)
  if "$bin" --workload "$f" --write-trace "$T/t-$k" > /dev/null 2>&1; then n=$((n + 1)); else bad "$f: no trace"; fi
done
[ "$n" = 13 ] && ok "13 calibration kernels write traces" || bad "$n calibration traces"
insts() { "$bin" --trace-info "$T/t-$1" 2>&1 | awk '/^application:/ {a = 1} a && $1 == "instructions" {print $2; exit}'; }
d=$(( $(insts chain2k) - $(insts chain1k) ))
[ "$d" = 1000 ] && ok "chain2k has 1000 more warp instructions than chain1k" || bad "chain pair differs by $d"
d=$(( $(insts thr2k) - $(insts thr1k) ))
[ "$d" = 32000 ] && ok "thr2k has 32000 more (32 warps x 1000)" || bad "thr pair differs by $d"
d=$(( $(insts ld200) - $(insts ld100) ))
[ "$d" = 200 ] && ok "ld200 has 100 more loads (and their uses) than ld100" || bad "ld pair differs by $d"

# ---- (2) the arithmetic on a table of known cycles
cat > "$T/c.csv" <<'CSV'
trace,kernel,name,accelsim_cycles,ctasim_cycles
calib-chain1k,all,1 kernels,9003,9004
calib-chain2k,all,1 kernels,18003,18004
calib-chain2k,1,x,1,1
calib-ld100,all,1 kernels,34727,33528
calib-ld200,all,1 kernels,69227,66728
calib-ctamm,all,1 kernels,2906,2894
CSV
python3 scripts/calib.py "$T/c.csv" > "$T/c.md" 2>&1
grep -qF '| cycles per dependent SP instruction (one warp) | 9.000 | 9.000 | +0.000 |' "$T/c.md" &&
grep -qF '| cycles per dependent coalesced load to DRAM (one warp) | 345.000 | 332.000 | -13.000 |' "$T/c.md" &&
grep -qF '| cycles of one seed000/MM CTA alone | 2906 | 2894 | -12 (-0.4 %) |' "$T/c.md" &&
grep -qF '| cycles per coalesced store (one warp) | (missing) | | |' "$T/c.md" &&
  ok "calib.py: per-unit costs, the one-CTA row, a missing pair named" || bad "calib.py: $(cat "$T/c.md")"
exit $fail
