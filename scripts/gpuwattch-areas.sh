#!/usr/bin/env bash
# gpuwattch-areas.sh -- the per-component areas of one Fermi core in GPUWattch (Leng et al.,
# ISCA 2013), from which `make reproduce` takes seed 004's static-power shares
# (scripts/reproduce.py, GPUWATTCH_CORE_MM2 and GPUWATTCH_PG_MM2; docs/experiments.md, "The
# papers' power metrics").  Not part of the build or of `make test`.
#
#   scripts/gpuwattch-areas.sh GPGPUSIM_GIT_DIR [WORKDIR]
#
# GPGPUSIM_GIT_DIR: a git directory of gpgpu-sim_distribution (Accel-Sim's, with
# src/accelwattch and configs/tested-cfgs/SM2_GTX480/gpuwattch_gtx480.xml).  Builds the
# standalone McPAT of src/accelwattch with g++ (about 2 minutes on two cores), runs it on the
# GTX 480 configuration at print level 5 and prints the core's areas, in mm^2.
set -euo pipefail
git_dir=${1:?usage: gpuwattch-areas.sh GPGPUSIM_GIT_DIR [WORKDIR]}
work=${2:-build/gpuwattch}
mkdir -p "$work"
work=$(cd "$work" && pwd)
git --git-dir="$git_dir" archive HEAD src/accelwattch configs/tested-cfgs/SM2_GTX480 | tar -x -C "$work"
src=$work/src/accelwattch
mkdir -p "$src/o"
# processor.h includes a GPGPU-Sim header that the standalone tool does not use
sed -i 's|#include "../gpgpu-sim/visualizer.h"|#include <zlib.h>|' "$src/processor.h"
srcs=(XML_Parse array basic_components core interconnect iocontrollers logic main memoryctrl noc
      processor sharedcache xmlParser cacti/Ucache cacti/arbiter cacti/area cacti/bank
      cacti/basic_circuit cacti/cacti_interface cacti/component cacti/crossbar cacti/decoder
      cacti/htree2 cacti/io cacti/mat cacti/nuca cacti/parameter cacti/router cacti/subarray
      cacti/technology cacti/uca cacti/wire)
for f in "${srcs[@]}"; do
    [ -f "$src/o/$(basename "$f").o" ] || echo "$f"
done | (cd "$src" && xargs -r -P2 -I{} sh -c 'g++ -O1 -w -Icacti -I. -DNTHREADS=1 -c {}.cc -o o/$(basename {}).o')
(cd "$src" && g++ o/*.o -o mcpat -lm -pthread -lz)
"$src/mcpat" -infile "$work/configs/tested-cfgs/SM2_GTX480/gpuwattch_gtx480.xml" -print_level 5 > "$work/gtx480.out"
# the core's section: each unit's name and its area
awk '/^Core:/ {core = 1} /^\*+$/ && core && seen {exit} core {seen = 1}
     core && /: *$/ {name = $0; sub(/^ +/, "", name)}
     core && /Area( Overhead)? =/ {sub(/^ +/, ""); printf "%-45s %s\n", name, $0}' "$work/gtx480.out"
