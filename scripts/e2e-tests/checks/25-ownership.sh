# Per-user ownership under the shipped unit: two unprivileged users in the group transitiond, each
# refused what belongs to the other, and each counted on its own against MaxStacksPerUser=.

# The two users, created once: in the group transitiond (the socket's), each with a group of its own.
ownership_users() {
    local user
    for user in e2e-alice e2e-bob; do
        if ! getent passwd "$user" > /dev/null; then
            expect "useradd $user failed" useradd --no-create-home --user-group --groups transitiond "$user" || return
        fi
        id -nG "$user" | tr ' ' '\n' | grep -qx transitiond || fail "$user is not in the group transitiond" || return
    done
}

# as USER transitionctl-arguments...: transitionctl run as that user with its groups from /etc/group.
as() {
    local user="$1"; shift
    timeout 30 setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --init-groups \
        transitionctl --socket "$socket_path" "$@"
}

# refused DESCRIPTION ERROR USER transitionctl-arguments...: the call fails, naming the daemon's ERROR
# (e.g. io.transitiond.PermissionDenied); its message is left in refused_output.
refused() {
    local description="$1" error="$2"; shift 2
    if refused_output="$(as "$@" 2>&1)"; then
        fail "$description: it was allowed"
        return 1
    fi
    [[ "$refused_output" == *"$error"* ]] || fail "$description: refused, but not with $error: $refused_output"
}

# restart_with_settings DESCRIPTION: restarts the service to apply a drop-in, then resets its start
# counter: these checks restart it four times within seconds, and systemd's start limit (5 starts in
# 10 s by default, StartLimitBurst=) would otherwise refuse the automatic restart a later check expects
# after kill -9.
restart_with_settings() {
    expect "systemctl restart with $1 failed" timeout 30 systemctl restart "$service" || return
    systemctl reset-failed "$service"
}

# screens_are STACK JSON: the stack's screen ids, as stacks.py prints them.
screens_are() {
    [ "$(python3 "$tests_directory/stacks.py" field "$1" screens)" = "$2" ]
}

# Alice creates a stack, pushes onto it, defines an animator and begins an interactive pop; Bob, in
# the same group, can read all of it but change none of it: each attempt is refused with
# PermissionDenied and the stack's screens stay as they were. Root may change Alice's stack.
check_ownership() {
    ownership_users || return
    service_running || ctl list > /dev/null || { fail "the service does not run"; return; }
    expect "alice: create-stack alice-main failed" \
        as e2e-alice create-stack alice-main "$(screen home '#F4C542')" --size 375x667 || return
    expect "alice: push onto alice-main failed" \
        as e2e-alice push alice-main "$(screen detail '#42F59E')" --no-animation || return
    screens_are alice-main '["home", "detail"]' || fail "alice-main does not show [home, detail]" || return
    local alice_uid
    alice_uid="$(id -u e2e-alice)"
    expect "ListStacks does not give alice-main to alice's uid $alice_uid" python3 - "$alice_uid" <<'EOF'
import json, subprocess, sys
stacks = json.loads(subprocess.run(["transitionctl", "list", "--json=short"], capture_output=True,
                                   text=True, check=True).stdout)["stacks"]
owners = [stack.get("ownerUid") for stack in stacks if stack["name"] == "alice-main"]
if owners != [int(sys.argv[1])]:
    raise SystemExit(f"alice-main's owner: {owners}")
EOF

    # Bob reads it.
    local output
    output="$(as e2e-bob list --no-legend 2>&1)" || fail "bob: list failed: $output"
    [[ "$output" == *alice-main* ]] || fail "bob's list does not show alice-main: $output"
    output="$(as e2e-bob status alice-main --json=short 2>&1)" || fail "bob: status alice-main failed: $output"
    [[ "$output" == *'"detail"'* ]] || fail "bob's status of alice-main does not show detail: $output"

    # Bob changes nothing of it.
    refused "bob pushed onto alice-main" io.transitiond.PermissionDenied \
        e2e-bob push alice-main "$(screen intruder '#E94B3C')" --no-animation
    refused "bob popped alice-main" io.transitiond.PermissionDenied e2e-bob pop alice-main
    screens_are alice-main '["home", "detail"]' ||
        fail "alice-main shows $(python3 "$tests_directory/stacks.py" field alice-main screens) after bob's attempts"

    # An interactive pop of alice-main, held by alice's client: bob can neither finish nor cancel it.
    local gesture_input="$work/alice-gesture.in"
    rm -f "$gesture_input"
    mkfifo "$gesture_input"
    as e2e-alice interactive begin alice-main pop < "$gesture_input" > "$work/alice-gesture.out" 2>&1 &
    local gesture=$!
    # Held open for writing here, so that the client's standard input stays open until the check ends it.
    exec 7> "$gesture_input"
    if wait_until 10 "alice's interactive pop did not begin" stack_animating alice-main; then
        refused "bob finished alice's gesture" io.transitiond.PermissionDenied \
            e2e-bob interactive finish alice-main
        refused "bob cancelled alice's gesture" io.transitiond.PermissionDenied \
            e2e-bob interactive cancel alice-main
        refused "bob updated alice's gesture" io.transitiond.PermissionDenied \
            e2e-bob interactive update alice-main 0.9
        stack_animating alice-main || fail "alice's interactive pop ended after bob's attempts"
    fi
    # Alice cancels her own gesture: the pop does not happen.
    printf 'cancel\n' >&7
    exec 7>&-
    wait "$gesture" || { sed 's/^/      | /' "$work/alice-gesture.out"; fail "alice's interactive begin failed"; }
    wait_until 10 "alice-main did not settle after alice cancelled" stack_settled alice-main
    screens_are alice-main '["home", "detail"]' ||
        fail "alice-main shows $(python3 "$tests_directory/stacks.py" field alice-main screens) after the gesture"

    # An animator alice defined: bob cannot redefine it; it keeps alice's definition.
    sed 's/"slowFade"/"aliceFade"/' "$tests_directory/slow-fade.json" > "$work/alice-fade.json"
    sed 's/"slowFade"/"aliceFade"/; s/"summary": "[^"]*"/"summary": "bob was here"/' \
        "$tests_directory/slow-fade.json" > "$work/bob-fade.json"
    chmod 0644 "$work/alice-fade.json" "$work/bob-fade.json"
    expect "alice: define-animator aliceFade failed" as e2e-alice define-animator "$work/alice-fade.json" || return
    refused "bob redefined alice's animator" io.transitiond.PermissionDenied \
        e2e-bob define-animator "$work/bob-fade.json" --replace
    ! ctl animators --json=short | grep -q 'bob was here' || fail "aliceFade has bob's definition"

    # Bob cannot delete it.
    refused "bob deleted alice-main" io.transitiond.PermissionDenied e2e-bob delete-stack alice-main
    screens_are alice-main '["home", "detail"]' || fail "alice-main is gone or changed after bob's delete-stack"

    # Root may change any stack: it deletes alice's.
    expect "root could not delete alice-main" ctl delete-stack alice-main
}

# MaxStacksPerUser=2 in a drop-in (applied at start): alice creates two stacks and her third is refused
# with LimitExceeded, which names the maximum; bob, another user, still creates two. Then the drop-in goes.
check_stacks_per_user() {
    ownership_users || return
    local dropin=/etc/transitiond/transitiond.conf.d/25-e2e-stacks-per-user.conf
    mkdir -p "${dropin%/*}"
    printf '[Limits]\nMaxStacksPerUser=2\n' > "$dropin"
    restart_with_settings "MaxStacksPerUser=2" || return
    local user number
    for user in alice bob; do
        for number in 1 2; do
            expect "$user: create-stack $user-$number failed" \
                as "e2e-$user" create-stack "$user-$number" "$(screen home '#F4C542')" --size 375x667
        done
    done
    refused "alice's third stack was created" io.transitiond.LimitExceeded \
        e2e-alice create-stack alice-3 "$(screen home '#F4C542')" --size 375x667 &&
        { [[ "$refused_output" == *"owns 2 stacks, the most one user may own"* ]] ||
            fail "alice's refusal does not say that 2 is the most: $refused_output"; }
    refused "bob's third stack was created" io.transitiond.LimitExceeded \
        e2e-bob create-stack bob-3 "$(screen home '#F4C542')" --size 375x667
    local stacks
    stacks="$(ctl list --json=short)"
    [[ "$stacks" != *'"alice-3"'* && "$stacks" != *'"bob-3"'* ]] || fail "a third stack exists: $stacks"

    expect "root could not delete the users' stacks" ctl delete-stack alice-1 alice-2 bob-1 bob-2
    rm -f "$dropin"
    restart_with_settings "the drop-in removed"
}

# ControlGroup=e2e-operators in a drop-in: carol, in the group transitiond and (as a supplementary group
# only) in e2e-operators, may change alice's stack; bob, not an operator, still may not. The daemon reads
# a client's supplementary groups from its connection (SO_PEERGROUPS): under ProtectProc=invisible it
# cannot read other users' /proc/<pid>/status. Then the drop-in goes.
check_control_group() {
    ownership_users || return
    getent group e2e-operators > /dev/null || expect "groupadd e2e-operators failed" groupadd e2e-operators || return
    if ! getent passwd e2e-carol > /dev/null; then
        expect "useradd e2e-carol failed" \
            useradd --no-create-home --user-group --groups transitiond,e2e-operators e2e-carol || return
    fi
    [ "$(id -gn e2e-carol)" != e2e-operators ] || fail "e2e-operators is carol's primary group" || return
    local dropin=/etc/transitiond/transitiond.conf.d/25-e2e-control-group.conf
    mkdir -p "${dropin%/*}"
    printf '[Access]\nControlGroup=e2e-operators\n' > "$dropin"
    restart_with_settings "ControlGroup=e2e-operators" || return
    expect "alice: create-stack alice-guarded failed" \
        as e2e-alice create-stack alice-guarded "$(screen home '#F4C542')" --size 375x667 || return
    refused "bob (no operator) pushed onto alice-guarded" io.transitiond.PermissionDenied \
        e2e-bob push alice-guarded "$(screen intruder '#E94B3C')" --no-animation
    expect "carol (an operator through a supplementary group) could not push onto alice-guarded" \
        as e2e-carol push alice-guarded "$(screen operator '#6B5B95')" --no-animation
    screens_are alice-guarded '["home", "operator"]' ||
        fail "alice-guarded shows $(python3 "$tests_directory/stacks.py" field alice-guarded screens), not [home, operator]"
    expect "carol could not delete alice-guarded" as e2e-carol delete-stack alice-guarded
    rm -f "$dropin"
    restart_with_settings "the drop-in removed"
}
