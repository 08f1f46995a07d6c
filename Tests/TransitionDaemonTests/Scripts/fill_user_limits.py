"""Fills every limit one user has, with the daemon's defaults, in the shapes that cost the daemon most
memory, and keeps what it made (connections included) until standard input ends.

Usage: fill_user_limits.py SOCKET
Prints one line, "FILLED <json>", where the JSON holds each refusal that showed a limit reached, then
waits. Run it as an unprivileged user: the limits are per uid.
"""
import json
import socket
import sys

PATH = sys.argv[1]
NUMBERS_PER_CALL = 60_000  # "0," each: 120 KB, under the 65,536 values a call may carry


class Connection:
    def __init__(self):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(PATH)
        self.buffer = b""

    def send(self, method, parameters, more=False):
        message = {"method": "io.transitiond." + method, "parameters": parameters}
        if more:
            message["more"] = True
        self.socket.sendall(json.dumps(message, separators=(",", ":")).encode() + b"\0")

    def reply(self):
        while b"\0" not in self.buffer:
            chunk = self.socket.recv(1 << 20)
            if not chunk:
                raise EOFError("the daemon closed the connection")
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def call(self, method, parameters):
        self.send(method, parameters)
        return self.reply()


def limit_of(reply):
    if reply.get("error") != "io.transitiond.LimitExceeded":
        raise SystemExit("expected LimitExceeded, got %s" % json.dumps(reply)[:300])
    return reply["parameters"]["limit"], reply["parameters"]["maximum"]


def screen(identifier, numbers):
    return {"id": identifier, "root": {"id": "v", "frame": [0, 0, 375, 667], "style": {"v": [0] * numbers}}}


reached = {}
control = Connection()

# Stacks: as many as one user may own, each pushed full (until its stored size is refused), in styles of
# numbers.
stacks = 0
while True:
    name = "fill%d" % stacks
    reply = control.call(
        "CreateStack", {"name": name, "width": 375, "height": 667, "root": screen("s0", NUMBERS_PER_CALL)})
    if "error" in reply:
        reached["create"] = limit_of(reply)
        break
    stacks += 1
    for index in range(1, 64):
        reply = control.call(
            "Push", {"stack": name, "animated": False, "screen": screen("s%d" % index, NUMBERS_PER_CALL)})
        if "error" in reply:
            reached["grow"] = limit_of(reply)
            break
reached["stacks"] = stacks

# Animators: as many as one user may define, each as large as one may be, the rest of it numbers.
animators = 0
while True:
    animator = {
        "name": "fill%d" % animators,
        "variants": {"push": {"duration": 0.3, "phases": [
            {"duration": 0.3, "tracks": [{"target": "to", "property": "alpha", "to": 1}]}]}},
        "notes": ["%0120d" % 0] * 2_000,
    }
    reply = control.call("DefineAnimator", {"animator": animator})
    if "error" in reply:
        reached["define"] = limit_of(reply)
        break
    animators += 1
reached["animators"] = animators

# Replies left unread: GetStack of a full stack, again and again, on connections that never read,
# until one user's unread bytes are refused.
unread = []
for index in range(16):
    connection = Connection()
    for _ in range(8):
        connection.send("GetStack", {"name": "fill%d" % index, "includeScreens": True})
    unread.append(connection)

# Subscriptions, each on a connection of its own, none read, until the connections run out.
subscriptions = []
while True:
    connection = Connection()
    try:
        connection.send("Subscribe", {"stack": "fill%d" % (len(subscriptions) % stacks)}, more=True)
    except OSError:
        pass  # a refused connection is closed after its error, which is still there to read
    first = connection.reply()
    if "error" in first:
        reached["connect"] = limit_of(first)
        break
    subscriptions.append(connection)
reached["subscriptions"] = len(subscriptions)

print("FILLED " + json.dumps(reached), flush=True)
sys.stdin.read()
