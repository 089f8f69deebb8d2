#!/usr/bin/env bash
# progress.sh -- the progress line on stderr (--progress, docs/files.md):
# its format with --progress=always into a file, cleared at the end; absent
# with never, with --quiet, and with auto when stderr is a file or a pipe.
source "$(dirname "$0")/checks.bash"
run=(--config configs/small.cfg --workload workloads/backprop_two_phase.wl)

# always: "\rctasim: kernel I/N NAME  cycle C  R Mcycles/s  CTAs P%  left H:MM:SS",
# then the line blanked ("\r", spaces, "\r") as the last bytes
"$bin" "${run[@]}" --progress=always > "$T/out" 2> "$T/err"; rc=$?
line_re='^ctasim: kernel [12]/2 bp_(forward|backward)  cycle [0-9]+  [0-9]+\.[0-9]{2} Mcycles/s  CTAs [0-9]+\.[0-9]%  left [0-9]+:[0-5][0-9]:[0-5][0-9] *$'
first=$(tr '\r' '\n' < "$T/err" | sed -n 2p)
if [ $rc -eq 0 ] && [[ "$first" =~ $line_re ]] && grep -q "^ctasim: " "$T/out" &&
   python3 -c "import sys,re; d=open(sys.argv[1],'rb').read(); sys.exit(0 if re.search(rb'\r +\r\Z', d) else 1)" "$T/err"; then
    ok "--progress=always: line format, cleared at the end"
else
    bad "--progress=always: rc=$rc first line '$first' $(cat -v "$T/err" | head -c 300)"
fi

# never, --quiet, auto into a file, auto into a pipe: no progress at all
for mode in "--progress=never" "--quiet" "--progress=auto" ""; do
    "$bin" "${run[@]}" $mode > "$T/out" 2> "$T/err"; rc=$?
    [ $rc -eq 0 ] && [ ! -s "$T/err" ] && ok "no progress line with '${mode:-default}' into a file" ||
        bad "'$mode': rc=$rc stderr $(cat -v "$T/err" | head -c 200)"
done
err=$("$bin" "${run[@]}" 2>&1 >/dev/null | cat); rc=${PIPESTATUS[0]}
[ $rc -eq 0 ] && [ -z "$err" ] && ok "no progress line with auto into a pipe" || bad "pipe: $err"

exit $fail
