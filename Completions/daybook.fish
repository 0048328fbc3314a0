# fish completion for daybook. Generic: the program answers, through its hidden entry point
# `daybook __complete -- WORDS…`, so this file never changes when the program's commands,
# options or words do. It prints one candidate a line, TEXT or TEXT<TAB>DETAIL, as fish reads them;
# daybook writes a backslash, a tab, a line break and a carriage return in TEXT as \\, \t, \n
# and \r, and a candidate that holds a tab or a line break is left out: fish cannot offer it.
function __daybook_complete
    set -l words (commandline -opc)
    set -l program $words[1]
    set -e words[1]
    # The words as daybook reads them: a word with a blank, a quote or a backslash in double
    # quotes. The word at the cursor, fish's escapes removed where it has none open.
    set -l current (commandline -ct)
    set -q current[1]; or set current ''
    set -l plain (string unescape -- $current 2>/dev/null)
    and set current $plain
    set -l given
    for word in $words $current
        if string match -qr '[\s"\'\\\\]' -- $word
            set word '"'(string replace -a '\\' '\\\\' -- $word | string replace -a '"' '\\"')
        end
        set -a given $word
    end
    # Quoted words stay open: they are completed where they end.
    for i in (seq (count $words))
        string match -q '"*' -- $given[$i]; and set given[$i] "$given[$i]\""
    end
    $program __complete -- $given 2>/dev/null | while read -l line
        if not string match -q -r -- '\\\\' $line
            echo $line
            continue
        end
        set -l parts (string split -m 1 \t -- $line)
        set -l text (string unescape -- $parts[1])
        test (count $text) -eq 1; or continue
        string match -q -- "*"\t"*" $text; and continue
        set parts[1] $text
        string join \t -- $parts
    end
end
complete -c daybook -f -a '(__daybook_complete)'
