#!/usr/bin/env bash
# outputs.sh -- what ctasim writes: nothing destroyed, nothing finished lost,
# no malformed result (docs/files.md).  Outputs are aimed only at files and
# FIFOs this script makes, in its own scratch folder.
source "$(dirname "$0")/checks.bash"
small=(--config configs/small.cfg --workload workloads/stream_copy.kern --quiet)

# 1. a FIFO as the waveform target is refused and left a FIFO; nothing ran
mkfifo "$T/fifo"
out=$("$bin" "${small[@]}" --engine rtl --fst "$T/fifo" --json "$T/r1.json" 2>&1); rc=$?
[ $rc -eq 2 ] && [ -p "$T/fifo" ] && [ ! -e "$T/r1.json" ] &&
    ok "FIFO target refused and intact" || bad "FIFO target: rc=$rc $out"

# a waveform written normally lands in place, readable, with no temporary left
"$bin" "${small[@]}" --engine rtl --fst "$T/ok.fst" --fst-window 0:2000 > "$T/o0" 2>&1; rc=$?
[ $rc -eq 0 ] && [ -s "$T/ok.fst" ] && [ -z "$(ls -A "$T" | grep '^\.')" ] &&
    ok "waveform written and renamed into place" || bad "waveform: rc=$rc $(cat "$T/o0")"
rm -f "$T/ok.fst"

# 1. a file-size limit (a full disk) during the waveform: the JSON is whole,
#    the waveform is not put in place, exit 3 (an output could not be written)
( ulimit -f 64; exec "$bin" "${small[@]}" --engine rtl --fst "$T/w.fst" --json "$T/r2.json" ) \
    > "$T/o2" 2>&1; rc=$?
if [ $rc -eq 3 ] && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['complete']" \
       "$T/r2.json" && [ ! -e "$T/w.fst" ] && grep -q "w.fst: waveform not written" "$T/o2" &&
   [ -z "$(ls -A "$T" | grep '^\.')" ]; then
    ok "file-size limit: JSON whole, waveform refused, no temporary left"
else
    bad "file-size limit: rc=$rc $(cat "$T/o2") $(ls -A "$T")"
fi

# 1. a file-size limit during a large timeline: the JSON still written, the
#    earlier timeline file unchanged, exit 3
echo previous > "$T/t3.csv"
( ulimit -f 16; exec "$bin" "${small[@]}" --set run.timeline_period=1 --timeline "$T/t3.csv" \
      --json "$T/r3.json" ) > "$T/o3" 2>&1; rc=$?
[ $rc -eq 3 ] && [ "$(cat "$T/t3.csv")" = previous ] && python3 -m json.tool "$T/r3.json" >/dev/null &&
    grep -q "t3.csv: write failed" "$T/o3" &&
    ok "timeline write failure: JSON written, old timeline kept" || bad "timeline failure: rc=$rc $(cat "$T/o3")"

# 2. --write-trace into a non-empty folder needs --force; with it, it writes
mkdir "$T/tr"; echo keep > "$T/tr/notes.txt"
"$bin" --workload workloads/stream_copy.kern --write-trace "$T/tr" > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && [ ! -e "$T/tr/kernelslist.g" ] && ok "write-trace refuses a non-empty folder" ||
    bad "write-trace non-empty: rc=$rc"
"$bin" --workload workloads/stream_copy.kern --write-trace "$T/tr" --force > /dev/null 2>&1; rc=$?
[ $rc -eq 0 ] && [ -e "$T/tr/kernelslist.g" ] && [ "$(cat "$T/tr/notes.txt")" = keep ] &&
    ok "write-trace --force writes" || bad "write-trace --force: rc=$rc"

# 4. run.max_cycles: statistics of what ran, marked incomplete, exit 1
"$bin" "${small[@]}" --set run.max_cycles=4096 --json "$T/r4.json" --timeline "$T/t4.csv" > "$T/o4" 2>&1; rc=$?
if [ $rc -eq 1 ] && python3 - "$T/r4.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["complete"] is False and "run.max_cycles" in d["stopped"], d.get("stopped")
assert d["kernels"][0]["cycles"] >= 4096 and d["total"]["thread_insts"] > 0
PY
then ok "max_cycles: incomplete statistics written"; else bad "max_cycles: rc=$rc $(cat "$T/o4")"; fi
[ -s "$T/t4.csv" ] && ok "max_cycles: timeline written" || bad "max_cycles: no timeline"

# 5. a quote and a comma in names: valid JSON, one CSV field
cp workloads/stream_copy.kern "$T/a\"b,c.kern"
"$bin" --workload "$T/a\"b,c.kern" --set 'name=x"y,z' --quiet --json "$T/r5.json" > /dev/null 2>&1 &&
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['config']=='x\"y,z'" "$T/r5.json" &&
    ok "JSON strings escaped" || bad "JSON escaping"
row=$("$bin" --workload "$T/a\"b,c.kern" --set 'name=x"y,z' --csv-row 2>/dev/null)
python3 - "$row" "$("$bin" --csv-header)" <<'PY' && ok "CSV fields quoted" || bad "CSV quoting: $row"
import csv, io, sys
row = next(csv.reader(io.StringIO(sys.argv[1]))); head = sys.argv[2].split(",")
assert len(row) == len(head) and row[0] == 'x"y,z', (len(row), len(head), row[:2])
PY

# an existing result is replaced whole, with its mode kept
echo old > "$T/r6.json"; chmod 640 "$T/r6.json"
"$bin" "${small[@]}" --json "$T/r6.json" > /dev/null 2>&1 &&
    python3 -m json.tool "$T/r6.json" > /dev/null && [ "$(stat -c %a "$T/r6.json")" = 640 ] &&
    ok "existing result replaced atomically, mode kept" || bad "replace existing result"

[ $fail -eq 0 ] && echo "outputs: all checks passed"
exit $fail
