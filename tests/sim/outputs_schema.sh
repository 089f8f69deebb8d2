#!/usr/bin/env bash
# outputs_schema.sh -- every key and column the outputs write is in the schema
# (python/ctasim/schema.tsv) and every one the schema lists is written by one
# of these runs: a complete run (JSON, timeline, decisions, CSV header), an
# incomplete one (`stopped`), one with per-core power gating and a power
# baseline (`power_w_no_pcpg`, `rel_*`); docs/outputs.md is up to date with
# the schema.  (--rtl-power's JSON: tests/sim/install.sh.)
source "$(dirname "$0")/checks.bash"
source tests/model/stacks.bash   # the small preset's paper stack: three units' decisions
# shellcheck disable=SC2046
"$bin" --quiet --json "$T/a.json" --timeline "$T/a.csv" --decisions "$T/d.csv" \
    $(stack_args "$(preset_stack small)") || bad "complete run"
"$bin" --quiet --json "$T/b.json" --set run.max_cycles=1000 2> /dev/null; [ $? -eq 1 ] || bad "incomplete run"
"$bin" --quiet --json "$T/c.json" --power-baseline "$T/a.json" --set power.pcpg=1 \
    --set policy.dyncore=1 --set dyncore.k=2 || bad "pcpg run"
out=$(python3 tests/sim/check_schema.py --json "$T/a.json" --json "$T/b.json" --json "$T/c.json" \
    --csv-header "$("$bin" --csv-header)" --timeline "$T/a.csv" --decisions "$T/d.csv" \
    --scopes json.top,json.kernel,json.core,json.power,json.power_row,csv.row,csv.timeline,csv.decisions) &&
    ok "$out" || bad "$out"
out=$(python3 scripts/gen-outputs-doc.py --check) && ok "$out" || bad "$out"
# the checker fails on an undocumented key and on a documented one not written
python3 - "$T/a.json" "$T/x.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d['kernels'][0]['undocumented_key'] = 1; del d['total']['ipc']
for k in d['kernels']: k.pop('ipc', None)
json.dump(d, open(sys.argv[2], 'w'))
PY
out=$(python3 tests/sim/check_schema.py --json "$T/x.json" --scopes json.kernel)
[ $? -eq 1 ] && grep -q '"undocumented_key" is written but not documented' <<<"$out" &&
    grep -q '"ipc" is documented but no output given writes it' <<<"$out" &&
    ok "checker refuses an undocumented key and a documented one not written" || bad "checker: $out"
exit $fail
