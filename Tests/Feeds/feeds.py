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
        path = self.path.split("?", 1)[0]
        status = self.answer(path)
        print("\t".join([self.path, self.headers.get("If-None-Match", ""), self.headers.get("If-Modified-Since", ""),
                         "yes" if self.headers.get("Authorization") else "no", str(status)]), file=sys.stderr, flush=True)

    def answer(self, path):
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
                self.send_response(401)
                self.send_header("WWW-Authenticate", 'Basic realm="feeds"')
                self.send_header("Content-Length", "0")
                self.end_headers()
                return 401
            path = "/" + route["file"]
            route = None
        if route:
            self.send_response(route["status"])
            if "location" in route:
                self.send_header("Location", route["location"])
            body = route.get("body", "").encode()
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return route["status"]
        file_path = os.path.join(FOLDER, path.lstrip("/"))
        if not path.endswith(".ics") or not os.path.isfile(file_path):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return 404
        with open(file_path, "rb") as file:
            body = file.read()
        tag = '"' + hashlib.sha1(body).hexdigest() + '"'
        modified = email.utils.formatdate(os.path.getmtime(file_path), usegmt=True)
        since = self.headers.get("If-Modified-Since")
        if self.headers.get("If-None-Match") == tag or (self.headers.get("If-None-Match") is None and since == modified):
            self.send_response(304)
            self.send_header("ETag", tag)
            self.end_headers()
            return 304
        self.send_response(200)
        self.send_header("Content-Type", "text/calendar; charset=utf-8")
        self.send_header("ETag", tag)
        self.send_header("Last-Modified", modified)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return 200

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2]) if len(sys.argv) > 2 else 0), Publisher)
print(f"port {server.server_address[1]}", flush=True)
server.serve_forever()
