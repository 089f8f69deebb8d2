#!/usr/bin/env bash
# sweep_smoke.sh -- quick check of scripts/sweep.sh (run by `make test-sim`; a few
# seconds; scripts/plot_timeline.sh: tests/model/timeline_plots.sh).
#
# A tiny kernel whose CTAs-per-core limit N is fixed by shared memory: on
# configs/small.cfg (core.smem_bytes = 49152, core.max_threads = 1024, core.regs =
# 32768, core.max_ctas = 8) a CTA of 256 threads x 16 registers using 20000 B of
# shared memory fits floor(49152 / 20000) = 2 times (threads allow 4, registers 8),
# so the CTA-limit sweep must cover exactly n = 1, 2.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=build/rel/ctasim
tmp=$(mktemp -d /tmp/sweep_smoke.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL sweep_smoke: $*"; exit 1; }
[ -x "$bin" ] || fail "no $bin (make build/rel/ctasim)"

cp tests/data/wl/tiny_smem2.kern "$tmp/tiny.kern"   # N = 2 by shared memory (above)

# ---- sweep ----------------------------------------------------------------------
scripts/sweep.sh --config configs/small.cfg --cores "2 1" --out "$tmp/sw" "$tmp/tiny.kern" > "$tmp/log" 2>&1 ||
    fail "sweep.sh exited non-zero: $(tail -n1 "$tmp/log")"
grep -q "$tmp/sw/limits.csv" "$tmp/log" || fail "sweep.sh did not print where limits.csv went"

want_header="n,policy,cta_util,$("$bin" --csv-header),ipc_norm,roundtrip_norm,util_norm"
[ "$(head -n1 "$tmp/sw/limits.csv")" = "$want_header" ] || fail "limits.csv header: $(head -n1 "$tmp/sw/limits.csv")"
# n = 1..N (N = 2) static, then the maximum-TLP reference row
got=$(awk -F, 'NR > 1 { printf "%s/%s ", $1, $2 }' "$tmp/sw/limits.csv")
[ "$got" = "1/static 2/static 2/max " ] || fail "limits.csv rows (n/policy): $got"
# every row as wide as the header
awk -F, 'NR == 1 { n = NF } NF != n { exit 1 }' "$tmp/sw/limits.csv" || fail "limits.csv: ragged rows"
# by column name: static_n echoes n (0 = no static limit for max); the reference row
# normalises to 1; static n = N is the maximum TLP, so it runs exactly as many cycles
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { sn[NR] = $c["static_n"]; cy[NR] = $c["cycles"]; u = $c["cta_util"]
      if (u <= 0 || u > 1) { print "cta_util out of (0,1]: " u; bad = 1 }
      if (NR == 4) ref = $c["ipc_norm"] " " $c["roundtrip_norm"] " " $c["util_norm"] }
    END { if (bad) exit 1
          if (sn[2] != 1 || sn[3] != 2 || sn[4] != 0) { print "static_n column: " sn[2] " " sn[3] " " sn[4]; exit 1 }
          if (ref != "1.0000 1.0000 1.0000") { print "max row not normalised to 1: " ref; exit 1 }
          if (cy[3] != cy[4]) { print "static n = N ran " cy[3] " cycles, max TLP " cy[4]; exit 1 } }' \
    "$tmp/sw/limits.csv" > "$tmp/chk" || fail "limits.csv: $(cat "$tmp/chk")"

# cores.csv: one row per core count, sorted, the ctasim cores column agrees, the
# largest count (most TLP) is the reference
got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { printf "%s/%s/%s ", $1, $c["cores"], $c["ipc_norm"] }' "$tmp/sw/cores.csv")
[[ "$got" =~ ^1/1/[0-9.]+\ 2/2/1\.0000\ $ ]] || fail "cores.csv rows (cores/cores/ipc_norm): $got"

for p in limits.png cores.png; do
    [ -s "$tmp/sw/$p" ] || fail "$p missing or empty"
    [ "$(head -c4 "$tmp/sw/$p" | tail -c3)" = "PNG" ] || fail "$p is not a PNG"
done

# ---- bad input: one line naming the problem, non-zero exit ------------------------
if scripts/sweep.sh --out "$tmp/x" "$tmp/none.kern" > "$tmp/log" 2>&1; then fail "sweep.sh accepted a missing workload"; fi
[ "$(cat "$tmp/log")" = "sweep.sh: workload not found: $tmp/none.kern" ] || fail "sweep.sh message: $(cat "$tmp/log")"
echo "PASS sweep_smoke"
