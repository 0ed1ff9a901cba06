"""Import cycles in the gamebox package and in the page: the module import graph read from the source, and its
strongly connected components of more than one module.

    .venv/bin/python tools/import_cycles.py [--typing] [extra game folders...]

Python: imports inside functions included; imports under ``if TYPE_CHECKING:`` never run, so they are left out unless
``--typing`` is given. Extra folders hold game packages that join gamebox (as GAMEBOX_GAME_PATHS does:
tests/games/py). The page: every ES module of web/ (the vendored packages aside), by its static ``import ... from``
and ``export ... from`` statements (a JSDoc ``import("...")`` type is no import; a dynamic ``import()`` loads a
module later, when the graph is already whole, so it cannot make a load-time cycle). It exits 1 when either has a
cycle: ./build.sh runs it, so a cycle fails the build.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "py" / "gamebox"
PAGE = ROOT / "web"
# a static import or re-export at the start of a line: `import {a, b} from "./x.js";`, `export * from "./y.js";`,
# `import "./z.js";` (the braces may span lines)
JS_IMPORT = re.compile(r"""^(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']""", re.M)


def modules(folders: list[Path]) -> dict[str, Path]:
    """Every module of gamebox by its dotted name: the package, then the game packages in ``folders``."""
    found: dict[str, Path] = {}
    for base, prefix in [(PACKAGE, ["gamebox"]), *((folder, ["gamebox"]) for folder in folders)]:
        for path in sorted(base.rglob("*.py")):
            parts = [*prefix, *path.relative_to(base).with_suffix("").parts]
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path], typing: bool) -> set[str]:
    """The modules of ``known`` that module ``name`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    if not typing:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skipped.update(id(inner) for statement in node.body for inner in ast.walk(statement))
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            # ``from package import module`` imports the module; ``from module import name``, the module
            found.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names)
    return {module for module in found if module in known and module != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def import_cycles(folders: list[Path] | None = None, typing: bool = False) -> list[list[str]]:
    known = modules(folders or [])
    return cycles({name: imports(name, path, known, typing) for name, path in known.items()})


def page_graph(root: Path = PAGE) -> dict[str, set[str]]:
    """The page's ES modules (paths relative to ``root``'s parent) and the modules each imports statically."""
    files = {path.resolve(): path for path in sorted(root.rglob("*.js")) if "vendor" not in path.relative_to(root).parts}
    base = root.parent
    graph: dict[str, set[str]] = {}
    for resolved, path in files.items():
        text = path.read_text(encoding="utf-8")
        found: set[str] = set()
        for match in JS_IMPORT.finditer(text):
            specifier = match.group(1) or match.group(2)
            if not specifier.startswith("."):
                continue  # a package by name (index.html's import map)
            target = (path.parent / specifier).resolve()
            if target in files:
                found.add(target.relative_to(base.resolve()).as_posix())
        graph[resolved.relative_to(base.resolve()).as_posix()] = found
    return graph


def page_cycles(root: Path = PAGE) -> list[list[str]]:
    return cycles(page_graph(root))


def main(argv: list[str]) -> int:
    typing = "--typing" in argv
    found = import_cycles([Path(arg) for arg in argv if arg != "--typing"], typing)
    for component in found:
        print("cycle:", " <-> ".join(component))
    page = page_cycles()
    for component in page:
        print("page cycle:", " <-> ".join(component))
    print(f"import cycles: {len(found)} in Python, {len(page)} in the page")
    return 1 if found or page else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
