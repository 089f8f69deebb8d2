#!/usr/bin/env bash
# fuzz_trace.sh [SECONDS]  -- the readers of user files under libFuzzer (clang,
# ASan + UBSan), each target run for SECONDS (default 10):
#   fuzz_trace   text and xz kernel trace files (seeds: tests/data/traces, the real trace)
#   fuzz_tracez  binary .tracez files (seeds: .tracez forms of the same, tests/tracez_gen.c)
#   fuzz_preset  preset files (cfg_load, cfg_check; a checked preset's dump must load back
#                to the same dump)          seeds: configs/, tests/data/cfg/
#   fuzz_gsim    GPGPU-Sim option files (gsim_load, gsim_apply; the preset written from an
#                accepted one must load back) seeds: tests/data/gsim/
#   fuzz_study   the study file reader of scripts/ctasim-study (Atheris, libFuzzer for
#                Python: anything but a one-line StudyError is a bug) seeds: studies/
# Exit 0 = no crash and no sanitizer report in any target.  Artifacts (crashing inputs)
# go to build/fuzz/artifacts/; each target's log to build/fuzz/NAME.log (NAME.runs.log
# with FUZZ_RUNS), headed by command, date, commit, ending with the executions, wall and
# CPU seconds; build/fuzz/rates.txt (rates.runs.txt) collects those last lines.
# `make fuzz` runs each target for FUZZ_RUNS=10000000 executions (FUZZ_RUNS runs a count
# instead of SECONDS; both: the count, stopped after SECONDS); `make test-fuzz` a short
# timed run.  FUZZ_TARGETS="a b" runs only those.  Each run is one process looping over
# inputs (no fork or exec per input); an input's files are written to a private folder in
# /dev/shm (memory), removed after.  Preset and GPGPU-Sim targets get a dictionary of
# the registry's keys and the reader's options (-dict); docs/verification.md, "Fuzzing".
set -euo pipefail
secs=${1:-10} secs_given=${1:-}
cd "$(dirname "$0")/.."
out=build/fuzz
mkdir -p "$out/artifacts" "$out/obj"
CLANG=${CLANG:-clang-14}
CSTD=(-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1)
SAN=(-fsanitize=address,undefined -fno-sanitize-recover=all)
targets=${FUZZ_TARGETS:-fuzz_trace fuzz_tracez fuzz_preset fuzz_gsim fuzz_study}
want() { [[ " $targets " == *" $1 "* ]]; }

# ---- the trace reader: its own sources only
SRC=(tests/fuzz/fuzz_trace.c cmodel/wl/trace.c cmodel/wl/tracez.c cmodel/wl/workload.c cmodel/wl/sass.c
     cmodel/base/infile.c)
if want fuzz_trace || want fuzz_tracez; then
    FLAGS=("${CSTD[@]}" -Icmodel/wl -Icmodel/base -fsanitize=fuzzer "${SAN[@]}")
    "$CLANG" "${FLAGS[@]}" "${SRC[@]}" -llzma -lzstd -o "$out/fuzz_trace"
    "$CLANG" "${FLAGS[@]}" -DFUZZ_SUFFIX='".tracez"' "${SRC[@]}" -llzma -lzstd -o "$out/fuzz_tracez"
    "$CLANG" -std=c11 -D_POSIX_C_SOURCE=200809L -O1 tests/tracez_gen.c -lzstd -o "$out/tracez_gen"
fi

# ---- the configuration readers: the whole C model (the key registry spans it) and
# the units of units/NAME/ (their C references, not their tests), as the Makefile
# gathers them; compiled once per change into build/fuzz/obj
if want fuzz_preset || want fuzz_gsim; then
    incs=()
    for d in cmodel/*/ units/*/; do [ -d "$d" ] && incs+=(-iquote "${d%/}"); done
    srcs=(cmodel/*/*.c)
    for c in units/*/*.c; do
        [ -e "$c" ] && [[ $(basename "$c") != test_* ]] && srcs+=("$c")
    done
    objs=()
    newest_h=$(ls -t cmodel/*/*.h units/*/*.h 2>/dev/null | head -1)
    for c in "${srcs[@]}"; do
        o=$out/obj/$(echo "${c#cmodel/}" | tr / _).o
        if [ ! -e "$o" ] || [ "$c" -nt "$o" ] || [ "$newest_h" -nt "$o" ]; then
            "$CLANG" "${CSTD[@]}" "${incs[@]}" -fsanitize=fuzzer-no-link "${SAN[@]}" -c "$c" -o "$o"
        fi
        objs+=("$o")
    done
    # the dictionaries (-dict): the preset keys from the key registry (fuzz_dict prints
    # them from cfg_dump), the GPGPU-Sim options from the reader's option tables
    "$CLANG" "${CSTD[@]}" "${incs[@]}" -fsanitize=fuzzer-no-link "${SAN[@]}" tests/fuzz/fuzz_dict.c \
        "${objs[@]}" -lm -llzma -lzstd -lz -o "$out/fuzz_dict"
    "$out/fuzz_dict" > "$out/preset.dict"
    { printf '"#%%%%\\x0A"\n"-config"\n'
      grep -o '"-[A-Za-z_][A-Za-z0-9_]*"' cmodel/gpu/gsim.c; } | sort -u > "$out/gsim.dict"
    for t in fuzz_preset fuzz_gsim; do
        want $t && "$CLANG" "${CSTD[@]}" "${incs[@]}" -fsanitize=fuzzer "${SAN[@]}" tests/fuzz/$t.c \
            "${objs[@]}" -lm -llzma -lzstd -lz -o "$out/$t"
    done
fi

# ---- seeds
seed=$out/seed seedz=$out/seed_z seedp=$out/seed_preset seedg=$out/seed_gsim seeds=$out/seed_study
rm -rf "$seed" "$seedz" "$seedp" "$seedg" "$seeds"
mkdir -p "$seed" "$seedz" "$seedp" "$seedg" "$seeds" \
         "$out/corpus" "$out/corpus_z" "$out/corpus_preset" "$out/corpus_gsim" "$out/corpus_study"
real=../shared/testdata/accelsim/vectoradd-100-32/kernel-1.traceg
if want fuzz_trace || want fuzz_tracez; then
    cp tests/data/traces/*.traceg "$seed/"
    [ -f "$real" ] && cp "$real" "$seed/real.traceg"
    command -v xz >/dev/null && xz -c tests/data/traces/ok_v4.traceg > "$seed/ok_v4.traceg.xz"
    "$out/tracez_gen" tests/data/traces/ok_v4.traceg "$seedz/ok_v4_dict.tracez" 3 1
    "$out/tracez_gen" tests/data/traces/ok_v4.traceg "$seedz/ok_v4.tracez" 4 0
    "$out/tracez_gen" tests/data/traces/local.traceg "$seedz/local.tracez" 2 0
    [ -f "$real" ] && "$out/tracez_gen" "$real" "$seedz/real.tracez" 8 1
fi
for f in configs/*.cfg configs/accelsim/*.cfg tests/data/cfg/*.cfg; do
    cp "$f" "$seedp/$(echo "$f" | tr / _)"
done
for f in tests/data/gsim/*.config; do cp "$f" "$seedg/$(basename "$f")"; done
{ cat tests/data/gsim/basic/gpgpusim.config; printf '#%%%%\n'; cat tests/data/gsim/basic/trace.config; } \
    > "$seedg/basic_with_trace.config"
for f in studies/*.study studies/experiments/*.study; do cp "$f" "$seeds/$(basename "$f")"; done

# -max_len per target: the largest seed fits (traces 13 KB, presets 29 KB); a longer
# input only repeats lines, each execution costs its length
declare -A maxlen=([fuzz_trace]=65536 [fuzz_tracez]=65536 [fuzz_preset]=32768 [fuzz_gsim]=16384
                   [fuzz_study]=8192)
declare -A dict=([fuzz_preset]="$out/preset.dict" [fuzz_gsim]="$out/gsim.dict")
cpu_ms() {   # CPU_MS = CPU milliseconds (user + system) of this shell's finished children
    times > "$out/.times"   # no pipe, no $(): a subshell's `times` would not see them
    CPU_MS=$(awk -v t="$(tail -n1 "$out/.times")" 'BEGIN { n = split(t, a, /[ms]+ */); s = 0
        for (i = 1; i + 1 <= n; i += 2) s += a[i] * 60 + a[i + 1]; printf "%d\n", s * 1000 }')
}
fuzz() {   # fuzz NAME CORPUS SEEDS [COMMAND...]
    local name=$1 corpus=$2 seeds_dir=$3; shift 3
    local log=$out/$name${FUZZ_RUNS:+.runs}.log   # a long campaign keeps its own log
    local cmd=("$@")
    [ ${#cmd[@]} -gt 0 ] || cmd=("$out/$name")
    local limit=(-max_total_time="$secs") tmp
    if [ -n "${FUZZ_RUNS:-}" ]; then   # a count; SECONDS given as well caps its time
        limit=(-runs="$FUZZ_RUNS")
        [ -n "$secs_given" ] && limit+=(-max_total_time="$secs")
    fi
    tmp=$(mktemp -d "$( [ -d /dev/shm ] && echo /dev/shm || echo /tmp)/ctasim_fuzz.XXXXXX")
    { echo "# command: FUZZ_TARGETS=$name${FUZZ_RUNS:+ FUZZ_RUNS=$FUZZ_RUNS} scripts/fuzz_trace.sh $secs_given"
      echo "# date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
      echo "# commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- 2>/dev/null || echo ' (with uncommitted changes)')"
      echo "# machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"; } > "$log"
    local t0=$SECONDS c0
    cpu_ms; c0=$CPU_MS
    FUZZ_DIR=$tmp "${cmd[@]}" "${limit[@]}" -max_len="${maxlen[$name]}" ${dict[$name]:+-dict="${dict[$name]}"} -rss_limit_mb=2048 \
        -artifact_prefix="$out/artifacts/$name-" -print_final_stats=1 "$corpus" "$seeds_dir" \
        2>>"$log" || {
        rm -rf "$tmp"
        tail -n 40 "$log"; echo "FAIL $name: see $log and $out/artifacts/"; exit 1; }
    rm -rf "$tmp"
    local n
    n=$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' ||
        grep -o 'DONE *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || echo '?')
    cpu_ms
    local wall=$((SECONDS - t0)) cpu=$((CPU_MS - c0)) rate='?' crate='?'
    [[ $n =~ ^[0-9]+$ ]] && rate=$((n / (wall > 0 ? wall : 1))) && crate=$((n * 1000 / (cpu > 0 ? cpu : 1)))
    local lim="${secs}s"
    [ -n "${FUZZ_RUNS:-}" ] && lim="limit $FUZZ_RUNS runs${secs_given:+ or ${secs}s}"
    echo "$name: $lim, $n executions in ${wall}s" \
         "($rate exec/s wall; $((cpu / 1000)).$((cpu % 1000 / 100))s CPU, $crate exec per CPU second), no crash" | tee -a "$log"
    local sum=$out/rates${FUZZ_RUNS:+.runs}.txt f   # the last result of every target, from the logs
    { echo "# command: scripts/fuzz_trace.sh (the last line of each build/fuzz/NAME${FUZZ_RUNS:+.runs}.log)"
      echo "# date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
      echo "# commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
      for f in "$out"/fuzz_*${FUZZ_RUNS:+.runs}.log; do
          [[ $f == *.runs.* && -z ${FUZZ_RUNS:-} ]] && continue
          sed -n 3p "$f" | sed "s/^# commit/# $(basename "$f" .log) commit/"; tail -n1 "$f"
      done; } > "$sum.tmp" && mv "$sum.tmp" "$sum"
}
want fuzz_trace && fuzz fuzz_trace "$out/corpus" "$seed"
want fuzz_tracez && fuzz fuzz_tracez "$out/corpus_z" "$seedz"
want fuzz_preset && fuzz fuzz_preset "$out/corpus_preset" "$seedp"
want fuzz_gsim && fuzz fuzz_gsim "$out/corpus_gsim" "$seedg"
if want fuzz_study; then
    if python3 -c 'import atheris' 2>/dev/null; then
        fuzz fuzz_study "$out/corpus_study" "$seeds" python3 tests/fuzz/fuzz_study.py
    else
        echo "fuzz_study: skipped (python3 module atheris missing: scripts/install-deps.sh installs it)"
    fi
fi
