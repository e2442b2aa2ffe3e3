#!/usr/bin/env python3
"""hyperlink as a parser for `url-grammar compare`: hyperlink.URL.from_text(input), or
URL.from_text(base).click(input) with a base (the input given to click as text, as its
documentation calls it: click("") is the base itself, where click(URL.from_text("")) is not).
Run with Debian's Python, which has python3-hyperlink: /usr/bin/python3 -B
adapters/python_hyperlink.py. The mapping is documented in adapters/README.md#python-hyperlink."""

import hyperlink

from jsonlines import serve


def answer(text, base):
    try:
        url = hyperlink.URL.from_text(text) if base is None else hyperlink.URL.from_text(base).click(text)
    # hyperlink.URLParseError is a ValueError; NotImplementedError is hyperlink declining a form
    # it does not model ("an absolute URI with rootless path", such as "a:b/c")
    except (ValueError, TypeError, NotImplementedError) as e:
        return {"ok": False, "message": "%s: %s" % (type(e).__name__, e)}
    if not url.scheme:
        return {"ok": False, "message": "no scheme: hyperlink read a relative reference"}
    username, _, password = url.userinfo.partition(":")
    # authority() is host[:port] (IPv6 in brackets), the port left out when it is the scheme's
    # default, as to_text() writes it
    host = url.authority(with_password=True).rpartition("@")[2]
    hostname = "[" + url.host + "]" if ":" in url.host else url.host
    port = host[len(hostname) + 1:] if host.startswith(hostname + ":") else ""
    query = "&".join(k if v is None else k + "=" + v for k, v in url.query)
    return {
        "ok": True,
        "href": url.to_text(with_password=True),
        "protocol": url.scheme + ":",
        "username": username,
        "password": password,
        "hostname": hostname,
        "port": port,
        "host": host,
        "pathname": ("/" if url.rooted else "") + "/".join(url.path),
        "search": "?" + query if query else "",
        "hash": "#" + url.fragment if url.fragment else "",
    }


if __name__ == "__main__":
    serve(answer)
