# Helpers for the end-to-end checks (sourced by run): results, waits on conditions, the service's
# properties, clients and the journal.

service=transitiond.service
socket_unit=transitiond.socket
socket_path=/run/transitiond/io.transitiond
tests_directory="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work=/run/e2e
mkdir -p "$work"

passed=0
failed=0
failed_names=()

# Prints a line with the seconds since boot, so the log lines up with journalctl -o short-monotonic.
log() {
    printf '[%8s] %s\n' "$(cut -d' ' -f1 /proc/uptime)" "$*"
}

# One check's problems accumulate in this file; the check passes when it stays empty.
problems_file="$work/problems"

# Records a problem of the running check and returns 1, so `… || return` ends the check there.
fail() {
    printf '%s\n' "$*" >> "$problems_file"
    log "  problem: $*"
    return 1
}

# expect DESCRIPTION COMMAND...: runs the command; a non-zero status is a problem named DESCRIPTION,
# with the command's output in the log.
expect() {
    local description="$1"; shift
    local output
    if output="$("$@" 2>&1)"; then
        return 0
    fi
    [ -n "$output" ] && printf '%s\n' "$output" | sed 's/^/      | /' | head -40
    fail "$description"
}

# wait_until SECONDS DESCRIPTION COMMAND...: polls the command every 0.1 s until it succeeds; a
# problem named DESCRIPTION when the time runs out. Waits are on conditions, never on a fixed time.
wait_until() {
    local seconds="$1" description="$2"; shift 2
    local deadline=$(( $(date +%s%N) + seconds * 1000000000 ))
    while ! "$@" > /dev/null 2>&1; do
        if [ "$(date +%s%N)" -gt "$deadline" ]; then
            fail "$description (not within ${seconds}s)"
            return 1
        fi
        sleep 0.1
    done
}

# run_check NAME: runs check_NAME, prints PASS or FAIL with its problems, counts it.
run_check() {
    local name="$1"
    if [ -n "${only_checks:-}" ] && [[ ",$only_checks," != *",$name,"* ]]; then
        return 0
    fi
    : > "$problems_file"
    log "--- $name"
    local begin end
    begin=$(date +%s%N)
    "check_$name" || true
    end=$(date +%s%N)
    local milliseconds=$(( (end - begin) / 1000000 ))
    if [ -s "$problems_file" ]; then
        failed=$(( failed + 1 ))
        failed_names+=("$name")
        log "FAIL $name (${milliseconds} ms): $(paste -sd ';' "$problems_file" | sed 's/;/; /g')"
    else
        passed=$(( passed + 1 ))
        log "PASS $name (${milliseconds} ms)"
    fi
}

# The service's property, e.g. service_property MainPID.
service_property() {
    systemctl show -p "$1" --value "${2:-$service}"
}

# The real, effective, saved and file uids of a process (proc(5), "Uid:"), separated by spaces.
# (The container has no awk: /etc/alternatives is empty.)
process_uids() {
    sed -n 's/^Uid:[[:space:]]*//p' "/proc/$1/status" 2> /dev/null | tr -s '[:space:]' ' ' | sed 's/ $//'
}

main_pid() {
    service_property MainPID
}

# True when the service is active and running (READY=1 received) with a main process.
service_running() {
    [ "$(service_property ActiveState)" = active ] && [ "$(service_property SubState)" = running ] &&
        [ "$(main_pid)" != 0 ]
}

# True when the service restarted more than $1 times and runs again.
restarted_beyond() {
    [ "$(service_property NRestarts)" -gt "$1" ] && service_running
}

# transitionctl with a bound on how long one call may hang.
ctl() {
    timeout 30 transitionctl "$@"
}

# stack_animating STACK / stack_settled STACK: the stack exists and runs a transition, or none.
stack_animating_is() {
    transitionctl list --json=short | python3 -c '
import json, sys
stacks = {stack["name"]: stack for stack in json.load(sys.stdin)["stacks"]}
raise SystemExit(0 if sys.argv[1] in stacks and str(stacks[sys.argv[1]]["animating"]).lower() == sys.argv[2] else 1)' "$1" "$2"
}
stack_animating() { stack_animating_is "$1" true; }
stack_settled() { stack_animating_is "$1" false; }

# A screen as inline JSON: screen ID COLOR.
screen() {
    printf '{"id":"%s","kind":"%s","root":{"id":"view","frame":[0,0,375,667],"style":{"fill":"%s"},"children":[{"id":"title","frame":[20,300,335,40],"style":{"text":"%s"}}]}}' \
        "$1" "$1" "$2" "$1"
}

# The journal's cursor now, for --after-cursor.
journal_cursor() {
    journalctl --sync
    journalctl -n 0 --show-cursor --no-pager | sed -n 's/^-- cursor: //p'
}

# journal_has [journalctl matches and options...]: true when an entry matches.
journal_has() {
    journalctl --sync
    [ -n "$(journalctl --no-pager -o cat "$@" | head -1)" ]
}

# The stacks as canonical JSON, without what changes by itself (animating, running transitions,
# frame indices): what must be the same after a restart.
stacks_snapshot() {
    python3 "$tests_directory/stacks.py" snapshot
}

# The inodes of the listening sockets bound to the service's socket path, one per line.
listening_inodes() {
    python3 "$tests_directory/sockets.py" listening "${1:-$socket_path}"
}

# held_by PID INODE: true when the process has a descriptor of that socket.
held_by() {
    python3 "$tests_directory/sockets.py" held "$1" "$2"
}
