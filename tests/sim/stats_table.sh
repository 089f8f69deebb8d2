#!/usr/bin/env bash
# stats_table.sh -- the statistics are declared once (cmodel/report/stats_table.h):
# the committed schema (python/ctasim/schema.tsv, docs/outputs.md) is what the
# table generates; a changed table row fails `gen-outputs-doc.py --check` and
# regenerating writes it into both files; a counter struct field without its
# accumulation row fails the build of stats.c.  (That the outputs are written
# from the table: outputs_schema.sh, gpgpusim_stats.sh; that the total adds
# every counter: tests/unit/test_report.c.)
source "$(dirname "$0")/checks.bash"
out=$(python3 scripts/gen-outputs-doc.py --check) && ok "committed: $out" || bad "$out"
# a copy of the generator's inputs with the ipc key's description changed
mkdir -p "$T/t/scripts" "$T/t/cmodel/report" "$T/t/python/ctasim" "$T/t/docs"
cp scripts/gen-outputs-doc.py "$T/t/scripts/"
cp python/ctasim/schema.tsv "$T/t/python/ctasim/"
cp docs/outputs.md docs/gpgpusim-stats.md "$T/t/docs/"
sed 's|"thread_insts / cycles"|"thread instructions per core cycle"|' cmodel/report/stats_table.h \
    > "$T/t/cmodel/report/stats_table.h"
cmp -s cmodel/report/stats_table.h "$T/t/cmodel/report/stats_table.h" && bad "the ipc row was not changed"
out=$(python3 "$T/t/scripts/gen-outputs-doc.py" --check)
[ $? -eq 1 ] && grep -q 'schema.tsv is not up to date with cmodel/report/stats_table.h' <<<"$out" &&
    ok "a changed description fails --check" || bad "changed description: $out"
python3 "$T/t/scripts/gen-outputs-doc.py" || bad "regenerate"
grep -qxP 'json.kernel\tipc\tinstructions/cycle\tthread instructions per core cycle' "$T/t/python/ctasim/schema.tsv" &&
    grep -qF '| `ipc` | instructions/cycle | thread instructions per core cycle |' "$T/t/docs/outputs.md" &&
    [ "$(diff python/ctasim/schema.tsv "$T/t/python/ctasim/schema.tsv" | grep -c '^[<>]')" = 2 ] &&
    out=$(python3 "$T/t/scripts/gen-outputs-doc.py" --check) &&
    ok "regenerated: schema.tsv and outputs.md hold the new description, nothing else moved" ||
    bad "regenerated files: $out"
# a GPGPU-Sim name with no row in docs/gpgpusim-stats.md
sed -i 's/X(gpu_sim_insn, /X(gpu_sim_insn_x, /' "$T/t/cmodel/report/stats_table.h"
out=$(python3 "$T/t/scripts/gen-outputs-doc.py" --check)
[ $? -eq 1 ] && grep -q "no row for the GPGPU-Sim names \['gpu_sim_insn_x'\]" <<<"$out" &&
    ok "an undocumented GPGPU-Sim name fails --check" || bad "gpgpusim name: $out"
# a core_stats counter without its accumulation row: stats.c does not compile
mkdir -p "$T/c"
cp cmodel/report/stats.c "$T/c/"
sed '/X(fetches, SUM)/d' cmodel/report/stats_table.h > "$T/c/stats_table.h"
inc=(); for d in cmodel/*/; do inc+=(-iquote "$d"); done
err=$(${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -fsyntax-only "${inc[@]}" "$T/c/stats.c" 2>&1)
[ $? -ne 0 ] && grep -q 'a core_stats field is missing from STATS_ACC_CORE' <<<"$err" &&
    ok "a counter without its accumulation row fails the build" || bad "static assertion: $err"
${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -fsyntax-only "${inc[@]}" cmodel/report/stats.c ||
    bad "stats.c does not compile"
exit $fail
