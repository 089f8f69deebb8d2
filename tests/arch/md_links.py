#!/usr/bin/env python3
"""md_links.py -- every relative markdown link `[text](path)` of the tracked *.md
files names a file or folder that exists, from the linking page's folder (the
anchor after '#' is not checked; links with a scheme such as https: are skipped).
Prints one line per broken link (file:line: target) and exits 1 if there is any."""
import os
import re
import subprocess
import sys

LINK = re.compile(r"\]\(([^)\s]+)\)")


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    os.chdir(root)
    files = subprocess.run(["git", "ls-files", "*.md"], capture_output=True,
                           text=True, check=True).stdout.split()
    links = broken = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                for m in LINK.finditer(line):
                    target = m.group(1).split("#")[0]
                    if not target or re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target):
                        continue
                    links += 1
                    if not os.path.exists(os.path.join(os.path.dirname(path), target)):
                        broken += 1
                        print(f"FAIL md_links: {path}:{n}: {m.group(1)} does not exist")
    print(f"md_links: {links} relative links in {len(files)} pages, {broken} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
