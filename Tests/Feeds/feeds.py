#!/usr/bin/env python3
"""A publisher of .ics feeds on 127.0.0.1, for the subscription tests: serves the files of the
folder given as its first argument (on the port given as its second, else one free), as a web server publishing calendars does — an ETag (of the
content) and a Last-Modified (the file's time) on each answer, 304 to a request whose
If-None-Match or If-Modified-Since still holds. `routes.json` in the folder, read at every
request, answers a path otherwise: {"/old.ics": {"status": 301, "location": "/new.ics"}}, or
serves a file only with Basic credentials: {"/private.ics": {"file": "holidays.ics", "auth": "ana:pw"}}
(401 without them).
Every request is one line on stderr: PATH, If-None-Match, If-Modified-Since, Authorization
(yes/no) and the status answered, tab-separated. Prints "port N" when it listens."""

import base64
import email.utils
import hashlib
import http.server
import json
import os
import sys

FOLDER = sys.argv[1]


class Publisher(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        status, headers, body = self.answer(self.path.split("?", 1)[0])
        # Logged before the answer is sent: a client that follows a redirect at once cannot
        # have its next request logged before this one.
        print("\t".join([self.path, self.headers.get("If-None-Match", ""), self.headers.get("If-Modified-Since", ""),
                         "yes" if self.headers.get("Authorization") else "no", str(status)]), file=sys.stderr, flush=True)
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 304:
            self.wfile.write(body)

    def answer(self, path):
        """(status, headers, body) for `path`."""
        routes = {}
        try:
            with open(os.path.join(FOLDER, "routes.json")) as file:
                routes = json.load(file)
        except FileNotFoundError:
            pass
        route = routes.get(path)
        if route and "auth" in route:
            expected = "Basic " + base64.b64encode(route["auth"].encode()).decode()
            if self.headers.get("Authorization") != expected:
                return 401, [("WWW-Authenticate", 'Basic realm="feeds"')], b""
            path = "/" + route["file"]
            route = None
        if route:
            headers = [("Location", route["location"])] if "location" in route else []
            return route["status"], headers, route.get("body", "").encode()
        file_path = os.path.join(FOLDER, path.lstrip("/"))
        if not path.endswith(".ics") or not os.path.isfile(file_path):
            return 404, [], b""
        with open(file_path, "rb") as file:
            body = file.read()
        tag = '"' + hashlib.sha1(body).hexdigest() + '"'
        modified = email.utils.formatdate(os.path.getmtime(file_path), usegmt=True)
        since = self.headers.get("If-Modified-Since")
        if self.headers.get("If-None-Match") == tag or (self.headers.get("If-None-Match") is None and since == modified):
            return 304, [("ETag", tag)], b""
        return 200, [("Content-Type", "text/calendar; charset=utf-8"), ("ETag", tag), ("Last-Modified", modified)], body

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2]) if len(sys.argv) > 2 else 0), Publisher)
print(f"port {server.server_address[1]}", flush=True)
server.serve_forever()
