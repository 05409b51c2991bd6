/* The referee's engine in a Web Worker (issue 30): scoutref.js starts it and asks it.
 *
 * Pyodide, the wheels of wheels.json and the engine's import run here, off the page's thread,
 * so the page stays responsive while the engine starts (some seconds: Pyodide's own start is
 * most of it). Once the engine is imported, one warm-up request (legal moves of a small
 * position) builds what the first verdict would otherwise build (the state schema's validator
 * among them), and a page in an edition's language fetches babel's wheel for its texts; then
 * the worker says it is ready. Messages in: {op: "module", module} first (the interpreter's
 * WebAssembly.Module, or null), then {id, op: "call", body} (a request as JSON, as
 * scout_ref.browser.call takes it) and {id, op: "draw", args}; out: {id, value} or
 * {id, error}, {timings}, and {ready: {version}} or {failed: message} once.
 */
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL(".", import.meta.url);
const lang = new URL(import.meta.url).searchParams.get("lang") || "";
const WARM_UP = JSON.stringify({
  command: "legal",
  position: "3p hands 3/1 4/1 | 5/2 | 6/3 7/3 active_set 2/1 owner 1",
  hypothetical: true,
});
const timings = {};
const start = performance.now();

function since(from) {
  return (performance.now() - from) / 1000;
}

function tell(name, value) {
  timings[name] = value;
  postMessage({ timings: { ...timings } });
}

async function fetchOk(name) {
  const response = await fetch(new URL(name, base));
  if (!response.ok) {
    throw new Error(`the referee could not load ${name} (HTTP ${response.status})`);
  }
  return response;
}

let gotModule;
const wasmModule = new Promise((resolve) => { gotModule = resolve; });

async function load() {
  // The interpreter's WebAssembly, compiled by the page (scoutref.js) where Chromium's code
  // cache serves a later visit, is used in place of compiling it here again (or null).
  // Pyodide's loader then neither fetches it again (its one fetch of that URL is answered
  // empty) nor compiles it (its one instantiateStreaming instantiates the module given).
  const module = await wasmModule;
  if (module) {
    const wasm = new URL("pyodide/pyodide.asm.wasm", base).href;
    const { fetch: realFetch } = globalThis;
    globalThis.fetch = (input, init) => {
      if (new URL(input instanceof Request ? input.url : String(input), base).href !== wasm) {
        return realFetch(input, init);
      }
      globalThis.fetch = realFetch;
      return Promise.resolve(new Response(new Uint8Array(0)));
    };
    const streaming = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = async (response, imports) => {
      WebAssembly.instantiateStreaming = streaming;
      return { instance: await WebAssembly.instantiate(module, imports), module };
    };
  }
  const manifest = fetchOk("wheels.json").then((r) => r.json());
  const shim = fetchOk("rpds.py").then((r) => r.text());
  const drawing = manifest.then(({ pictures = [] }) => Promise.all(
    ["i18n.py", ...pictures.map((name) => `scoutdocs/${name}`)].map(
      (name) => fetchOk(name).then(async (r) => [name, await r.text()]))));
  const fetchWheels = (names) =>
    names.map((name) => fetchOk(`wheels/${name}`).then((r) => r.arrayBuffer()));
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", base).href,
    stdout: () => {},
    stderr: () => {},
  });
  tell("pyodide", since(start));
  const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  const unpack = async (wheels) => {
    for (const wheel of wheels) {
      pyodide.unpackArchive(await wheel, "wheel", { extractDir: site });
    }
  };
  const { wheels, language_wheels: languageWheels = [], languages: editions = [] } =
    await manifest;
  await unpack(fetchWheels(wheels));
  pyodide.FS.writeFile(`${site}/rpds.py`, await shim);
  pyodide.FS.mkdirTree(`${site}/scoutdocs`);
  pyodide.FS.writeFile(`${site}/scoutdocs/__init__.py`, "");
  for (const [name, text] of await drawing) {
    const file = name === "i18n.py" ? "scoutdocs/i18n.py" : name;
    pyodide.FS.writeFile(`${site}/${file}`, text);
  }
  tell("packages", since(start) - timings.pyodide);
  const bridge = pyodide.pyimport("scout_ref.browser");
  const version = bridge.version();
  tell("import", since(start) - timings.pyodide - timings.packages);
  let languages = null;
  const withLanguages = () => {
    if (languages === null) {
      const begin = performance.now();
      languages = unpack(fetchWheels(languageWheels)).then(() => {
        pyodide.runPython("import importlib; importlib.invalidate_caches()");
        tell("languages", since(begin));
      });
    }
    return languages;
  };
  const warm = performance.now();
  bridge.call(WARM_UP);
  if (editions.includes(lang)) {
    await withLanguages();
  }
  tell("warm", since(warm));
  let pictures = null;
  const draw = (position, title, move, perRow, words) => {
    if (pictures === null) {  // imported on the first picture, not before the first verdict
      pyodide.pyimport("scoutdocs.i18n").WORDS.update(pyodide.toPy(words || {}));
      pictures = pyodide.pyimport("scoutdocs.pictures");
    }
    return pictures.draw(position, title, move, perRow);
  };
  const call = async (body) => {
    if (editions.includes(JSON.parse(body).lang)) {
      await withLanguages();
    }
    return bridge.call(body);
  };
  tell("ready", since(start));
  return { version, call, draw };
}

const engine = load();
engine.then(
  ({ version }) => postMessage({ ready: { version } }),
  (error) => postMessage({ failed: error && error.message ? error.message : String(error) }),
);

onmessage = async ({ data: { id, op, body, args, module } }) => {
  if (op === "module") {
    gotModule(module);
    return;
  }
  try {
    const e = await engine;
    const value = op === "draw" ? e.draw(...args) : await e.call(body);
    postMessage({ id, value });
  } catch (error) {
    postMessage({ id, error: error && error.message ? error.message : String(error) });
  }
};
