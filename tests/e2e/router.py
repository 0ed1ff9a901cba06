"""A home router and the internet's STUN servers, inside the tests' network namespace (tools/netns.sh).

The browsers of a test sit at 198.18.0.1, the veth pair's first end. This answers on its other end (198.18.0.2):

- **STUN** (RFC 8489 binding requests, on UDP) at the ports of the public servers an "elsewhere" invite names
  (web/net/link.js ELSEWHERE: stun.l.google.com:19302, stun.cloudflare.com:3478; the test's Chromium maps both
  names to 198.18.0.2 with --host-resolver-rules, so no name is looked up and nothing leaves the namespace). It
  answers each asker with its "public address": 198.18.0.2 and a port of its own for that asker, as a home router's
  NAT would give it.
- **The NAT** (full cone): every packet that comes to an asker's public port is passed on to that asker, from the
  sender's own public port (one is made for a sender that has none). So a browser's checks to the other's
  server-reflexive candidate arrive from the sender's server-reflexive address, and a pair of srflx candidates
  connects (its local candidate is srflx on both sides) exactly as two devices behind home routers do.

Nothing here is reached from outside the namespace, and nothing is sent beyond it.
"""

from __future__ import annotations

import select
import socket
import struct
import threading

PUBLIC = "198.18.0.2"  # the veth's other end: the routers' "public" side
STUN_PORTS = (19302, 3478)  # stun.l.google.com:19302, stun.cloudflare.com:3478 (web/net/link.js ELSEWHERE)
NAMES = ("stun.l.google.com", "stun.cloudflare.com")
MAGIC = 0x2112A442
BINDING_REQUEST, BINDING_SUCCESS = 0x0001, 0x0101
XOR_MAPPED_ADDRESS = 0x0020


def resolver_rules() -> str:
    """Chromium's --host-resolver-rules that send the public STUN servers' names here."""
    return ", ".join(f"MAP {name} {PUBLIC}" for name in NAMES)


def binding_response(request: bytes, address: tuple[str, int]) -> bytes | None:
    """The success response to a STUN binding request, reporting ``address``; None for anything else."""
    if len(request) < 20:
        return None
    kind, _length, magic = struct.unpack(">HHI", request[:8])
    if kind != BINDING_REQUEST or magic != MAGIC:
        return None
    host = struct.unpack(">I", socket.inet_aton(address[0]))[0]
    attribute = struct.pack(">HHBBHI", XOR_MAPPED_ADDRESS, 8, 0, 1, address[1] ^ (MAGIC >> 16), host ^ MAGIC)
    return struct.pack(">HHI", BINDING_SUCCESS, len(attribute), MAGIC) + request[8:20] + attribute


class Router:
    """The STUN servers and the NAT, on a thread of their own; ``close()`` stops them. ``asked`` counts the binding
    requests answered, ``passed`` the packets passed on through the NAT."""

    def __init__(self, public: str = PUBLIC, stun_ports: tuple[int, ...] = STUN_PORTS) -> None:
        self.public = public
        self.servers = []
        for port in stun_ports:
            server = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            server.bind((public, port))
            self.servers.append(server)
        self.mapped: dict[tuple[str, int], socket.socket] = {}  # an asker's address -> its public port's socket
        self.owner: dict[socket.socket, tuple[str, int]] = {}  # a public port's socket -> whose it is
        self.asked = 0
        self.passed = 0
        self.running = True
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    @property
    def stun_urls(self) -> list[str]:
        return [f"stun:{self.public}:{server.getsockname()[1]}" for server in self.servers]

    def public_port(self, asker: tuple[str, int]) -> socket.socket:
        """The asker's public port (made on first use)."""
        port = self.mapped.get(asker)
        if port is None:
            port = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            port.bind((self.public, 0))
            self.mapped[asker] = port
            self.owner[port] = asker
        return port

    def serve(self) -> None:
        while self.running:
            ready, _, _ = select.select([*self.servers, *self.owner], [], [], 0.1)
            for sock in ready:
                try:
                    data, sender = sock.recvfrom(4096)
                except OSError:
                    continue
                if sock in self.servers:
                    reply = binding_response(data, (self.public, self.public_port(sender).getsockname()[1]))
                    if reply is not None:
                        self.asked += 1
                        sock.sendto(reply, sender)
                    continue
                # the NAT: to the port's owner, from the sender's own public port
                self.passed += 1
                self.public_port(sender).sendto(data, self.owner[sock])

    def close(self) -> None:
        self.running = False
        self.thread.join()
        for sock in [*self.servers, *self.owner]:
            sock.close()
