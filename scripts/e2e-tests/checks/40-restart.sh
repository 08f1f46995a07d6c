# Restarts systemd does itself: kill -9 and the watchdog, with the stacks and the listening socket
# kept; a daemon that bound its own socket keeps it through the file descriptor store.

# kill_main_and_wait_for_restart SIGNAL [SECONDS]: sends SIGNAL to the main process and waits (30 s
# unless told) until Restart=on-failure brought the service back.
kill_main_and_wait_for_restart() {
    local restarts
    restarts="$(service_property NRestarts)"
    expect "systemctl kill -s $1 failed" systemctl kill -s "$1" --kill-who=main "$service" || return
    wait_until "${2:-30}" "the service did not come back after $1" restarted_beyond "$restarts"
}

# kill -9: Restart=on-failure starts the daemon again with every stack as it was; a client that
# connects during the restart is served by the new process; a subscriber's connection does not
# survive (docs/systemd.md, "What survives a restart"): its watch ends.
check_kill_restart() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    local before pid
    before="$(stacks_snapshot)" || { fail "cannot list the stacks"; return; }
    [ "$(printf '%s' "$before" | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')" -ge 2 ] ||
        fail "fewer than two stacks to restore"
    pid="$(main_pid)"
    ctl watch main --json=short > "$work/watch-kill.jsonl" 2> "$work/watch-kill.err" &
    local watcher=$!
    wait_until 10 "watch main did not subscribe" subscribers_at_least main 1

    local restarts
    restarts="$(service_property NRestarts)"
    expect "systemctl kill -s KILL failed" systemctl kill -s KILL --kill-who=main "$service" || return
    ctl list --no-legend > "$work/client-during-restart.out" 2>&1 &
    local client=$!
    wait_until 30 "the service did not come back after kill -9" restarted_beyond "$restarts" || return
    [ "$(main_pid)" != "$pid" ] || fail "the main process is still $pid"
    wait "$client" || fail "the client that connected during the restart failed: $(cat "$work/client-during-restart.out")"
    grep -q '^main ' "$work/client-during-restart.out" ||
        fail "the client that connected during the restart did not list main: $(cat "$work/client-during-restart.out")"
    wait_until 10 "the subscriber's watch did not end when its connection was lost" \
        sh -c "! kill -0 $watcher 2> /dev/null"
    kill "$watcher" 2> /dev/null
    wait "$watcher" 2> /dev/null

    local after
    after="$(stacks_snapshot)" || { fail "cannot list the stacks after the restart"; return; }
    if [ "$before" != "$after" ]; then
        diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") | sed 's/^/      | /' | head -30
        fail "the stacks after the restart differ from before"
    fi
    expect "PID 1 did not log the main process killed by SIGKILL" \
        python3 "$tests_directory/journal.py" find --unit "$service" _PID=1 \
        "MESSAGE~=Main process exited, code=killed, status=9/KILL"
}

# The listening socket survives a restart: the same socket (inode) is listening before and after, the
# socket unit was not restarted (it would create a new one), the daemon stored the socket
# (FDSTORE=1, NFileDescriptorStore=1) and got the stored copy back next to the socket unit's.
check_fdstore_socket_kept() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    local pid inodes socket_since
    pid="$(main_pid)"
    [ "$(service_property NFileDescriptorStore)" = 1 ] ||
        fail "NFileDescriptorStore is $(service_property NFileDescriptorStore), not 1"
    expect "PID 1 got no FDSTORE=1 with FDNAME=varlink from the main process" \
        python3 "$tests_directory/journal.py" find --unit "$service" _PID=1 \
        "MESSAGE~=^$service: Got notification message from PID $pid \\(.*FDSTORE=1.*FDNAME=varlink"
    inodes="$(listening_inodes)"
    [ "$(printf '%s\n' "$inodes" | grep -c .)" = 1 ] || { fail "not exactly one listening socket: $inodes"; return; }
    held_by "$pid" "$inodes" || fail "the main process holds no descriptor of socket $inodes"
    socket_since="$(service_property ActiveEnterTimestampMonotonic "$socket_unit")"

    kill_main_and_wait_for_restart KILL || return
    pid="$(main_pid)"
    [ "$(listening_inodes)" = "$inodes" ] ||
        fail "the listening socket changed from $inodes to $(listening_inodes | paste -sd ' ')"
    held_by "$pid" "$inodes" || fail "the new main process holds no descriptor of socket $inodes"
    [ "$(service_property ActiveEnterTimestampMonotonic "$socket_unit")" = "$socket_since" ] ||
        fail "the socket unit was restarted"
    [ "$(service_property NFileDescriptorStore)" = 1 ] ||
        fail "NFileDescriptorStore is $(service_property NFileDescriptorStore) after the restart, not 1"
    local count names
    count="$(python3 "$tests_directory/sockets.py" environment "$pid" LISTEN_FDS)"
    names="$(python3 "$tests_directory/sockets.py" environment "$pid" LISTEN_FDNAMES)"
    [ "$count:$names" = "2:varlink:varlink" ] ||
        fail "the restarted daemon got LISTEN_FDS=$count LISTEN_FDNAMES=$names, not the socket unit's and the stored socket"
    expect "the daemon does not serve after the restart" ctl list
}

# systemctl restart: a clean stop (exit 0) and a new process with the same stacks on the same
# listening socket. Whether systemd 252 hands the stored descriptor to the new process after an
# explicit restart (docs/systemd.md leaves it to this test) is printed: LISTEN_FDS=2 means it did.
check_explicit_restart() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    wait_until 10 "main still runs a transition of an earlier check" stack_settled main || return
    local before pid inodes cursor
    before="$(stacks_snapshot)" || { fail "cannot list the stacks"; return; }
    pid="$(main_pid)"
    inodes="$(listening_inodes)"
    cursor="$(journal_cursor)"
    expect "systemctl restart failed" timeout 30 systemctl restart "$service" || return
    wait_until 10 "the service is not running after the restart" service_running || return
    [ "$(main_pid)" != "$pid" ] || fail "the main process is still $pid"
    expect "PID 1 did not see the old process exit 0" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" _PID=1 \
        "MESSAGE~=^$service: Main process exited, code=exited, status=0/SUCCESS"
    [ "$(listening_inodes)" = "$inodes" ] || fail "the listening socket changed from $inodes to $(listening_inodes)"
    local after
    after="$(stacks_snapshot)" || { fail "cannot list the stacks after the restart"; return; }
    [ "$before" = "$after" ] || fail "the stacks after systemctl restart differ from before"
    log "  after systemctl restart the daemon got LISTEN_FDS=$(python3 "$tests_directory/sockets.py" environment "$(main_pid)" LISTEN_FDS) (2: the stored socket was kept, 1: only the socket unit's)"
}

# The watchdog: with a transition running, the debug build's fault hook (SIGUSR2) stalls the clock
# thread; the daemon stops the WATCHDOG=1 pings and logs watchdog-withheld, systemd kills it with
# WatchdogSignal= (SIGABRT) after WatchdogSec=2s and restarts it; the stacks come back as they were
# before the transition (a running transition ends as if cancelled), and a defined animator too.
check_watchdog_restart() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    if ! ctl animators --no-legend | grep -q '^slowFade '; then
        expect "define-animator slowFade failed" ctl define-animator "$tests_directory/slow-fade.json" || return
    fi
    local before pid cursor
    before="$(stacks_snapshot)" || { fail "cannot list the stacks"; return; }
    pid="$(main_pid)"
    expect "a push with slowFade failed" ctl push main "$(screen slow '#FF6F61')" --animator slowFade || return
    wait_until 5 "main is not animating" stack_animating main
    cursor="$(journal_cursor)"

    # WatchdogSec=2s and the daemon's StallTimeoutSec=2s: a restart within about 5 s. 30 s leaves
    # room for PID 1's SIGKILL after TimeoutAbortSec= (15 s) when SIGABRT does not end the process,
    # which is then a problem of its own (below).
    if ! kill_main_and_wait_for_restart SIGUSR2 30; then
        # Leave no minute-long transition to the checks after this one: kill -9 ends it.
        kill_main_and_wait_for_restart KILL
        return 1
    fi
    [ "$(main_pid)" != "$pid" ] || fail "the main process is still $pid"
    expect "the daemon logged no watchdog-withheld entry" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=ff0862f4855b44b488cb4de4b6f46280 "_PID=$pid"
    expect "PID 1 logged no watchdog timeout" \
        python3 "$tests_directory/journal.py" sequence --after-cursor "$cursor" --unit "$service" "Watchdog timeout"
    if python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" _PID=1 \
        "MESSAGE~=Main process exited, code=killed, status=9/KILL" > /dev/null; then
        fail "the watchdog's SIGABRT did not end the daemon: PID 1 killed it with SIGKILL after TimeoutAbortSec="
    else
        expect "PID 1 did not log the main process killed by the watchdog's SIGABRT" \
            python3 "$tests_directory/journal.py" sequence --after-cursor "$cursor" --unit "$service" \
            "Watchdog timeout" "Main process exited, code=(killed|dumped), status=6/ABRT"
    fi
    local after
    after="$(stacks_snapshot)" || { fail "cannot list the stacks after the restart"; return; }
    if [ "$before" != "$after" ]; then
        diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") | sed 's/^/      | /' | head -30
        fail "the stacks after the watchdog restart differ from before the transition"
    fi
    ctl animators --no-legend | grep -q '^slowFade ' || fail "the defined animator slowFade was lost"
}

# A daemon that binds its own socket (no socket unit: a transient service) keeps it in the file
# descriptor store: killed with -9, a client that connects while systemd waits RestartSec=2s to start
# it again lands in the backlog of the stored socket and is served by the new process. Without the
# store the socket would have no listener and the connection would be refused.
check_fdstore_self_bound() {
    local unit=transitiond-fdstore.service directory=/run/e2e-fdstore
    local path="$directory/io.transitiond"
    mkdir -p "$directory"
    expect "systemd-run failed" systemd-run --quiet --unit="$unit" --service-type=notify \
        -p NotifyAccess=main -p FileDescriptorStoreMax=4 -p Restart=on-failure -p RestartSec=2s \
        -p TimeoutStartSec=15s -p StateDirectory=transitiond-fdstore \
        /usr/local/bin/transitiond --socket "$path" || return
    wait_until 15 "$unit is not running" sh -c "[ \"\$(systemctl show -p SubState --value $unit)\" = running ]" ||
        return
    expect "create-stack on the self-bound socket failed" \
        ctl --socket "$path" create-stack kept "$(screen kept '#009B77')" --size 375x667
    [ "$(service_property NFileDescriptorStore "$unit")" = 1 ] ||
        fail "NFileDescriptorStore of $unit is $(service_property NFileDescriptorStore "$unit"), not 1"
    local file_inode listening restarts
    file_inode="$(stat -c %i "$path")"
    listening="$(listening_inodes "$path")"
    restarts="$(service_property NRestarts "$unit")"

    expect "systemctl kill -s KILL $unit failed" systemctl kill -s KILL --kill-who=main "$unit" || return
    wait_until 5 "$unit did not wait to restart (auto-restart)" \
        sh -c "[ \"\$(systemctl show -p SubState --value $unit)\" = auto-restart ]" || return
    ctl --socket "$path" list --no-legend > "$work/client-fdstore.out" 2>&1 &
    local client=$!
    log "  client started while $unit is $(service_property SubState "$unit")"
    wait_until 20 "$unit did not restart" sh -c "[ \"\$(systemctl show -p NRestarts --value $unit)\" -gt $restarts ] &&
        [ \"\$(systemctl show -p SubState --value $unit)\" = running ]"
    wait "$client" || fail "the client that connected during the restart failed: $(cat "$work/client-fdstore.out")"
    grep -q '^kept ' "$work/client-fdstore.out" || fail "the client did not list stack kept: $(cat "$work/client-fdstore.out")"
    [ "$(stat -c %i "$path")" = "$file_inode" ] || fail "the socket file was replaced"
    [ "$(listening_inodes "$path")" = "$listening" ] || fail "the listening socket changed"
    systemctl stop "$unit"
}
