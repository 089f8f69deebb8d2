#!/usr/bin/env bash
# vtop-key.sh -- the cache key of the Verilated control-unit top (docs/cosim.md,
# "Models of the run's size"): 12 hex digits of the SHA-1 of everything a model
# in build/vl/top/ is built from -- rtl/*.sv, units/*/*.sv but testbenches, seam/units.tsv, the model shims (cosim/vmodel/),
# the seam header, cosim/vtop_api.h, the build script and Verilator's version.
# A model whose key differs from the one build/rel/ctasim was built with is
# never loaded.  Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob
{
    # the units' RTL, not their testbenches (units/*/tb_*.sv are no part of a model)
    cat rtl/*.sv $(ls units/*/*.sv | grep -v '/tb_[^/]*$') seam/units.tsv cosim/vmodel/* cosim/vtop_api.h \
        cmodel/ctl/ctl_seam.h scripts/vtop-build.sh
    ${VERILATOR:-verilator} --version 2>/dev/null || echo "no verilator"
} | sha1sum | cut -c1-12
