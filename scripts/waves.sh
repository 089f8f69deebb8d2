#!/usr/bin/env bash
# waves.sh -- `make waves`: a short lockstep run of the small preset writing the
# control units' waveform to build/waves/ctasim.fst (core cycles 0..20000),
# then the commands that open it with each unit's save file: units/*/*.gtkw
# name the per-core vectors at 64 cores ([63:0]); the run's model has the
# preset's cores (docs/cosim.md, "Models of the run's size"), so the save
# files are written to build/waves/ with those widths (waves_gtkw below).
set -eu
cd "$(dirname "$0")/.."
fst=build/waves/ctasim.fst
mkdir -p build/waves
source tests/model/stacks.bash   # the small preset's paper stack (tests/model/presets.txt)
# shellcheck disable=SC2046
build/rel/ctasim --config configs/small.cfg --workload workloads/mem_compute_regions.kern \
    $(stack_args "$(preset_stack small)") \
    --engine lockstep --fst "$fst" --fst-window 0:20000 --quiet
echo "waves: wrote $fst ($(du -h "$fst" | cut -f1), core cycles 0..20000; 1 ns = 1 core cycle)"
scripts/waves_gtkw.sh 4 build/waves
echo "open one unit's signals, grouped and named, with:"
for f in units/*/*.gtkw; do
    [ -f "$f" ] || continue
    echo "  gtkwave $fst build/waves/$(basename "$f")"
done
