#!/usr/bin/env bash
# check_includes.sh -- the rooms of cmodel/ and cosim/ include downward or
# sideways, never upward (cmodel/README.md).  Rank of each room, low to high:
#   base 0 | ctl 1, wl 1 | mem 2 | sm 3 | report 4 | gpu 5 | cosim 6
# A file may include a project header of a room of its own rank or lower.  A
# control unit's folder (units/NAME/, its C reference) ranks as ctl.
# Every project header must belong to exactly one room.  Exit 1 listing
# every upward include; exit 0 with a count otherwise.
set -u
cd "$(dirname "$0")/../.."
declare -A rank=([base]=0 [ctl]=1 [wl]=1 [mem]=2 [sm]=3 [report]=4 [gpu]=5 [cosim]=6)
declare -A room_of
root=${1:-.}
room() { case $1 in */units/*) echo ctl ;; *) basename "$(dirname "$1")" ;; esac; }
for f in "$root"/cmodel/*/*.h "$root"/units/*/*.h "$root"/cosim/*.h; do
    [ -e "$f" ] || continue
    room=$(room "$f")
    h=$(basename "$f")
    if [ -n "${room_of[$h]:-}" ]; then echo "header $h in two rooms (${room_of[$h]}, $room)"; exit 1; fi
    room_of[$h]=$room
done
bad=0 n=0
for f in "$root"/cmodel/*.c "$root"/cmodel/*.h; do
    [ -e "$f" ] && { echo "$f: source outside a room (cmodel/ROOM/)"; bad=1; }
done
for f in "$root"/cmodel/*/*.[ch] "$root"/units/*/*.[ch] "$root"/cosim/*.c "$root"/cosim/*.cpp "$root"/cosim/*.h; do
    [ -e "$f" ] || continue
    case $f in */test_*) continue ;; esac   # a unit's tests include what they test
    room=$(room "$f")
    [ -n "${rank[$room]:-}" ] || { echo "$f: unknown room '$room'"; bad=1; continue; }
    while IFS= read -r inc; do
        h=${inc#*\"}; h=${h%%\"*}
        to=${room_of[$h]:-}
        [ -n "$to" ] || continue          # Verilator or generated header
        n=$((n + 1))
        if [ "${rank[$to]}" -gt "${rank[$room]}" ]; then
            echo "$f includes $h: $room (rank ${rank[$room]}) -> $to (rank ${rank[$to]}) points up"
            bad=1
        fi
    done < <(grep -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f")
done
[ $bad -eq 0 ] && echo "includes: $n project includes, none points up"
exit $bad
