#!/usr/bin/env python3
"""Python's urllib.parse as a parser for `url-grammar compare`.

    url-grammar compare --adapter 'python-urllib=python3 adapters/python_urllib.py'

It speaks the JSON-lines protocol of docs/compare-protocol.md: one request per line on standard
input, {"id": n, "input": "...", "base": "..." | null}; one response per line on standard output,
with the same id. It answers in order and exits when its standard input ends.

How urllib's answer becomes the URL getters (Python 3.8 or later, standard library only):

- with a base: urllib.parse.urljoin(base, input), then urlsplit of that; without: urlsplit(input).
- failure ("ok": false): urlsplit or the .port property raise ValueError (an unbalanced "[" or "]"
  in the host, a port that is not a number from 0 to 65535), or the result has no scheme: every URL
  has one, and urlsplit has then only split a relative reference (the URL Standard fails such an
  input without a base).
- href      urlunsplit of the parts (SplitResult.geturl()): Python's own re-serialisation.
- protocol  scheme + ":" (urlsplit lowercases the scheme).
- username, password: SplitResult.username / .password as written (no percent-encoding, no
  decoding), "" when absent.
- hostname  SplitResult.hostname (lowercased by Python), "" when absent; an IPv6 literal gets back
  the brackets that Python strips, as the URL getter keeps them.
- port      str(SplitResult.port), "" when absent.
- host      hostname, then ":" + port when there is a port.
- pathname  SplitResult.path as written.
- search    "?" + query, or "" when the query is empty; hash likewise with "#" and the fragment.
- origin and validation errors are not reported (urllib has neither), so they are not compared.

What cannot be mapped, so expect disagreements there (they are urllib's behaviour, not the glue's):

- No host parsing: no IDNA / UTS #46 (non-ASCII hosts stay as written), no IPv4 number parsing
  ("0x7f.1" stays), no check for forbidden host code points, no lowercasing beyond ASCII.
- No percent-encoding: spaces, non-ASCII and other code points the URL Standard's encode sets
  cover are kept as written in every component.
- No default-port elision: "http://h:80/" keeps port "80"; no "/" path for special schemes
  ("http://h" has pathname ""); no dot-segment removal except what urljoin does while resolving.
- An empty query or fragment ("a?" or "a#") cannot be told from none: urlsplit drops the mark.
- Backslashes are not slashes, and urljoin resolves only for the schemes in
  urllib.parse.uses_relative / uses_netloc (for others it returns the input as it is).
- Python strips ASCII tab, LF and CR anywhere and leading C0 controls and spaces (recent 3.x
  releases), as the URL Standard does; trailing spaces are kept.
"""

import json
import sys
from urllib.parse import urljoin, urlsplit


def answer(request):
    """The response object for one request (without its id)."""
    text = request["input"]
    base = request.get("base")
    try:
        joined = urljoin(base, text) if base is not None else text
        parts = urlsplit(joined)
        port = parts.port  # raises ValueError for a port that is not a number in range
    except ValueError as e:
        return {"ok": False, "message": "ValueError: %s" % e}
    if not parts.scheme:
        return {"ok": False, "message": "no scheme (urlsplit split a relative reference)"}
    hostname = parts.hostname or ""
    if ":" in hostname:
        hostname = "[" + hostname + "]"
    port_text = "" if port is None else str(port)
    return {
        "ok": True,
        "href": parts.geturl(),
        "protocol": parts.scheme + ":",
        "username": parts.username or "",
        "password": parts.password or "",
        "host": hostname + (":" + port_text if port_text else ""),
        "hostname": hostname,
        "port": port_text,
        "pathname": parts.path,
        "search": "?" + parts.query if parts.query else "",
        "hash": "#" + parts.fragment if parts.fragment else "",
    }


def main():
    out = sys.stdout
    # bytes in, decoded here: the tool sends UTF-8 and only LF ends a line (not a CR inside text
    # mode's universal newlines; the tool escapes CR anyway)
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8").strip()
        if not line:
            continue
        request = json.loads(line)
        try:
            response = answer(request)
        except Exception as e:  # a bug in this glue: "could not answer" for this id, not a failure
            response = {"error": "%s: %s" % (type(e).__name__, e)}
        response = {"id": request["id"], **response}
        # ensure_ascii (the default) writes every non-ASCII code point as a \\u escape: plain ASCII out
        out.write(json.dumps(response) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
