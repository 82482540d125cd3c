"""The two framings remindersd speaks: newline-delimited JSON and LSP ``Content-Length``."""

from __future__ import annotations

import json
from typing import Any, BinaryIO, Optional

from .errors import ProtocolError

__all__ = ["NDJSON", "LSP", "FRAMINGS", "encode_message", "encode_frame", "FrameReader"]

NDJSON = "ndjson"
LSP = "lsp"
FRAMINGS = (NDJSON, LSP)

#: the most this client accepts in one frame (the server's default limit is 16 MiB)
MAX_FRAME = 256 * 1024 * 1024


def check_framing(framing: str) -> str:
    if framing not in FRAMINGS:
        raise ValueError("framing must be %r or %r, not %r" % (NDJSON, LSP, framing))
    return framing


def encode_message(message: Any) -> bytes:
    """Compact UTF-8 JSON, never with a raw newline (json.dumps escapes those in strings)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def encode_frame(body: bytes, framing: str) -> bytes:
    if framing == LSP:
        return b"Content-Length: %d\r\n\r\n" % len(body) + body
    return body + b"\n"


class FrameReader:
    """Reads frame bodies from a binary stream; :meth:`read` returns ``None`` at end of input."""

    def __init__(self, stream: BinaryIO, framing: str, max_frame: int = MAX_FRAME):
        self.stream = stream
        self.framing = check_framing(framing)
        self.max_frame = max_frame
        #: how many messages arrived NDJSON-framed although LSP framing was chosen
        self.ndjson_in_lsp = 0

    def read(self) -> Optional[bytes]:
        return self._read_lsp() if self.framing == LSP else self._read_ndjson()

    def _read_ndjson(self) -> Optional[bytes]:
        while True:
            line = self.stream.readline()
            if not line:
                return None
            if not line.endswith(b"\n"):
                # end of input in the middle of a line: the last message, if it is one
                body = line.strip()
                return body or None
            body = line.rstrip(b"\r\n")
            if body.strip():
                return body

    def _read_lsp(self) -> Optional[bytes]:
        length: Optional[int] = None
        saw_header = False
        while True:
            line = self.stream.readline()
            if not line:
                if saw_header:
                    raise ProtocolError("end of input inside LSP headers")
                return None
            text = line.rstrip(b"\r\n")
            if not text:
                if not saw_header:
                    continue  # blank space between frames
                break
            if not saw_header and text.lstrip()[:1] in (b"{", b"["):
                # A header never starts with "{" or "[": this is a message in NDJSON framing.
                # remindersd 0.1.0 answers the first LSP frames in NDJSON (it learns the
                # framing one read too late); accept it rather than lose the session.
                self.ndjson_in_lsp += 1
                return text.strip()
            saw_header = True
            name, sep, value = text.partition(b":")
            if not sep:
                raise ProtocolError("invalid LSP header line: %r" % (text,))
            if name.strip().lower() == b"content-length":
                try:
                    length = int(value.strip())
                except ValueError:
                    raise ProtocolError("invalid Content-Length: %r" % (value,)) from None
                if length < 0 or length > self.max_frame:
                    raise ProtocolError("invalid Content-Length: %d" % length)
        if length is None:
            raise ProtocolError("LSP headers without a Content-Length")
        chunks = []
        remaining = length
        while remaining:
            chunk = self.stream.read(remaining)
            if not chunk:
                raise ProtocolError("end of input inside an LSP body (%d of %d bytes missing)" % (remaining, length))
            chunks.append(chunk)
            remaining -= len(chunk)
        return b"".join(chunks)
