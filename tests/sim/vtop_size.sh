#!/usr/bin/env bash
# vtop_size.sh -- the Verilated model an rtl/lockstep run uses has exactly the
# preset's core and partition counts (docs/cosim.md, "Models of the run's
# size"): small (4 x 2) and kayiran30 (30 x 8, the model `make` builds) are
# loaded and report their size (CTASIM_VTOP_REPORT=1: the size is the model's
# own table, compiled beside the model Verilated with -GNumCores/-GNumParts);
# the fast flavour is each unit Verilated on its own ("Units stepped"); a
# --fst run loads the trace flavour of the same size (the whole top), CTASIM_VTOP_COV=1 the
# cov flavour (built by make test-regress); for apsa60, c2050 and
# ucstates16 the model asked for (not built here: CTASIM_VTOP_NOBUILD=1) has
# the preset's size.
source "$(dirname "$0")/checks.bash"
args=(--workload workloads/stream_copy.kern --set run.max_cycles=20 --quiet)
check_loaded() {  # preset cores parts flavour [extra args]
    local p=$1 n=$2 np=$3 fl=$4; shift 4
    local kind="the whole top"
    [ "$fl" = fast ] && kind="each unit its own model"
    out=$(CTASIM_VTOP_REPORT=1 "$bin" --config "configs/$p.cfg" "${args[@]}" --engine lockstep "$@" 2>&1)
    if grep -q "^ctasim: Verilated top $n cores x $np partitions ($fl, $kind): .*/${n}x${np}-$fl-" <<<"$out"; then
        ok "$p: model of $n cores x $np partitions ($fl, $kind)"
    else
        bad "$p: expected a $n x $np $fl model: $(tail -3 <<<"$out")"
    fi
}
check_loaded small 4 2 fast
check_loaded kayiran30 30 8 fast
check_loaded small 4 2 trace --fst "$T/w.fst"
# the regression's coverage model (docs/verification.md, covtop=1)
CTASIM_VTOP_COV=1 check_loaded small 4 2 cov
for pc in apsa60:60:8 c2050:14:6 ucstates16:16:6; do
    IFS=: read -r p n np <<<"$pc"
    out=$(CTASIM_VTOP_NOBUILD=1 CTASIM_VTOP_REPORT=1 "$bin" --config "configs/$p.cfg" "${args[@]}" --engine rtl 2>&1)
    if grep -q "Verilated top $n cores x $np partitions (fast, each unit its own model)\|the $n-core x $np-partition Verilated top (fast) is not built" <<<"$out"; then
        ok "$p: model of $n cores x $np partitions"
    else
        bad "$p: expected a $n x $np model: $(tail -3 <<<"$out")"
    fi
done
exit $fail
