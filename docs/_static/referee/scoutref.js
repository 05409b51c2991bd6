/* scoutRef: the reference engine in the page (issue 30; docs/reference/browser.rst).
 *
 * The rulebook's own package, scout_ref, runs under Pyodide from files this site serves
 * (_static/referee/: Pyodide's runtime, the wheels listed in wheels.json, rpds.py), in a Web
 * Worker (engine.mjs) so that the page stays responsive while it starts. Nothing is fetched
 * until the engine is first used: reading `scoutRef.ready` or calling `explain` or `legal`
 * starts it, once per page (the referee panel starts it when it is opened). Every answer is the JSON document that
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

  /* The engine runs in a Web Worker (engine.mjs), so that its start (some seconds) never
     holds up the page: each request is one message there and its answer one message back. */
  function load() {
    const lang = document.documentElement.lang || "";
    const url = new URL(`engine.mjs?lang=${encodeURIComponent(lang)}`, base);
    const worker = new Worker(url, { type: "module" });
    // The interpreter's WebAssembly is compiled here and handed to the worker: Chromium's
    // WebAssembly code cache, which makes a later visit's start faster, serves a page's
    // compileStreaming and was not seen to serve a worker's (benchmarks/browser.md).
    const handOver = (module) => {
      try {
        worker.postMessage({ op: "module", module });
      } catch {
        worker.postMessage({ op: "module", module: null });  // the worker compiles it itself
      }
    };
    WebAssembly.compileStreaming(fetch(new URL("pyodide/pyodide.asm.wasm", base)))
      .then(handOver, () => handOver(null));
    const waiting = new Map();
    let next = 0;
    let settle;
    const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
    const fail = (message) => {
      const error = new Error(message);
      settle.reject(error);
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
      worker.terminate();
    };
    worker.onmessage = ({ data }) => {
      if (data.timings) Object.assign(timings, data.timings);
      else if (data.ready) settle.resolve(data.ready);
      else if (data.failed) fail(data.failed);
      else if (waiting.has(data.id)) {
        const { resolve, reject } = waiting.get(data.id);
        waiting.delete(data.id);
        if ("error" in data) reject(new Error(data.error));
        else resolve(data.value);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(`the referee's engine did not start (${event.message || "engine.mjs"})`);
    };
    const ask = (message) => new Promise((resolve, reject) => {
      next += 1;
      waiting.set(next, { resolve, reject });
      worker.postMessage({ id: next, ...message });
    });
    return ready.then(({ version }) => {
      if (script.dataset.version && version !== script.dataset.version) {
        worker.terminate();
        throw new Error(
          `the referee's engine is scout-ref ${version}, the page was built by ${script.dataset.version}`,
        );
      }
      return {
        version,
        call: (body) => ask({ op: "call", body }),
        draw: (...args) => ask({ op: "draw", args }),
      };
    });
  }

  function start() {
    if (engine === null) {
      engine = load();
      engine.catch(() => { engine = null; });  // asking again starts it again
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
      const answer = JSON.parse(await e.call(JSON.stringify(body)));
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
    /** Seconds spent starting, in the worker: pyodide, packages, import, warm (one warm-up
     * request, and babel's wheel on a page in an edition's language), ready (filled in as it
     * starts), and languages (babel, fetched on the first request in an edition's language). */
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
