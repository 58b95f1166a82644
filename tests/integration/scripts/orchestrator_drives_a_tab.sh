# Runs in the first tab of a GUI started with --orchestrator, in the test's
# directory: drives a second tab through the real CLI and leaves what it saw
# in files for the test to check.
set -u
shortid() { sed 's/.*"shortId":"\([^"]*\)".*/\1/' "$1"; }
# Polls tab $1's screen (into screen.tmp) until the check in the remaining
# words passes; gives up after 10 s, saying it waited for $2.
wait_capture() {
    tab=$1 what=$2
    shift 2
    i=0
    while [ $i -lt 100 ]; do
        deviceterm tab capture --tab "$tab" > screen.tmp 2> /dev/null && "$@" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    echo "gave up waiting for $what" >> waits.err
    return 1
}
blank() { [ -z "$(cat screen.tmp)" ]; }
# Tab $1 shows $2.
wait_screen() { wait_capture "$1" "'$2'" grep -qF -- "$2" screen.tmp; }
# Tab $1 shows the prompt "$2$" on a line of its own: the shell is idle (a
# capture trims the blank after it).
wait_prompt() { wait_capture "$1" "the prompt '$2'" grep -qx -- "$2\\$" screen.tmp; }
# Tab $1's screen is blank (after `clear`).
wait_blank() { wait_capture "$1" "a blank screen" blank; }
send() { deviceterm tab send-input --tab "$t" "$@" > /dev/null; }

deviceterm doctor --json > doctor.json
deviceterm tab open --json --cwd . --cmd 'PS1="target$ "' > open.json
t=$(shortid open.json)
wait_prompt "$t" target

# A command ending in \n runs.
deviceterm tab send-input --tab "$t" --json -- 'echo ran-$((6*7))\n' > send.json
echo $? > send.status
wait_screen "$t" 'ran-42'
# Without \n it waits at the prompt; a bare \n runs it.
send -- 'echo waited-$((1+1))'
wait_screen "$t" 'echo waited-$((1+1))'
sleep 0.3 # long enough for it to have run, had it been run
deviceterm tab capture --tab "$t" > waiting.txt
send -- '\n'
wait_screen "$t" 'waited-2'
send -- 'echo one-$((0+1))\necho two-$((1+1))\n'
wait_screen "$t" 'two-2'
deviceterm tab capture --tab "$t" > lines.txt

# Control bytes arrive as themselves (cat -vT shows them as ^@ ^I ^[).
send -- 'clear; cat -vT\n'
wait_blank "$t" # the shell has handed the terminal to cat
send -- 'a\0b\n'
send -- 'x\ty\ez\n'
wait_screen "$t" 'x^Iy^[z'
send -- '\x04'
wait_prompt "$t" target
deviceterm tab capture --tab "$t" > catv.txt

# Paced typing while a command runs: echoed as typed, never as a paste, and
# three sends in a row type in order.
send -- 'clear; sleep 1\n'
wait_blank "$t" # sleep runs: what comes next is typed while a command runs
deviceterm tab send-input --tab "$t" --type-delay 20 --json -- 'echo pa' > paced.json
send --type-delay 20 -- 'ced-'
send --type-delay 20 -- '$((2+3))\n'
wait_screen "$t" 'paced-5'
deviceterm tab capture --tab "$t" > paced.txt

# Only the visible screen, unless history is asked for.
send -- 'seq -w 1 200 | sed s/^/n-/\n'
wait_screen "$t" 'n-200'
deviceterm tab capture --tab "$t" > viewport.txt
deviceterm tab capture --tab "$t" --json > viewport.json
deviceterm tab capture --tab "$t" --scrollback 300 > history.txt

# Escapes that are not escapes stay literal; the delay is capped; bad values
# are usage errors.
deviceterm tab send-input --tab "$t" --json --type-delay 5000 -- 'e' > capped.json
send -- 'cho lit-\x0-\q\n'
wait_screen "$t" 'lit-\x0-\q'
deviceterm tab send-input --tab "$t" --type-delay -1 x 2> negative.err; echo $? > negative.status
deviceterm tab send-input --tab "$t" '' 2> empty.err; echo $? > empty.status
deviceterm tab send-input --tab "$t" --type-delay 1.5 x 2> fraction.err; echo $? > fraction.status
deviceterm tab send-input --tab "$t" '\xff' 2> invalid.err; echo $? > invalid.status

# An ordinary tab may do neither.
# Nor may it borrow the grant by splitting this tab.
me=$(deviceterm tabs current --json | sed 's/.*"shortId":"\([^"]*\)".*/\1/')
deviceterm tab open --cwd . --cmd "deviceterm tab capture --tab $t 2> agent.err; echo \$? > agent.status; deviceterm tab send-input --tab $t x 2> agent-send.err; echo \$? > agent-send.status; deviceterm pane open --terminal --tab $me 2> agent-split.err; echo \$? > agent-split.status; deviceterm doctor --json > agent-doctor.json; touch agent.done" > /dev/null
until [ -e agent.done ]; do sleep 0.1; done

# Closing the target's terminal in the middle of paced typing: the typing
# stops, and none of it reaches the terminal beside it.
deviceterm pane open --terminal --tab "$t" --cwd . --json --cmd 'PS1="sibling$ "' > split.json
s=$(shortid split.json)
send --type-delay 10 -- "$(printf 'x%.0s' $(seq 1 300))"
wait_screen "$t" 'xxxxx' # under way
deviceterm pane close --pane "$t" --json > close.json
sleep 1
wait_prompt "$s" sibling
deviceterm tab capture --tab "$s" > sibling.txt
deviceterm tabs list --json > final-list.json
touch done
exec sleep 60
