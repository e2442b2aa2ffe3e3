#!/usr/bin/env python3
"""rfc3986 (python-hyper) as a parser for `url-grammar compare`: rfc3986.uri_reference(input),
resolved with .resolve_with(base) when there is a base, validated against RFC 3986's syntax (every
component, a scheme required), then .normalize() (RFC 3986 section 6.2.2). Run with Debian's
Python, which has python3-rfc3986: /usr/bin/python3 -B adapters/python_rfc3986.py. The mapping is
documented in adapters/README.md#python-rfc3986."""

import rfc3986
from rfc3986 import exceptions, validators

from jsonlines import serve

VALIDATOR = (
    validators.Validator()
    .require_presence_of("scheme")
    .check_validity_of("scheme", "userinfo", "host", "port", "path", "query", "fragment")
)


def answer(text, base):
    ref = rfc3986.uri_reference(text)
    try:
        if base is not None:
            ref = ref.resolve_with(base)
        VALIDATOR.validate(ref)
        ref = ref.normalize()
        authority = ref.authority_info()
    except exceptions.RFC3986Exception as e:
        return {"ok": False, "message": "%s: %s" % (type(e).__name__, e.args[0] if e.args else e)}
    userinfo = authority["userinfo"]
    username, _, password = (userinfo or "").partition(":")
    host = authority["host"] or ""
    port = authority["port"] or ""
    return {
        "ok": True,
        "href": ref.unsplit(),
        "protocol": ref.scheme + ":",
        "username": username,
        "password": password,
        "hostname": host,
        "port": port,
        "host": host + (":" + port if port else ""),
        "pathname": ref.path or "",
        "search": "?" + ref.query if ref.query else "",
        "hash": "#" + ref.fragment if ref.fragment else "",
    }


if __name__ == "__main__":
    serve(answer)
