# Runs in a tab, in the test's directory: makes a phone, boots it beside
# this terminal and drives it with the CLI, reading what the device shows
# through its window title on the device's own display (with-pane).
set -u
wait_for() { # wait_for FILE-TEST-COMMAND… (10 s)
    i=0
    until "$@"; do
        sleep 0.1
        i=$((i + 1))
        [ $i -gt 100 ] && { echo "gave up: $* (the title: $(title))" >> waits.err; return 1; }
    done
}
title() { deviceterm with-pane -- xdotool search --onlyvisible --classname deviceterm-device-shell getwindowname 2> /dev/null; }
title_is() { [ "$(title)" = "$1" ]; }
# The photo's zoom (its title "Photo: N%") is at least $1 percent.
zoom_at_least() { z=$(title | sed -n 's/^Photo: \([0-9]*\)%$/\1/p'); [ -n "$z" ] && [ "$z" -ge "$1" ]; }
rendering() { deviceterm panes list --json | grep -q '"state":"rendering"'; }
# Where the button labelled $1 is, from the accessibility tree: "X Y".
centre() {
    deviceterm ax tree | python3 -c '
import json, sys
def walk(n):
    if n.get("label") == sys.argv[1] and n["role"] == "Button":
        print(n["normalizedCenter"]["x"], n["normalizedCenter"]["y"])
        sys.exit(0)
    for c in n.get("children", []):
        walk(c)
walk(json.load(sys.stdin)["tree"])
sys.exit(1)' "$1"
}

deviceterm events > events.jsonl &
sleep 0.5
deviceterm sim create Phone --profile phone --json > create.json
deviceterm sim boot Phone --json > boot.json
wait_for rendering
wait_for title_is Home
deviceterm panes list --json > panes.json
deviceterm pane info --json > info.json
deviceterm devices list --json > devices.json
deviceterm sim list --json > simlist.json

deviceterm ax tree > ax-tree.json
counter=$(centre Counter)
deviceterm ax point $counter > ax-point.json
deviceterm ax sweep --step 0.25 > ax-sweep.json
deviceterm pinch 0.4 0.4 0.6 0.4 2> pinch-short.err; echo $? > pinch-short.status
deviceterm tap $counter --json > tap.json
wait_for title_is 'Counter: 0'
deviceterm button volume-up --json > button.json
wait_for title_is 'Counter: 1'
deviceterm key 0x1008ff13 --json > key.json           # XF86AudioRaiseVolume
wait_for title_is 'Counter: 2'
deviceterm swipe 0.5 0.2 0.5 0.3 --duration 200 --json > swipe.json
deviceterm swipe 0.5 0.2 0.5 0.3 --duration 5 --json > flick.json
deviceterm swipe 0.5 0.2 0.5 0.3 --duration 31 --json > flick31.json   # under a tap's 32 ms: a tap
deviceterm swipe 0.5 0.2 0.5 0.3 --duration 32 --hold 100 --json > held.json
deviceterm swipe 0.5 0.2 0.5 0.3 --hold soon 2> badhold.err; echo $? > badhold.status
deviceterm long-press 0.1 0.1 --duration 300 --json > longpress.json
deviceterm rotate landscape_left --json > rotate.json
deviceterm rotate landscapeLeft --json > rotate-again.json
deviceterm rotate right --json > rotate-right.json      # a quarter right of landscape left: portrait
deviceterm rotate sideways 2> rotate.err; echo $? > rotate.status
deviceterm app-switcher --json > appswitcher.json   # the edge swipe goes home
wait_for title_is Home
# Two fingers spread on the photo: it zooms in.
deviceterm tap $(centre Photo) > /dev/null
wait_for title_is 'Photo: 100%'
sleep 0.2
deviceterm pinch 0.4 0.4 0.6 0.4 0.2 0.4 0.8 0.4 --duration 250 --json > pinch.json
wait_for zoom_at_least 200
title > pinch-title.txt
# Without "--", the command's own options stay the command's.
deviceterm with-pane xdotool search --onlyvisible --classname deviceterm-device-shell getwindowname > nodashes-title.txt 2>&1
deviceterm button home > /dev/null
wait_for title_is Home
deviceterm tap $(centre Form) > /dev/null
wait_for title_is Form
deviceterm text 'Zoë ✓' --json > text.json
wait_for title_is 'Form: Hello, Zoë ✓'
deviceterm text --duration 5 > /dev/null              # options are words to type
wait_for title_is 'Form: Hello, Zoë ✓--duration 5'
deviceterm text -- '-x' --pane > /dev/null             # "--" ends options and is not typed
wait_for title_is 'Form: Hello, Zoë ✓--duration 5-x --pane'

deviceterm crown 1 2> crown.err; echo $? > crown.status
deviceterm tap 2 0.5 2> badtap.err; echo $? > badtap.status
deviceterm tap 0.5 0.5 --pane nosuch 2> foreign.err; echo $? > foreign.status
deviceterm button teleport 2> badbutton.err; echo $? > badbutton.status
deviceterm key 0x1234567 2> badkey.err; echo $? > badkey.status

# Another tab (its own session) asks for this tab's pane: not found, in
# the words an unknown pane gets.
me_short=$(deviceterm panes list --json | sed 's/.*"shortId":"\([^"]*\)".*/\1/')
deviceterm tab open --cwd . --cmd "deviceterm tap 0.5 0.5 --pane $me_short 2> other-tap.err; deviceterm pane info --pane $me_short 2> other-info.err; deviceterm tap 0.5 0.5 --pane zzzzzz 2> other-unknown.err; deviceterm sim shutdown Phone 2> other-shutdown.err; echo \$? > other-shutdown.status; touch other.done" > /dev/null
wait_for test -e other.done
# A second device: a second pane, and no implicit target any more.
# Its app is no Qt app that takes touches: one finger only, said so.
deviceterm sim create Wrist --profile watch -- xmessage -geometry 300x200+0+0 tick > /dev/null
deviceterm sim boot Wrist --json > boot-watch.json
wait_for sh -c "deviceterm panes list --json | grep -o rendering | wc -l | grep -qx 2"
deviceterm tap 0.5 0.5 2> twopanes.err; echo $? > twopanes.status
watch_udid=$(sed 's/.*"udid":"\([^"]*\)".*/\1/' boot-watch.json)
deviceterm crown 2 --pane "$watch_udid" --json > crown-watch.json
deviceterm panes list --json > panes-two.json
deviceterm panes list > panes-human.txt
deviceterm devices list > devices-human.txt
# A pane by its device's name, and by a prefix of its udid.
deviceterm crown 1 --pane Wrist --json > crown-by-name.json
deviceterm crown 1 --pane "$(printf %s "$watch_udid" | cut -c1-8)" --json > crown-by-prefix.json
deviceterm pinch 0.4 0.4 0.6 0.4 0.2 0.4 0.8 0.4 --pane "$watch_udid" 2> pinch-watch.err; echo $? > pinch-watch.status
deviceterm sim shutdown Wrist > /dev/null
# Another program on the device: it gets the device's display.
deviceterm sim launch Phone --json -- sh -c "echo \$DISPLAY > $PWD/launched.txt" > launch.json
wait_for test -s launched.txt
deviceterm sim launch Phone -- /nonexistent/program 2> launch-bad.err; echo $? > launch-bad.status
deviceterm tab info --json > tabinfo.json
# Detached, the device keeps running without a pane; attached, it is back.
short=$(deviceterm panes list --json | sed 's/.*"shortId":"\([^"]*\)".*/\1/')
deviceterm pane close --pane "$short" --json > detach.json
deviceterm panes list --json > detached-panes.json
deviceterm devices list --json > detached-devices.json
deviceterm device attach Phone --json > attach.json
wait_for rendering
wait_for title_is 'Form: Hello, Zoë ✓--duration 5-x --pane'    # the same running app
deviceterm sim shutdown Phone --json > shutdown.json
deviceterm panes list --json > after.json
deviceterm sim list --json > simlist-after.json
sleep 0.5
touch done
exec sleep 60
