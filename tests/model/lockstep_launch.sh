#!/usr/bin/env bash
# lockstep_launch.sh -- the launch overheads (launch.*) held by the front end while
# the control units run: in lockstep on configs/small.cfg every cycle is compared
# and none mismatches, with each launch key on, under DYNCTA and CLASO (whose
# requests and grants pass the front end's limits).
source "$(dirname "$0")/../sim/checks.bash"
launch=(--set launch.kernel_lat=200 --set launch.cta_lat=10 --set launch.cta_retire=7
        --set launch.gpu_cta_interval=1500 --set launch.sm_cta_interval=3)
for pol in policy.cta_limit=dyncta policy.claso=1; do
    "$bin" --config configs/small.cfg --workload workloads/wave_imbalance.kern --engine lockstep \
        --set "$pol" "${launch[@]}" --quiet --json "$T/ls.json" > "$T/out" 2>&1; rc=$?
    res=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['compared_cycles'], d['total']['cycles'], d['complete'])" "$T/ls.json" 2>/dev/null)
    read -r cmp cyc done <<< "$res"
    [ $rc -eq 0 ] && [ "$done" = True ] && [ -n "$cmp" ] && [ "$cmp" = "$cyc" ] &&
        ok "lockstep $pol with launch overheads: $cyc cycles, every one compared" ||
        bad "lockstep $pol with launch overheads: rc=$rc $res $(tail -2 "$T/out")"
done
exit $fail
