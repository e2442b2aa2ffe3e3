#!/usr/bin/env python3
"""yarl (aio-libs) as a parser for `url-grammar compare`: yarl.URL(input), or
yarl.URL(base).join(yarl.URL(input)) with a base. Run with Debian's Python, which has
python3-yarl: /usr/bin/python3 -B adapters/python_yarl.py. The mapping is documented in
adapters/README.md#python-yarl."""

import yarl

from jsonlines import serve


def answer(text, base):
    try:
        url = yarl.URL(text)
        if base is not None:
            url = yarl.URL(base).join(url)
    except (ValueError, TypeError) as e:
        return {"ok": False, "message": "%s: %s" % (type(e).__name__, e)}
    if not url.is_absolute() and not url.scheme:
        return {"ok": False, "message": "no scheme: yarl read a relative reference"}
    host = url.raw_host or ""
    if ":" in host:  # yarl strips the brackets of an IPv6 literal; the URL getter keeps them
        host = "[" + host + "]"
    port = "" if url.explicit_port is None else str(url.explicit_port)
    return {
        "ok": True,
        "href": str(url),
        "protocol": url.scheme + ":",
        "username": url.raw_user or "",
        "password": url.raw_password or "",
        "hostname": host,
        "port": port,
        "host": host + (":" + port if port else ""),
        "pathname": url.raw_path,
        "search": "?" + url.raw_query_string if url.raw_query_string else "",
        "hash": "#" + url.raw_fragment if url.raw_fragment else "",
    }


if __name__ == "__main__":
    serve(answer)
