#!/usr/bin/env bash
# xcheck-probes.sh -- the latency and bandwidth probes of docs/workloads.md ("Where the
# curves disagree"): each workloads/probes/NAME.kern written as a trace, run by ctasim
# and by Accel-Sim on SM6_TITANX with correlate.sh's Accel-Sim options; prints the
# cycles of both. Needs ACCELSIM_HOME; not in make test.
#
#   ACCELSIM_HOME=/work/accelsim scripts/xcheck-probes.sh [NAME...]   (default: all)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${ACCELSIM_HOME:?set ACCELSIM_HOME}"
ctasim=${CTASIM:-build/rel/ctasim} out=${OUT:-build/xcheck-probes}
tools=${ACCELSIM_TOOLS:-$here/../../shared/tools/accelsim}
[ $# -gt 0 ] || set -- $(cd workloads/probes && ls ./*.kern | sed 's|^\./||; s|\.kern$||')
mkdir -p "$out"
# the options correlate.sh gives Accel-Sim for a binary version 70 trace (accelsim_args)
args=(-gpgpu_kernel_launch_latency 0 -gpgpu_gmem_skip_L1D 0
  -specialized_unit_1 1,4,4,4,4,BRA -trace_opcode_latency_initiation_spec_op_1 4,4
  -specialized_unit_2 1,4,200,4,4,TEX -trace_opcode_latency_initiation_spec_op_2 200,4
  -specialized_unit_3 1,4,32,4,4,TENSOR -trace_opcode_latency_initiation_spec_op_3 32,32
  -specialized_unit_4 1,4,4,4,4,UDP -trace_opcode_latency_initiation_spec_op_4 4,1)
printf '%-6s %10s %10s %8s\n' probe ctasim accelsim diff
for k in "$@"; do
  t=$out/trace-$k rd=$out/accelsim-$k
  rm -rf "$t" "$rd"
  "$ctasim" --workload "workloads/probes/$k.kern" --write-trace "$t" > /dev/null
  "$ctasim" --config configs/accelsim/SM6_TITANX.cfg --set launch.kernel_lat=0 --trace "$t" --engine c \
    --quiet --json "$out/ctasim-$k.json" 2> /dev/null
  RUN_DIR=$PWD/$rd nice -n 10 "$tools/run-accelsim.sh" "$t" SM6_TITANX "${args[@]}" > "$rd.summary" 2>&1
  ct=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['total']['cycles'])" "$out/ctasim-$k.json")
  as=$(sed -n 's/^gpu_tot_sim_cycle = //p' "$rd/accelsim.log" | tail -n 1)
  printf '%-6s %10s %10s %7.1f%%\n' "$k" "$ct" "$as" "$(python3 -c "print(100 * ($ct - $as) / $as)")"
done
