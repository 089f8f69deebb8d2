#!/usr/bin/env bash
# run.sh -- the bad-input regression: every row of tests/bad/cases.txt (the
# program's own), of each unit's units/NAME/bad.txt (registry order, seam/units.tsv)
# and of tests/model/bad.txt (the policies and how they combine) runs
# the sanitized ctasim (ASan + UBSan, build/san/ctasim) on one bad input and
# checks its exit code, that its message matches the row's pattern, and that
# the sanitizers reported nothing.  Rows:
#     EXIT | PATTERN (extended regex, matched against stderr) | ARGUMENTS
# (fields split at the first and last " | "); ARGUMENTS are shell words; $T is a scratch folder holding the generated
# fixtures below, $D is tests/data.  ARGUMENTS may start with directives,
# each followed by a space:
#     %limit OPT N      ulimit OPT N before the program starts (-f, -v, -n ...)
#     %signal SIG S     send SIG (TERM, INT, HUP) S seconds after the start
#                       (job control on, so SIGINT is not ignored)
#     %stdout closed    the program's standard output is closed
#     %stdout FILE      ... or goes to FILE (one of $T's, with %limit -f: full);
#                       +FILE appends to it
#     %rel              run the release program (build/rel/ctasim): for
#                       limits ASan cannot run under (ulimit -v)
#     %oneline          the program's standard error must be exactly one line
#                       (a refusal is one line: nothing printed before it)
#     %check[CMD]       after the run, the shell command CMD must succeed
#                       (CMD holds no "]"): a file left as it was, no
#                       temporary left, ...
# Exit 0 when every row passes; each failure prints the row, the exit code
# and the output.
set -u
cd "$(dirname "$0")/../.."
bin=${CTASIM_SAN:-build/san/ctasim}
# the tables: the one given, or all of them
if [ $# -gt 0 ]; then
    tables=("$@")
else
    tables=(tests/bad/cases.txt)
    for u in $(grep -v '^#' seam/units.tsv | cut -f1); do
        [ ! -f "units/$u/bad.txt" ] || tables+=("units/$u/bad.txt")
    done
    tables+=(tests/model/bad.txt)
fi
[ -x "$bin" ] || { echo "bad-input: $bin not built"; exit 1; }
T=$(mktemp -d /tmp/ctasim_bad.XXXXXX)
D=tests/data
trap 'chmod -R u+w "$T" 2>/dev/null; rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=98

# ---- generated fixtures (what cannot live in git: devices, FIFOs, binary)
mkdir -p "$T/emptydir" "$T/nonempty" "$T/ro"
echo keep > "$T/nonempty/precious.txt"
mkfifo "$T/fifo"
ln -s /dev/zero "$T/zero.cfg"; ln -s /dev/zero "$T/zero.kern"
: > "$T/empty.cfg"
printf '# only a comment\n\n' > "$T/comment.cfg"
printf '\xef\xbb\xbfcore.count = 4\n' > "$T/bom.cfg"
head -c 300 /dev/urandom | tr -d '\n=' > "$T/binary.cfg"; echo >> "$T/binary.cfg"
printf 'core.count = 4\x01\x02\n' > "$T/ctrl.cfg"
printf 'junk\x1b[31mred\n' > "$T/escape.cfg"
printf 'name = a\nkernel\0x\n' > "$T/nul.kern"
printf '{"energy_j": 1.0' > "$T/trunc.json"
echo '{}' > "$T/nopower.json"
echo '{"energy_j": -1, "power_w": 2}' > "$T/negpower.json"
cat > "$T/nested.kern" <<'K'
name = nested
imitates = a kernel whose loops multiply past the per-warp limit
grid = 1
block = 32
regs = 8
program {
  loop 1000000 {
    loop 1000000 {
      sp r1 r1
    }
  }
}
K
sed 's/^block = 32/block = 1024/; s/^name = nested/name = fat/; s/loop 1000000 {/loop 2 {/' "$T/nested.kern" > "$T/fat.kern"
printf 'kernel = %s/fat.kern\nkernel = %s\n' "$T" "$PWD/workloads/stream_copy.kern" > "$T/fat_second.wl"
printf 'kernel = %s\nkernel = %s/fat.kern\n' "$PWD/workloads/stream_copy.kern" "$T" > "$T/fat_late.wl"
mkdir -p "$T/bigtrace"
printf -- '-kernel name = big\n-kernel id = 1\n-grid dim = (1048576,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 8\n-binary version = 70\n-cuda stream id = 0\n-shmem base_addr = 0x0\n-local mem base_addr = 0x0\n-nvbit version = 1.5.5\n-accelsim tracer version = 3\n\n' > "$T/bigtrace/kernel-1.traceg"
echo kernel-1.traceg > "$T/bigtrace/kernelslist.g"
mkdir -p "$T/dirlist/kernelslist.g"
cp -r ../shared/testdata/accelsim/vectoradd-100-32 "$T/vtrace" 2>/dev/null || true
for f in tests/data/traces/err_*.traceg; do      # one-kernel traces of the reader's fixtures
    d="$T/tr_$(basename "$f" .traceg)"
    mkdir -p "$d"; cp "$f" "$d/"; basename "$f" > "$d/kernelslist.g"
done
chmod 555 "$T/ro"
# outputs aimed at inputs, links, signals (every target is a file made here)
cp configs/small.cfg "$T/my.cfg"; cp workloads/stream_copy.kern "$T/w.kern"
cp -r tests/data/traces "$T/traces"; cp -r tests/data/gsim/basic "$T/gsim"
"$bin" --workload workloads/stream_copy.kern --write-trace "$T/mytrace" > /dev/null 2>&1
cp -r "$T/mytrace" "$T/mytrace.orig"
ln -s my.cfg "$T/cfglink.json"; ln -s missing.json "$T/dangling.json"
echo old > "$T/jtarget.json"; ln -s jtarget.json "$T/jlink.json"
echo precious > "$T/outside.txt"
mkdir "$T/wtlink"; ln -s ../outside.txt "$T/wtlink/kernel-1.traceg"
mkdir "$T/wtlist"; ln -s ../outside.txt "$T/wtlist/kernelslist.g"
mkdir "$T/wtold"; echo old-trace > "$T/wtold/kernelslist.g"
mkdir "$T/sig"; echo old > "$T/sig/r.json"
mkdir "$T/wtsig"; echo old-trace > "$T/wtsig/kernelslist.g"
sed 's/^grid *=.*/grid = 4096/; s/loop 4 {/loop 16 {/' workloads/stream_copy.kern > "$T/big.kern"

pass=0 fail=0 n=0
for table in "${tables[@]}"; do
line=0
while IFS= read -r row; do
    line=$((line + 1))
    case "$row" in ''|'#'*) continue ;; esac
    n=$((n + 1))
    # fields split at the first and the last " | " (a pattern may hold "|")
    want_rc=${row%% | *}
    args=${row##* | }
    pat=${row#* | }; pat=${pat% | *}
    lim="" sig="" secs=0 so=">/dev/null" prog=$bin check=true one=0
    while [[ $args == %* ]]; do
        if [[ $args =~ ^%check\[([^]]*)\]\ (.*)$ ]]; then
            check=${BASH_REMATCH[1]}; args=${BASH_REMATCH[2]}; continue
        fi
        read -r dir args <<< "$args"
        case $dir in
            %limit) read -r o v args <<< "$args"; lim+="ulimit $o $v || exit 97; " ;;
            %signal) read -r sig secs args <<< "$args" ;;
            %stdout) read -r f args <<< "$args"
                     case $f in closed) so=">&-" ;; +*) so=">>${f#+}" ;; *) so=">$f" ;; esac ;;
            %rel) prog=build/rel/ctasim ;;
            %oneline) one=1 ;;
            *) echo "bad directive $dir"; args="--bad-directive"; break ;;
        esac
    done
    if [ -n "$sig" ]; then
        set -m
        # env --default-signal: a signal the runner's caller ignores (SIGINT in
        # a background job) is the default again for the program
        eval "( $lim exec env --default-signal=INT,TERM,HUP \"$prog\" $args ) $so 2>\"$T/.stderr\" </dev/null &"
        pid=$!
        set +m
        sleep "$secs"; kill -"$sig" "$pid" 2>/dev/null; wait "$pid"; rc=$?
        out=$(cat "$T/.stderr"); rm -f "$T/.stderr"
    else
        out=$(eval "( $lim exec \"$prog\" $args ) 2>&1 $so </dev/null"); rc=$?
    fi
    if [ "$rc" = "$want_rc" ] && printf '%s\n' "$out" | grep -Eq -- "$pat" && eval "$check" &&
       { [ "$one" = 0 ] || [ "$(printf '%s\n' "$out" | wc -l)" = 1 ]; } &&
       ! printf '%s\n' "$out" | grep -Eq 'ERROR: (Address|Leak)Sanitizer|runtime error:'; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL row $n ($table:$line): $row"
        echo "    exit $rc (want $want_rc); output:"
        printf '%s\n' "$out" | head -n 8 | sed 's/^/    | /'
    fi
done < "$table"
done
# the generated targets that must be left as they were
[ -p "$T/fifo" ] || { echo "FAIL: the FIFO was replaced"; fail=$((fail + 1)); }
[ "$(cat "$T/nonempty/precious.txt")" = keep ] || { echo "FAIL: nonempty/ was touched"; fail=$((fail + 1)); }
[ "$(cat "$T/outside.txt")" = precious ] || { echo "FAIL: a file outside a folder was written"; fail=$((fail + 1)); }
cmp -s "$T/my.cfg" configs/small.cfg || { echo "FAIL: an input was overwritten"; fail=$((fail + 1)); }
echo "bad inputs: $n rows of ${#tables[@]} tables, $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$n" -ge 150 ]
