#!/usr/bin/env bash
# compile-check.sh -- `make hwcalib-compile`: compile every microbenchmark of
# hwcalib/src without nvcc or a GPU, so the CUDA sources are checked on any machine.
# Device code: clang (Debian's clang-14, CUDA mode) to PTX for sm_80, then NVIDIA's
# ptxas assembles that PTX for sm_80 (A100) and sm_90 (H100), which checks the
# inline PTX of issue.cu, chase.cu and blocks.cu; host code: clang syntax check.
# The CUDA headers and ptxas come from NVIDIA's PyPI wheels (CUDA 11.8: the newest
# whose headers clang-14 reads), installed once into build/hwcalib-cc (about 150 MB
# download). Never part of `make test` (it downloads); `make hwcalib` on a machine
# with nvcc builds and runs the same sources.  Exit 0 = all compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
cc=$PWD/build/hwcalib-cc root=$PWD/build/hwcalib-cc/cuda
CLANG=${CLANG:-clang-14}
command -v "$CLANG" > /dev/null || { echo "hwcalib-compile: no $CLANG (apt-get install clang-14)" >&2; exit 2; }
if [ ! -e "$root/version.txt" ]; then
    python3 -m venv "$cc/venv"
    "$cc/venv/bin/pip" install -q nvidia-cuda-runtime-cu11==11.8.89 nvidia-cuda-nvcc-cu11==11.8.89 \
        nvidia-curand-cu11
    nv=$(echo "$cc"/venv/lib/python3*/site-packages/nvidia)
    rm -rf "$root"; mkdir -p "$root/include" "$root/bin" "$root/nvvm" "$root/lib64"
    for d in "$nv"/*/include; do cp -r "$d"/. "$root/include/"; done
    cp -r "$nv/cuda_nvcc/nvvm/libdevice" "$root/nvvm/"
    cp "$nv/cuda_nvcc/bin/ptxas" "$root/bin/"
    echo "CUDA Version 11.8.89" > "$root/version.txt"
fi
flags=(-x cuda --cuda-path="$root" -std=c++17 -O2 -Wno-unknown-cuda-version)
fail=0
for src in hwcalib/src/*.cu; do
    name=$(basename "$src" .cu)
    ok=1
    "$CLANG" "${flags[@]}" --cuda-gpu-arch=sm_80 --cuda-device-only -S -o "$cc/$name.ptx" "$src" || ok=0
    for arch in sm_80 sm_90; do
        [ $ok = 1 ] && { "$root/bin/ptxas" -arch=$arch -o "$cc/$name.$arch.cubin" "$cc/$name.ptx" || ok=0; }
    done
    [ $ok = 1 ] && { "$CLANG" "${flags[@]}" --cuda-gpu-arch=sm_80 --cuda-host-only -fsyntax-only "$src" || ok=0; }
    if [ $ok = 1 ]; then echo "hwcalib-compile: $src: ok (PTX, sm_80 and sm_90 cubins, host)"
    else echo "hwcalib-compile: $src: failed" >&2; fail=1; fi
done
exit $fail
