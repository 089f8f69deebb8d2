#!/usr/bin/env bash
# install.sh -- `make install PREFIX=DIR` gives a program that runs from any
# folder (docs/install.md): DIR/bin/ctasim, its data folder DIR/share/ctasim
# and man page; run from an unrelated folder it says it is installed, runs the
# c, rtl and lockstep engines and --rtl-power, builds no file in the data folder
# (models of other sizes and netlists go to the user's cache), its default
# run equals the source tree's, and --rtl-power's JSON keys are the schema's.
source "$(dirname "$0")/checks.bash"
P=$T/prefix W=$T/elsewhere
mkdir -p "$W"
export XDG_CACHE_HOME=$T/cache
# the models this build made (build/vl/top/*-KEY: make test's 4 x 2 ones) go
# along; VTOP_DEFAULT= : the default preset's model is not built for the test
env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s install PREFIX="$P" VTOP_DEFAULT= > "$T/inst.log" 2>&1 || { bad "make install: $(tail -5 "$T/inst.log")"; exit 1; }
ins=$P/bin/ctasim D=$P/share/ctasim
[ -x "$ins" ] && [ -f "$P/share/man/man1/ctasim.1" ] && [ -x "$D/scripts/vtop-build.sh" ] &&
    [ -x "$D/synth/rtl_power.sh" ] && [ -f "$D/configs/small.cfg" ] &&
    ok "installed: bin/ctasim, share/man/man1/ctasim.1, share/ctasim (scripts, synth, configs)" ||
    bad "installed tree incomplete: $(cd "$P" && find . -maxdepth 3 | head -20)"
grep -q '^\.TH CTASIM "1"' "$P/share/man/man1/ctasim.1" && grep -q -- '--stats-format' "$P/share/man/man1/ctasim.1" &&
    ok "man page: ctasim(1) with the options" || bad "man page"
find "$D" -type f | sort > "$T/before"
cd "$W" || exit 1
v=$("$ins" --version); rc=$?
[ $rc -eq 0 ] && grep -q "^ctasim $(cat "$OLDPWD/VERSION")$" <<<"$v" && grep -q "^data $D (installed)$" <<<"$v" &&
    grep -q '^commit [0-9a-f]\{12\}' <<<"$v" && grep -q '^build [0-9a-f]\{12\}$' <<<"$v" &&
    ok "--version from elsewhere: release, commit, build, data $D (installed)" || bad "--version: rc $rc: $v"
# the default run (configs/small.cfg, workloads/stream_copy.kern from the data folder)
a=$("$ins" --quiet --csv-row 2>&1 | cut -d, -f3-19); b=$(cd "$OLDPWD" && "$bin" --quiet --csv-row | cut -d, -f3-19)
[ -n "$a" ] && [ "$a" = "$b" ] && ok "default run from elsewhere equals the source tree's" || bad "default run: '$a' vs '$b'"
# under the small preset's paper stack (tests/model/presets.txt: three units obeyed)
read -r -a pol <<< "$(source "$OLDPWD/tests/model/stacks.bash" && stack_args "$(preset_stack small)")"
C=(--config "$D/configs/small.cfg" --workload "$D/workloads/stream_copy.kern" "${pol[@]}" --quiet)
for eng in c rtl lockstep; do
    "$ins" "${C[@]}" --engine $eng --json "$W/$eng.json" > "$W/$eng.out" 2>&1; rc=$?
    [ $rc -eq 0 ] && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['engine']==sys.argv[2] and d['complete'] and d['total']['cycles']>0" "$W/$eng.json" $eng &&
        ok "engine $eng from elsewhere" || bad "engine $eng: rc $rc: $(tail -3 "$W/$eng.out")"
done
python3 - "$W" <<'PY' && ok "c, rtl and lockstep agree (cycles, instructions)" || bad "engines differ"
import json, sys
d = [json.load(open(f"{sys.argv[1]}/{e}.json"))['total'] for e in ('c', 'rtl', 'lockstep')]
assert all(x['cycles'] == d[0]['cycles'] and x['thread_insts'] == d[0]['thread_insts'] for x in d), d
PY
"$ins" --config "$D/configs/small.cfg" --workload "$D/workloads/stream_copy.kern" --set policy.dyncore=1 \
    --set dyncore.k=2 --set dyncore.period=256 --set run.max_cycles=2048 --engine lockstep \
    --rtl-power "$W/rp.json" --quiet > "$W/rp.out" 2>&1
rc=$?
[ $rc -le 1 ] && python3 -c "import json,sys; p=json.load(open(sys.argv[1])); u=p['units']; assert [x['unit'] for x in u]==['dyncore'] and u[0]['gate_level_equals_rtl'] and u[0]['cycles']==2048" "$W/rp.json" &&
    ls "$XDG_CACHE_HOME"/ctasim/power/dyncore_c4.v > /dev/null 2>&1 &&
    ok "--rtl-power from elsewhere: dyncore gate level = RTL, netlist in the user's cache" ||
    bad "--rtl-power: rc $rc: $(tail -3 "$W/rp.out")"
# its keys are the schema's (docs/outputs.md; the other outputs: outputs_schema.sh)
out=$(python3 "$OLDPWD/tests/sim/check_schema.py" --rtl-power "$W/rp.json" \
    --scopes rtlpower.top,rtlpower.unit,rtlpower.total) && ok "--rtl-power JSON: $out" || bad "$out"
find "$D" -type f | sort > "$T/after"
cmp -s "$T/before" "$T/after" && ok "nothing written into the data folder" ||
    bad "files added to the data folder: $(comm -13 "$T/before" "$T/after" | head -3)"
exit $fail
