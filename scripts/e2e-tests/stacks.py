#!/usr/bin/python3
"""The daemon's stacks as one canonical JSON document, for comparing before and after a restart.

    stacks.py snapshot             ListStacks, then GetStack of each, through transitionctl
    stacks.py field STACK KEY      one key of GetStack's stack (JSON), e.g. screens

What changes by itself is left out of the snapshot: whether a stack animates and its running
transition (a restart ends a running transition as if cancelled: docs/engine.md, "Crash semantics").
"""
import json
import subprocess
import sys


def transitionctl(*arguments):
    completed = subprocess.run(
        ["transitionctl", "--json=short", *arguments],
        capture_output=True, text=True, timeout=30)
    if completed.returncode != 0:
        sys.stderr.write(completed.stderr)
        raise SystemExit(f"transitionctl {' '.join(arguments)} exited {completed.returncode}")
    return json.loads(completed.stdout)


def snapshot():
    stacks = transitionctl("list")["stacks"]
    document = {}
    for summary in stacks:
        summary = dict(summary)
        summary.pop("animating", None)
        state = dict(transitionctl("status", summary["name"])["stack"])
        state.pop("transition", None)
        document[summary["name"]] = {"summary": summary, "state": state}
    return document


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "snapshot":
        print(json.dumps(snapshot(), sort_keys=True, indent=1))
    elif len(sys.argv) == 4 and sys.argv[1] == "field":
        print(json.dumps(transitionctl("status", sys.argv[2])["stack"].get(sys.argv[3]), sort_keys=True))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
