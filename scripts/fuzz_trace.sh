#!/usr/bin/env bash
# fuzz_trace.sh [SECONDS]  -- build the trace-reader fuzz targets with clang's
# libFuzzer + ASan + UBSan and run each for SECONDS (default 10): fuzz_trace
# (text and xz kernel files) seeded with the fixtures of tests/data/traces and
# the real trace, then fuzz_tracez (binary .tracez files) seeded with .tracez
# forms of the same fixtures (tests/tracez_gen.c).  Exit 0 = no crash and no
# sanitizer report.  Artifacts (crashing inputs) go to build/fuzz/.
set -euo pipefail
secs=${1:-10}
cd "$(dirname "$0")/.."
out=build/fuzz
mkdir -p "$out/corpus" "$out/corpus_z" "$out/artifacts"
CLANG=${CLANG:-clang-14}
SRC=(tests/fuzz/fuzz_trace.c cmodel/wl/trace.c cmodel/wl/tracez.c cmodel/wl/workload.c cmodel/wl/sass.c
     cmodel/base/infile.c)
FLAGS=(-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1 -Icmodel/wl -Icmodel/base
       -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all)
"$CLANG" "${FLAGS[@]}" "${SRC[@]}" -llzma -lzstd -o "$out/fuzz_trace"
"$CLANG" "${FLAGS[@]}" -DFUZZ_SUFFIX='".tracez"' "${SRC[@]}" -llzma -lzstd -o "$out/fuzz_tracez"
"$CLANG" -std=c11 -D_POSIX_C_SOURCE=200809L -O1 tests/tracez_gen.c -lzstd -o "$out/tracez_gen"
real=../shared/testdata/accelsim/vectoradd-100-32/kernel-1.traceg
seed=$out/seed
rm -rf "$seed"; mkdir -p "$seed"
cp tests/data/traces/*.traceg "$seed/"
[ -f "$real" ] && cp "$real" "$seed/real.traceg"
command -v xz >/dev/null && xz -c tests/data/traces/ok_v4.traceg > "$seed/ok_v4.traceg.xz"
seedz=$out/seed_z
rm -rf "$seedz"; mkdir -p "$seedz"
"$out/tracez_gen" tests/data/traces/ok_v4.traceg "$seedz/ok_v4_dict.tracez" 3 1
"$out/tracez_gen" tests/data/traces/ok_v4.traceg "$seedz/ok_v4.tracez" 4 0
"$out/tracez_gen" tests/data/traces/local.traceg "$seedz/local.tracez" 2 0
[ -f "$real" ] && "$out/tracez_gen" "$real" "$seedz/real.tracez" 8 1

fuzz() {   # fuzz NAME CORPUS SEEDS
    "$out/$1" -max_total_time="$secs" -max_len=65536 -rss_limit_mb=2048 \
        -artifact_prefix="$out/artifacts/" -print_final_stats=1 "$2" "$3" 2>"$out/$1.log" || {
        tail -n 40 "$out/$1.log"; echo "FAIL $1: see $out/$1.log and $out/artifacts/"; exit 1; }
    grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' "$out/$1.log" || true
    echo "$1: ${secs}s, no crash"
}
fuzz fuzz_trace "$out/corpus" "$seed"
fuzz fuzz_tracez "$out/corpus_z" "$seedz"
