# systemctl reload: a good configuration is taken, a bad one refused and the old one kept; the
# daemon serves throughout.

dropin=/etc/transitiond/transitiond.conf.d/50-e2e.conf

# frames_per_second_is N: GetStats reports the display link at N frames per second.
frames_per_second_is() {
    [ "$(ctl stats --json=short | python3 -c 'import json, sys; print(json.load(sys.stdin)["statistics"]["framesPerSecond"])')" = "$1" ]
}

status_text_has() {
    [[ "$(service_property StatusText)" == *"$1"* ]]
}

# reload_and_expect_ready CURSOR: systemctl reload, then RELOADING=1 and READY=1 from the main
# process, in that order, after CURSOR.
reload_and_expect_ready() {
    local cursor="$1" pid
    pid="$(main_pid)"
    expect "systemctl reload failed" timeout 30 systemctl reload "$service" || return
    wait_until 10 "no RELOADING=1 then READY=1 from the main process after the reload" \
        python3 "$tests_directory/journal.py" sequence --after-cursor "$cursor" --unit "$service" \
        "^$service: Got notification message from PID $pid \\(.*RELOADING=1" \
        "^$service: Got notification message from PID $pid \\(.*READY=1"
    wait_until 10 "the service is not back to active/running after the reload" service_running
    [ "$(main_pid)" = "$pid" ] || fail "the main process changed from $pid to $(main_pid) during a reload"
}

# FrameRate=30 in a drop-in; after the reload the display link runs at 30 frames per second, the
# status says so, the reloaded entry names the key, and a transition still runs.
check_reload() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    frames_per_second_is 60 || fail "the display link does not run at 60 fps before the reload"
    local cursor
    cursor="$(journal_cursor)"
    printf '[Daemon]\nFrameRate=30\n' > "$dropin"
    reload_and_expect_ready "$cursor" || return
    wait_until 10 "no reloaded entry naming Daemon.FrameRate" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=615c23d3482847058781955709cbf87e "PARAMETER~=FrameRate"
    wait_until 5 "GetStats does not report 30 fps after the reload" frames_per_second_is 30
    wait_until 5 "StatusText does not say 30 fps: '$(service_property StatusText)'" status_text_has "30 fps"
    expect "a push after the reload failed" ctl push main "$(screen reloaded '#88B04B')" --wait
    expect "a pop after the reload failed" ctl pop main --wait
}

# A drop-in with a bad value (line 2) and an unknown key (line 3): the reload is refused with one
# configuration-rejected entry per problem naming file and line, READY=1 still follows, and the
# previous configuration (30 fps) stays. Then the drop-in goes and the defaults come back.
check_reload_rejected() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    local cursor
    cursor="$(journal_cursor)"
    printf '[Daemon]\nFrameRate=1000\nRate=10\n' > "$dropin"
    reload_and_expect_ready "$cursor"
    wait_until 10 "no configuration-rejected entry for $dropin line 2 (FrameRate=1000)" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=25c62aa8d2534df09adf2933f15e2d72 "CONFIG_FILE=$dropin" CONFIG_LINE=2
    wait_until 10 "no configuration-rejected entry for $dropin line 3 (unknown key Rate)" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=25c62aa8d2534df09adf2933f15e2d72 "CONFIG_FILE=$dropin" CONFIG_LINE=3
    expect "a reloaded entry appeared although the configuration was refused" \
        sh -c "! python3 '$tests_directory/journal.py' find --after-cursor '$cursor' --unit $service \
            MESSAGE_ID=615c23d3482847058781955709cbf87e"
    frames_per_second_is 30 || fail "the previous configuration (30 fps) was not kept"
    expect "the daemon does not serve after the refused reload" ctl list

    rm -f "$dropin"
    cursor="$(journal_cursor)"
    reload_and_expect_ready "$cursor"
    wait_until 5 "the defaults (60 fps) did not come back once the drop-in was removed" frames_per_second_is 60
}
