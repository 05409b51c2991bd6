/* scoutRef: the reference engine in the page (issue 30; docs/reference/browser.rst).
 *
 * The rulebook's own package, scout_ref, runs under Pyodide from files this site serves
 * (_static/referee/: Pyodide's runtime, the wheels listed in wheels.json, rpds.py). Nothing is
 * fetched until the engine is first used: reading `scoutRef.ready` or calling `explain` or
 * `legal` starts it, once per page. Every answer is the JSON document that
 * `scout-ref explain --json` or `scout-ref legal --json` prints for the same arguments; bad input
 * rejects with an Error whose message is what the command line prints after "error: ".
 */
(function () {
  "use strict";
  if (window.scoutRef) {
    return;
  }
  const script = document.currentScript;
  const base = new URL(".", script.src);
  const timings = {};
  let engine = null;

  function since(start) {
    return (performance.now() - start) / 1000;
  }

  async function fetchOk(name) {
    const response = await fetch(new URL(name, base));
    if (!response.ok) {
      throw new Error(`the referee could not load ${name} (HTTP ${response.status})`);
    }
    return response;
  }

  async function load() {
    const start = performance.now();
    const manifest = fetchOk("wheels.json").then((r) => r.json());
    const shim = fetchOk("rpds.py").then((r) => r.text());
    const drawing = manifest.then(({ pictures = [] }) => Promise.all(
      ["i18n.py", ...pictures.map((name) => `scoutdocs/${name}`)].map(
        (name) => fetchOk(name).then(async (r) => [name, await r.text()]))));
    const fetchWheels = (names) =>
      names.map((name) => fetchOk(`wheels/${name}`).then((r) => r.arrayBuffer()));
    const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
    const pyodide = await loadPyodide({
      indexURL: new URL("pyodide/", base).href,
      stdout: () => {},
      stderr: () => {},
    });
    timings.pyodide = since(start);
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
    timings.packages = since(start) - timings.pyodide;
    const bridge = pyodide.pyimport("scout_ref.browser");
    const version = bridge.version();
    timings.import = since(start) - timings.pyodide - timings.packages;
    timings.ready = since(start);
    if (script.dataset.version && version !== script.dataset.version) {
      throw new Error(
        `the referee's engine is scout-ref ${version}, the page was built by ${script.dataset.version}`,
      );
    }
    let languages = null;
    const withLanguages = () => {
      if (languages === null) {
        const begin = performance.now();
        languages = unpack(fetchWheels(languageWheels)).then(() => {
          pyodide.runPython("import importlib; importlib.invalidate_caches()");
          timings.languages = since(begin);
        });
      }
      return languages;
    };
    let pictures = null;
    const draw = (position, title, move, perRow, words) => {
      if (pictures === null) {  // imported on the first picture, not before the first verdict
        pyodide.pyimport("scoutdocs.i18n").WORDS.update(pyodide.toPy(words || {}));
        pictures = pyodide.pyimport("scoutdocs.pictures");
      }
      return pictures.draw(position, title, move, perRow);
    };
    return { call: bridge.call, version, withLanguages, editions, draw };
  }

  function start() {
    if (engine === null) {
      engine = load();
    }
    return engine;
  }

  function request(fields, options) {
    const opts = options || {};
    if (typeof fields.position !== "string") {
      return Promise.reject(new TypeError("scoutRef: the position must be a string"));
    }
    if ("move" in fields && typeof fields.move !== "string") {
      return Promise.reject(new TypeError("scoutRef: the move must be a string"));
    }
    const body = { ...fields, hypothetical: opts.hypothetical === true };
    if (typeof opts.lang === "string") {
      body.lang = opts.lang;
    }
    return start().then(async (e) => {
      if (e.editions.includes(body.lang)) {
        await e.withLanguages();
      }
      const answer = JSON.parse(e.call(JSON.stringify(body)));
      if ("error" in answer) {
        const error = new Error(answer.error);
        error.name = "ScoutRefError";
        error.exitCode = answer.exitCode;
        throw error;
      }
      return answer.document;
    });
  }

  window.scoutRef = Object.freeze({
    /** A promise of scoutRef itself once the engine has started; reading it starts it. */
    get ready() {
      return start().then(() => window.scoutRef);
    },
    /** Whether the engine has been started (reading a page does not start it). */
    get started() {
      return engine !== null;
    },
    /** The package version the site was built with (scout-ref --version's first number). */
    version: script.dataset.version || null,
    /** Seconds spent starting: pyodide, packages, import, ready (filled in as it starts), and
     * languages (babel, fetched on the first request with a language other than English). */
    timings,
    /** The document of `scout-ref explain --json [--hypothetical] POSITION MOVE`. */
    explain(position, move, options) {
      return request({ command: "explain", position, move }, options);
    },
    /** The document of `scout-ref legal --json [--hypothetical] POSITION`. */
    legal(position, options) {
      return request({ command: "legal", position }, options);
    },
    /** The rulebook's picture (SVG) of a canonical position line, every seat drawn, as the
     * referee panel shows it: options title, move (marked), perRow and words (the build's
     * translations of the pictures' messages). */
    draw(position, options) {
      const o = options || {};
      return start().then((e) => e.draw(position, o.title || "", o.move || "", o.perRow || 99,
        o.words));
    },
  });
})();
