# stacks.bash -- sourced (not a test): the policy stacks of tests/model/stacks.txt
# and the preset -> stack table tests/model/presets.txt, for the scripts and
# whole-model tests that run the model under a policy.
#   stack_names            every stack's name, in file order
#   stack_sets NAME        its settings, "KEY=VALUE KEY=VALUE"
#   stack_args NAME        the same as ctasim options, "--set KEY=VALUE ..."
#   preset_stack PRESET    the name of the stack PRESET's paper runs
#   expand_sets TOKEN...   TOKENs, each stack name replaced by its settings
# An unknown name is one line on stderr naming the table, and status 1.
STACKS_TXT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/stacks.txt
PRESETS_TXT=$(dirname "$STACKS_TXT")/presets.txt

stack_names() { awk '!/^#/ && NF { print $1 }' "$STACKS_TXT"; }

stack_sets() {
    local s
    s=$(awk -v n="$1" '!/^#/ && $1 == n { $1 = ""; sub(/^ +/, ""); print; f = 1 } END { exit !f }' "$STACKS_TXT") ||
        { echo "stacks.bash: no stack '$1' in $STACKS_TXT" >&2; return 1; }
    echo "$s"
}

stack_args() {
    local s k out=()
    s=$(stack_sets "$1") || return 1
    for k in $s; do out+=(--set "$k"); done
    echo "${out[*]}"
}

preset_stack() {
    awk -v p="$1" '!/^#/ && $1 == p { print $2; f = 1 } END { exit !f }' "$PRESETS_TXT" ||
        { echo "stacks.bash: no preset '$1' in $PRESETS_TXT" >&2; return 1; }
}

expand_sets() {
    local t out=()
    for t in "$@"; do
        case $t in
            *=*) out+=("$t") ;;
            *) t=$(stack_sets "$t") || return 1; out+=($t) ;;
        esac
    done
    echo "${out[*]}"
}
