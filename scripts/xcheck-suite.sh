#!/usr/bin/env bash
# xcheck-suite.sh -- cross-check the CTA-limit curves of suite workloads with Accel-Sim
# (docs/workloads.md "Cross-check with Accel-Sim"). A long run, not in make test.
#
#   scripts/xcheck-suite.sh [options] PATTERN...
#
# PATTERN: a glob on paper/app of workloads/papers/manifest.tsv ('seed000/SSC',
#   'seed000/*', 'seed00[1-4]/*') or a workload path, run in the order given (the
#   manifest's within one glob); --list FILE reads patterns one a line ('#' comments).
#   For each file, in order: the workload written as an Accel-Sim trace (ctasim
#   --write-trace, build/suite-traces/sNNN-APP), then scripts/correlate.sh sweeps both simulators over the CTA limit (N = 1 2 3 4 6 8
#   max) on configs/accelsim/SM6_TITANX.cfg, then one table of every file's MAD and
#   verdict (goal MAD <= 0.05): OUT/xcheck.md and OUT/xcheck.tsv, the curves in
#   OUT/xcheck-curves.tsv.
#
# Resumable: a trace is rewritten only when the workload file or the ctasim binary
#   changed (build/suite-traces/NAME.stamp); an Accel-Sim run is kept in
#   $ACCELSIM_HOME/runs/NAME-SM6_TITANX[-ctaN] (correlate.sh) and thrown away when the
#   trace's sha256 differs from the one recorded beside it (NAME-SM6_TITANX.trace-sha256;
#   runs found without that file are adopted and stamped); a file whose trace, preset and
#   ctasim binary are unchanged since its last completed check is not run again
#   (OUT/files/NAME/stamp). Ctrl-C and rerun: finished points are kept.
# Shared runs: Accel-Sim's simulation does not read a kernel's name, so a file whose trace
#   equals another's but for its `-kernel name` lines (files written from one template)
#   and has no completed run of its own takes that file's runs (symbolic links
#   NAME-SM6_TITANX[-ctaN] -> OTHER-SM6_TITANX[-ctaN]; the table and the file's header
#   name OTHER). The key is RUNS/NAME-SM6_TITANX.program-sha256, written beside a file's
#   own completed runs.
#
# Options:
#   --list FILE  patterns from FILE
#   --jobs N     Accel-Sim runs at once (default 1; each under nice -n 10)
#   --out DIR    output folder (default build/xcheck-suite)
#   --isa V      the traces' binary version: 70 (default; Accel-Sim decodes them with its
#                Volta opcode map) or 61 (a TITAN X's own, the Pascal map: the mirrored
#                GPU's; docs/traces.md "Which binary version"). Version 61 keeps its traces,
#                runs and results apart (NAME-v61: build/suite-traces/NAME-v61,
#                RUNS/NAME-v61-SM6_TITANX[-ctaN], OUT/files/NAME-v61), so the version-70
#                runs stay; the tables name each curve's version
#   --record     merge the results into workloads/papers/xcheck.tsv (committed: the
#                curves), rewrite docs/results/xcheck-suite.md's generated section and the suite's
#                file headers (scripts/gen-paper-suite.py reads xcheck.tsv)
# Environment: ACCELSIM_HOME (required: a build of ../shared/tools/accelsim/build.sh),
#   CTASIM (default build/rel/ctasim), ACCELSIM_TOOLS (as correlate.sh), XCHECK_TRACES
#   (the traces' folder, default build/suite-traces), XCHECK_MANIFEST (the manifest the
#   patterns select from, default workloads/papers/manifest.tsv).
# Cost: a sweep is 4-7 Accel-Sim runs (the points at or above every kernel's CTA limit
#   per SM repeat the maximum and are not run), each about 0.5 CPU ms per simulated cycle
#   plus 0.4 CPU us per thread instruction (docs/workloads.md), and as many ctasim runs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }

out=build/xcheck-suite jobs=1 record=0 isa=70
patterns=()
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) usage ;;
    --list)   mapfile -t -O "${#patterns[@]}" patterns < <(sed 's/#.*//; s/[[:space:]]*$//; /^$/d' "$2"); shift 2 ;;
    --jobs)   jobs=$2; shift 2 ;;
    --out)    out=$2; shift 2 ;;
    --record) record=1; shift ;;
    --isa)    isa=$2; shift 2 ;;
    -*)       echo "xcheck-suite.sh: unknown option $1" >&2; exit 2 ;;
    *)        patterns+=("$1"); shift ;;
  esac
done
[ ${#patterns[@]} -gt 0 ] || usage
case $isa in
  70) sfx= ;;
  61) sfx=-v61 ;;
  *) echo "xcheck-suite.sh: --isa $isa: the binary version is 70 or 61" >&2; exit 2 ;;
esac
: "${ACCELSIM_HOME:?xcheck-suite.sh: set ACCELSIM_HOME to an Accel-Sim build (docs/correlation.md)}"
ctasim=${CTASIM:-build/rel/ctasim}
preset=configs/accelsim/SM6_TITANX.cfg cfg=SM6_TITANX
[ -x "$ctasim" ] || { echo "xcheck-suite.sh: no ctasim at $ctasim (make first)" >&2; exit 2; }
runs=$ACCELSIM_HOME/runs traces=${XCHECK_TRACES:-build/suite-traces}
mkdir -p "$out/files" "$traces" "$runs"

sel_out=$(python3 "$here/xcheck_suite.py" select "${XCHECK_MANIFEST:-workloads/papers/manifest.tsv}" \
    "${patterns[@]}") || exit 2
mapfile -t sel <<< "$sel_out"
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- cmodel configs 2>/dev/null || echo '+changes')
bin_sha=$(sha256sum "$ctasim" | cut -c1-16)
preset_sha=$(sha256sum "$preset" | cut -c1-16)
dir_sha() { (cd "$1" && sha256sum -- * | sha256sum | cut -c1-16); }
# The trace without its kernels' names: what Accel-Sim simulates.
prog_sha() { (cd "$1" && for f in *; do echo "$f"; sed '/^-kernel name = /d' "$f"; done) |
               sha256sum | cut -c1-16; }
ctas=(1 2 3 4 6 8)

# The trace of one workload, rewritten when the workload or the binary changed.
write_trace() {
  local file=$1 t=$2 want
  want="$(sha256sum "$file" | cut -c1-16) $bin_sha${sfx:+ $isa}"
  [ -f "$t/kernelslist.g" ] && [ "$(cat "$t.stamp" 2>/dev/null)" = "$want" ] && return 0
  rm -rf "$t"
  nice -n 10 "$ctasim" --workload "$file" --write-trace "$t" --set trace.write_isa="sm$isa" > "$t.log" 2>&1 ||
    { echo "ctasim --write-trace failed: $(tail -n 1 "$t.log")"; return 1; }
  echo "$want" > "$t.stamp"
}

# A run folder of NAME for N (max or a CTA limit).
run_dir() { if [ "$2" = max ]; then echo "$runs/$1-$cfg"; else echo "$runs/$1-$cfg-cta$2"; fi; }

# The points trace T needs Accel-Sim to run: max and the CTA limits below every kernel's.
points_needed() { echo "max $(python3 "$here/correlate.py" ctas-needed "$cfg" "$1" "${ctas[@]}")"; }

# Accel-Sim runs of a trace kept only when they ran this trace; prints "done of needed".
accelsim_cached() {
  local t=$1 name=$2 sha=$3 stampf need done=0 n
  stampf=$runs/$name-$cfg.trace-sha256
  if [ -f "$stampf" ] && [ "$(cat "$stampf")" != "$sha" ]; then
    rm -rf "$runs/$name-$cfg" "$runs/$name-$cfg".summary "$runs/$name-$cfg"-cta[0-9]* \
           "$runs/$name-$cfg.program-sha256"
    echo "  $name: the trace changed since its Accel-Sim runs: they are run again" >&2
  fi
  read -r -a need <<< "$(points_needed "$t")"
  for n in "${need[@]}"; do
    grep -qs 'exit detected' "$(run_dir "$name" "$n")/accelsim.log" && done=$((done + 1))
  done
  echo "$done ${#need[@]}"
}

# Link NAME's runs (it has none completed: a file's runs are all its own or all shared) to
# the completed runs of another file of the same program (prog_sha); prints that file's
# name when it did.
share_runs() {
  local t=$1 name=$2 psha=$3 f src n ok need
  read -r -a need <<< "$(points_needed "$t")"
  for f in "$runs"/*-"$cfg".program-sha256; do
    [ -f "$f" ] && [ "$(cat "$f")" = "$psha" ] || continue
    src=$(basename "$f" "-$cfg.program-sha256")
    [ "$src" != "$name" ] || continue
    ok=1
    for n in "${need[@]}"; do grep -qs 'exit detected' "$(run_dir "$src" "$n")/accelsim.log" || ok=0; done
    [ "$ok" = 1 ] || continue
    for n in "${need[@]}"; do
      rm -rf "$(run_dir "$name" "$n")"
      ln -s "$(basename "$(run_dir "$src" "$n")")" "$(run_dir "$name" "$n")"
    done
    echo "$src"
    return 0
  done
}

# The file whose runs NAME's maximum-TLP run is (a link), or nothing.
runs_of() {
  local rd
  rd=$(run_dir "$1" max)
  [ -L "$rd" ] && basename "$(readlink "$rd")" "-$cfg"
  return 0
}

total=${#sel[@]} i=0 names=() t0=$SECONDS
echo "xcheck-suite: $total file(s), ctasim $commit, traces of binary version $isa, Accel-Sim runs in $runs (--jobs $jobs), out $out"
for row in "${sel[@]}"; do
  read -r paper app file base <<< "$row"
  name=$base$sfx          # the trace, its runs and its results: version 61 apart
  i=$((i + 1)); names+=("$paper:$app:$base:$name:$isa")
  fo=$out/files/$name t=$(cd "$traces" && pwd)/$name
  mkdir -p "$fo"
  printf '[%d/%d] %s/%s (%s): ' "$i" "$total" "$paper" "$app" "$name"
  if ! msg=$(write_trace "$file" "$t"); then echo "$msg"; echo "$msg" > "$fo/status"; continue; fi
  sha=$(dir_sha "$t")
  want="$sha $bin_sha $preset_sha"
  if [ -f "$fo/sweep.csv" ] && [ "$(cat "$fo/stamp" 2>/dev/null)" = "$want" ]; then
    [ -f "$runs/$name-$cfg.program-sha256" ] || [ -n "$(runs_of "$name")" ] ||
      prog_sha "$t" > "$runs/$name-$cfg.program-sha256"
    echo "unchanged since $(cat "$fo/done"): kept"; continue
  fi
  psha=$(prog_sha "$t")
  src=$(runs_of "$name")
  if [ -n "$src" ] && [ "$(cat "$runs/$src-$cfg.program-sha256" 2>/dev/null)" != "$psha" ]; then
    for n in max "${ctas[@]}"; do [ -L "$(run_dir "$name" "$n")" ] && rm -f "$(run_dir "$name" "$n")"; done
    echo "$src's runs, shared, are no longer of this program: not used"
    printf '  '
  fi
  read -r have need < <(accelsim_cached "$t" "$name" "$sha")
  if [ "$have" = 0 ] && src=$(share_runs "$t" "$name" "$psha") && [ -n "$src" ]; then
    echo "$sha" > "$runs/$name-$cfg.trace-sha256"
    echo "the trace is $src's but for the kernels' names: its Accel-Sim runs are shared"
    printf '  '
    read -r have need < <(accelsim_cached "$t" "$name" "$sha")
  fi
  echo "Accel-Sim $have of $need points done, $((need - have)) to run ($(date -u +%H:%M) UTC)"
  echo "$name" > "$fo/list.txt"
  s0=$SECONDS
  rm -f "$fo/stamp" "$fo/sweep.csv"
  if TRACES=$(cd "$traces" && pwd) CTASIM=$ctasim ACCELSIM_CFG=$cfg ACCELSIM_HOME=$ACCELSIM_HOME \
      "$here/correlate.sh" "$preset" --list "$fo/list.txt" --sweep "$fo/list.txt" \
      --jobs "$jobs" --out "$fo" > "$fo/correlate.log" 2>&1 && [ -f "$fo/sweep.csv" ]; then
    echo "$sha" > "$runs/$name-$cfg.trace-sha256"
    src=$(runs_of "$name")
    if [ -z "$src" ]; then echo "$psha" > "$runs/$name-$cfg.program-sha256"; fi
    echo "$src" > "$fo/accelsim-runs-of"
    echo "$want" > "$fo/stamp"
    echo "$(date -u +%F) $commit" > "$fo/done"
    rm -f "$fo/status"
    mad=$(awk -F, '$2 != "max" && NR > 1 { s += $7; n++ } END { if (n) printf "%.3f", s / n }' "$fo/sweep.csv")
    echo "  done in $((SECONDS - s0)) s: MAD $mad; $((SECONDS - t0)) s so far"
  else
    echo "correlate.sh failed (see $fo/correlate.log)" | tee "$fo/status"
    rm -f "$fo/sweep.csv"
  fi
done

python3 "$here/xcheck_suite.py" table "$out" "$(date -u +%F)" "$commit" "${names[@]}"
echo "xcheck-suite: $out/xcheck.md, $out/xcheck.tsv ($((SECONDS - t0)) s)"
if [ "$record" = 1 ]; then
  python3 "$here/xcheck_suite.py" record "$out" workloads/papers/xcheck.tsv docs/results/xcheck-suite.md
  python3 "$here/gen-paper-suite.py"
fi
