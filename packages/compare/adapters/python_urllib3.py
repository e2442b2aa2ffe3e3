#!/usr/bin/env python3
"""urllib3's URL parser, urllib3.util.parse_url, as a parser for `url-grammar compare`. Run with
Debian's Python, which has python3-urllib3: /usr/bin/python3 -B adapters/python_urllib3.py. The
mapping is documented in adapters/README.md#python-urllib3.

parse_url splits one URL (and normalises it for http, https and no scheme); urllib3 has no function
that resolves a reference against a base. So with a base, an input with a scheme of its own is
answered alone (RFC 3986 section 5.2.2: a reference with a scheme ignores its base), and any other
is "could not answer" (decided before parse_url runs, so that its failure on such an input is not
mistaken for the URL failing).
"""

import re

from urllib3.exceptions import LocationParseError
from urllib3.util import parse_url

from jsonlines import serve

# RFC 3986 section 3.1: a letter, then letters, digits, "+", "-" or ".", then ":"
HAS_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")

NO_RESOLUTION = "urllib3 has no reference resolution: parse_url cannot apply a base"


def answer(text, base):
    if base is not None and not HAS_SCHEME.match(text):
        return {"error": NO_RESOLUTION}
    try:
        u = parse_url(text)
    except LocationParseError as e:
        return {"ok": False, "message": "LocationParseError: %s" % e}
    if u.scheme is None:
        # parse_url read a host or a path without scheme ("example.com:80" is a host and a port to
        # it, where RFC 3986 sees the scheme "example.com")
        if base is not None:
            return {"error": NO_RESOLUTION}
        return {"ok": False, "message": "no scheme: parse_url read a relative reference"}
    username, _, password = (u.auth or "").partition(":")
    hostname = u.host or ""  # an IPv6 literal keeps its brackets
    port = "" if u.port is None else str(u.port)
    return {
        "ok": True,
        "href": u.url,
        "protocol": u.scheme + ":",
        "username": username,
        "password": password,
        "hostname": hostname,
        "port": port,
        "host": hostname + (":" + port if port else ""),
        "pathname": u.path or "",
        "search": "?" + u.query if u.query else "",
        "hash": "#" + u.fragment if u.fragment else "",
    }


if __name__ == "__main__":
    serve(answer)
