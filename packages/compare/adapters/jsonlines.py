"""The loop every Python adapter here shares: the JSON-lines protocol of docs/compare-protocol.md.

serve(answer) reads one request per line from standard input (bytes, split at LF only: a U+2028
inside a JSON string is not a line end), calls answer(input, base) for it, and writes
{"id": ..., **answer} as one line, flushed. An exception in answer is this glue failing, not the
parser rejecting the input: that request gets {"id": ..., "error": "..."}. It returns at the end of
input.
"""

import json
import sys


def serve(answer):
    out = sys.stdout
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8").strip(" \t\r\n")
        if not line:
            continue
        request = json.loads(line)
        try:
            response = answer(request["input"], request.get("base"))
        except Exception as e:  # noqa: BLE001 (any failure of the glue is reported, never fatal)
            response = {"error": "%s: %s" % (type(e).__name__, e)}
        # ensure_ascii (the default) writes every non-ASCII code point as a \u escape
        out.write(json.dumps({"id": request["id"], **response}) + "\n")
        out.flush()
