#!/usr/bin/env python3
"""A small Nominatim-shaped geocoder on 127.0.0.1 for the tests: /search and /reverse with
format=jsonv2&addressdetails=1, answering from PLACES. Prints "port N" when it listens; logs each
request's path and query on stderr (so a test can see what was asked). "/search?q=slow" waits 30 s
(for cancelling); "/search?q=broken" answers HTML."""

import json
import re
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

PLACES = [
    {"lat": "52.5162746", "lon": "13.3777041", "name": "Brandenburger Tor",
     "display_name": "Brandenburger Tor, Pariser Platz, Mitte, Berlin, 10117, Deutschland",
     "address": {"road": "Pariser Platz", "house_number": "1", "suburb": "Mitte", "city": "Berlin", "state": "Berlin",
                 "postcode": "10117", "country": "Deutschland", "country_code": "de"}},
    {"lat": "37.3349", "lon": "-122.009", "name": "Apple Park",
     "display_name": "Apple Park, 1 Apple Park Way, Cupertino, California, 95014, United States",
     "address": {"road": "Apple Park Way", "house_number": "1", "city": "Cupertino", "county": "Santa Clara County",
                 "state": "California", "postcode": "95014", "country": "United States", "country_code": "us"}},
]


def haystack(place):
    return " ".join([place["display_name"], *place["address"].values()]).lower()


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        sys.stderr.write(f"{url.path} {json.dumps(query, sort_keys=True)}\n")
        sys.stderr.flush()
        if query.get("format") != "jsonv2":
            return self.answer(400, {"error": "format"})
        if url.path.endswith("/search"):
            q = query.get("q", "").lower()
            if q == "slow":
                time.sleep(30)
            if q == "broken":
                return self.answer(200, "<html>maintenance</html>", raw=True)
            words = re.findall(r"\w+", q)
            found = [p for p in PLACES if words and all(w in haystack(p) for w in words)]
            return self.answer(200, found[: int(query.get("limit", "10"))])
        if url.path.endswith("/reverse"):
            lat, lon = float(query["lat"]), float(query["lon"])
            near = [p for p in PLACES if abs(float(p["lat"]) - lat) < 0.01 and abs(float(p["lon"]) - lon) < 0.01]
            return self.answer(200, near[0] if near else {"error": "Unable to geocode"})
        return self.answer(404, {"error": "not found"})

    def answer(self, status, body, raw=False):
        data = (body if raw else json.dumps(body)).encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/html" if raw else "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"port {server.server_address[1]}", flush=True)
server.serve_forever()
