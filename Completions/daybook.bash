# bash completion for daybook (bash-completion). Generic: the program answers, through its
# hidden entry point `daybook __complete -- WORDS…`, so this file never changes when the
# program's commands, options or words do.
_daybook() {
    local program=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} line text words
    [[ $program == "~/"* ]] && program=$HOME/${program#"~/"}
    COMPREPLY=()
    # bash reads a word that starts with # as a comment: a tag is typed \#tag, and a tag
    # offered is inserted so, as zsh and fish do.
    words=("${COMP_WORDS[@]:1:COMP_CWORD}")
    [[ $cur == '\#'* ]] && words[-1]=${cur:1}
    # The words after the program's name, the one at the cursor last; one candidate a line,
    # TEXT or TEXT<TAB>DETAIL, with \\, \t, \n and \r in TEXT for a backslash, a tab, a line
    # break and a carriage return. A TEXT that ends with / leaves the word open.
    while IFS= read -r line; do
        text=${line%%$'\t'*}
        [[ -n $text ]] || continue
        [[ $text == *\\* ]] && printf -v text '%b' "$text"
        [[ $text == */ ]] && compopt -o nospace 2>/dev/null
        if [[ $cur == [\"\']* ]]; then
            text=${cur:0:1}$text
        elif [[ $text == *[[:space:]\"\'\\\$\`]* || $text == '#'* ]]; then
            printf -v text '%q' "$text"
        fi
        COMPREPLY+=("$text")
    done < <("$program" __complete -- "${words[@]}" 2>/dev/null)
}
complete -F _daybook daybook
