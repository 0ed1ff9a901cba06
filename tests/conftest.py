"""Make the gamebox package importable from py/ without installing it."""

import faulthandler
import os
import sys
from pathlib import Path
from typing import Any, TextIO

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))


# -- a test that hangs ----------------------------------------------------------------------------------------------
# pytest-timeout (pyproject.toml: `timeout`, the thread method) ends a test that runs past its time by ending its
# process: under xdist the worker is replaced, and all the report says is that it crashed. Before that, each
# process writes every thread's stack into a file of its own here (faulthandler, a little before the timeout), and
# the report's summary prints the files that got one: where the test was waiting.
HANGS = ROOT / "build" / "hangs"
HANG_NOTICE_S = 3
_hang_file: list[TextIO] = []


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the run's own process, not an xdist worker
        HANGS.mkdir(parents=True, exist_ok=True)
        for old in HANGS.glob("*.txt"):
            old.unlink()


def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> None:
    if not settings.timeout:
        return
    if not _hang_file:
        HANGS.mkdir(parents=True, exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        _hang_file.append((HANGS / f"{worker}-{os.getpid()}.txt").open("w"))
    dump = _hang_file[0]
    dump.seek(0)
    dump.truncate()
    dump.write(f"{item.nodeid} ran past {settings.timeout:.0f} s. Its process's threads:\n")
    dump.flush()
    faulthandler.dump_traceback_later(max(1.0, settings.timeout - HANG_NOTICE_S), file=dump)


def pytest_timeout_cancel_timer(item: pytest.Item) -> None:
    faulthandler.cancel_dump_traceback_later()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for dump in sorted(HANGS.glob("*.txt")):
        text = dump.read_text(errors="replace")
        if "File " in text:  # a stack was written: that test hung
            terminalreporter.section(f"a test that hung ({dump.name})")
            terminalreporter.write(text)
