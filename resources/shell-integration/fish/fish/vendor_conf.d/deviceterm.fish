# deviceterm's shell integration for fish, found through XDG_DATA_DIRS:
# it puts the user's XDG_DATA_DIRS back, then reports the prompt (OSC 133
# A/B), where output starts (C), the exit status (D) and the directory
# (OSC 7). Only for interactive shells, and once.

if set -q DEVICETERM_XDG_DATA_DIRS
    if test -n "$DEVICETERM_XDG_DATA_DIRS"
        set -gx XDG_DATA_DIRS $DEVICETERM_XDG_DATA_DIRS
    else
        set -e XDG_DATA_DIRS
    end
    set -e DEVICETERM_XDG_DATA_DIRS
end

status is-interactive; or exit
set -q __dt_integrated; and exit
set -g __dt_integrated 1

function __dt_osc7
    set -l host localhost
    set -q hostname; and set host $hostname
    printf '\e]7;file://%s%s\a' $host (string escape --style=url -- $PWD | string replace -a '%2F' '/')
end

function __dt_prompt_start --on-event fish_prompt
    printf '\e]133;A\a'
    __dt_osc7
    # The input mark at the end of whatever prompt the user has, set up
    # once their config has defined it.
    if not functions -q __dt_user_prompt
        functions -c fish_prompt __dt_user_prompt
        function fish_prompt
            __dt_user_prompt
            printf '\e]133;B\a'
        end
    end
end

function __dt_preexec --on-event fish_preexec
    printf '\e]133;C\a'
end

function __dt_postexec --on-event fish_postexec
    printf '\e]133;D;%s\a' $status
end
