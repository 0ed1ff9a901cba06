"""The offline step of the build: icons, the precache list, the build id and the stamped service worker.

Usage: python tools/offline.py DIST [SW_TEMPLATE]. build.sh runs it after everything else is in DIST.

- renders web/icons/icon-192.png and icon-512.png (the same drawing as icon.svg) with zlib only, no network;
- computes the build id: sha256 over the path and content of every file in DIST plus the service worker
  template, before the id is stamped anywhere (so the id depends on nothing it produces);
- writes DIST/precache.json ({"build", "files"}: every file the app needs offline, relative to the site root);
- writes DIST/sw.js from the template with ``__BUILD_ID__`` replaced, and DIST/BUILD_ID.
"""

from __future__ import annotations

import hashlib
import json
import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Files in DIST that are not part of the cached app: the worker itself, its list and the id.
NOT_CACHED = {"sw.js", "precache.json", "BUILD_ID"}

# icon.svg, on a 64-unit square: a rounded square and three discs.
BACKGROUND = (0x2B, 0x3A, 0x55)
DISCS = [((20, 44), 8, (0x2E, 0x9E, 0x5B)), ((32, 32), 8, (0xD8, 0x43, 0x3A)), ((44, 20), 8, (0xF2, 0xC2, 0x30))]
CORNER = 14


def _rounded_square_distance(x: float, y: float) -> float:
    """Signed distance (in 64ths) from (x, y) to the rounded square's edge; negative inside."""
    qx = abs(x - 32) - (32 - CORNER)
    qy = abs(y - 32) - (32 - CORNER)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - CORNER


def render_icon(size: int) -> bytes:
    """The icon as an RGBA PNG of size x size pixels, anti-aliased by distance to each edge."""
    scale = 64 / size
    rows = []
    for py in range(size):
        row = bytearray(b"\x00")  # filter type: none
        y = (py + 0.5) * scale
        for px in range(size):
            x = (px + 0.5) * scale
            alpha = min(max(0.5 - _rounded_square_distance(x, y) / scale, 0.0), 1.0)
            red, green, blue = BACKGROUND
            for (cx, cy), radius, (dr, dg, db) in DISCS:
                cover = min(max(0.5 - (math.hypot(x - cx, y - cy) - radius) / scale, 0.0), 1.0)
                if cover:
                    red += (dr - red) * cover
                    green += (dg - green) * cover
                    blue += (db - blue) * cover
            row += bytes((round(red), round(green), round(blue), round(alpha * 255)))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))


def site_files(dist: Path) -> list[str]:
    return sorted(path.relative_to(dist).as_posix() for path in dist.rglob("*")
                  if path.is_file() and path.relative_to(dist).as_posix() not in NOT_CACHED)


def build_id(dist: Path, files: list[str], template: bytes) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(f"{name}\0{hashlib.sha256((dist / name).read_bytes()).hexdigest()}\n".encode())
    digest.update(b"sw.js\0" + hashlib.sha256(template).hexdigest().encode())
    return digest.hexdigest()[:12]


def main() -> None:
    dist = Path(sys.argv[1])
    template_path = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "web" / "sw.js"
    template = template_path.read_bytes()
    if b"__BUILD_ID__" not in template:
        sys.exit(f"{template_path} has no __BUILD_ID__ placeholder")
    web = dist / "web"
    if web.is_symlink() or web.resolve() == (ROOT / "web").resolve() or dist.resolve() == ROOT:
        # This step deletes and writes files in DIST/web: never let it reach the sources.
        sys.exit(f"{web} is (a link to) the source tree; build into a copy (./build.sh build)")
    (web / "sw.js").unlink(missing_ok=True)  # it is served from the root, not from web/
    icons = dist / "web" / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(render_icon(size))
    files = site_files(dist)
    ident = build_id(dist, files, template)
    (dist / "precache.json").write_text(json.dumps({"build": ident, "files": files}, indent=0) + "\n")
    (dist / "sw.js").write_bytes(template.replace(b"__BUILD_ID__", ident.encode()))
    (dist / "BUILD_ID").write_text(ident + "\n")
    print(ident)


if __name__ == "__main__":
    main()
