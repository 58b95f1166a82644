# Runs in a tab, in the test's directory: records a phone's screen while
# it is used, reads and follows what its programs print, ends a recording
# by shutting the device down, and reads the log of an app that crashed,
# all through the real CLI, leaving what each step answered in files.
set -u
wait_for_text() { # FILE TEXT: until FILE holds TEXT (at most 10 s)
    i=0
    while ! grep -q "$2" "$1" 2> /dev/null && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
}

deviceterm sim create Phone --profile phone > /dev/null
deviceterm sim boot Phone > /dev/null
deviceterm wait-for --label Counter --role Button --timeout 30s > /dev/null 2>> waits.err

# What the device's programs cost, sampled.
deviceterm perf --json > perf.json 2> perf.err; echo $? > perf.status
deviceterm perf --sample 5ms > badsample.txt 2> badsample.err; echo $? > badsample.status

# A recording while the counter changes; a second one on the same pane is
# refused; a path that cannot be written is refused before anything runs.
deviceterm record start -o clip.webm --json > start.json 2> start.err; echo $? > start.status
deviceterm record start -o other.webm > busy.txt 2> busy.err; echo $? > busy.status
deviceterm tap --label Counter --then-wait-idle > /dev/null 2>> waits.err
deviceterm tap --label +1 --then-wait-idle > /dev/null 2>> waits.err
deviceterm tap --label +1 --then-wait-idle > /dev/null 2>> waits.err
deviceterm record stop --json > stop.json 2> stop.err; echo $? > stop.status
deviceterm record stop > stop-again.txt 2> stop-again.err; echo $? > stop-again.status
deviceterm record start -o /nonexistent/dir/clip.webm > unwritable.txt 2> unwritable.err; echo $? > unwritable.status
deviceterm record start -o clip.gif > badext.txt 2> badext.err; echo $? > badext.status

# The shell's Timer: a status that turns Ready only after a while, and a
# stopwatch that redraws every frame (recorded meanwhile) until stopped.
deviceterm tap --label Home --role Button --then-wait-idle > /dev/null 2>> waits.err
deviceterm tap --label Timer --role Button > /dev/null 2>> waits.err
deviceterm assert visible --label Ready > early.txt 2> early.err; echo $? > early.status
deviceterm wait-for --label Ready --timeout 5s --json > ready.json 2> ready.err; echo $? > ready.status
deviceterm tap --label Start --role Button > /dev/null 2>> waits.err
deviceterm record start -o tick.webm > /dev/null 2> tick-start.err
deviceterm wait-idle --timeout 1s > ticking.txt 2> ticking.err; echo $? > ticking.status
deviceterm record stop --json > tick.json 2> tick.err
deviceterm tap --label Stop --role Button > /dev/null 2>> waits.err
deviceterm wait-idle --timeout 5s > still.txt 2> still.err; echo $? > still.status

# What the device's programs print: launched ones go to the same log.
deviceterm sim launch Phone -- sh -c 'echo out-line; echo err-line >&2' > /dev/null
deviceterm logs --follow > follow.txt 2> follow.err &
follower=$!
deviceterm sim launch Phone -- sh -c 'printf "later-line\n"' > /dev/null
wait_for_text follow.txt later-line
kill $follower
deviceterm logs > logs.txt 2> logs.err; echo $? > logs.status
deviceterm logs --bytes 0 > badbytes.txt 2> badbytes.err; echo $? > badbytes.status

# A recording the device's shutdown ends: the file is finished, and the
# stop still answers for it.
deviceterm record start -o cut.mp4 > /dev/null 2> cut-start.err
deviceterm sim shutdown Phone > /dev/null
deviceterm record stop --json > cut.json 2> cut.err; echo $? > cut.status

# An app that prints and crashes: its pane stays, and so does its log.
deviceterm sim create Crashy --profile watch -- sh -c 'echo before-the-crash; exit 3' > /dev/null
deviceterm sim boot Crashy > /dev/null 2> crashy-boot.err
i=0
until deviceterm logs 2> /dev/null | grep -q before-the-crash || [ $i -ge 200 ]; do sleep 0.05; i=$((i + 1)); done
deviceterm panes list --json > crashy-pane.json 2> crashy-pane.err
deviceterm logs > crashy.txt 2> crashy.err; echo $? > crashy.status
deviceterm sim shutdown Crashy > /dev/null 2>&1
touch done
exec sleep 60
