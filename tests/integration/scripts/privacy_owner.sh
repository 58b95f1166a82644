# Runs in tab A: makes it private, moves it to a window of its own company
# and splits it, recording what it sees from inside.
set -u
deviceterm tab set-private true --json > a-private.json
deviceterm tab set-private yes > a-yes.txt
deviceterm window open --json > a-window.json
deviceterm tab move --to-window 2 --json > a-move.json
deviceterm pane open --terminal --cwd . --json --cmd 'deviceterm tabs list --json > a-split-list.json' > a-split.json
until [ -s a-split-list.json ]; do sleep 0.1; done
deviceterm tabs list --json > a-list.json
deviceterm windows list --all --json > a-windows.json
touch a.done
