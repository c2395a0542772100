"""
Who a request comes from, for the per-client quotas: the address of the peer, or, behind a proxy
the operator names, the address that proxy says it forwarded (``X-Forwarded-For``).

The proxies are given as uvicorn's ``--forwarded-allow-ips`` gives them: addresses and networks
separated by commas (``127.0.0.1,10.0.0.0/8``), or ``*`` for any peer. By default none is trusted,
so a client cannot choose its own address by sending the header.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

from starlette.requests import HTTPConnection

__all__ = ["Proxies"]

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class Proxies:
    """The proxies whose ``X-Forwarded-For`` is believed; :meth:`client` gives a request's client."""

    def __init__(self, allowed: str | Sequence[str] = ()) -> None:
        items = allowed.split(",") if isinstance(allowed, str) else [p for a in allowed for p in a.split(",")]
        items = [item.strip() for item in items if item.strip()]
        self.any = "*" in items
        self.networks: list[_Network] = []
        self.names: set[str] = set()  # a proxy on a Unix socket, or by a name, compared as text
        for item in items:
            if item == "*":
                continue
            try:
                self.networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                self.names.add(item)

    def __bool__(self) -> bool:
        return self.any or bool(self.networks) or bool(self.names)

    def trusts(self, host: str) -> bool:
        """Whether *host* is one of the proxies."""
        if self.any or host in self.names:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def client(self, conn: HTTPConnection) -> str:
        """
        The request's client: the peer, unless the peer is a trusted proxy; then, as uvicorn reads
        ``X-Forwarded-For``, the nearest address in it that is not a trusted proxy (the first one if
        every proxy is trusted).
        """
        peer = conn.client.host if conn.client is not None else ""
        if not self or not self.trusts(peer):
            return peer
        forwarded = [h.strip() for h in ",".join(conn.headers.getlist("x-forwarded-for")).split(",") if h.strip()]
        if not forwarded:
            return peer
        if self.any:
            return forwarded[0]
        for host in reversed(forwarded):
            if not self.trusts(host):
                return host
        return forwarded[0]
