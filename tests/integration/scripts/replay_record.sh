# Runs in a tab, in the test's directory: notes where the phone's controls
# are (for the test, which clicks them as a person would), records what the
# person does into a flow until the test says it is done (then Ctrl+C, as a
# person ends it), adds two checks to the flow, and replays it on the same
# phone booted afresh. What each step printed is left in files.
set -u
mkdir flows
deviceterm sim create Phone --profile phone > /dev/null
deviceterm sim boot Phone > /dev/null
deviceterm wait-idle > /dev/null
deviceterm find --label Counter --json > counter.json
deviceterm find --label Form --json > form.json
deviceterm tap --label Counter --then-wait-idle > /dev/null
deviceterm find --label '+1' --json > plus.json
deviceterm find --label Home --role Button --json > home.json
deviceterm tap --label Home --role Button --then-wait-idle > /dev/null
deviceterm tap --label Form --then-wait-idle > /dev/null
deviceterm find --label Name --json > name.json
deviceterm button home > /dev/null
deviceterm wait-idle > /dev/null
# A flow that is there already is not written over.
touch flows/taken.yaml
deviceterm replay --record flows/taken.yaml > taken.txt 2> taken.err; echo $? > taken.status

deviceterm replay --record flows/mine.yaml > rec.txt 2> rec.err &
recorder=$!
until grep -q Recording rec.err 2>/dev/null; do sleep 0.05; done
touch ready
until [ -e clicked ]; do sleep 0.05; done
kill -INT $recorder
wait $recorder; echo $? > rec.status
cp flows/mine.yaml recorded.yaml

# What the person saw, as checks, after what they did.
printf '%s\n' '- assertVisible: "Hello, Ada"' '- pressKey: Home' '- tapOn: Counter' '- assertVisible: "Count 2"' >> flows/mine.yaml
deviceterm sim shutdown Phone > /dev/null
deviceterm sim boot Phone > /dev/null
deviceterm replay flows/mine.yaml > replay.txt 2> replay.err; echo $? > replay.status
deviceterm sim shutdown Phone > /dev/null
touch done
exec sleep 60
