# Runs in a tab, in the test's directory: boots a phone and drives its
# device shell by meaning (snapshots with refs, finders, assertions)
# through the real CLI, leaving what each step answered in files.
set -u
ref_of() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["matches"][0]["ref"])' "$1"; }

deviceterm sim create Phone --profile phone > /dev/null
deviceterm sim boot Phone > /dev/null
# Right after the boot: the wait covers the device coming up and its app
# becoming accessible.
deviceterm wait-for --label Counter --role Button --timeout 30s --json > boot-wait.json 2> boot-wait.err
echo $? > boot-wait.status

deviceterm ax snapshot > snapshot.txt
deviceterm ax snapshot --json > snapshot.json
deviceterm ax snapshot --interactive --json > interactive.json
deviceterm find --label Counter --role Button --json > find.json
counter=$(ref_of find.json)
deviceterm tap "$counter" --json > tap-ref.json
deviceterm wait-for --label +1 --role Button > /dev/null 2>> waits.err
# The UI changed: the ref from before is refused, not reused.
# (--json: the refusal comes as JSON with its code, for a script to act on)
deviceterm tap "$counter" --json > stale.txt 2> stale.err; echo $? > stale.status
# Tap, let the app settle, and read: no sleep, no retry.
deviceterm tap --label +1 --then-wait-idle --json > tap-label.json
deviceterm assert visible --label 'Count 1' > assert-ok.txt 2> assert-ok.err; echo $? > assert-ok.status
deviceterm assert hidden --label 'Count 1' > assert-fail.txt 2> assert-fail.err; echo $? > assert-fail.status
deviceterm find --label '^[+-]1$' --regex --json > regex.json
deviceterm find --label 'count 1' --contains --json > contains.json
deviceterm tap --label Nowhere > none.txt 2> none.err; echo $? > none.status
deviceterm tap --role Button > ambiguous.txt 2> ambiguous.err; echo $? > ambiguous.status
deviceterm find --label '(' --regex > badregex.txt 2> badregex.err; echo $? > badregex.status

# Waits: for an element to show, for one to go (timing out: it stays),
# for the screen to settle; and the screen itself.
deviceterm tap --label +1 > /dev/null
deviceterm wait-for --label 'Count 2' --timeout 5s --json > waitfor.json 2> waitfor.err; echo $? > waitfor.status
deviceterm wait-for --label 'Count 2' --gone --timeout 300ms > waitgone.txt 2> waitgone.err; echo $? > waitgone.status
deviceterm wait-idle --json > idle.json 2> idle.err; echo $? > idle.status
deviceterm screenshot -o shot.png --json > shot.json 2> shot.err; echo $? > shot.status
deviceterm screenshot -o /nonexistent/dir/shot.png > shot-bad.txt 2> shot-bad.err; echo $? > shot-bad.status

# A ref's element going away ends a wait for it to go, and is hidden.
deviceterm ax snapshot > /dev/null
deviceterm find --label Reset --role Button --json > reset.json
reset=$(ref_of reset.json)
deviceterm tap --label Home --role Button > /dev/null
deviceterm wait-for "$reset" --gone --timeout 5s > refgone.txt 2> refgone.err; echo $? > refgone.status
deviceterm assert hidden "$reset" > refhidden.txt 2> refhidden.err; echo $? > refhidden.status

# Into a text field by its ref, then its value checked.
deviceterm wait-for --label Form --role Button > /dev/null 2>> waits.err
deviceterm tap --label Form --role Button > /dev/null
deviceterm wait-for --label Name > /dev/null 2>> waits.err
deviceterm ax snapshot > /dev/null   # refs for this page
deviceterm find --label Name --json > name.json
deviceterm text --then-wait-idle --into "$(ref_of name.json)" 'Ada' > text.txt 2> text.err; echo $? > text.status
deviceterm assert value --label Name Ada > value-ok.txt 2> value-ok.err; echo $? > value-ok.status
deviceterm assert value --label Name Bob > value-fail.txt 2> value-fail.err; echo $? > value-fail.status

# A swipe from an element, by its ref, that way: the list moves up.
deviceterm tap --label Home --role Button --then-wait-idle > /dev/null 2>> waits.err
deviceterm tap --label List --role Button --then-wait-idle > /dev/null 2>> waits.err
deviceterm ax snapshot > /dev/null
deviceterm find --label Items --json > items.json
deviceterm swipe --from "$(ref_of items.json)" --direction up --hold 150 --then-wait-idle > swipe.txt 2> swipe.err
echo $? > swipe.status
deviceterm assert hidden --label 'Item 1' > swiped.txt 2> swiped.err; echo $? > swiped.status
deviceterm swipe --label Items --direction sideways > badswipe.txt 2> badswipe.err; echo $? > badswipe.status

deviceterm sim shutdown Phone > /dev/null
touch done
exec sleep 60
