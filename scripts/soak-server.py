#!/usr/bin/env python3
"""The loopback HTTP server of the soak's API workloads (scripts/soak.sh starts and stops it).

Prints its port on the first line of stdout, then serves until killed:
- /json: a small JSON object;
- /flaky/<key>/<n>: 503 for the first n requests of key, then 200 (each key is forgotten once it answered 200);
- /delay/<ms>: waits, then answers (what the soak cancels).
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

failures = {}
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def answer(self, status, body):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        try:
            if parts == ["json"]:
                self.answer(200, json.dumps({"name": "soup", "price": 6}))
            elif len(parts) == 3 and parts[0] == "flaky":
                with lock:
                    seen = failures.get(parts[1], 0)
                    failing = seen < int(parts[2])
                    if failing:
                        failures[parts[1]] = seen + 1
                    else:
                        failures.pop(parts[1], None)
                self.answer(503 if failing else 200, '"unavailable"' if failing else '"recovered"')
            elif len(parts) == 2 and parts[0] == "delay":
                time.sleep(int(parts[1]) / 1000)
                self.answer(200, '"late"')
            else:
                self.answer(404, '"not found"')
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
