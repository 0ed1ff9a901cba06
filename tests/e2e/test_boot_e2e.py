"""The first visit's boot loads the bytecode the build made (tools/precompile.mjs), in Chromium.

The build compiles, with the site's own Pyodide under Node, every module of the gamebox wheel (a .pyc beside each
.py) and the standard modules the boot imports (python_stdlib.zip, where they become .pyc). These tests pin that
the browser really loads that bytecode (a Pyodide upgrade that changed where zipimport looks, or the magic number,
would silently bring the compiling back), that the build changed nothing else (the lock's hash is the precompiled
wheel's; every other file of the standard library is Pyodide's own), and that bytecode from another Python is
skipped for the source beside it, with the same games. How much faster this is, is measured in bench/boot.py.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

from gamebox.core import bridge

from .conftest import (
    BOOT_TIMEOUT_MS,
    DIST,
    ROOT,
    WORKERS_MADE,
    boot_state,
    engine_worker,
    engine_workers_made,
    wait_for,
    watched_context,
    watched_page,
)
from .test_offline_e2e import (  # noqa: F401 - served, site, first_build: its copy of the site, served afresh
    first_build,
    play_link,
    served,
    site,
)

# Not about judging nor the review: the games opened are not judged while in play (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False
STOCK_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
HASH_BASED_UNCHECKED = 0b01  # PEP 552 flags: a hash-based pyc whose source is never checked


def lock_entry(dist: Path) -> dict[str, Any]:
    return dict(json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())["packages"]["gamebox"])


def wheel_path(dist: Path) -> Path:
    return dist / "pyodide" / lock_entry(dist)["file_name"]


def record_digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def cpython_fingerprint(link: str) -> str:
    """The fingerprint the link's game has in CPython: what every boot in the browser must give too."""
    params = dict(part.split("=", 1) for part in link.split("?", 1)[1].split("&"))
    seats = [{"kind": kind} for kind in params["seats"].split(",")]
    reply = json.loads(bridge.handle_json(json.dumps({"op": "open", "code": params["code"], "seats": seats})))
    assert reply["ok"], reply
    return str(reply["fingerprint"])


def booted_on(open_page: Any, link: str) -> tuple[Any, dict[str, Any]]:
    """A fresh context opened on `link`, once the game is on screen: the page and what its boot compiled."""
    page = open_page(link)
    page.wait_for_selector("body[data-fingerprint]", state="attached", timeout=BOOT_TIMEOUT_MS)
    return page, dict(engine_worker(page).evaluate("self.gameboxCompiled()"))


def test_the_lock_names_the_precompiled_wheel_which_has_bytecode_for_every_module():
    wheel = wheel_path(DIST)
    assert lock_entry(DIST)["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        sources = sorted(name for name in names if name.endswith(".py"))
        assert sources and all(name.startswith("gamebox/") for name in sources)
        # beside its source, where zipimport looks (not __pycache__/), and nothing compiled without a source
        assert sorted(name for name in names if name.endswith(".pyc")) == [f"{name}c" for name in sources]
        record_name = next(name for name in names if name.endswith(".dist-info/RECORD"))
        record = {line.split(",")[0]: line.split(",")[1:] for line in archive.read(record_name).decode().splitlines()}
        magics = set()
        for source in sources:
            pyc = archive.read(source + "c")
            assert record[source + "c"] == [record_digest(pyc), str(len(pyc))]
            assert int.from_bytes(pyc[4:8], "little") == HASH_BASED_UNCHECKED, source
            magics.add(pyc[:4])
    assert len(magics) == 1


def test_the_standard_library_is_pyodides_own_with_bytecode_for_the_modules_of_the_boot():
    with zipfile.ZipFile(STOCK_STDLIB) as stock, zipfile.ZipFile(DIST / "pyodide" / "python_stdlib.zip") as site_zip:
        stock_names = stock.namelist()
        site_names = site_zip.namelist()
        compiled = [name for name in site_names if name.endswith(".pyc")]
        assert len(compiled) > 50  # asyncio, ast, inspect, typing, ... (a build prints how many)
        # the same files in the same order, except that the boot's modules are bytecode instead of source
        assert site_names == [f"{name}c" if f"{name}c" in compiled else name for name in stock_names]
        for name in stock_names:
            if f"{name}c" not in compiled:
                assert site_zip.read(name) == stock.read(name), name
        magics = {site_zip.read(name)[:4] for name in compiled}
        assert all(int.from_bytes(site_zip.read(name)[4:8], "little") == HASH_BASED_UNCHECKED for name in compiled)
    with zipfile.ZipFile(wheel_path(DIST)) as wheel:
        assert magics == {wheel.read("gamebox/__init__.pyc")[:4]}


def test_a_first_visit_compiles_no_python(open_page):
    link = play_link("upthrust")
    page, compiled = booted_on(open_page, link)
    assert boot_state(page)["boot"] == "fresh"
    # everything zipimport loaded (the standard modules of the boot and all of gamebox) was the build's bytecode
    assert compiled["source"] == []
    assert compiled["bytecode"] > 50
    assert page.evaluate("document.body.dataset.fingerprint") == cpython_fingerprint(link)


def test_bytecode_from_another_python_is_skipped_for_its_source(open_page, served, tmp_path):  # noqa: F811
    # A build whose wheel holds pycs with another magic number (what a Pyodide upgrade without a rebuild of the
    # wheel would ship), with the lock's hash made right, through the same offline step as build.sh.
    other = tmp_path / "dist"
    shutil.copytree(served.first, other)  # type: ignore[attr-defined]
    wheel = wheel_path(other)
    with zipfile.ZipFile(wheel) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries:
            archive.writestr(info, b"\x00\x00\r\n" + data[4:] if info.filename.endswith(".pyc") else data)
    lock_path = other / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    lock["packages"]["gamebox"]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock))
    subprocess.run([sys.executable, str(ROOT / "tools" / "offline.py"), str(other), str(ROOT / "web" / "sw.js")],
                   check=True, capture_output=True)
    served.serve(other)
    link = play_link("whoopies")
    page, compiled = booted_on(open_page, link)
    assert boot_state(page)["boot"] == "fresh"
    gamebox_modules = [name for name in compiled["source"] if name.split(".")[0] == "gamebox"]
    assert "gamebox.core.bridge" in gamebox_modules and gamebox_modules == compiled["source"]
    assert page.evaluate("document.body.dataset.fingerprint") == cpython_fingerprint(link)


def test_a_first_visits_engine_worker_starts_with_the_app_which_opens_the_link(browser, site):
    # No memory snapshot stored (a first visit): index.html's first paint script starts no worker, web/engine.js
    # starts the one engine worker, under the page's own policy; the link's game is the one CPython gives, and its
    # renderer was asked for while the engine booted.
    link = play_link("upthrust")
    context, watch = watched_context(browser, site, bypass_csp=False)
    context.add_init_script(WORKERS_MADE + "window.GAMEBOX_TEST_SNAPSHOT = false;")
    page = watched_page(context, watch)
    page.goto(site + link)
    wait_for(page, "document.body.dataset.fingerprint", timeout=BOOT_TIMEOUT_MS)
    made = engine_workers_made(page)
    assert len(made) == 1 and made[0]["by_app"], made
    assert page.evaluate("window.gameboxEarlyEngine") is None
    assert boot_state(page)["boot"] == "fresh"
    assert page.evaluate("document.body.dataset.fingerprint") == cpython_fingerprint(link)
    entries = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
    assert any(name.endswith("/web/games/upthrust/renderer.js") for name in entries)
    context.close()
    assert watch.errors == [], watch.errors
