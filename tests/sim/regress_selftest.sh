#!/usr/bin/env bash
# regress_selftest.sh -- scripts/regress.py's own checks:
#  1. the deliberately failing test (tests/regress.list fault_dyncta_n: a lockstep
#     run corrupted through the test-only hook rtl_engine_inject()) appears in
#     the JUnit XML as a failure named TEST.SEED with its seed, is rerun with
#     waves (the FST exists, the summary names it with the gtkwave command),
#     lands in exactly one bucket, and rerunning it from its seed gives the
#     same first failure line;
#  2. sharding: the union of --shard 0/2 and --shard 1/2 is the whole list
#     (long seeds), with no job in both; also for 0/3..2/3;
#  3. --reseed N prints its master seed and --master-seed replays the same jobs;
#  4. coverage thresholds: a metric with 0 points is n/a (no verdict, not 0 %),
#     a missed threshold is a JUnit failure (testcase regress.coverage.METRIC);
#  5. an assertion failure (rtl/ctasim_assert.svh) ends a bench like a failed
#     test: its line names the cycle, unit, core and check, exit 1;
#  6. waveform names are never reused: the ctl_top bench names its failure
#     waveform by its --seed; a second regression into the same folder writes
#     TEST.SEED-2.fst and leaves the first one's waves as they were; a unit
#     bench's --fst FILE that exists writes FILE-2 instead.
set -u
cd "$(dirname "$0")/../.."
out=build/regress-selftest
rm -rf "$out"
fails=0
ok()  { echo "ok   $*"; }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }
bin=build/rtltest/ctl_top/test
[ -x "$bin" ] || { echo "FAIL regress_selftest: no $bin (make $bin)"; exit 1; }

# 1. the failing test
scripts/regress.py --filter '^fault_dyncta_n$' --seed 7 --out "$out" --expect-fail >"$out.log" 2>&1 \
    && ok "fault_dyncta_n failed as expected" || bad "fault_dyncta_n did not fail (log $out.log)"
python3 - "$out/junit.xml" <<'PY' && ok "JUnit: failure fault_dyncta_n.7, seed 7, type mismatch" || bad "JUnit content"
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
cs = list(r.iter('testcase'))
assert len(cs) == 1 and cs[0].get('name') == 'fault_dyncta_n.7', [c.get('name') for c in cs]
f = cs[0].find('failure')
assert f is not None and f.get('type') == 'mismatch', f
assert 'signal dyncta_n' in f.get('message') and 'seed 7' in f.text, f.text
assert [p.get('value') for p in cs[0].iter('property') if p.get('name') == 'seed'] == ['7']
PY
fst=$out/waves/fault_dyncta_n.7.mismatch.fst
[ -s "$fst" ] && [ -s "$out/waves/fault_dyncta_n.7.fst" ] && ok "waves rerun wrote $fst" || bad "no waves FST"
grep -q "gtkwave $fst ${fst%.fst}.gtkw" "$out/summary.txt" && ok "summary names the gtkwave command (the failure's own .gtkw)" \
    || bad "summary lacks the gtkwave command"
grep -q '^\*-12.000000 1200500 ' "${fst%.fst}.gtkw" && grep -q 'u_dyncta.g_core\[2\]' "${fst%.fst}.gtkw" \
    && ok "the failure's .gtkw: marker on cycle 1200, core 2 first" || bad "the failure's .gtkw"
grep -q "waves rerun: same failure" "$out/summary.txt" && ok "waves rerun reproduced the failure" \
    || bad "waves rerun differs"
[ "$(grep -c '^  \[' "$out/summary.txt")" = 1 ] && grep -q '^failure buckets: 1$' "$out/summary.txt" \
    && ok "one bucket: $(grep '^  \[' "$out/summary.txt" | cut -c1-60)..." || bad "not one bucket"
first=$(grep -m1 'lockstep mismatch' "$out/logs/fault_dyncta_n.7.log" | sed 's/waveform.*//')
again=$($bin --seed 7 --cores 4 --cycles 3000 --inject 1200:dyncta_n:2 2>&1 | grep -m1 'lockstep mismatch' | sed 's/waveform.*//')
[ -n "$first" ] && [ "$first" = "$again" ] && ok "rerun from seed 7: same failure: ${first:0:90}" \
    || bad "rerun from the seed differs: '$first' vs '$again'"

# 2. shards
all=$(scripts/regress.py --long --list-jobs | sort)
for n in 2 3; do
    union=$(for i in $(seq 0 $((n - 1))); do scripts/regress.py --long --list-jobs --shard $i/$n; done | sort)
    dup=$(echo "$union" | uniq -d | wc -l)
    if [ "$union" = "$all" ] && [ "$dup" = 0 ]; then
        ok "shards of $n: union is the whole list ($(echo "$all" | wc -l) jobs), no overlap"
    else
        bad "shards of $n: union differs from the list or overlaps ($dup duplicates)"
    fi
done

# 3. reseed
a=$(scripts/regress.py --reseed 3 --master-seed 42 --list-jobs)
b=$(scripts/regress.py --reseed 3 --master-seed 42 --list-jobs)
# (the same jobs twice, three of every test of the list)
per=$(echo "$a" | sed 's/\.[^.]*$//' | sort | uniq -c)
[ -n "$a" ] && [ "$a" = "$b" ] && [ -z "$(echo "$per" | awk '$1 != 3')" ] &&
    ok "--reseed 3 --master-seed 42 replays: 3 jobs of each of $(echo "$per" | wc -l) tests, e.g. $(echo "$a" | head -3 | tr '\n' ' ')" \
    || bad "--reseed not reproducible or not 3 jobs a test: $per"
# 4. thresholds: n/a and JUnit
python3 - "$out" <<'PY' && ok "thresholds: 0 points is n/a; a missed one is a JUnit failure" || bad "threshold rules"
import importlib.util, os, sys, xml.etree.ElementTree as ET
spec = importlib.util.spec_from_file_location('regress', 'scripts/regress.py')
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
ok, msgs, checks = m.check_thresholds({'branch': (9, 10)}, {'arc': 100, 'branch': 95})
assert not ok
assert 'coverage arc: n/a (0 points; threshold 100 % not applied)' in msgs, msgs
assert ('arc', True, 'n/a (0 points)') in checks, checks
ok2, _, _ = m.check_thresholds({}, {'arc': 100})
assert ok2   # 0 of 0 arcs: nothing to fail
path = os.path.join(sys.argv[1], 'junit-thresholds.xml')
m.write_junit([], path, 0.0, checks)
r = ET.parse(path).getroot()
cs = {c.get('name'): c for c in r.iter('testcase')}
assert cs['branch'].find('failure') is not None and cs['arc'].find('failure') is None
assert r.get('failures') == '1' and r.get('tests') == '2'
PY

# 5. an assertion failure stops a bench with its cycle, unit, core and name
abin=build/rtltest/dyncta/test
if [ -x "$abin" ]; then
    "$abin" >"$out/assert.log" 2>&1
    grep -q '\[  PASSED  \]' "$out/assert.log" && ok "dyncta bench passes with assertions on (incl. test_assert_fires)" \
        || bad "dyncta bench with assertions (log $out/assert.log)"
else
    bad "no $abin (make $abin)"
fi

# 6. unique waveform names
grep -q 'waveform of cycles [0-9]*\.\.1200: build/mismatch-seed7-cycle1200\(-[0-9]*\)\?\.fst' "$out/logs/fault_dyncta_n.7.log" \
    && ok "ctl_top bench: failure waveform named by --seed 7: $(grep -o 'build/mismatch-seed7-cycle1200[-0-9]*\.fst' "$out/logs/fault_dyncta_n.7.log" | head -1)" \
    || bad "ctl_top bench: failure waveform not named by --seed 7 (log $out/logs/fault_dyncta_n.7.log)"
sum1=$(md5sum "$out/waves/fault_dyncta_n.7.fst" "$fst" 2>/dev/null)
scripts/regress.py --filter '^fault_dyncta_n$' --seed 7 --out "$out" --expect-fail >"$out.log2" 2>&1 \
    || bad "second fault_dyncta_n run did not fail (log $out.log2)"
if [ -s "$out/waves/fault_dyncta_n.7-2.fst" ] && [ -s "$out/waves/fault_dyncta_n.7-2.mismatch.fst" ] \
   && [ "$(md5sum "$out/waves/fault_dyncta_n.7.fst" "$fst" 2>/dev/null)" = "$sum1" ] \
   && grep -q "gtkwave $out/waves/fault_dyncta_n.7-2.mismatch.fst" "$out/summary.txt"; then
    ok "second regression: waves fault_dyncta_n.7-2.fst, the first run's unchanged"
else
    bad "second regression overwrote or misnamed the waves (log $out.log2)"
fi
if [ -x "$abin" ]; then
    "$abin" --seed 1 --iters 1 --fst "$out/unit.fst" >"$out/unit1.log" 2>&1
    s1=$(md5sum <"$out/unit.fst")
    "$abin" --seed 1 --iters 1 --fst "$out/unit.fst" >"$out/unit2.log" 2>&1
    if [ -s "$out/unit-2.fst" ] && [ "$(md5sum <"$out/unit.fst")" = "$s1" ] \
       && grep -q "the waveform is $out/unit-2.fst" "$out/unit2.log"; then
        ok "unit bench --fst: an existing FILE is kept, the run writes unit-2.fst"
    else
        bad "unit bench --fst overwrote or misnamed (logs $out/unit1.log, $out/unit2.log)"
    fi
fi

echo "regress_selftest: $fails failed"
[ "$fails" -eq 0 ]
