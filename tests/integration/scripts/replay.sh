# Runs in a tab, in the test's directory: replays Maestro flows on a phone
# through the real CLI (one that passes, with a value from -e; one that
# fails and leaves a screenshot; one refused before it runs), leaving what
# each printed in files.
set -u
cp -r "$(dirname "$0")/flows" .
deviceterm sim create Phone --profile phone > /dev/null
deviceterm sim boot Phone > /dev/null
deviceterm replay flows/counter.yaml -e WHO=Grace > counter.txt 2> counter.err; echo $? > counter.status
deviceterm tap --label Home --role Button --then-wait-idle > /dev/null 2>&1
deviceterm replay --json --timeout 3s flows/fails.yaml > fails.json 2> fails.err; echo $? > fails.status
deviceterm replay flows/bad.yaml > bad.txt 2> bad.err; echo $? > bad.status
deviceterm replay flows/nowhere.yaml > missing.txt 2> missing.err; echo $? > missing.status
deviceterm sim shutdown Phone > /dev/null
touch done
exec sleep 60
