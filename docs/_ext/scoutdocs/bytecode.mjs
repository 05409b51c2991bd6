/* Compile Python sources to bytecode with the site's own Pyodide, run by Node.js at build time
 * (scoutdocs/bytecode.py runs it; issue 30).
 *
 *   node bytecode.mjs PYODIDE_DIR (stdlib|wheel) IN OUT [(stdlib|wheel) IN OUT ...]
 *
 * Each IN is a zip archive (Pyodide's python_stdlib.zip, or a wheel) and OUT the same archive
 * with every .py compiled by Pyodide's own interpreter, so that its bytecode is exactly what the
 * page's interpreter would make of it: "stdlib" puts each module's .pyc in place of its .py (as
 * zipimport reads it from the archive), "wheel" keeps the .py and adds
 * __pycache__/NAME.TAG.pyc beside it (listed in its RECORD without a hash). The .pyc files are unchecked hash-based ones (PEP 552),
 * which the interpreter loads without comparing times or sizes with the source.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [folder, ...jobs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${folder}/`, stdout: () => {}, stderr: () => {} });
const compile = pyodide.runPython(`
import importlib._bootstrap_external as external
import importlib.util
import sys
import sysconfig
import zipfile

def compile_archive(kind, source, target):
    where = {
        "stdlib": next(p for p in sys.path if p.endswith(".zip")),
        "wheel": sysconfig.get_path("purelib"),
    }[kind]
    tag = sys.implementation.cache_tag
    record, added = None, []
    with zipfile.ZipFile(source) as given, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in given.infolist():
            data = given.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, data)
                continue
            if not info.filename.endswith(".py"):
                out.writestr(info, data)
                continue
            code = compile(data, f"{where}/{info.filename}", "exec", dont_inherit=True)
            pyc = bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            if kind == "stdlib":
                name = info.filename + "c"
            else:
                out.writestr(info, data)
                parent, _, file = info.filename.rpartition("/")
                name = f"{parent}/__pycache__/{file[:-3]}.{tag}.pyc".lstrip("/")
            out.writestr(zipfile.ZipInfo(name, info.date_time), pyc, zipfile.ZIP_DEFLATED)
            added.append(name)
        if record is not None:  # a wheel lists its .pyc files without a hash (as pip does)
            info, data = record
            out.writestr(info, data + "".join(f"{name},,\\n" for name in added).encode())

compile_archive
`);
for (let k = 0; k < jobs.length; k += 3) {
  const [kind, source, target] = jobs.slice(k, k + 3);
  try {
    pyodide.FS.writeFile("/tmp/in.zip", readFileSync(source));
    compile(kind, "/tmp/in.zip", "/tmp/out.zip");
    writeFileSync(target, pyodide.FS.readFile("/tmp/out.zip"));
  } catch (error) {  // one line naming the archive and the error's last line, no stack
    const last = String((error && error.message) || error).trim().split("\n").pop();
    process.stderr.write(`${source}: ${last}\n`);
    process.exit(1);
  }
}
