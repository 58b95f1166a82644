# deviceterm's shell integration for zsh: prompt (OSC 133 A/B), output
# start (C), exit status (D) and directory (OSC 7). Installed at the first
# prompt, so that it runs around whatever the user's .zshrc set up.

(( ${+__dt_integrated} )) && return
typeset -g __dt_integrated=1

__dt_urlencode() {
    emulate -L zsh
    setopt extendedglob
    local LC_ALL=C
    print -rn -- "${1//(#m)[^a-zA-Z0-9\/._~-]/%${(l:2::0:)$(([##16]#MATCH))}}"
}

# First of the precmd hooks: the status of what ran, the directory, and
# where the prompt starts.
__dt_precmd() {
    local ret=$?
    builtin print -n "\e]133;D;$ret\a"
    builtin print -n "\e]7;file://${HOST}$(__dt_urlencode "$PWD")\a"
    builtin print -n "\e]133;A\a"
    return $ret
}

# Last of the precmd hooks: themes rebuild PS1, so the input mark goes back
# on whenever it is missing.
__dt_wrap_prompt() {
    emulate -L zsh
    [[ "$PS1" == *$'\e]133;B\a'* ]] || PS1="$PS1%{"$'\e]133;B\a'"%}"
}

__dt_preexec() {
    builtin print -n "\e]133;C\a"
}

__dt_install() {
    emulate -L zsh # whatever options the user's .zshrc set (KSH_ARRAYS, …)
    # The user's own precmd function runs before every precmd hook, and
    # would change $? and print into the last command's output: it becomes
    # a hook that runs after ours.
    if (( ${+functions[precmd]} )); then
        functions[__dt_user_precmd]=$functions[precmd]
        unfunction precmd
        precmd_functions=(__dt_user_precmd $precmd_functions)
    fi
    precmd_functions=(__dt_precmd ${precmd_functions:#(__dt_install|__dt_precmd|__dt_wrap_prompt)} __dt_wrap_prompt)
    preexec_functions=(${preexec_functions:#__dt_preexec} __dt_preexec)
    # This first prompt's hooks already started: run ours for it.
    __dt_precmd
    __dt_wrap_prompt
}

precmd_functions+=(__dt_install)
