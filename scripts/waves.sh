#!/usr/bin/env bash
# waves.sh -- `make waves`: a short lockstep run of the small preset writing the
# control units' waveform to build/waves/ctasim.fst (core cycles 0..20000),
# then the commands that open it with each unit's save file under waves/.
set -eu
cd "$(dirname "$0")/.."
fst=build/waves/ctasim.fst
mkdir -p build/waves
build/rel/ctasim --config configs/small.cfg --workload workloads/mem_compute_regions.kern \
    --set policy.cta_limit=dyncta --set policy.claso=1 --set policy.gating=ucstates \
    --engine lockstep --fst "$fst" --fst-window 0:20000 --quiet
echo "waves: wrote $fst ($(du -h "$fst" | cut -f1), core cycles 0..20000; 1 ns = 1 core cycle)"
echo "open one unit's signals, grouped and named, with:"
for f in waves/*.gtkw; do
    echo "  gtkwave $fst $f"
done
