#!/usr/bin/env python3
"""Drives transitiond with the reference Python Varlink client (varlink/python), which nobody here wrote.

Usage: transitiond_client.py MODE unix:/path/to/socket [STACK]

Modes:
  basic        GetInfo, GetInterfaceDescription, CreateStack, a Push whose frames arrive through
               Subscribe with more, and an error reply raised as varlink.VarlinkError. Prints one JSON
               object with what it saw.
  subscribe    Subscribes to STACK, prints "subscribed" once the first reply came, then reads forever
               (the test kills it).
  interactive  Begins an interactive pop on STACK, moves it to 0.5 (oneway), prints "driving", then waits
               forever (the test kills it).
  create       Creates STACK (owned by whoever runs the script) and prints its owner uid.
  permissions  As a user who does not own STACK: reads it, subscribes to it, tries to push, to delete
               it and to update it (oneway, then answered). Prints one JSON object with the outcomes.
  pointer      On STACK (two screens, idle, 375 points wide): a pan from outside the left edge (its
               error), then an edge pan to 0.7 of the width over a second with oneway MovePointer samples
               at 120 Hz and a ReleasePointer; then, after that pop, a push caught mid-flight and released
               at rest. Prints one JSON object with the replies.
  driver       Creates STACK (its own, two screens), begins an edge pan on one connection, and tries to
               move, update, release, finish, cancel and take it over from a second connection of the
               same user. Prints "driving", waits on a subscription for the interactionTakenOver event
               (the test takes the gesture over as root), tries to move it from the first connection
               again, and prints one JSON object with every error.
  takeover     Takes over the gesture on STACK (TakeOverInteraction), moves its pointer to x 77 at 1.25 s and
               releases it as cancelled. Prints one JSON object with the three replies.
  animator     Defines the animator named STACK (replace: true; a fade for push and pop) as whoever runs
               the script. Prints {"error": null} or the error and its parameters.
  hold         Holds STACK's gestures (HoldGestures, policy ask), prints "holding" once the lease came,
               refuses the first request it is asked (AnswerGestureRequest on a second connection) and
               prints one JSON object with what it saw: the request, whether its reply named the lease, and
               the answer's outcome. Leaving ends the lease.

Exits 0 when the mode ran, 2 when a check failed (the reason on stderr), and 3 when the `varlink`
package is missing (install it with: pip install varlink==31.0.0).
"""

import json
import sys

try:
    import varlink
except ImportError:
    print("The Python 'varlink' package is missing: pip install varlink==31.0.0", file=sys.stderr)
    sys.exit(3)


def check(condition, description):
    if not condition:
        print("check failed: " + description, file=sys.stderr)
        sys.exit(2)


def screen(identifier):
    return {"id": identifier, "kind": "page",
            "root": {"id": "view", "frame": [0, 0, 375, 667],
                     "children": [{"id": "title", "frame": [16, 80, 200, 44]}]}}


def error_of(call):
    try:
        call()
    except varlink.VarlinkError as error:
        return {"error": error.error(), "parameters": error.parameters()}
    return None


def basic(address):
    seen = {}
    with varlink.Client(address=address) as client:
        with client.open("org.varlink.service") as service:
            info = service.GetInfo()
            seen["product"] = info["product"]
            seen["interfaces"] = info["interfaces"]
            description = service.GetInterfaceDescription("io.transitiond")["description"]
            seen["descriptionStart"] = description.split("\n")[0]
            seen["descriptionLength"] = len(description.encode("utf-8"))
        with client.open("io.transitiond") as control:
            created = control.CreateStack(name="python", width=375, height=667, root=screen("home"))
            seen["createdScreens"] = created["stack"]["screens"]
            with client.open("io.transitiond") as watcher:
                replies = watcher.Subscribe(stack="python", _more=True)
                first = next(replies)
                seen["firstFrameSettled"] = first["frame"]["transition"] is None
                pushed = control.Push(stack="python", screen=screen("detail"))
                seen["pushOutcome"] = pushed["result"]["outcome"]
                kinds, frames, missed = [], 0, 0
                for reply in replies:
                    if "event" in reply and reply["event"] is not None:
                        kinds.append(reply["event"]["kind"])
                        if reply["event"]["kind"] == "stackChanged":
                            break
                    elif "frame" in reply and reply["frame"] is not None:
                        if reply["frame"]["transition"] is not None:
                            frames += 1
                            missed += reply.get("framesMissed") or 0
                seen["events"] = kinds
                seen["transitionFrames"] = frames
                seen["framesMissed"] = missed
            seen["error"] = error_of(lambda: control.Pop(stack="python", animated=False) and
                                     control.Pop(stack="python"))
            seen["noSuchStack"] = error_of(lambda: control.GetStack(name="nowhere"))
            control.DeleteStack(name="python")
    print(json.dumps(seen, sort_keys=True))


def subscribe(address, stack):
    with varlink.Client(address=address) as client:
        with client.open("io.transitiond") as watcher:
            replies = watcher.Subscribe(stack=stack, _more=True)
            next(replies)
            print("subscribed", flush=True)
            for _ in replies:
                pass


def interactive(address, stack):
    with varlink.Client(address=address) as client:
        with client.open("io.transitiond") as control:
            control.BeginInteractive(stack=stack, operation="pop")
            control.UpdateInteractive(stack=stack, fraction=0.5, _oneway=True)
            # A call after the oneway one: the update has been applied when it returns.
            control.GetStack(name=stack)
            print("driving", flush=True)
            sys.stdin.read()


def pointer(address, stack):
    seen = {}
    with varlink.Client(address=address) as client:
        with client.open("io.transitiond") as control:
            seen["outsideEdge"] = error_of(lambda: control.BeginInteractive(
                stack=stack, operation="pop", gesture={"edge": "left"},
                pointer={"x": 60, "y": 300, "timestamp": 100.0}))
            control.BeginInteractive(stack=stack, operation="pop", gesture={"edge": "left"},
                                     pointer={"x": 4, "y": 300, "timestamp": 100.0})
            for step in range(1, 121):
                control.MovePointer(stack=stack, _oneway=True, pointer={
                    "x": 4 + 262.5 * step / 120, "y": 300, "timestamp": 100.0 + step / 120})
            seen["release"] = control.ReleasePointer(stack=stack)
            with client.open("io.transitiond") as watcher:
                replies = watcher.Subscribe(stack=stack, frames=False, _more=True)
                next(replies)
                while control.GetStack(name=stack)["stack"].get("transition") is not None:
                    next(replies)
            seen["screensAfterPop"] = control.GetStack(name=stack)["stack"]["screens"]
            control.Push(stack=stack, screen=screen("again"))
            caught = control.CatchTransition(stack=stack, gesture={"direction": "left"},
                                             pointer={"x": 300, "y": 300, "timestamp": 200.0})
            seen["caughtFraction"] = caught["fraction"]
            seen["caughtTransition"] = caught["transitionId"]
            seen["stateWhileCaught"] = control.GetStack(name=stack)["stack"]["transition"]
            seen["moved"] = control.MovePointer(stack=stack, pointer={"x": 300, "y": 300, "timestamp": 200.5})
            seen["releaseAtRest"] = control.ReleasePointer(stack=stack, cancelled=True)
    print(json.dumps(seen, sort_keys=True))


def driver(address, stack):
    seen = {}
    with varlink.Client(address=address) as client:
        with client.open("io.transitiond") as first, client.open("io.transitiond") as second, \
                client.open("io.transitiond") as watcher:
            first.CreateStack(name=stack, width=375, height=667, root=screen("home"))
            first.Push(stack=stack, screen=screen("detail"), animated=False)
            # Subscribed while the stack is settled, so the first reply needs no tick of the clock.
            replies = watcher.Subscribe(stack=stack, frames=False, _more=True)
            next(replies)
            first.BeginInteractive(stack=stack, operation="pop", gesture={"edge": "left"},
                                   pointer={"x": 2, "y": 300, "timestamp": 1.0})
            sample = {"x": 100, "y": 300, "timestamp": 1.1}
            seen["update"] = error_of(lambda: second.UpdateInteractive(stack=stack, fraction=0.6))
            seen["move"] = error_of(lambda: second.MovePointer(stack=stack, pointer=sample))
            seen["release"] = error_of(lambda: second.ReleasePointer(stack=stack))
            seen["finish"] = error_of(lambda: second.FinishInteractive(stack=stack))
            seen["cancel"] = error_of(lambda: second.CancelInteractive(stack=stack))
            seen["takeOver"] = error_of(lambda: second.TakeOverInteraction(stack=stack))
            second.MovePointer(stack=stack, pointer=sample, _oneway=True)
            seen["driverMoves"] = first.MovePointer(stack=stack, pointer={"x": 40, "y": 300, "timestamp": 1.2})
            print("driving", flush=True)
            for reply in replies:
                event = reply.get("event")
                if event is not None and event["kind"] == "interactionTakenOver":
                    seen["takenOverTransition"] = event["transitionId"]
                    break
            seen["afterTakeover"] = error_of(lambda: first.MovePointer(stack=stack, pointer={
                "x": 50, "y": 300, "timestamp": 1.3}))
    print(json.dumps(seen, sort_keys=True))


def takeover(address, stack):
    seen = {}
    with varlink.Client(address=address) as client:
        with client.open("io.transitiond") as control:
            seen["takeOver"] = control.TakeOverInteraction(stack=stack)
            seen["moved"] = control.MovePointer(stack=stack, pointer={"x": 77, "y": 300, "timestamp": 1.25})
            seen["release"] = control.ReleasePointer(stack=stack, cancelled=True)
    print(json.dumps(seen, sort_keys=True))


def create(address, stack):
    with varlink.Client(address=address) as client:
        with client.open("io.transitiond") as control:
            created = control.CreateStack(name=stack, width=100, height=100, root=screen("start"))
            print(json.dumps({"ownerUid": created["stack"]["ownerUid"]}))


def permissions(address, stack):
    seen = {}
    with varlink.Client(address=address) as client:
        with client.open("io.transitiond") as watcher:
            first = next(watcher.Subscribe(stack=stack, _more=True))
            seen["subscribedFrameStack"] = first["frame"]["stack"]
        with client.open("io.transitiond") as control:
            state = control.GetStack(name=stack)
            seen["readScreens"] = state["stack"]["screens"]
            seen["push"] = error_of(lambda: control.Push(stack=stack, screen=screen("intruder"), animated=False))
            seen["delete"] = error_of(lambda: control.DeleteStack(name=stack))
            # A oneway update gets no reply; the daemon refuses it all the same (the test reads its log).
            control.UpdateInteractive(stack=stack, fraction=0.25, _oneway=True)
            seen["update"] = error_of(lambda: control.UpdateInteractive(stack=stack, fraction=0.5))
            created = control.CreateStack(name=stack + "-own", width=100, height=100, root=screen("mine"))
            seen["ownStackOwner"] = created["stack"]["ownerUid"]
            control.Push(stack=stack + "-own", screen=screen("next"), animated=False)
            control.DeleteStack(name=stack + "-own")
    print(json.dumps(seen, sort_keys=True))


def animator(address, name):
    fade = {"duration": 0.2, "setup": [{"target": "to", "property": "alpha", "value": 0}],
            "phases": [{"duration": 0.2, "tracks": [{"target": "to", "property": "alpha", "to": 1}]}]}
    specification = {"name": name, "variants": {"push": fade, "pop": fade}}
    with varlink.Client(address=address) as client:
        with client.open("io.transitiond") as control:
            outcome = error_of(lambda: control.DefineAnimator(animator=specification, replace=True))
    print(json.dumps({"error": outcome}, sort_keys=True))


def hold(address, stack):
    seen = {}
    with varlink.Client(address=address) as client:
        with client.open("io.transitiond") as holder, client.open("io.transitiond") as answerer:
            replies = holder.HoldGestures(stack=stack, policy="ask", maximumWait=1.0, _more=True)
            lease = next(replies)["lease"]
            check(len(lease) > 0, "the first reply carries a lease")
            print("holding", flush=True)
            for reply in replies:
                request = reply.get("request")
                if request is None:
                    continue
                seen["request"] = request
                seen["sameLease"] = reply["lease"] == lease
                seen["answer"] = error_of(lambda: answerer.AnswerGestureRequest(
                    stack=stack, lease=lease, request=request["id"], allow=False))
                break
    print(json.dumps(seen, sort_keys=True))


if __name__ == "__main__":
    mode, address = sys.argv[1], sys.argv[2]
    if mode == "basic":
        basic(address)
    elif mode == "subscribe":
        subscribe(address, sys.argv[3])
    elif mode == "interactive":
        interactive(address, sys.argv[3])
    elif mode == "takeover":
        takeover(address, sys.argv[3])
    elif mode == "driver":
        driver(address, sys.argv[3])
    elif mode == "pointer":
        pointer(address, sys.argv[3])
    elif mode == "create":
        create(address, sys.argv[3])
    elif mode == "permissions":
        permissions(address, sys.argv[3])
    elif mode == "animator":
        animator(address, sys.argv[3])
    elif mode == "hold":
        hold(address, sys.argv[3])
    else:
        check(False, "unknown mode " + mode)
