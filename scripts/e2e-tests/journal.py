#!/usr/bin/python3
"""Questions about the container's journal (journalctl -o json), for the end-to-end checks.

    journal.py find [--after-cursor C] [--unit U] [--has FIELD]... FIELD=VALUE... FIELD~=REGEX...
        prints the matching entries, one JSON object a line; exits 1 when there is none
    journal.py sequence [--after-cursor C] [--unit U] REGEX...
        entries whose MESSAGE matches each regular expression exist, in this order
    journal.py ready-order INVOCATION_ID
        the daemon's listening and state-restored entries of that run come before PID 1's
        "Started" entry for it, and its ready entry exists
    journal.py transitions STACK TRANSITION_ID...
        began and completed entries with every field, for each transition of STACK
    journal.py stack-filter STACK
        journalctl -u transitiond STACK=<STACK> returns only that stack's entries, began and completed
    journal.py structured
        every entry the daemon itself wrote has MESSAGE_ID, PRIORITY and CODE_FILE/LINE/FUNC

Entries that PID 1 and the daemon send to journald go through the same datagram socket
(/run/systemd/journal/socket), so journald numbers them (__SEQNUM) in the order they were sent: an
entry the daemon sent before READY=1 has a lower number than PID 1's "Started" entry.
"""
import json
import re
import subprocess
import sys

UNIT = "transitiond.service"

# docs/journal.md
STARTING = "eceec1a6d0b54f4a846a48262ea41be4"
LISTENING = "4595ca4d6f0648c297531de12a0923de"
STATE_RESTORED = "77ed847c840547f6a35c5792028707c5"
READY = "3880feca93fd425eb27539228e7e0222"
TRANSITION_BEGAN = "7f999af03b59431ab844b11df9bb9c4d"
TRANSITION_COMPLETED = "d4c0cb2face5466d86434dc3ed34fb6a"
# systemd's own catalog (src/systemd/sd-messages.h): SD_MESSAGE_UNIT_STARTED
UNIT_STARTED = "39f53479d3a045ac8e11786248231fbf"


def entries(*arguments):
    subprocess.run(["journalctl", "--sync"], check=False)
    output = subprocess.run(
        ["journalctl", "--no-pager", "-o", "json", *arguments],
        capture_output=True, text=True, timeout=30, check=True).stdout
    result = []
    for line in output.splitlines():
        if line.strip():
            result.append(json.loads(line))
    return result


def text(entry, field):
    """A field as text; journalctl gives non-UTF-8 values as byte arrays, repeated fields as lists."""
    value = entry.get(field)
    if isinstance(value, list) and value and isinstance(value[0], int):
        return bytes(value).decode(errors="replace")
    if isinstance(value, list):
        return ",".join(str(item) for item in value)
    return value


def sequence_number(entry):
    """journald's sequence number of an entry: the i= part of its cursor (systemd 252's JSON has no
    __SEQNUM field yet)."""
    for part in entry["__CURSOR"].split(";"):
        if part.startswith("i="):
            return int(part[2:], 16)
    raise ValueError(f"no sequence number in cursor {entry['__CURSOR']}")


def daemon_entries(all_entries):
    """The entries the daemon wrote itself, not PID 1's about the unit."""
    return [entry for entry in all_entries if text(entry, "_PID") != "1" and text(entry, "SYSLOG_IDENTIFIER") == "transitiond"]


def problem(message):
    print(f"journal: {message}", file=sys.stderr)
    return 1


def find(arguments):
    after = []
    unit = []
    required = []
    matches = {}
    patterns = {}
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument == "--after-cursor":
            after = ["--after-cursor", arguments[index + 1]]
            index += 2
        elif argument == "--unit":
            unit = ["-u", arguments[index + 1]]
            index += 2
        elif argument == "--has":
            required.append(arguments[index + 1])
            index += 2
        elif "~=" in argument:
            key, _, value = argument.partition("~=")
            patterns[key] = re.compile(value)
            index += 1
        else:
            key, _, value = argument.partition("=")
            matches[key] = value
            index += 1
    found = 0
    for entry in entries(*after, *unit):
        if all(text(entry, key) == value for key, value in matches.items()) and all(
                pattern.search(text(entry, key) or "") for key, pattern in patterns.items()) and all(
                entry.get(field) not in (None, "") for field in required):
            print(json.dumps(entry, sort_keys=True))
            found += 1
    return 0 if found else 1


def sequence(arguments):
    options = []
    patterns = []
    index = 0
    while index < len(arguments):
        if arguments[index] == "--after-cursor":
            options += ["--after-cursor", arguments[index + 1]]
            index += 2
        elif arguments[index] == "--unit":
            options += ["-u", arguments[index + 1]]
            index += 2
        else:
            patterns.append(re.compile(arguments[index]))
            index += 1
    remaining = entries(*options)
    for pattern in patterns:
        position = next((offset for offset, entry in enumerate(remaining)
                         if pattern.search(text(entry, "MESSAGE") or "")), None)
        if position is None:
            return problem(f"no entry matching {pattern.pattern!r} after the ones before it")
        remaining = remaining[position + 1:]
    return 0


def ready_order(invocation):
    run = [entry for entry in entries("-u", UNIT) if text(entry, "_SYSTEMD_INVOCATION_ID") == invocation
           or text(entry, "INVOCATION_ID") == invocation]
    daemon = daemon_entries(run)
    started = [entry for entry in run if text(entry, "MESSAGE_ID") == UNIT_STARTED]
    if not started:
        return problem(f"no 'Started' entry of PID 1 for invocation {invocation}")
    started_number = sequence_number(started[0])
    status = 0
    for name, identifier in (("listening", LISTENING), ("state-restored", STATE_RESTORED)):
        found = [entry for entry in daemon if text(entry, "MESSAGE_ID") == identifier]
        if not found:
            status = problem(f"the daemon logged no {name} entry ({identifier}) in invocation {invocation}")
        elif sequence_number(found[0]) > started_number:
            status = problem(f"{name} (seqnum {sequence_number(found[0])}) came after PID 1's Started "
                             f"(seqnum {started_number}): the unit was active before the daemon was ready")
    if not any(text(entry, "MESSAGE_ID") == READY for entry in daemon):
        status = problem(f"no ready entry ({READY}) in invocation {invocation}")
    return status


def transitions(stack, identifiers):
    daemon = daemon_entries(entries("-u", UNIT, f"STACK={stack}"))
    status = 0
    common = ("MESSAGE", "PRIORITY", "CODE_FILE", "CODE_LINE", "CODE_FUNC", "STACK", "OPERATION", "ANIMATOR",
              "TRANSITION_ID")
    for identifier in identifiers:
        for name, message_id, extra in (("began", TRANSITION_BEGAN, ()),
                                        ("completed", TRANSITION_COMPLETED, ("DURATION_MS",))):
            found = [entry for entry in daemon if text(entry, "MESSAGE_ID") == message_id
                     and text(entry, "TRANSITION_ID") == str(identifier)]
            if not found:
                status = problem(f"no {name} entry for transition {identifier} of stack {stack}")
                continue
            entry = found[-1]
            missing = [field for field in common + extra if entry.get(field) in (None, "")]
            if missing:
                status = problem(f"the {name} entry of transition {identifier} lacks {', '.join(missing)}")
            if "DURATION_MS" in extra and not str(text(entry, "DURATION_MS") or "").isdigit():
                status = problem(f"DURATION_MS={text(entry, 'DURATION_MS')!r} is not a whole number of ms")
            if text(entry, "PRIORITY") != "6":
                status = problem(f"the {name} entry has PRIORITY={text(entry, 'PRIORITY')}, not 6 (info)")
    return status


def stack_filter(stack):
    found = entries("-u", "transitiond", f"STACK={stack}")
    if not found:
        return problem(f"journalctl -u transitiond STACK={stack} found nothing")
    status = 0
    others = sorted({text(entry, "STACK") for entry in found if text(entry, "STACK") != stack})
    if others:
        status = problem(f"STACK={stack} also returned entries of {others}")
    kinds = {text(entry, "MESSAGE_ID") for entry in found}
    for name, identifier in (("began", TRANSITION_BEGAN), ("completed", TRANSITION_COMPLETED)):
        if identifier not in kinds:
            status = problem(f"STACK={stack} returned no {name} entry")
    everything = entries("-u", "transitiond")
    if not any(text(entry, "STACK") not in (None, stack) for entry in everything):
        status = problem("no entry of another stack exists, so the filter was not put to the test")
    return status


def structured():
    daemon = daemon_entries(entries("-u", UNIT))
    if not daemon:
        return problem("the daemon wrote no entry of its own")
    status = 0
    # Libraries in the process may use syslog(3) (libdispatch does, when it cannot set a worker
    # thread's priority): reported, not counted. The daemon's own output is the journal and stdio.
    others = sorted({text(entry, "MESSAGE") for entry in daemon if text(entry, "_TRANSPORT") == "syslog"})
    for message in others:
        print(f"journal: note: a library of the daemon logged through syslog: {message!r}", file=sys.stderr)
    for entry in daemon:
        if text(entry, "_TRANSPORT") == "syslog":
            continue
        missing = [field for field in ("MESSAGE_ID", "PRIORITY", "CODE_FILE", "CODE_LINE", "CODE_FUNC")
                   if entry.get(field) in (None, "")]
        if missing:
            status = problem(f"entry {text(entry, 'MESSAGE')!r} lacks {', '.join(missing)}")
    return status


def main():
    arguments = sys.argv[1:]
    if not arguments:
        raise SystemExit(__doc__)
    command, rest = arguments[0], arguments[1:]
    if command == "find":
        raise SystemExit(find(rest))
    if command == "sequence" and rest:
        raise SystemExit(sequence(rest))
    if command == "ready-order" and len(rest) == 1:
        raise SystemExit(ready_order(rest[0]))
    if command == "transitions" and len(rest) >= 2:
        raise SystemExit(transitions(rest[0], rest[1:]))
    if command == "stack-filter" and len(rest) == 1:
        raise SystemExit(stack_filter(rest[0]))
    if command == "structured" and not rest:
        raise SystemExit(structured())
    raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
