// Precompile the Python a first visit imports, for Pyodide's own Python:
//   node tools/precompile.mjs WHEEL STDLIB_IN STDLIB_OUT
//
// A first visit spends much of its boot compiling Python source to bytecode: Pyodide's standard library
// (python_stdlib.zip) holds only .py files, and so does the gamebox wheel, so every module imported on the way to
// "ready" (asyncio, ast, inspect, typing, ... and all of gamebox) is compiled in the browser, on every fresh
// boot. This step runs the pinned Pyodide (node_modules/pyodide) under Node, so the bytecode is made by the very
// Python the browser runs (same build, same magic number), and writes:
// - WHEEL, rewritten in place with a .pyc beside each .py. The .py files stay (tracebacks show their lines, and a
//   pyc from another Python is skipped for its .py), and the wheel's RECORD lists every pyc with its sha256 and
//   size, so it is still a valid wheel;
// - STDLIB_OUT, a copy of STDLIB_IN in which each module the boot imports (found by booting Pyodide here,
//   importing every gamebox module and calling the bridge's hello, as the worker and the snapshot maker do) is
//   a .pyc instead of its .py. Only those modules, so the download grows by little; the rest stay source.
// Every pyc is where zipimport looks for one (gamebox/core/bridge.pyc, ast.pyc; not __pycache__/), an
// unchecked-hash pyc (PEP 552: no timestamp, so the output depends only on the input, and nothing is checked at
// import), at optimisation level 0 (what Pyodide runs), and its code objects name the file as zipimport would for
// the source (the archive's path in Pyodide's file system + the path inside it), so tracebacks read the same.
// Then it boots Pyodide again from the outputs and fails unless every module of the boot came from bytecode.
// build.sh runs this before `pyodide lockfile add-wheels`, so the lock's sha256 is that of the precompiled wheel.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const WHEEL_PATH = "/lib/gamebox.whl"; // WHEEL_PATH in web/worker.mjs: where the worker writes the wheel

const [wheelPath, stdlibIn, stdlibOut] = process.argv.slice(2);
if (!stdlibOut) {
  console.error("usage: node tools/precompile.mjs WHEEL STDLIB_IN STDLIB_OUT");
  process.exit(2);
}

const PRECOMPILE = `
import base64, hashlib, importlib, importlib.util, pkgutil, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def _pyc(data, filename):
    code = compile(data, filename, "exec", dont_inherit=True, optimize=0)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))

def _pyc_info(info):
    pyc_info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=info.date_time)
    pyc_info.compress_type = zipfile.ZIP_DEFLATED
    pyc_info.external_attr = info.external_attr
    return pyc_info

def _digest(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

def precompile_wheel(source, target, archive):
    """The wheel with a pyc beside each .py, listed in its RECORD. Returns how many."""
    with zipfile.ZipFile(source) as wheel:
        entries = [(info, wheel.read(info)) for info in wheel.infolist()]
    names = {info.filename for info, _ in entries}
    record_info, record = next((info, data) for info, data in entries if info.filename.endswith(".dist-info/RECORD"))
    out, listed = [], []
    for info, data in entries:
        if info is record_info:
            continue
        out.append((info, data))
        if info.filename.endswith(".py"):
            pyc_info = _pyc_info(info)
            if pyc_info.filename in names:
                raise SystemExit(f"the wheel already holds {pyc_info.filename}: precompiled twice?")
            pyc = _pyc(data, f"{archive}/{info.filename}")
            out.append((pyc_info, pyc))
            listed.append(f"{pyc_info.filename},sha256={_digest(pyc)},{len(pyc)}")
    lines = record.decode().splitlines()
    own = lines.pop()  # the RECORD's own line (no hash), which stays last
    if not own.startswith(record_info.filename + ","):
        raise SystemExit(f"{record_info.filename} does not end with its own line")
    out.append((record_info, "\\n".join([*lines, *listed, own, ""]).encode()))
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as wheel:
        for info, data in out:
            wheel.writestr(info, data)
    return len(listed)

def boot_like_the_worker(wheel):
    """What the worker and the snapshot maker import: the bridge, every gamebox module, and hello."""
    sys.path.append(wheel)
    import gamebox
    for module in pkgutil.walk_packages(gamebox.__path__, "gamebox."):
        importlib.import_module(module.name)
    import gamebox.core.bridge
    gamebox.core.bridge.handle_json('{"op": "hello"}')

def imported_from(archive, suffix):
    """The files inside the zip archive that zipimport loaded modules from, ending with suffix (frozen modules,
    which name their file in the standard library too, are left out: they are never read from it)."""
    import zipimport
    files = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        loader = getattr(getattr(module, "__spec__", None), "loader", None)
        if isinstance(loader, zipimport.zipimporter) and path.startswith(archive + "/") and path.endswith(suffix):
            files.add(path[len(archive) + 1:])
    return files

def precompile_stdlib(source, target, archive, wanted):
    """The standard library with each file in wanted (.py paths) replaced by its pyc. Returns how many."""
    done = 0
    with zipfile.ZipFile(source) as stdlib, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED,
                                                            compresslevel=9) as out:
        for info in stdlib.infolist():
            data = stdlib.read(info)
            if info.filename in wanted:
                out.writestr(_pyc_info(info), _pyc(data, f"{archive}/{info.filename}"))
                done += 1
            else:
                out.writestr(info, data)
    if done != len(wanted):
        raise SystemExit(f"only {done} of the {len(wanted)} modules the boot imports are in the standard library")
    return done
`;

const { loadPyodide } = await import(join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };

// 1. The wheel, and the list of standard modules a boot imports (from the unchanged standard library).
const first = await loadPyodide({ ...quiet, stdLibURL: resolve(stdlibIn) });
// where Pyodide put the standard library's zip (/lib/python314.zip)
const archive = first.runPython("next(path for path in __import__('sys').path if path.endswith('.zip'))");
if (!/^\/lib\/python3\d+\.zip$/.test(archive)) throw new Error(`unexpected standard library path ${archive}`);
first.FS.writeFile("/tmp/source.whl", readFileSync(wheelPath));
first.runPython(PRECOMPILE);
const modules = first.globals.get("precompile_wheel")("/tmp/source.whl", WHEEL_PATH, WHEEL_PATH);
first.globals.get("boot_like_the_worker")(WHEEL_PATH);
const wanted = first.globals.get("imported_from")(archive, ".py");
first.FS.writeFile("/tmp/stdlib.zip", readFileSync(stdlibIn));
const standard = first.globals.get("precompile_stdlib")("/tmp/stdlib.zip", "/tmp/stdlib-out.zip", archive, wanted);
writeFileSync(wheelPath, first.FS.readFile(WHEEL_PATH));
writeFileSync(stdlibOut, first.FS.readFile("/tmp/stdlib-out.zip"));

// 2. Check: a boot from the outputs loads every module of the boot from bytecode.
const second = await loadPyodide({ ...quiet, stdLibURL: resolve(stdlibOut) });
second.FS.writeFile(WHEEL_PATH, readFileSync(wheelPath));
second.runPython(PRECOMPILE);
second.globals.get("boot_like_the_worker")(WHEEL_PATH);
const fromSource = [...second.globals.get("imported_from")(archive, ".py"),
  ...second.globals.get("imported_from")(WHEEL_PATH, ".py")];
if (fromSource.length) throw new Error(`still compiled from source: ${fromSource.sort().join(", ")}`);
const tag = first.runPython("__import__('sys').implementation.cache_tag");
console.log(`precompiled for Pyodide ${first.version} (${tag}): ${modules} gamebox modules, ${standard} standard modules`);
