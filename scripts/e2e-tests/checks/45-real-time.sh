# Real-time scheduling (docs/systemd.md, "Real-time scheduling, and what it costs in exposure"): the
# shipped unit refuses it (RestrictRealtime=yes, the ~@resources filter), so the display link's timing
# thread, which asks for SCHED_FIFO 1, runs SCHED_OTHER. (The drop-in that allows priority 1 cannot be
# checked here: systemd inside the container cannot raise RLIMIT_RTPRIO above its own 0 and quietly
# keeps the closest value it may set.)

# tick_thread_scheduling: prints "POLICY PRIORITY" of the main process's transitiond-tic thread
# (proc(5), /proc/PID/task/TID/stat fields 41 and 40: 0 is SCHED_OTHER, 1 SCHED_FIFO).
tick_thread_scheduling() {
    local pid task
    pid="$(main_pid)"
    for task in /proc/"$pid"/task/*; do
        if [ "$(cat "$task/comm" 2> /dev/null)" = transitiond-tic ]; then
            # The name in parentheses has no space here, so words are fields: field 41 is index 40.
            local fields
            read -r -a fields < "$task/stat"
            printf '%s %s\n' "${fields[40]}" "${fields[39]}"
            return 0
        fi
    done
    return 1
}

check_real_time_refused() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    local scheduling
    scheduling="$(tick_thread_scheduling)" || { fail "no transitiond-tic thread"; return; }
    [ "$scheduling" = "0 0" ] ||
        fail "under the shipped unit the timing thread runs policy/priority $scheduling, not SCHED_OTHER (0 0)"
}

# The real-time-scheduling entry of the running daemon: RealTimeScheduling=auto (the default), refused.
check_real_time_logged() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    journal_has -u "$service" MESSAGE_ID=bd7456fd642e4fd9acfaa3671717dc56 REAL_TIME_SCHEDULING=auto \
        REAL_TIME_ALLOWED=no PRIORITY=5 _PID="$(main_pid)" ||
        fail "no notice that RealTimeScheduling=auto was refused from the running daemon"
}

# RealTimeScheduling=yes under the shipped unit: the start fails with an error entry saying why, and the
# service does not run; without the drop-in it starts again, its stacks restored.
check_real_time_required_fails() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    local dropin=/etc/transitiond/transitiond.conf.d/60-real-time.conf cursor before
    before="$(stacks_snapshot)"
    cursor="$(journal_cursor)"
    printf '[Daemon]\nRealTimeScheduling=yes\n' > "$dropin"
    timeout 60 systemctl restart "$service" && fail "the service started with RealTimeScheduling=yes refused"
    wait_until 20 "no error entry for RealTimeScheduling=yes refused" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=bd7456fd642e4fd9acfaa3671717dc56 REAL_TIME_SCHEDULING=yes REAL_TIME_ALLOWED=no PRIORITY=3
    service_running && fail "the service runs although RealTimeScheduling=yes is refused"
    rm -f "$dropin"
    systemctl reset-failed "$service"
    expect "the service does not start again without the drop-in" timeout 60 systemctl restart "$service" || return
    wait_until 20 "the service is not running again" service_running
    [ "$(stacks_snapshot)" = "$before" ] || fail "the stacks changed across the refused start"
}
