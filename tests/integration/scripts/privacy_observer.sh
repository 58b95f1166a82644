# Runs in tab B (an orchestrator tab, in the test's directory; $1 is this
# folder): opens tab A, lets it go private, then looks for it every way.
set -u
shortid() { sed 's/.*"shortId":"\([^"]*\)".*/\1/' "$1"; }
deviceterm tab open --json --cwd . --cmd "sh $1/privacy_owner.sh" > a-open.json
a=$(shortid a-open.json)
until [ -e a.done ]; do sleep 0.1; done

deviceterm tabs list --json > b-list.json
deviceterm windows list --all --json > b-windows-before.json
for verb in select close rename; do
    deviceterm tab $verb --tab "$a" 2> b-$verb.err; echo $? > b-$verb.status
done
deviceterm tab select --tab nosuch 2> b-unknown.err
deviceterm tab capture --tab "$a" 2> b-capture.err; echo $? > b-capture.status
deviceterm tab send-input --tab "$a" -- 'echo leaked > leaked.txt\n' 2> b-send.err; echo $? > b-send.status
deviceterm tab set-private false --tab "$a" 2> b-unprivate.err; echo $? > b-unprivate.status
deviceterm window close --window 2 --json 2> b-window-close.err; echo $? > b-window-close.status

# Window 2 also holds the public tab that `window open` made: close it, and
# the window (now only A's) disappears from B's projection.
w=$(python3 -c 'import json; print([r["shortId"] for r in json.load(open("b-list.json")) if not r["current"]][0])')
deviceterm tab close --tab "$w" --json > b-close-w.json
deviceterm windows list --all --json > b-windows-after.json

deviceterm tab set-private maybe 2> b-maybe.err; echo $? > b-maybe.status
deviceterm tab set-private on > b-on.txt
deviceterm tab set-private 0 --json > b-off.json
touch done
exec sleep 60
