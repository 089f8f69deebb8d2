# units/claso/timeline.sh -- sourced by scripts/plot_timeline.sh: CLASO's plot of a
# controller timeline, credits.png (the global credits and a few cores' local
# credits; only when some credit is non-zero).  Uses the script's tl, ncores,
# picks, bounds, title, out, dat, awkcols, root and gpdir; appends to made and
# skipped.
if awk -F, -v C="$ncores" "$awkcols"'NR > 1 { if ($6) f = 1; for (c = 0; c < C; c++) if ($col(6, c)) f = 1 }
                                      END { exit !f }' "$tl"; then
    awk -F, -v C="$ncores" -v picks="$picks" "$awkcols"'
        NR == 1 { np = split(picks, p, " "); next }
        { printf "%s %s", $1, $6; for (i = 1; i <= np; i++) printf " %s", $col(6, p[i]); printf "\n" }' \
        "$tl" > "$dat/credits.dat"
    gnuplot -c "$root/units/claso/tl_credits.gp" "$dat/credits.dat" "$out/credits.png" "$title" "$picks" \
        "$bounds" "$gpdir/tl_common.gp"
    made="$made credits.png"
else
    rm -f "$out/credits.png"; skipped="$skipped credits.png (all credits zero: CLASO off)"
fi
