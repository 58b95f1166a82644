# Runs in a tab, in the test's directory: records what a person does in
# another Qt app (qt6ct, from Debian) launched on a pad, then replays the
# flow on the pad booted afresh with the app launched again. The test
# finds the pad on screen by the shell's blue before the app covers it.
set -u
mkdir flows
deviceterm sim create Pad --profile pad > /dev/null
deviceterm sim boot Pad > /dev/null
deviceterm wait-idle > /dev/null
touch shell-shown
until [ -e located ]; do sleep 0.05; done
deviceterm sim launch Pad -- qt6ct > /dev/null
deviceterm wait-for --role 'page tab' --label Fonts --timeout 20s > /dev/null
deviceterm wait-idle > /dev/null
deviceterm find --label Custom --json > custom.json
deviceterm find --role 'page tab' --label Fonts --json > fonts.json
deviceterm find --role 'page tab' --label Interface --json > interface.json

deviceterm replay --record flows/qt.yaml > rec.txt 2> rec.err &
recorder=$!
until grep -q Recording rec.err 2>/dev/null; do sleep 0.05; done
touch ready
until [ -e clicked ]; do sleep 0.05; done
kill -INT $recorder
wait $recorder; echo $? > rec.status
cp flows/qt.yaml recorded.yaml

printf '%s\n' '- assertVisible: "Double click interval:"' >> flows/qt.yaml
deviceterm sim shutdown Pad > /dev/null
deviceterm sim boot Pad > /dev/null
deviceterm wait-idle > /dev/null
deviceterm sim launch Pad -- qt6ct > /dev/null
deviceterm replay flows/qt.yaml > replay.txt 2> replay.err; echo $? > replay.status
deviceterm sim shutdown Pad > /dev/null
touch done
exec sleep 60
