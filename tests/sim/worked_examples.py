#!/usr/bin/env python3
"""worked_examples.py BIN TMPDIR DOC... -- every `--decisions` worked example of the
unit pages (one worked example per unit, in units/NAME/NAME.md)
still holds: each backquoted `ctasim ... --decisions d.csv ...` command followed by
4-space-indented trace rows is rerun (output files in TMPDIR) and each row must be a
line of the fresh trace.  Prints one line per example; exits 1 on any miss."""
import re, shlex, subprocess, sys

CMD = re.compile(r"`(ctasim [^`]*--decisions d\.csv[^`]*)`")
ROW = re.compile(r"^    (\d+,\S+,\S+,.*)$")


def examples(path):
    lines = open(path).read().split("\n")
    for i, line in enumerate(lines):
        m = CMD.search(line)
        if not m:
            continue
        rows, j = [], i + 1
        while j < len(lines) and j <= i + 4 and not ROW.match(lines[j]):
            j += 1                      # a short note may sit between command and rows
        while j < len(lines) and ROW.match(lines[j]):
            rows.append(ROW.match(lines[j]).group(1))
            j += 1
        if rows:
            yield m.group(1), rows


def main():
    binp, tmp, docs = sys.argv[1], sys.argv[2], sys.argv[3:]
    fails = units = 0
    for doc in docs:
        for cmd, rows in examples(doc):
            units += 1
            argv = shlex.split(cmd)[1:]
            out = {"d.csv": f"{tmp}/d.csv", "t.csv": f"{tmp}/t.csv", "j.json": f"{tmp}/j.json"}
            argv = [out.get(a, a) for a in argv] + ["--quiet"]
            r = subprocess.run([binp] + argv, capture_output=True, text=True)
            have = set(open(out["d.csv"]).read().split("\n")) if r.returncode == 0 else set()
            miss = [x for x in rows if x not in have]
            tag = f"{doc}: {len(rows)} row(s) of `{cmd}`"
            if r.returncode or miss:
                fails += 1
                print(f"FAIL {tag}: rc={r.returncode} missing {miss[:1]} {r.stderr[:200]}")
            else:
                print(f"ok   {tag}")
    if units == 0:
        print("FAIL no worked example found")
        return 1
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
