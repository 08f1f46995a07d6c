# Installation, the installed units, socket activation, READY, the dynamic user and the socket's
# permissions.

# The installed tree as an administrator would finish it: the configuration in /etc, the socket's
# group, the catalog, and the socket enabled and started. (--volatile=yes starts /etc empty.)
check_install() {
    cp -r /e2e/root/etc/transitiond /etc/ || fail "cannot copy the configuration to /etc" || return
    mkdir -p /etc/transitiond/transitiond.conf.d
    expect "systemd-sysusers failed" systemd-sysusers || return
    expect "systemd-sysusers created no group transitiond" getent group transitiond || return
    expect "journalctl --update-catalog failed" journalctl --update-catalog
    expect "the catalog has no transitiond entry" sh -c 'journalctl --list-catalog | grep -q "transitiond: A transition completed"'
    # PID 1 logs every sd_notify datagram it takes at debug level ("Got notification message from
    # PID …"): that is how the checks see READY=1, RELOADING=1, STOPPING=1 and FDSTORE=1 arrive.
    expect "systemctl log-level debug failed" systemctl log-level debug
}

# systemd-analyze verify exits 0 even for misspelt keys: the check is that it prints nothing. It
# runs against the installed files, before the test's drop-ins exist, where the binaries and man
# pages are installed.
check_verify_units() {
    local units=/usr/local/lib/systemd/system
    local man_option=()
    if ! command -v man > /dev/null; then
        log "  man is not installed here: verifying with --man=no"
        man_option=(--man=no)
    fi
    local unit output
    for unit in transitiond.service transitiond.socket transitiond@seat0.service transitiond@seat0.socket; do
        output="$(systemd-analyze verify "${man_option[@]}" "$units/$unit" 2>&1)"
        if [ -n "$output" ]; then
            printf '%s\n' "$output" | sed 's/^/      | /'
            fail "systemd-analyze verify $unit printed: $(printf '%s' "$output" | head -3 | paste -sd '|')"
        fi
    done
    for unit in transitiond.service transitiond@seat0.service; do
        expect "systemd-analyze security: $unit exposes more than 0.5" \
            systemd-analyze security --offline=true --threshold=5 "$units/$unit"
    done
}

# The service is not running until the first client connects to the socket; the connection starts
# it, and that first call is answered.
check_socket_activation() {
    mkdir -p /etc/systemd/system/transitiond.service.d
    # WatchdogSec=2s keeps the watchdog check short; TimeoutStartSec=15s bounds a start that never
    # sends READY=1 (the unit's default would be 90 s).
    cat > /etc/systemd/system/transitiond.service.d/50-e2e.conf <<'EOF'
[Service]
WatchdogSec=2s
TimeoutStartSec=15s
EOF
    expect "systemctl daemon-reload failed" systemctl daemon-reload || return
    expect "systemctl enable --now transitiond.socket failed" systemctl enable --now "$socket_unit" || return
    expect "the socket unit is not listening" systemctl is-active --quiet "$socket_unit"
    [ -S "$socket_path" ] || fail "$socket_path is not a socket" || return
    local state
    state="$(systemctl is-active "$service")"
    [ "$state" = inactive ] || fail "the service is $state before any client connected, not inactive"
    [[ "$(service_property DropInPaths)" == */50-e2e.conf* ]] || fail "the test's drop-in is not loaded"

    local output
    if ! output="$(ctl list 2>&1)"; then
        printf '%s\n' "$output" | sed 's/^/      | /'
        fail "the first client call failed: $output"
    fi
    state="$(systemctl is-active "$service")"
    [ "$state" = active ] || fail "the service is $state after the first connection, not active"
    [ "$(service_property TriggeredBy)" = "$socket_unit" ] || fail "TriggeredBy is '$(service_property TriggeredBy)'"
    local pid
    pid="$(main_pid)"
    [ "$pid" != 0 ] || { fail "no main process"; return; }
    [ "$(service_property WatchdogUSec)" = 2s ] ||
        fail "the drop-in's WatchdogSec=2s is not in effect (WatchdogUSec=$(service_property WatchdogUSec))"
    expect "the daemon logged no listening entry with SOCKET_ORIGIN=passed" \
        python3 "$tests_directory/journal.py" find --unit "$service" _PID="$pid" \
        MESSAGE_ID=4595ca4d6f0648c297531de12a0923de SOCKET_ORIGIN=passed
    expect "the daemon's LISTEN_FDNAMES is not varlink" \
        sh -c "[ \"\$(python3 '$tests_directory/sockets.py' environment $pid LISTEN_FDNAMES)\" = varlink ]"
}

# Type=notify: the unit becomes active only once the daemon sent READY=1, which it sends once the
# socket is served and the state restored. The order is read from journald's sequence numbers
# (see journal.py).
check_ready() {
    [ "$(service_property Type)" = notify ] || fail "Type is $(service_property Type), not notify"
    [ "$(service_property NotifyAccess)" = main ] || fail "NotifyAccess is $(service_property NotifyAccess)"
    service_running || { fail "the service is not running"; return; }
    local invocation pid
    invocation="$(service_property InvocationID)"
    pid="$(main_pid)"
    expect "the ready sequence is wrong" python3 "$tests_directory/journal.py" ready-order "$invocation"
    expect "PID 1 got no READY=1 from the main process" \
        python3 "$tests_directory/journal.py" find --unit "$service" _PID=1 \
        "MESSAGE~=^$service: Got notification message from PID $pid \\(.*READY=1"
    local status
    status="$(service_property StatusText)"
    [[ "$status" == Serving* ]] || fail "StatusText is '$status', not the daemon's 'Serving …' summary"
}

# DynamicUser=yes: the daemon runs as a uid allocated for it, in systemd's dynamic range, that no
# file in /etc names; its state lives in /var/lib/private/transitiond.
check_dynamic_user() {
    service_running || { fail "the service is not running"; return; }
    local pid uids
    pid="$(main_pid)"
    uids="$(process_uids "$pid")"
    local uid="${uids%% *}"
    [ "$uids" = "$uid $uid $uid $uid" ] || fail "real, effective, saved and file uids differ: $uids"
    if [ "$uid" -lt 61184 ] || [ "$uid" -gt 65519 ]; then
        fail "uid $uid is outside systemd's dynamic range 61184-65519"
    fi
    ! grep -q "^[^:]*:[^:]*:$uid:" /etc/passwd || fail "uid $uid is in /etc/passwd"
    [ "$(service_property DynamicUser)" = yes ] || fail "DynamicUser is not yes"
    local state=/var/lib/private/transitiond
    [ -d "$state" ] || { fail "$state does not exist"; return; }
    [ "$(stat -c '%u %a' "$state")" = "$uid 700" ] || fail "$state is $(stat -c '%u %a' "$state"), not $uid 700"
    [ "$(readlink /var/lib/transitiond)" = private/transitiond ] ||
        fail "/var/lib/transitiond is not a link to private/transitiond"
    local directory
    directory="$(python3 "$tests_directory/sockets.py" environment "$pid" STATE_DIRECTORY)"
    [ "$directory" = /var/lib/transitiond ] || fail "STATE_DIRECTORY is '$directory'"
}

# The socket decides who is served at all (docs/systemd.md, "Access control"): 0660 root:transitiond,
# so a user outside the group cannot connect and a member can. Client uids are exact (no
# PrivateUsers=), so the daemon selected per-user ownership.
check_socket_access() {
    [ "$(stat -c '%a %U %G' "$socket_path")" = "660 root transitiond" ] ||
        fail "$socket_path is $(stat -c '%a %U %G' "$socket_path"), not 660 root transitiond"
    local group
    group="$(getent group transitiond | cut -d: -f3)"
    [ -n "$group" ] || { fail "no group transitiond"; return; }
    local output
    if output="$(setpriv --reuid=1000 --regid=1000 --clear-groups \
        timeout 30 transitionctl --socket "$socket_path" list 2>&1)"; then
        fail "uid 1000 outside the group transitiond was served"
    elif [[ "$output" != *ermission* ]]; then
        fail "uid 1000 outside the group was refused, but not for permissions: $output"
    fi
    expect "uid 1000 in the group transitiond was not served" \
        setpriv --reuid=1000 --regid=1000 --groups="$group" timeout 30 transitionctl --socket "$socket_path" list
    expect "the daemon logged no access-mode entry with OWNERSHIP=per-user" \
        python3 "$tests_directory/journal.py" find --unit "$service" \
        MESSAGE_ID=7b8d003936474bd49f58e5c4679d2d6a OWNERSHIP=per-user PEER_UIDS_EXACT=yes
    expect "the daemon logged an access-mode entry with OWNERSHIP=shared" \
        bash -c "! python3 '$tests_directory/journal.py' find --unit '$service' \
            MESSAGE_ID=7b8d003936474bd49f58e5c4679d2d6a OWNERSHIP=shared"
}
