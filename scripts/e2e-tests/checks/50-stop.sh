# A clean stop with a transition running, and the state found again at the next activation; the
# template units.

# systemctl stop with a push running: STOPPING=1, the push settles (not cancelled), the state is
# written, the daemon exits 0 (Result=success); the socket unit keeps listening, and the next client
# starts the daemon again with the settled push in the stack.
check_clean_stop() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    wait_until 10 "main still runs a transition of an earlier check" stack_settled main || return
    local pid cursor expected
    pid="$(main_pid)"
    expected="$(python3 "$tests_directory/stacks.py" field main screens | python3 -c \
        'import json, sys; print(json.dumps(json.load(sys.stdin) + ["last"]))')"
    cursor="$(journal_cursor)"
    expect "a push before the stop failed" ctl push main "$(screen last '#DD4124')" || return
    expect "systemctl stop failed" timeout 30 systemctl stop "$service" || return

    [ "$(systemctl is-active "$service")" = inactive ] || fail "the service is $(systemctl is-active "$service") after stop"
    [ "$(service_property Result)" = success ] || fail "Result is $(service_property Result), not success"
    [ "$(service_property ExecMainCode)" = 1 ] || fail "ExecMainCode is $(service_property ExecMainCode), not 1 (exited)"
    [ "$(service_property ExecMainStatus)" = 0 ] || fail "the daemon exited $(service_property ExecMainStatus), not 0"
    expect "no STOPPING=1 from the main process before PID 1 saw it end" \
        python3 "$tests_directory/journal.py" sequence --after-cursor "$cursor" --unit "$service" \
        "^$service: Got notification message from PID $pid \\(.*STOPPING=1" \
        "^$service: (Deactivated successfully|Main process exited, code=exited, status=0)"
    expect "the daemon logged no stopping entry" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=801888be15894307a9c294796a836891 "_PID=$pid"
    expect "the daemon logged no stopped entry" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=9378de9254734396a3fe8255d0006333 "_PID=$pid"
    expect "the push running at the stop did not complete" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=d4c0cb2face5466d86434dc3ed34fb6a STACK=main "_PID=$pid"
    expect "transitions were cancelled at shutdown instead of settling" \
        sh -c "! python3 '$tests_directory/journal.py' find --after-cursor '$cursor' --unit $service \
            MESSAGE_ID=b038768ed6894619bd40d77e04f72753"
    expect "the socket unit stopped listening with the service" systemctl is-active --quiet "$socket_unit"
    [ -n "$(ls -A /var/lib/private/transitiond 2> /dev/null)" ] || fail "the state directory is empty"

    local screens
    screens="$(python3 "$tests_directory/stacks.py" field main screens)" ||
        { fail "the next client did not start the daemon again"; return; }
    [ "$screens" = "$expected" ] || fail "main shows $screens after the restart, not $expected"
    service_running || fail "the service did not start again at the next connection"
}

# The template: transitiond@seat0.socket starts its own daemon (--instance=seat0) on
# /run/transitiond-seat0/io.transitiond with its own dynamic user and state directory, independent
# of transitiond.service; its entries carry INSTANCE=seat0.
check_template_instance() {
    local unit=transitiond@seat0.service path=/run/transitiond-seat0/io.transitiond
    expect "systemctl start transitiond@seat0.socket failed" systemctl start transitiond@seat0.socket || return
    [ "$(systemctl is-active "$unit")" = inactive ] || fail "$unit runs before any client connected"
    expect "create-stack on the seat0 socket failed" \
        ctl --socket "$path" create-stack seat "$(screen seat '#5B5EA6')" --size 375x667 || return
    [ "$(systemctl is-active "$unit")" = active ] || fail "$unit is $(systemctl is-active "$unit") after the first connection"
    ctl --socket "$path" list --no-legend | grep -q '^seat ' || fail "the seat0 daemon does not list its stack"
    ! ctl --socket "$path" list --no-legend | grep -q '^main ' || fail "the seat0 daemon lists transitiond.service's stack main"
    local pid uid
    pid="$(service_property MainPID "$unit")"
    uid="$(process_uids "$pid")"
    uid="${uid%% *}"
    if [ -z "$uid" ] || [ "$uid" -lt 61184 ] || [ "$uid" -gt 65519 ]; then
        fail "the seat0 daemon runs as uid '$uid', not a dynamic one"
    fi
    [ -d /var/lib/private/transitiond-seat0 ] || fail "/var/lib/private/transitiond-seat0 does not exist"
    expect "no entry of the seat0 daemon with INSTANCE=seat0" \
        python3 "$tests_directory/journal.py" find --unit "$unit" SYSLOG_IDENTIFIER=transitiond INSTANCE=seat0
    expect "stopping $unit failed" timeout 30 systemctl stop "$unit" transitiond@seat0.socket
    [ "$(service_property ExecMainStatus "$unit")" = 0 ] || fail "the seat0 daemon exited $(service_property ExecMainStatus "$unit")"
}
