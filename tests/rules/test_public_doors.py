"""Tests go through public doors (issue 26): no test reads or writes a private name of another module.

A test that reaches inside (``bridge._table = ...``, ``state._play(...)``, swapping ``whoopies.rules._simulated``)
tests a copy of how the code happens to be built, and breaks when it is built otherwise. Every file under tests/ is
read as Python (its AST, never run), and each of these is a failure:

- an attribute whose name starts with one underscore (not a dunder) read or written off a name that an import
  from gamebox bound (``bridge._require_table()``, ``gamebox.core.bridge._table``, ``UpplesState._play``);
- ``from gamebox... import _name``;
- ``getattr``/``setattr``/``delattr``/``monkeypatch.setattr`` of such a name, as a string, on such a module;
- an attribute of that kind read off anything else but ``self`` or ``cls`` (a test's own class): ``state._play``,
  ``table._secret``. A named tuple's own API (``_replace``, ``_asdict``, ...) is public, and allowed.

Where a test needs a position no request reaches, the code gets one public, documented door (bridge.open_table,
whoopies.rules.every_throw_kept), not a private name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
# A named tuple's methods and fields start with an underscore so as not to clash with its fields: they are its API.
NAMED_TUPLE = frozenset({"_replace", "_asdict", "_fields", "_make", "_field_defaults"})
OWN = frozenset({"self", "cls"})
ATTRIBUTE_CALLS = frozenset({"getattr", "setattr", "delattr", "hasattr"})


def private(name: str) -> bool:
    """One leading underscore (or a mangled two), not a dunder."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def from_gamebox(module: str | None, level: int) -> bool:
    return level == 0 and module is not None and (module == "gamebox" or module.startswith("gamebox."))


def bound_by_gamebox_imports(tree: ast.AST) -> set[str]:
    """The names an import from gamebox binds in a module (anywhere in it: a test may import inside a function)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if from_gamebox(alias.name, 0):
                    names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and from_gamebox(node.module, node.level):
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def root_name(node: ast.expr) -> str | None:
    """The name an attribute chain starts from (``gamebox.core.bridge`` -> ``gamebox``); None for anything else."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def reaches_inside(source: str, filename: str = "<test>") -> list[str]:
    """Each private name that ``source`` reads or writes of another module or object, as ``line: what``."""
    tree = ast.parse(source, filename)
    bound = bound_by_gamebox_imports(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and from_gamebox(node.module, node.level):
            found += [f"{node.lineno}: from {node.module} import {alias.name}"
                      for alias in node.names if private(alias.name)]
        elif isinstance(node, ast.Attribute) and private(node.attr) and node.attr not in NAMED_TUPLE:
            if not (isinstance(node.value, ast.Name) and node.value.id in OWN):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and len(node.args) >= 2:
            function = node.func
            named = function.id if isinstance(function, ast.Name) else \
                function.attr if isinstance(function, ast.Attribute) else None
            target, name = node.args[0], node.args[1]
            if (named in ATTRIBUTE_CALLS and isinstance(name, ast.Constant) and isinstance(name.value, str)
                    and private(name.value) and root_name(target) in bound):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def every_test_file() -> list[Path]:
    return sorted(path for path in TESTS.rglob("*.py") if "__pycache__" not in path.parts)


def test_no_test_reads_or_writes_a_private_name_of_another_module() -> None:
    files = every_test_file()
    assert len(files) > 50 and Path(__file__) in files
    found = {str(path.relative_to(TESTS)): hits for path in files
             if (hits := reaches_inside(path.read_text(encoding="utf-8"), str(path)))}
    assert found == {}


@pytest.mark.parametrize("source", [
    "from gamebox.core import bridge\nbridge._table = None\n",
    "from gamebox.core import bridge\ntable = bridge._require_table()\n",
    "import gamebox.core.bridge\ngamebox.core.bridge._played(t, 0, 'pass')\n",
    "from gamebox.core import bridge as b\nb._budget({})\n",
    "from gamebox.whoopies import rules\nrules._simulated = None\n",
    "from gamebox.upples.rules import UpplesState\nUpplesState._play(state, 0, 'pass')\n",
    "from gamebox.core.bridge import _played\n",
    "def test(monkeypatch):\n    from gamebox.core import bridge\n    monkeypatch.setattr(bridge, '_table', None)\n",
    "from gamebox.core import bridge\ngetattr(bridge, '_table')\n",
    "state = make()\nstate._play(0, 'pass')\n",
    "class Twin:\n    def copy(self, other):\n        return other._secret\n",
])
def test_the_check_finds_a_private_name_reached_through_any_door(source: str) -> None:
    assert len(reaches_inside(source)) == 1, source


@pytest.mark.parametrize("source", [
    "from gamebox.core import bridge\nbridge.current_table()\nbridge.__name__\n",
    "class Cache:\n    def __init__(self):\n        self._kept = {}\n",
    "point = spot._replace(at=(1, 2))\n",
    "from gamebox.core import bridge\nmonkeypatch.setattr(bridge, 'MAX_BOT_BUDGET_MS', 1)\n",
])
def test_the_check_lets_public_names_and_a_tests_own_privates_be(source: str) -> None:
    assert reaches_inside(source) == [], source
