#!/usr/bin/env bash
# units_policy.sh -- the units a policy obeys are always stepped: --units only
# adds units to those the policy obeys (docs/cosim.md, "Units stepped"), so a
# run under DYNCTA takes the same cycles with --units policy, none or ucs.
source "$(dirname "$0")/../sim/checks.bash"

# ---- the units a policy obeys are always stepped (--units only adds) -----------------
row() { "$bin" --config configs/small.cfg --set policy.cta_limit=dyncta "$@" --csv-row 2>/dev/null |
        cut -d, -f6; }
c_pol=$(row --units policy); c_none=$(row --units none); c_ucs=$(row --units ucs)
[ -n "$c_pol" ] && [ "$c_pol" = "$c_none" ] && [ "$c_pol" = "$c_ucs" ] &&
    ok "dyncta: --units none and --units ucs still step DYNCTA ($c_pol cycles each)" ||
    bad "--units dropped the policy's unit: policy=$c_pol none=$c_none ucs=$c_ucs"
exit $fail
