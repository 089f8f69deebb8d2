#!/usr/bin/env bash
# run.sh -- `make hwcalib`: build the microbenchmarks of hwcalib/src with nvcc,
# run them on GPU 0 (ncu for elapsed cycles, clock64() inside the others) and
# write one results file (hwcalib/README.md, format and keys):
#
#   hwcalib/run.sh [NAME]      -> hwcalib/results/NAME.txt (default: the GPU's name)
#
# Needs nvcc and ncu (CUDA 12 or later) and a GPU; takes a few minutes.  Never
# part of `make test`.  Environment: NVCC (default nvcc), NCU (default ncu),
# ARCH (default: the GPU's, e.g. sm_90), OUT (default hwcalib/results).
set -euo pipefail
cd "$(dirname "$0")/.."
nvcc=${NVCC:-nvcc} ncu=${NCU:-ncu}
command -v "$nvcc" > /dev/null || { echo "hwcalib: no nvcc (install the CUDA toolkit)" >&2; exit 2; }
command -v "$ncu" > /dev/null || { echo "hwcalib: no ncu (Nsight Compute, with the CUDA toolkit)" >&2; exit 2; }
bin=build/hwcalib
mkdir -p "$bin"
build() { "$nvcc" -O3 -std=c++17 ${ARCH:+-arch=$ARCH} -o "$bin/$1" "hwcalib/src/$1.cu"; }
build info
if [ -z "${ARCH:-}" ]; then
  ARCH=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d '. ')
  [ -n "$ARCH" ] && ARCH=sm_$ARCH
fi
for p in launch chase issue bw blocks; do build "$p"; done

name=${1:-$("$bin/info" | sed -n 's/^gpu.name = //p' | tr 'A-Z ' 'a-z-')}
out=${OUT:-hwcalib/results}/$name.txt
tmp=$(mktemp /tmp/hwcalib.XXXXXX)
trap 'rm -f "$tmp"' EXIT

# elapsed cycles of the one kernel a command launches (ncu; extra ncu options first)
elapsed() {
  local opts=() ; while [ "$1" != -- ]; do opts+=("$1"); shift; done; shift
  "$ncu" "${opts[@]}" --metrics gpc__cycles_elapsed.max --csv "$@" 2> /dev/null |
    python3 -c '
import csv, sys
rows = [r for r in csv.reader(sys.stdin) if len(r) > 3]
head = rows[0]
v = [r[head.index("Metric Value")] for r in rows[1:] if r[head.index("Metric Name")] == "gpc__cycles_elapsed.max"]
print(v[-1].replace(",", ""))'
}

{
  echo "# hwcalib results: written by hwcalib/run.sh on $(hostname), $(date -u +%Y-%m-%d)"
  echo "# (measured by hwcalib/run.sh; format and keys: hwcalib/README.md)"
  "$bin/info"
  echo "gpu.date = $(date -u +%Y-%m-%d)"
  echo "gpu.command = hwcalib/run.sh ${1:-}: nvcc -O3 ${ARCH:+-arch=$ARCH}; ncu --metrics gpc__cycles_elapsed.max (default clock control unless _noclk)"
  echo "# empty kernels: launch overhead and block launch rate"
  for shape in 1x32 132x32 1024x32 4096x32 4096x256 16384x256; do
    g=${shape%x*} b=${shape#*x}
    echo "launch.empty_${shape}_cycles = $(elapsed -- "$bin/launch" "$g" "$b")"
  done
  for shape in 1x32 4096x256; do
    g=${shape%x*} b=${shape#*x}
    echo "launch.empty_${shape}_noclk_cycles = $(elapsed --clock-control none -- "$bin/launch" "$g" "$b")"
  done
  echo "# one-thread pointer chase, cycles per load"
  "$bin/chase" 16384 ca l1_16k
  "$bin/chase" 16384 cg l2_16k
  "$bin/chase" $((4 << 20)) cg l2_4m
  "$bin/chase" $((512 << 20)) cg dram_512m
  echo "# dependent / independent issue per opcode class, cycles per instruction of one warp"
  "$bin/issue"
  echo "# bandwidth, GB/s"
  "$bin/bw" $((8 << 20)) l2_8m
  "$bin/bw" $((1 << 30)) dram_1g
  "$bin/bw" smem smem
  echo "# block size and count, and CTA-limit curves (shared memory per block limits blocks per SM)"
  smem=$("$bin/info" | sed -n 's/^gpu.smem_per_sm_bytes = //p')
  for b in 32 64 128 256 1024; do
    echo "blocks.ffma_4096x${b}_i20_cycles = $(elapsed -- "$bin/blocks" ffma 4096 "$b" 20 0)"
  done
  for n in 1 2 4 8 16 32; do
    s=$(( smem / n - 1024 )); [ $s -gt 0 ] || s=0   # 1 KB a block is the driver's
    echo "blocks.ffma_limit${n}_cycles = $(elapsed -- "$bin/blocks" ffma 4096 64 200 "$s")"
    echo "blocks.stream_limit${n}_cycles = $(elapsed -- "$bin/blocks" stream 4096 256 256 "$s")"
  done
} > "$tmp"
mkdir -p "$(dirname "$out")"
mv "$tmp" "$out"
trap - EXIT
echo "hwcalib: wrote $out; derive a preset with hwcalib/derive.py $out configs/silicon/NAME.cfg"
