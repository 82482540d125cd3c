#!/usr/bin/env python3
"""The peer of workload 1: a JSON-RPC echo loop in Python over a pipe.

It speaks the same framings as remindersd (detected from the first byte: `C`/`c` is LSP,
anything else NDJSON), parses every request with json.loads and answers it with
json.dumps({"jsonrpc":"2.0","id":<same id>,"result":{"status":"fullAccess"}}), the same reply
remindersd gives to authorizationStatus.

It is written to be as quick as a plain Python loop can be, and to batch its output the way
remindersd does: it reads the pipe in 64 KiB chunks, answers every complete request in the
chunk and writes all the answers of a chunk with one os.write. A loop that flushed after every
reply would be several times slower and make the ratio look better than it is.
"""
import json
import os
import sys

CHUNK = 1 << 16


def main():
    stdin, stdout = sys.stdin.fileno(), sys.stdout.fileno()
    loads, dumps = json.loads, json.dumps
    pending = b""
    lsp = None
    while True:
        chunk = os.read(stdin, CHUNK)
        if not chunk:
            return 0
        pending += chunk
        if lsp is None:
            stripped = pending.lstrip()
            if not stripped:
                continue
            lsp = stripped[:1] in (b"C", b"c")
        out = []
        if lsp:
            position = 0
            while True:
                header_end = pending.find(b"\r\n\r\n", position)
                if header_end < 0:
                    break
                length = None
                for line in pending[position:header_end].split(b"\r\n"):
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                body_start = header_end + 4
                if length is None or len(pending) < body_start + length:
                    break
                request = loads(pending[body_start:body_start + length])
                position = body_start + length
                if "id" in request:
                    body = dumps({"jsonrpc": "2.0", "id": request["id"], "result": {"status": "fullAccess"}},
                                 separators=(",", ":")).encode()
                    out.append(b"Content-Length: %d\r\n\r\n" % len(body))
                    out.append(body)
            pending = pending[position:]
        else:
            lines = pending.split(b"\n")
            pending = lines.pop()
            for line in lines:
                if not line.strip():
                    continue
                request = loads(line)
                if "id" in request:
                    out.append(dumps({"jsonrpc": "2.0", "id": request["id"], "result": {"status": "fullAccess"}},
                                     separators=(",", ":")).encode())
                    out.append(b"\n")
        if out:
            data = b"".join(out)
            view = memoryview(data)
            while view:
                written = os.write(stdout, view)
                view = view[written:]


if __name__ == "__main__":
    sys.exit(main())
