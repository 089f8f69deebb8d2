#!/usr/bin/env bash
# synth_report.sh -- `make synth`'s report (synth/report.sh) without Yosys: a
# stand-in yosys on PATH writes fixed statistics, so the script's own work is
# checked in a second -- it writes build/synth/area_report.md (here
# SYNTH_REPORT), never the committed synth/area_report.md; its header names the
# command, date and commit; its preset table has every preset of configs/ and
# configs/accelsim/ with the core count after `include =` (no "0 cores"); one
# comparison with a paper per units/NAME/area.sh; SYNTH_REUSE=1 over outputs
# newer than the RTL runs no Yosys and writes the report again.
source "$(dirname "$0")/checks.bash"
mkdir -p "$T/bin"
cat > "$T/bin/yosys" <<'SH'
#!/usr/bin/env bash
# stand-in: -V prints a version; -p SCRIPT: every "tee -o FILE" gets fixed statistics
[ "${1:-}" = -V ] && { echo "Yosys 0.0 (stand-in)"; exit 0; }
[ -n "${STANDIN_CALLS:-}" ] && echo "yosys $*" >> "$STANDIN_CALLS"   # every synthesis run
while [ $# -gt 0 ]; do [ "$1" = -p ] && script=$2; shift; done
for f in $(grep -o 'tee -o [^ ]*' <<<"$script" | awk '{print $3}'); do
    n=$(grep -o 'NumCores [0-9]*' <<<"$script" | awk '{print $2}')
    printf '   Number of cells: %d\n   $_DFF_P_ %d\n   Estimated number of transistors: %d+\n   Chip area for module top: %d.0\n' \
        $((100 * n)) $((10 * n)) $((1000 * n)) $((50 + 10 * n)) > "$f"
done
SH
chmod +x "$T/bin/yosys"
before=$(sha1sum synth/area_report.md)
PATH="$T/bin:$PATH" SYNTH_OUT="$T/work" SYNTH_REPORT="$T/area.md" CTASIM=$bin bash synth/report.sh > "$T/log" 2>&1 ||
    { bad "report.sh: $(tail -3 "$T/log")"; exit 1; }
[ "$(sha1sum synth/area_report.md)" = "$before" ] && ok "the committed synth/area_report.md untouched" ||
    bad "synth/area_report.md rewritten"
grep -q '^report=${SYNTH_REPORT:-build/synth/area_report.md}$' synth/report.sh &&
    ok "default report: build/synth/area_report.md" || bad "default report path"
head -4 "$T/area.md" | grep -qE '^Command: `make synth` \(synth/report.sh\); [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{5} UTC; commit$' &&
    ok "header: command, date, commit" || bad "header: $(head -4 "$T/area.md")"
python3 - "$T/area.md" <<'PY' && ok "preset table: 11 presets (6 + 5 Accel-Sim), cores after include" || bad "preset table"
import sys
rows = {}
sec = None
for l in open(sys.argv[1]):
    if l.startswith('## '):
        sec = l
    elif sec and sec.startswith('## Whole GPU') and l.startswith('| ') and not l.startswith('| preset'):
        c = [x.strip() for x in l.strip().strip('|').split('|')]
        rows[c[0]] = int(c[1])
want = {'small': 4, 'kayiran30': 30, 'apsa60': 60, 'c2050': 14, 'ucstates16': 16, 'tgpu16': 16,
        'SM6_TITANX': 28, 'SM7_QV100': 80, 'SM80_A100': 108, 'SM86_RTX3070': 46, 'SM90_H100': 132}
assert rows == want, rows
PY
# SYNTH_REUSE=1 over the outputs just written (all newer than the RTL): no Yosys run, the
# report written again from them
rm -f "$T/area.md"
PATH="$T/bin:$PATH" SYNTH_REUSE=1 SYNTH_OUT="$T/work" SYNTH_REPORT="$T/area.md" CTASIM=$bin \
    STANDIN_CALLS="$T/calls" bash synth/report.sh > "$T/log2" 2>&1 &&
    grep -q '^synth_report: 0 Yosys runs' "$T/log2" && [ ! -e "$T/calls" ] && [ -s "$T/area.md" ] &&
    ok "SYNTH_REUSE=1 with nothing to synthesize: no Yosys run, the report rewritten" ||
    bad "SYNTH_REUSE=1 with nothing to synthesize: $(tail -2 "$T/log2")"
# one bullet of "The papers' overhead claims" per units/NAME/area.sh
na=$(ls units/*/area.sh | wc -l)
nb=$(sed -n "/^## The papers' overhead claims/,\$p" "$T/area.md" | grep -c '^- \*\*')
[ "$na" -gt 0 ] && [ "$nb" = "$na" ] && ok "papers' claims: $nb bullets from $na units/*/area.sh" ||
    bad "papers' claims: $nb bullets, $na units/*/area.sh"
exit $fail
