# Several transitionctl clients at once, and what the journal says about them.

# Three clients at the same time: one pushes and pops on stack main, one watches main (Subscribe),
# one plays a gesture that pops stack side interactively, while a fourth watches side. Then the
# watchers' events, the gesture's outcome and both stacks' screens.
check_concurrent_clients() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    expect "create-stack main failed" ctl create-stack main "$(screen home '#F4C542')" --size 375x667 || return
    expect "create-stack side failed" ctl create-stack side "$(screen list '#4287F5')" --size 375x667 || return
    expect "push side (not animated) failed" ctl push side "$(screen detail '#42F59E')" --no-animation || return

    ctl watch main --json=short > "$work/watch-main.jsonl" 2> "$work/watch-main.err" &
    local watch_main=$!
    ctl watch side --json=short > "$work/watch-side.jsonl" 2> "$work/watch-side.err" &
    local watch_side=$!
    # Subscribed when the stack counts its subscriber (GetStats of one stack: clients).
    wait_until 10 "watch main did not subscribe" subscribers_at_least main 1
    wait_until 10 "watch side did not subscribe" subscribers_at_least side 1

    (
        ctl push main "$(screen a '#E94B3C')" --wait &&
            ctl push main "$(screen b '#6B5B95')" --wait &&
            ctl pop main --wait
    ) > "$work/pusher.out" 2>&1 &
    local pusher=$!
    ctl gesture side --pop --drag-to 0.7 --over 0.4 --json=short > "$work/gesture.json" 2> "$work/gesture.err" &
    local gesture=$!

    wait "$pusher" || { sed 's/^/      | /' "$work/pusher.out"; fail "the pushing client failed"; }
    wait "$gesture" || { sed 's/^/      | /' "$work/gesture.err"; fail "the gesture client failed"; }
    # Both stacks settled: their last stackChanged event is in, the watchers can stop.
    wait_until 10 "watch main did not see the pop's stackChanged" \
        grep -q '"kind":"stackChanged".*"screens":\["home","a"\]' "$work/watch-main.jsonl"
    wait_until 10 "watch side did not see the gesture's stackChanged" \
        grep -q '"kind":"stackChanged".*"screens":\["list"\]' "$work/watch-side.jsonl"
    kill -TERM "$watch_main" "$watch_side" 2> /dev/null
    wait "$watch_main" "$watch_side" 2> /dev/null

    expect "the gesture did not finish and complete the pop" python3 - "$work/gesture.json" <<'EOF'
import json, sys
result = json.load(open(sys.argv[1]))
if result.get("decision") != "finish" or result.get("ending") != "completed":
    raise SystemExit(f"gesture: {result}")
EOF
    expect "watch main's events are not push, push, pop in order" python3 - "$work/watch-main.jsonl" "$work/main-transitions" <<'EOF'
import json, sys
events = [json.loads(line)["event"] for line in open(sys.argv[1]) if line.strip().startswith('{"event"')]
pairs = [(event["kind"], event.get("transitionId"), event.get("operation")) for event in events
         if event["kind"] in ("began", "completed", "cancelled")]
identifiers = []
for kind, identifier, operation in pairs:
    if kind == "began":
        identifiers.append(identifier)
expected = []
for identifier, operation in zip(identifiers, ["push", "push", "pop"]):
    expected += [("began", identifier, operation), ("completed", identifier, operation)]
if len(identifiers) != 3 or pairs != expected:
    raise SystemExit(f"events: {pairs}")
if len(set(identifiers)) != 3:
    raise SystemExit(f"transition ids repeat: {identifiers}")
open(sys.argv[2], "w").write(" ".join(str(identifier) for identifier in identifiers))
EOF
    expect "watch side's events are not an interactive pop that completed" python3 - "$work/watch-side.jsonl" "$work/side-transitions" <<'EOF'
import json, sys
events = [json.loads(line)["event"] for line in open(sys.argv[1]) if line.strip().startswith('{"event"')]
kinds = [(event["kind"], event.get("operation"), event.get("interactive")) for event in events
         if event["kind"] in ("began", "completed", "cancelled")]
if kinds != [("began", "pop", True), ("completed", "pop", True)]:
    raise SystemExit(f"events: {kinds}")
open(sys.argv[2], "w").write(str(events[0]["transitionId"]))
EOF
    [ "$(python3 "$tests_directory/stacks.py" field main screens)" = '["home", "a"]' ] ||
        fail "main shows $(python3 "$tests_directory/stacks.py" field main screens), not [home, a]"
    [ "$(python3 "$tests_directory/stacks.py" field side screens)" = '["list"]' ] ||
        fail "side shows $(python3 "$tests_directory/stacks.py" field side screens), not [list]"
}

# subscribers_at_least STACK N: GetStats of the stack counts at least N subscribers.
subscribers_at_least() {
    local count
    count="$(ctl stats "$1" --json=short | python3 -c 'import json, sys; print(json.load(sys.stdin)["statistics"]["clients"])')"
    [ "$count" -ge "$2" ]
}

# journald: every transition of main has began and completed entries with STACK=, OPERATION=,
# ANIMATOR=, TRANSITION_ID=, DURATION_MS=, MESSAGE_ID=, CODE_*; clients are logged with CLIENT_PID=
# and CLIENT_UID=; `journalctl -u transitiond STACK=main` finds only main's entries; every entry of
# the daemon is structured; the catalog explains an entry.
check_journal_fields() {
    local identifiers
    identifiers="$(cat "$work/main-transitions" 2> /dev/null)"
    [ -n "$identifiers" ] || { fail "no transition ids of main (concurrent_clients failed)"; return; }
    # shellcheck disable=SC2086
    expect "the transitions of main are not fully logged" \
        python3 "$tests_directory/journal.py" transitions main $identifiers
    expect "journalctl -u transitiond STACK=main is wrong" python3 "$tests_directory/journal.py" stack-filter main
    local output
    if ! output="$(python3 "$tests_directory/journal.py" structured 2>&1)"; then
        printf '%s\n' "$output" | grep -v 'note:' | sed 's/^/      | /' | head -20
        fail "an entry of the daemon is not structured"
    fi
    printf '%s\n' "$output" | grep 'note:' | sed 's/pqc=0x[0-9a-f]*/pqc=…/' | sort -u | sed 's/^/      | /'
    expect "no client-connected entry with CLIENT_PID and CLIENT_UID" \
        python3 "$tests_directory/journal.py" find --unit "$service" \
        MESSAGE_ID=036f41576f94420488efb392765a3853 --has CLIENT_PID --has CLIENT_UID
    expect "no client-disconnected entry with CLIENT_PID and CLIENT_UID" \
        python3 "$tests_directory/journal.py" find --unit "$service" \
        MESSAGE_ID=607c8b7586f546f8bd15cea743d0a615 --has CLIENT_PID --has CLIENT_UID
    expect "no stack-created entry for main with CLIENT_PID" \
        python3 "$tests_directory/journal.py" find --unit "$service" \
        MESSAGE_ID=f174ec4e45924807b5595fe00795c16d STACK=main --has CLIENT_PID
    local side
    side="$(cat "$work/side-transitions" 2> /dev/null)"
    expect "no began entry for side's interactive pop with INTERACTIVE=" \
        python3 "$tests_directory/journal.py" find --unit "$service" \
        MESSAGE_ID=7f999af03b59431ab844b11df9bb9c4d STACK=side OPERATION=pop "TRANSITION_ID=$side" --has INTERACTIVE
    expect "journalctl -x shows no catalog text for a completed transition" \
        sh -c "journalctl -x --no-pager -u $service MESSAGE_ID=d4c0cb2face5466d86434dc3ed34fb6a STACK=main |
            grep -q 'committed to the state directory'"
}
