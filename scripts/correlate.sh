#!/usr/bin/env bash
# correlate.sh -- ctasim beside Accel-Sim on Accel-Sim traces (docs/correlation.md).
#
#   scripts/correlate.sh [options] PRESET.cfg TRACE_DIR...
#   scripts/correlate.sh [options] PRESET.cfg --list FILE [--list FILE...]
#
# Runs ctasim (c engine) with the preset on each trace and sets it beside Accel-Sim's
# numbers for the same trace: cycles, IPC, L1/L2 hit rates per sector and per line,
# DRAM row-buffer hits and bus utilisation, per trace and per kernel; MAPE and Pearson r
# of cycles over traces and over kernels; simulation speed of both; a log-log plot of
# cycles; with --sweep, the CTA-limit sweep of both normalised to the maximum.
#
# Accel-Sim's numbers come from the committed reference CSV (--ref), or, when
# ACCELSIM_HOME names a build of ../shared/tools/accelsim/build.sh, from Accel-Sim run
# here: run-accelsim.sh in that folder's runs/ (a completed run directory is reused),
# its numbers written to OUT/accelsim-$ACCELSIM_CFG.csv and compared. Accel-Sim is a
# measuring instrument: nothing in make test needs it.
#
# Options:
#   --list FILE   trace directories, one a line ('#' comments); a relative one is taken
#                 from $TRACES when set, else from FILE's folder
#   --sweep FILE  also sweep the CTA limit (N = 1 2 3 4 6 8 and max) on the traces of FILE
#   --out DIR     output folder (default build/correlate)
#   --ref CSV     Accel-Sim reference (default docs/correlation/accelsim-SM6_TITANX.csv)
#   --doc FILE    also write the tables into FILE, between its correlate.sh markers
#   --jobs N      Accel-Sim runs at once (default 2; each under nice -n 10)
#   --label TEXT  what the ctasim side is (default: commit, engine, preset, date)
# Environment: CTASIM (default build/rel/ctasim), TRACES, ACCELSIM_HOME, ACCELSIM_CFG
#   (default SM6_TITANX), ACCELSIM_TOOLS (default ../shared/tools/accelsim).
# Output: OUT/correlation.csv and .md (the table and summary), OUT/sweep.csv,
#   OUT/cycles.png (gnuplot), OUT/ctasim/ (the JSON of every run); the summary on stdout.
#   A run that fails (either simulator) is listed in OUT/failed.txt and on stderr, its
#   trace left out of the table, and the exit status is 1.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }

out=build/correlate
ref=docs/correlation/accelsim-SM6_TITANX.csv
sweep_list= doc= jobs=2 label=
traces=() groups=() lists=()
[ $# -ge 1 ] || usage
preset=$1; shift
case $preset in -h|--help) usage ;; esac
# an option's value: present, and not another option
val() {
  if [ $# -lt 2 ] || [ -z "$2" ] || [[ $2 == --* ]]; then
    echo "correlate.sh: $1 needs a value (see --help)" >&2; exit 2
  fi
}
while [ $# -gt 0 ]; do
  case $1 in
    --list|--sweep|--out|--ref|--doc|--jobs|--label) val "$@" ;;
  esac
  case $1 in
    --list)  lists+=("$2"); shift 2 ;;
    --sweep) sweep_list=$2; shift 2 ;;
    --out)   out=$2; shift 2 ;;
    --ref)   ref=$2; shift 2 ;;
    --doc)   doc=$2; shift 2 ;;
    --jobs)  jobs=$2; shift 2 ;;
    --label) label=$2; shift 2 ;;
    -*)      echo "correlate.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *)       traces+=("$1"); groups+=(traces); shift ;;
  esac
done
ctasim=${CTASIM:-build/rel/ctasim}
cfg=${ACCELSIM_CFG:-SM6_TITANX}
tools=${ACCELSIM_TOOLS:-$here/../../shared/tools/accelsim}
[ -f "$preset" ] || { echo "correlate.sh: no preset $preset" >&2; exit 2; }
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "correlate.sh: --jobs $jobs: not a positive number" >&2; exit 2; }
for l in "${lists[@]}" ${sweep_list:+"$sweep_list"}; do
  [ -f "$l" ] && [ -r "$l" ] || { echo "correlate.sh: $l: no such list file (--list/--sweep)" >&2; exit 2; }
done
[ ! -e "$out" ] || [ -d "$out" ] || { echo "correlate.sh: $out: exists and is not a folder (--out)" >&2; exit 2; }
[ -x "$ctasim" ] || { echo "correlate.sh: no ctasim at $ctasim (make first, or set CTASIM)" >&2; exit 2; }

# Trace directories of a list file, made absolute against $TRACES or the file's folder.
read_list() {
  local base; base=${TRACES:-$(cd "$(dirname "$1")" && pwd)}
  sed 's/#.*//; s/[[:space:]]*$//' "$1" | while read -r t; do
    [ -n "$t" ] || continue
    case $t in /*) echo "$t" ;; *) echo "$base/$t" ;; esac
  done
}
# each list is a group of traces: the summary gives its statistics beside the whole's
for l in "${lists[@]}"; do
  mapfile -t -O "${#traces[@]}" traces < <(read_list "$l")
  while [ ${#groups[@]} -lt ${#traces[@]} ]; do groups+=("$(basename "${l%.*}")"); done
done
[ ${#traces[@]} -gt 0 ] || { echo "correlate.sh: no trace given" >&2; exit 2; }
sweep_traces=()
[ -n "$sweep_list" ] && mapfile -t sweep_traces < <(read_list "$sweep_list")
ctas=(1 2 3 4 6 8)
for t in "${traces[@]}" "${sweep_traces[@]}"; do
  [ -f "$t/kernelslist.g" ] || { echo "correlate.sh: no kernelslist.g in $t" >&2; exit 2; }
done

mkdir -p "$out/ctasim"
runs=$out/ctasim/runs.tsv failed=$out/failed.txt
: > "$runs"
: > "$failed"

# One ctasim run: trace, CTA limit (N or max), group ('-': swept only, not in the table)
# -> JSON, and its wall and CPU seconds.
run_ctasim() {
  local t=$1 n=$2 group=$3 name json limit=()
  name=$(basename "$t")
  json=$out/ctasim/$name-cta$n.json
  [ "$n" = max ] || limit=(--set policy.cta_limit=static --set "policy.static_n=$n")
  if ! python3 "$here/correlate.py" timed "$json.time" \
      "$ctasim" --config "$preset" --set launch.kernel_lat=0 --trace "$t" --engine c --quiet \
      --json "$json" "${limit[@]}" \
      > "$json.log" 2>&1; then
    echo "ctasim failed on $t (cta $n): $(tail -n 1 "$json.log")" >> "$failed"
    return 0
  fi
  echo "$name $n $json $(cat "$json.time") $group" >> "$runs"
}

for i in "${!traces[@]}"; do run_ctasim "${traces[$i]}" max "${groups[$i]}"; done
for t in "${sweep_traces[@]}"; do
  grep -q "^$(basename "$t") max " "$runs" || run_ctasim "$t" max -
  for n in "${ctas[@]}"; do run_ctasim "$t" "$n" -; done
done

# Accel-Sim options beside the tested config (ctasim's runs above: --set launch.kernel_lat=0,
# the same): no launch latency, global loads cached in
# L1 (both as ctasim models them); traces of sm_70 and later binaries (ctasim's own
# --write-trace output says 70) use the Volta, Turing or Ampere opcode map, which send
# branches, texture and tensor opcodes to specialized units TITANX lacks: SM86_RTX3070's
# four, as in its trace.config. sm_90 traces need the patched build (README of ACCELSIM_TOOLS).
accelsim_args() {
  local t=$1 k hdr bv
  k=$(grep -v -e '^Memcpy' -e '^#' -e '^[[:space:]]*$' "$t/kernelslist.g" | head -n 1)
  case $k in *.xz) hdr=$(xz -dc "$t/$k" | head -n 20) ;; *) hdr=$(head -n 20 "$t/$k") ;; esac
  bv=$(printf '%s\n' "$hdr" | sed -n 's/^-binary version = //p')
  echo -gpgpu_kernel_launch_latency 0 -gpgpu_gmem_skip_L1D 0
  if [ "${bv:-0}" -ge 70 ]; then
    echo -specialized_unit_1 1,4,4,4,4,BRA -trace_opcode_latency_initiation_spec_op_1 4,4
    echo -specialized_unit_2 1,4,200,4,4,TEX -trace_opcode_latency_initiation_spec_op_2 200,4
    echo -specialized_unit_3 1,4,32,4,4,TENSOR -trace_opcode_latency_initiation_spec_op_3 32,32
    echo -specialized_unit_4 1,4,4,4,4,UDP -trace_opcode_latency_initiation_spec_op_4 4,1
  fi
  [ "${bv:-0}" = 90 ] && echo VARIANT=sm90patch
  return 0
}

# One Accel-Sim run (trace, N or max) into $ACCELSIM_HOME/runs (a completed run is kept);
# prints "trace N run-folder" when the run completed.
run_accelsim() {
  local t=$1 n=$2 name rd args variant=stock
  name=$(basename "$t")
  rd=$ACCELSIM_HOME/runs/$name-$cfg
  [ "$n" = max ] || rd=$rd-cta$n
  if ! grep -qs 'exit detected' "$rd/accelsim.log"; then
    read -r -a args <<< "$(accelsim_args "$t" | tr '\n' ' ')"
    if [ "${args[-1]}" = VARIANT=sm90patch ]; then variant=sm90patch; unset 'args[-1]'; fi
    [ "$n" = max ] || args+=(-gpgpu_shader_cta "$n")
    rm -rf "$rd"
    VARIANT=$variant RUN_DIR=$rd nice -n 10 "$tools/run-accelsim.sh" "$t" "$cfg" "${args[@]}" \
      > "$rd.summary" 2>&1 || echo "Accel-Sim failed on $name (cta $n): $rd" >> "$failed"
  fi
  grep -qs 'exit detected' "$rd/accelsim.log" && echo "$name $n $rd"
  return 0
}
export -f run_accelsim accelsim_args
export ACCELSIM_HOME cfg tools failed

if [ -n "${ACCELSIM_HOME:-}" ]; then
  [ -x "$ACCELSIM_HOME/accel-sim-framework/gpu-simulator/bin/release/accel-sim.out" ] ||
    { echo "correlate.sh: no Accel-Sim build in $ACCELSIM_HOME" >&2; exit 2; }
  mkdir -p "$ACCELSIM_HOME/runs"
  # A sweep point at or above every kernel's CTA limit per core (GPGPU-Sim's max_cta,
  # the grid spread over the SMs included) runs exactly as the maximum: not run again.
  same=$out/accelsim-same-as-max.txt
  : > "$same"
  { for t in "${traces[@]}" "${sweep_traces[@]}"; do echo "$t max"; done
    for t in "${sweep_traces[@]}"; do
      needed=" $(python3 "$here/correlate.py" ctas-needed "$cfg" "$t" "${ctas[@]}") "
      for n in "${ctas[@]}"; do
        if [[ $needed == *" $n "* ]]; then echo "$t $n"; else echo "$t $n" >> "$same"; fi
      done
    done
  } | sort -u | xargs -P "$jobs" -L 1 bash -c 'run_accelsim "$0" "$1"' > "$out/accelsim-runs.txt"
  while read -r t n; do
    grep "^$(basename "$t") max " "$out/accelsim-runs.txt" | sed "s/ max / $n /"
  done < "$same" >> "$out/accelsim-runs.txt"
  as=$ACCELSIM_HOME/accel-sim-framework
  header="Accel-Sim $cfg, run $(date +%F); accel-sim-framework $(git -C "$as" rev-parse HEAD),"
  header+=" gpgpu-sim_distribution $(git -C "$as/gpu-simulator/gpgpu-sim" rev-parse HEAD);"
  header+=" options -gpgpu_kernel_launch_latency 0 -gpgpu_gmem_skip_L1D 0, for binary version"
  header+=" >= 70 specialized units 1-4 of SM86_RTX3070, for 90 the local sm90-hack.patch build;"
  header+=" CTA limits at or above every kernel's CTA/core repeat the max run"
  ref=$out/accelsim-$cfg.csv
  python3 "$here/correlate.py" accelsim-csv "$ref" "$header" "$out/accelsim-runs.txt"
fi
[ -f "$ref" ] || { echo "correlate.sh: no Accel-Sim reference $ref" >&2; exit 2; }

[ -n "$label" ] || label="ctasim $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo '+changes'), c engine, $(basename "$preset"), run $(date +%F)"
python3 "$here/correlate.py" compare "$out" "$ref" "$runs" --label "$label" ${doc:+--doc "$doc"}
if command -v gnuplot > /dev/null; then
  (cd "$out" && gnuplot cycles.gp) && echo "plot: $out/cycles.png"
else
  echo "correlate.sh: no gnuplot (apt-get install gnuplot-nox): $out/cycles.gp not drawn" >&2
fi
# A trace either simulator could not run is left out of the table: say so, and fail.
if [ -s "$failed" ]; then
  sed 's/^/correlate.sh: /' "$failed" >&2
  exit 1
fi
