#!/usr/bin/env bash
# waves_gtkw.sh N DIR -- write units/*/*.gtkw into DIR for an FST of an N-core
# model: the per-core vectors the save files name at 64 cores ([63:0]) become
# [N-1:0], and the dump file is DIR/ctasim.fst (docs/cosim.md, "Waveforms").
set -eu
cd "$(dirname "$0")/.."
n=${1:?usage: waves_gtkw.sh CORES DIR}
dir=${2:?DIR}
mkdir -p "$dir"
for f in units/*/*.gtkw; do
    [ -f "$f" ] || continue
    sed -e "s/\[63:0\]/[$((n - 1)):0]/g" -e 's|^\[dumpfile\] "../build/waves/ctasim.fst"|[dumpfile] "ctasim.fst"|' \
        "$f" > "$dir/$(basename "$f")"
done
