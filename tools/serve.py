"""A static file server for dist/ on 127.0.0.1 with the MIME types Pyodide needs (.mjs, .wasm, .whl).

Usage: python tools/serve.py [PORT] [DIRECTORY]. Also importable: ``start(directory, port) -> (server, url)``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import sys
import threading
from pathlib import Path

TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # quiet: tests and serve print their own
        if "-v" in sys.argv:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser that stops a download (a test aborting it, a closed tab) is not a server error.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def start(directory: str | Path, port: int = 0) -> tuple[Server, str]:
    handler = functools.partial(Handler, directory=str(directory))
    server = Server(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "-v"]
    port = int(args[0]) if args else 8000
    directory = args[1] if len(args) > 1 else str(Path(__file__).resolve().parent.parent / "dist")
    handler = functools.partial(Handler, directory=directory)
    with Server(("127.0.0.1", port), handler) as server:
        print(f"Gamebox is at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()
