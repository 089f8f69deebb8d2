#!/usr/bin/env bash
# decisions_policy.sh -- the decision trace (--decisions, docs/files.md) of the
# whole model under given policies (tests/sim/decisions.sh checks each unit's
# own short runs): uC-States on its paper's preset, the lockstep engine's rows
# equal to c's, and a run stopped early keeps what ran.
source "$(dirname "$0")/../sim/checks.bash"
small=(--config configs/small.cfg --quiet)

# uC-States on its paper's preset (unequal unit counts, tuned-down groups):
# every row follows the rule, and on BLK (no SFU instruction) phase 3 tunes
# SCH down (seed 004 Sec. 4: an instruction type not issued is no bottleneck)
"$bin" --config configs/ucstates16.cfg --quiet --workload workloads/papers/seed004/BLK.kern \
    --set policy.gating=ucstates --decisions "$T/blk.csv" > "$T/blk.out" 2>&1; rc=$?
if [ $rc -eq 0 ] && python3 tests/sim/check_decisions.py "$T/blk.csv" ucs > "$T/blk.chk" &&
   grep -q 'phase=3.*SCH=down' "$T/blk.csv"; then
    ok "ucs on ucstates16 BLK: every row follows the rule, SCH tuned down: $(cat "$T/blk.chk")"
else
    bad "ucs on ucstates16 BLK: rc=$rc $(cat "$T/blk.out" "$T/blk.chk" 2>/dev/null | head -5)"
fi

# lockstep takes the rows from its C reference: the same file as c
both=(--workload workloads/stream_copy.kern --set policy.cta_limit=dyncta --set dyncta.period=256
      --set policy.dyncore=1 --set dyncore.period=512 --set dyncore.k=2)
"$bin" "${small[@]}" "${both[@]}" --decisions "$T/c.csv" > /dev/null 2>&1; rc1=$?
"$bin" "${small[@]}" "${both[@]}" --engine lockstep --decisions "$T/l.csv" > /dev/null 2>&1; rc2=$?
if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && [ "$(wc -l < "$T/c.csv")" -gt 2 ] && cmp -s "$T/c.csv" "$T/l.csv"; then
    ok "lockstep and c write the same decisions ($(wc -l < "$T/c.csv") lines)"
else
    bad "lockstep vs c: rc=$rc1/$rc2, $(cmp "$T/c.csv" "$T/l.csv" 2>&1)"
fi

# a run stopped early keeps the decisions of what ran
"$bin" "${small[@]}" --workload workloads/reuse_cache.kern --set policy.cta_limit=dyncta \
    --set dyncta.period=256 --set run.max_cycles=3000 --decisions "$T/stop.csv" > /dev/null 2>&1; rc=$?
if [ $rc -eq 1 ] && python3 tests/sim/check_decisions.py "$T/stop.csv" dyncta > /dev/null; then
    ok "a stopped run writes the decisions of what ran"
else
    bad "stopped run: rc=$rc"
fi
exit $fail
