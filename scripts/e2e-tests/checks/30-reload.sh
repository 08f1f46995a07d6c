# systemctl reload: a good configuration is taken, a bad one refused and the old one kept; the
# daemon serves throughout.

dropin=/etc/transitiond/transitiond.conf.d/50-e2e.conf
animators=/etc/transitiond/e2e-animators

# frames_per_second_is N: GetStats reports the display link at N frames per second.
frames_per_second_is() {
    [ "$(ctl stats --json=short | python3 -c 'import json, sys; print(json.load(sys.stdin)["statistics"]["framesPerSecond"])')" = "$1" ]
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

# animator_defined NAME: the daemon lists the animator.
animator_defined() {
    ctl animators --no-legend | grep -q "^$1 "
}

# write_animator DIRECTORY NAME: a copy of slow-fade.json named NAME in DIRECTORY.
write_animator() {
    mkdir -p "$1"
    sed "s/\"slowFade\"/\"$2\"/" "$tests_directory/slow-fade.json" > "$1/$2.json"
}

# AnimatorDirectory= changed by a drop-in: after the reload the animator in the new directory is
# defined (user animators are applied at once), the reloaded entry names the key, the same process
# serves, and a transition still runs.
check_reload() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    write_animator "$animators" reloadFade
    animator_defined reloadFade && fail "reloadFade is defined before the reload"
    local cursor
    cursor="$(journal_cursor)"
    printf '[Daemon]\nAnimatorDirectory=%s\n' "$animators" > "$dropin"
    reload_and_expect_ready "$cursor" || return
    wait_until 10 "no reloaded entry naming Daemon.AnimatorDirectory" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=615c23d3482847058781955709cbf87e "PARAMETER~=AnimatorDirectory"
    animator_defined reloadFade || fail "the animator of the new AnimatorDirectory= is not defined after the reload"
    expect "a push after the reload failed" ctl push main "$(screen reloaded '#88B04B')" --wait
    expect "a pop after the reload failed" ctl pop main --wait
}

# The drop-in gains a bad value (line 3) and an unknown key (line 4), and the directory a second
# animator: the reload is refused with one configuration-rejected entry per problem naming file and
# line, READY=1 still follows, no reloaded entry, and the previous configuration stays (the new
# animator file is not read). Then the drop-in goes and the defaults come back.
check_reload_rejected() {
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    write_animator "$animators" rejectedFade
    local cursor
    cursor="$(journal_cursor)"
    printf '[Daemon]\nAnimatorDirectory=%s\nFrameRate=1000\nRate=10\n' "$animators" > "$dropin"
    reload_and_expect_ready "$cursor"
    wait_until 10 "no configuration-rejected entry for $dropin line 3 (FrameRate=1000)" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=25c62aa8d2534df09adf2933f15e2d72 "CONFIG_FILE=$dropin" CONFIG_LINE=3
    wait_until 10 "no configuration-rejected entry for $dropin line 4 (unknown key Rate)" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=25c62aa8d2534df09adf2933f15e2d72 "CONFIG_FILE=$dropin" CONFIG_LINE=4
    expect "a reloaded entry appeared although the configuration was refused" \
        sh -c "! python3 '$tests_directory/journal.py' find --after-cursor '$cursor' --unit $service \
            MESSAGE_ID=615c23d3482847058781955709cbf87e"
    ! animator_defined rejectedFade || fail "the refused reload read the animator directory again"
    frames_per_second_is 60 || fail "the display link left 60 fps although FrameRate=1000 was refused"
    expect "the daemon does not serve after the refused reload" ctl list

    rm -f "$dropin"
    cursor="$(journal_cursor)"
    reload_and_expect_ready "$cursor"
    expect "no reloaded entry once the drop-in was removed" \
        python3 "$tests_directory/journal.py" find --after-cursor "$cursor" --unit "$service" \
        MESSAGE_ID=615c23d3482847058781955709cbf87e
}
