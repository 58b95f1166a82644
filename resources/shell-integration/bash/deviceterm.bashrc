# deviceterm's shell integration for bash, read instead of ~/.bashrc
# (bash --rcfile): it reads the user's ~/.bashrc first, then reports the
# prompt (OSC 133 A/B), where a command's output starts (C), its exit
# status (D) and the directory (OSC 7). Nothing of the user's is edited.

if [ -r "$HOME/.bashrc" ]; then
    . "$HOME/.bashrc"
fi

# Once per shell, and only where it can work (bash 4.4 for PS0).
if [[ -z "${__dt_integrated-}" ]] && (( BASH_VERSINFO[0] > 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] >= 4) )); then
    __dt_integrated=1

    # OSC 7 wants a URL: every byte outside the unreserved set as %XX, into
    # __dt_url (no subshell: this runs at every prompt).
    __dt_urlencode() {
        __dt_url="$1"
        [[ "$1" == *[!a-zA-Z0-9/._~-]* ]] || return 0
        local LC_ALL=C s="$1" c i
        __dt_url=""
        for (( i = 0; i < ${#s}; i++ )); do
            c="${s:i:1}"
            case "$c" in
                [a-zA-Z0-9/._~-]) __dt_url+="$c" ;;
                *) printf -v c '%%%02X' "'$c"; __dt_url+="$c" ;;
            esac
        done
    }

    # First in PROMPT_COMMAND: the status of what just ran, before anything
    # else changes $?, then the directory and the prompt's start. It hands
    # the same $? on to the user's own prompt commands (but not under
    # set -e, where a failing status would end the shell).
    __dt_precmd() {
        local ret=$?
        printf '\e]133;D;%s\a' "$ret"
        __dt_urlencode "$PWD"
        printf '\e]7;file://%s%s\a' "${HOSTNAME-}" "$__dt_url"
        printf '\e]133;A\a'
        [[ $- == *e* ]] && return 0
        return $ret
    }

    # Last in PROMPT_COMMAND: themes rebuild PS1 on every prompt, so the
    # input mark is added again whenever it is missing; PS0 (printed once a
    # command line is read, before it runs) marks where output starts.
    __dt_wrap_prompt() {
        local ret=$?
        case "$PS1" in
            *'\e]133;B\a'*) ;;
            *) PS1="$PS1"'\[\e]133;B\a\]' ;;
        esac
        case "${PS0-}" in
            *'\e]133;C\a'*) ;;
            *) PS0="${PS0-}"'\e]133;C\a' ;;
        esac
        [[ $- == *e* ]] && return 0
        return $ret
    }

    if [[ "$(declare -p PROMPT_COMMAND 2>/dev/null)" == "declare -a"* ]]; then
        PROMPT_COMMAND=(__dt_precmd "${PROMPT_COMMAND[@]}" __dt_wrap_prompt)
    else
        # Joined by newlines: the user's value may end in ; or a comment.
        PROMPT_COMMAND="__dt_precmd"$'\n'"${PROMPT_COMMAND:+$PROMPT_COMMAND$'\n'}__dt_wrap_prompt"
    fi
fi
