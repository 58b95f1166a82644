# Runs in the first tab of a GUI started with --orchestrator, in the test's
# directory, whose new tabs run the shell under test: an agent's whole
# command workflow through the real CLI (open and run, run, time out, wait,
# list, read back, interrupt, exit), with what each step answered left in
# files for the test to check.
set -u
# The value of "key" in a one-line JSON file.
field() { sed "s/.*\"$2\":\"\\{0,1\\}\\([^\",}]*\\).*/\\1/" "$1"; }

# Open a tab, run a command at its first prompt and get its record.
deviceterm tab open --json --cwd . --cmd 'printf "%s-%s\n" first 42' --wait > open.json 2> open.err
echo $? > open.status
t=$(field open.json tab)
if [ -z "$t" ]; then
    touch done
    exec sleep 60
fi

# Subscribe to events, then run `true` until one of its events arrives:
# the stream has no readiness record, but then it is live for what follows.
deviceterm events > events.jsonl 2> events.err &
subscriber=$!
i=0
until grep -q '"command.finished"' events.jsonl || [ $i -gt 100 ]; do
    deviceterm tab run --tab "$t" -- true > /dev/null
    i=$((i + 1))
done

# Output and status, as JSON and as a person sees it.
deviceterm tab run --json --tab "$t" -- 'printf "%s\n" one "two words"; sh -c "exit 3"' > run.json 2> run.err
echo $? > run.status
deviceterm tab run --tab "$t" -- 'echo é ✓ "$HOME" | sed "s,/.*,HOME,"; false' > plain.txt 2> plain.err
echo $? > plain.status

# A timeout leaves the command running; the tab is busy until it ends;
# tab wait picks it up; the records and the last output read back. The
# command ends when the file "go" appears, not after a time, so a slow
# machine cannot end it before the busy tab is asked to run another.
rm -f go
deviceterm tab run --tab "$t" --timeout 0.3 -- 'sh -c "until [ -e go ]; do sleep 0.05; done"; echo late' > timeout.txt 2> timeout.err
echo $? > timeout.status
deviceterm tab run --tab "$t" -- true > busy.txt 2> busy.err
echo $? > busy.status
touch go
deviceterm tab wait --json --tab "$t" > wait.json 2> wait.err
echo $? > wait.status
deviceterm tab commands --json --tab "$t" > commands.json 2> commands.err
deviceterm tab output --tab "$t" > output.txt 2> output.err

# Ctrl+C ends a command with 130 (128 + SIGINT).
deviceterm tab run --tab "$t" --timeout 0.2 -- 'sleep 30' > /dev/null 2>&1
deviceterm tab send-input --tab "$t" '\x03' > /dev/null
deviceterm tab wait --json --tab "$t" > interrupted.json 2> interrupted.err

# Multi-line input is refused before anything is typed.
deviceterm tab run --tab "$t" -- 'echo a
echo b' > multiline.txt 2> multiline.err
echo $? > multiline.status

# The shell exiting mid-run ends the wait with an error, at once.
deviceterm tab run --tab "$t" -- 'exit 5' > exit.txt 2> exit.err
echo $? > exit.status

kill "$subscriber"
touch done
exec sleep 60
