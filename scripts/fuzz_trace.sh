#!/usr/bin/env bash
# fuzz_trace.sh [SECONDS]  -- build the trace-reader fuzz target with clang's
# libFuzzer + ASan + UBSan and run it for SECONDS (default 10), seeded with
# the fixtures of tests/data/traces and the real trace.  Exit 0 = no crash
# and no sanitizer report.  Artifacts (crashing inputs) go to build/fuzz/.
set -euo pipefail
secs=${1:-10}
cd "$(dirname "$0")/.."
out=build/fuzz
mkdir -p "$out/corpus" "$out/artifacts"
CLANG=${CLANG:-clang-14}
"$CLANG" -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1 -Icmodel/wl -Icmodel/base \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    tests/fuzz/fuzz_trace.c cmodel/wl/trace.c cmodel/wl/workload.c cmodel/wl/sass.c cmodel/base/infile.c -llzma -o "$out/fuzz_trace"
seed=$out/seed
rm -rf "$seed"; mkdir -p "$seed"
cp tests/data/traces/*.traceg "$seed/"
[ -f ../shared/testdata/accelsim/vectoradd-100-32/kernel-1.traceg ] &&
    cp ../shared/testdata/accelsim/vectoradd-100-32/kernel-1.traceg "$seed/real.traceg"
command -v xz >/dev/null && xz -c tests/data/traces/ok_v4.traceg > "$seed/ok_v4.traceg.xz"
"$out/fuzz_trace" -max_total_time="$secs" -max_len=65536 -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 "$out/corpus" "$seed" 2>"$out/fuzz.log" || {
    tail -n 40 "$out/fuzz.log"; echo "FAIL fuzz_trace: see $out/fuzz.log and $out/artifacts/"; exit 1; }
grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' "$out/fuzz.log" || true
echo "fuzz_trace: ${secs}s, no crash"
