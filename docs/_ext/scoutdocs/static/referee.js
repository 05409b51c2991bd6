/* The referee panel of the SCOUT rulebook (issue 30; scoutdocs/referee.py writes the panel).
 *
 * Nothing is loaded until the panel is first opened (or an example's "try it" tapped): then the
 * engine (the site's own Pyodide build, global `scoutRef`, in a Web Worker) starts.
 * The panel builds a position line (typed, or by tapping cards into hands and the active set),
 * asks `scoutRef.legal` and `scoutRef.explain` with the page's language, and draws the answer:
 * the verdict, the reasoning, the cited rules with their texts and the positions, drawn by the
 * rulebook's own scoutdocs/cards.py run in the page beside the engine (scoutRef.draw). Bad input
 * is shown in place with the engine's message.
 */
(() => {
  "use strict";

  const FIELDS = new Set([
    "round", "phase", "turn", "round_end", "hands", "active_set", "owner", "captured",
    "scout_chips", "scout_show_used", "scores", "set_aside", "rules",
  ]);
  let engine = null;

  /* The engine, started once per page. */
  function loadEngine(cfg) {
    if (!engine) {
      engine = (async () => {
        if (!window.scoutRef) {
          await new Promise((resolve, reject) => {
            const script = document.createElement("script");
            script.src = cfg.engine;
            script.onload = resolve;
            script.onerror = () => reject(new Error(cfg.engine));
            document.head.append(script);
          });
        }
        await window.scoutRef.ready;
        return window.scoutRef;
      })();
      engine.catch(() => { engine = null; });  // a later tap tries again
    }
    return engine;
  }

  function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  }

  /* A message of the panel with its {names} filled in (the parts are HTML already). */
  function fill(message, parts) {
    return esc(message).replace(/\{([a-z_]+)\}/g, (whole, name) =>
      name in parts ? parts[name] : whole);
  }

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    node.append(...children);
    return node;
  }

  /* ---- Position lines (spec/POSITION.md): the parts the panel draws and builds. ---- */

  function readLine(text) {
    const tokens = text.replace(/\|/g, " | ").trim().split(/\s+/).filter(Boolean);
    const head = /^([2-5])p$/.exec(tokens[0] || "");
    if (!head) return null;
    const fields = {};
    let name = null;
    for (const token of tokens.slice(1)) {
      if (FIELDS.has(token) && !(token in fields)) {
        name = token;
        fields[name] = [];
      } else if (name) fields[name].push(token);
      else return null;
    }
    return { players: Number(head[1]), fields };
  }

  function rows(tokens, count) {
    const out = [[]];
    for (const token of tokens || []) {
      if (token === "|") out.push([]);
      else if (token !== "-") out[out.length - 1].push(token);
    }
    while (out.length < count) out.push([]);
    return out;
  }

  function card(text) {
    const m = /^(10|[1-9])\/(10|[1-9])$/.exec(text);
    return m ? { top: Number(m[1]), bottom: Number(m[2]) } : null;
  }

  function seatOf(tokens) {
    return tokens && /^\d$/.test(tokens[0] || "") ? Number(tokens[0]) : null;
  }

  /* What the builder edits; every other field is kept as it was written. */
  function toModel(line) {
    const read = readLine(line);
    if (!read) return null;
    const { players, fields } = read;
    const rest = Object.fromEntries(Object.entries(fields).filter(
      ([key]) => !["hands", "active_set", "owner", "turn"].includes(key)));
    return {
      players,
      hands: rows(fields.hands, players).slice(0, players),
      active: rows(fields.active_set, 1)[0],
      owner: seatOf(fields.owner),
      turn: seatOf(fields.turn),
      rest,
    };
  }

  function toLine(model) {
    const hands = model.hands.map((h) => (h.length ? h.join(" ") : "-")).join(" | ");
    let line = `${model.players}p hands ${hands}`;
    if (model.active.length) line += ` active_set ${model.active.join(" ")}`;
    if (model.owner !== null) line += ` owner ${model.owner}`;
    if (model.turn !== null) line += ` turn ${model.turn}`;
    for (const [key, values] of Object.entries(model.rest)) {
      line += ` ${key}${values.length ? " " + values.join(" ") : ""}`;
    }
    return line;
  }

  /* The cards in play for a player count (SC-SETUP-01, SC-VAR2-01), smaller number on top. */
  function deck(players) {
    const out = [];
    for (let a = 1; a <= 9; a += 1) {
      for (let b = a + 1; b <= 10; b += 1) {
        if (players === 3 && b === 10) continue;
        if (players !== 5 && a === 9 && b === 10) continue;
        out.push(`${a}/${b}`);
      }
    }
    return out;
  }

  function identity(text) {
    const c = card(text);
    return c ? `${Math.min(c.top, c.bottom)}/${Math.max(c.top, c.bottom)}` : text;
  }

  /* ---- Pictures: the rulebook's own (scoutdocs/cards.py). ---- */

  /* One card to tap, before the engine has started: scoutdocs.cards's card, as the build wrote
     it with {parts} to fill. */
  function oneCard(d, text) {
    const c = card(text);
    const under = (n) => (d.underlined.includes(n) ? ' text-decoration="underline"' : "");
    const parts = { name: `${c.top}/${c.bottom}`, top: c.top, bottom: c.bottom,
      top_colour: d.colours[c.top], bottom_colour: d.colours[c.bottom],
      top_under: under(c.top), bottom_under: under(c.bottom) };
    const svg = d.card.replace(/\{([a-z_]+)\}/g, (whole, name) => String(parts[name]));
    return `<svg xmlns="http://www.w3.org/2000/svg" class="scout-picture" viewBox="0 0 ` +
      `${d.card_w} ${d.card_h}" aria-hidden="true">${svg}</svg>`;
  }

  /* ---- The panel. ---- */

  class Panel {
    constructor(root) {
      this.root = root;
      this.cfg = JSON.parse(root.dataset.referee);
      this.words = this.cfg.labels;
      this.body = root.querySelector(".scout-referee-body");
      this.built = false;
      this.target = 0;  // a seat, or "active"
      this.removing = false;
    }

    /* Opening builds the form and starts the engine: it starts in a Web Worker (scoutref.js),
       so the seconds the reader spends building a position hide its start and tapping is
       never held up by it. A failed start shows when a question is asked, which tries again. */
    open() {
      if (!this.built) this.build();
      this.root.open = true;
      loadEngine(this.cfg).catch(() => {});
    }

    segmented(label, options, current, choose) {
      const group = el("div", { class: "scout-referee-choice", role: "group", "aria-label": label });
      for (const [value, text] of options) {
        group.append(el("button", {
          type: "button", text, "aria-pressed": String(value === current),
          onclick: () => choose(value),
        }));
      }
      return el("div", { class: "scout-referee-field" }, el("span", { text: label }), group);
    }

    build() {
      const w = this.words;
      this.line = el("textarea", {
        class: "scout-referee-line", rows: "3", spellcheck: "false", autocapitalize: "off",
        autocomplete: "off", placeholder: w.position_hint, "aria-label": w.position,
        oninput: () => this.typed(),
      });
      this.line.value = w.position_hint.replace(/^[^0-9]*/, "");
      this.players = el("div");
      this.builder = el("div", { class: "scout-referee-builder" });
      this.hypothetical = el("input", { type: "checkbox", class: "scout-referee-hypothetical" });
      this.move = el("input", {
        type: "text", class: "scout-referee-move", spellcheck: "false", autocapitalize: "off",
        autocomplete: "off", "aria-label": w.move,
        onkeydown: (e) => { if (e.key === "Enter") this.explain(); },
      });
      this.status = el("p", { class: "scout-referee-status", role: "status" });
      this.moves = el("div", { class: "scout-referee-moves" });
      this.result = el("div", { class: "scout-referee-result", "aria-live": "polite" });
      const tapping = el("details", { class: "scout-referee-tapping" },
        el("summary", { text: w.build }), this.builder);
      this.body.append(
        this.players,
        el("label", { class: "scout-referee-field" }, el("span", { text: w.position }), this.line),
        tapping,
        el("label", { class: "scout-referee-switch" }, this.hypothetical,
          el("span", {}, `${w.hypothetical} `, el("code", { text: "--hypothetical" }))),
        el("button", { type: "button", class: "scout-referee-legal", text: w.legal_moves,
          onclick: () => this.legal() }),
        this.moves,
        el("label", { class: "scout-referee-field" }, el("span", { text: w.move }), this.move),
        el("button", { type: "button", class: "scout-referee-try", text: w.try,
          onclick: () => this.explain() }),
        this.status,
        this.result,
      );
      this.built = true;
      this.typed();
    }

    /* The line was typed (or set): the builder follows it when it can read it. */
    typed() {
      const model = toModel(this.line.value);
      if (model) this.model = model;
      else if (!this.model) this.model = toModel("3p");
      this.drawBuilder();
    }

    edited() {
      this.line.value = toLine(this.model);
      this.moves.replaceChildren();
      this.result.replaceChildren();
      this.drawBuilder();
    }

    setPlayers(players) {
      const m = this.model;
      m.players = players;
      m.hands = Array.from({ length: players }, (_, k) => m.hands[k] || []);
      if (m.owner !== null && m.owner >= players) m.owner = null;
      if (m.turn !== null && m.turn >= players) m.turn = null;
      m.rest = {};  // per-seat fields (chips, piles, scores) no longer fit
      if (this.target !== "active" && this.target >= players) this.target = 0;
      this.edited();
    }

    drawBuilder() {
      const w = this.words, m = this.model, d = this.cfg.drawing;
      const seats = Array.from({ length: m.players }, (_, k) => k);
      const seatName = (k) => w.seat.replace("{seat}", k);
      this.players.replaceChildren(this.segmented(w.players, [2, 3, 4, 5].map((n) => [n, String(n)]),
        m.players, (n) => this.setPlayers(n)));
      const rowsEl = el("div", { class: "scout-referee-rows" });
      const placed = (where, list, k) => () => {
        if (this.removing) list.splice(k, 1);
        else { const c = card(list[k]); list[k] = `${c.bottom}/${c.top}`; }
        this.edited();
      };
      const row = (label, list) => {
        const cardsEl = el("div", { class: "scout-referee-cards" });
        list.forEach((text, k) => {
          if (!card(text)) return;
          const b = el("button", { type: "button", class: "scout-referee-card", title: text,
            "aria-label": text, onclick: placed(label, list, k) });
          b.innerHTML = oneCard(d, text);
          cardsEl.append(b);
        });
        return el("div", { class: "scout-referee-row" }, el("span", { text: label }), cardsEl);
      };
      seats.forEach((k) => rowsEl.append(row(seatName(k), m.hands[k])));
      rowsEl.append(row(w.active_set, m.active));
      const used = new Set([...m.hands.flat(), ...m.active].map(identity));
      const palette = el("div", { class: "scout-referee-cards scout-referee-palette" });
      for (const text of deck(m.players)) {
        if (used.has(text)) continue;
        const b = el("button", { type: "button", class: "scout-referee-card", title: text,
          "aria-label": text, onclick: () => {
            (this.target === "active" ? m.active : m.hands[this.target]).push(text);
            this.edited();
          } });
        b.innerHTML = oneCard(d, text);
        palette.append(b);
      }
      this.builder.replaceChildren(
        this.segmented(w.into, [...seats.map((k) => [k, seatName(k)]), ["active", w.active_set]],
          this.target, (t) => { this.target = t; this.drawBuilder(); }),
        palette,
        rowsEl,
        this.segmented(w.tap_placed, [[false, w.turned], [true, w.removed]], this.removing,
          (r) => { this.removing = r; this.drawBuilder(); }),
        this.segmented(w.owner, [[null, w.nobody], ...seats.map((k) => [k, String(k)])], m.owner,
          (o) => { m.owner = o; this.edited(); }),
        this.segmented(w.turn, seats.map((k) => [k, String(k)]), m.turn === null ? 0 : m.turn,
          (t) => { m.turn = t; this.edited(); }),
        el("button", { type: "button", class: "scout-referee-clear", text: w.clear, onclick: () => {
          m.hands = m.hands.map(() => []); m.active = []; m.owner = null; m.turn = null;
          m.rest = {}; this.edited();
        } }),
      );
    }

    async ask(work) {
      const buttons = this.body.querySelectorAll("button");
      buttons.forEach((b) => { b.disabled = true; });
      // the last answer goes at once: it is not this question's, and must not be read as it
      this.result.replaceChildren();
      this.status.textContent = this.words.loading;
      this.status.classList.remove("scout-referee-error");
      let ref;
      try {
        ref = await loadEngine(this.cfg);
      } catch (error) {
        this.status.textContent = this.words.failed.replace("{error}", error.message);
        this.status.classList.add("scout-referee-error");
        buttons.forEach((b) => { b.disabled = false; });
        return;
      }
      this.status.textContent = "";
      try {
        await work(ref);
      } catch (error) {
        this.result.replaceChildren(el("div", { class: "scout-referee-error", role: "alert" },
          el("strong", { text: this.words.bad_input }),
          el("pre", { text: error && error.message ? error.message : String(error) })));
      } finally {
        buttons.forEach((b) => { b.disabled = false; });
      }
    }

    options() {
      return { hypothetical: this.hypothetical.checked };
    }

    legal() {
      return this.ask(async (ref) => {
        const doc = await ref.legal(this.line.value, this.options());
        this.result.replaceChildren();
        this.showMoves(doc.moves);
        await this.picture(ref, doc.position, this.words.before, "");
      });
    }

    showMoves(moves) {
      if (!moves.length) {
        this.moves.replaceChildren(el("p", { text: this.words.no_moves }));
        return;
      }
      const list = el("div", { class: "scout-referee-choice scout-referee-movelist", role: "group",
        "aria-label": this.words.legal_moves });
      for (const move of moves) {
        list.append(el("button", { type: "button", class: "scout-referee-movebutton", text: move,
          onclick: () => { this.move.value = move; this.explain(); } }));
      }
      this.moves.replaceChildren(
        el("p", { class: "scout-referee-count", text: `${this.words.legal_moves}: ${moves.length}` }),
        list);
    }

    explain() {
      if (!this.move.value.trim()) return this.legal();
      return this.ask(async (ref) => {
        const options = { ...this.options(), lang: this.cfg.lang };
        const doc = await ref.explain(this.line.value, this.move.value.trim(), options);
        await this.verdict(ref, doc);
      });
    }

    ruleLink(id) {
      return `<a class="scout-rule" href="${esc(this.cfg.rules)}#${esc(id)}"><code>${esc(id)}</code></a>`;
    }

    async verdict(ref, doc) {
      const w = this.words, move = `<code>${esc(doc.move)}</code>`;
      const box = el("div", { class: `scout-referee-verdict ${doc.legal ? "is-legal" : "is-illegal"}` });
      let line;
      if (doc.legal) line = fill(w.is_legal, { move });
      else {
        const r = doc.rejection;
        line = fill(w.is_rejected, { move, reason: `<code>${esc(r.reason)}</code>`,
          rule: this.ruleLink(r.rule) });
      }
      box.innerHTML = `<p class="scout-referee-word">${esc(doc.legal ? w.legal : w.illegal)}</p>` +
        `<p>${line}</p>`;
      const steps = el("ol", { class: "scout-referee-reasoning" });
      for (const step of doc.reasoning) {
        const item = el("li", { text: step.text });
        if (step.rule) {
          item.append(" ");
          item.insertAdjacentHTML("beforeend", this.ruleLink(step.rule));
        }
        steps.append(item);
      }
      const cited = el("dl", { class: "scout-referee-rules" });
      for (const rule of doc.rules_cited) {
        const term = el("dt");
        term.innerHTML = `${this.ruleLink(rule.id)} ${esc(rule.title)}`;
        cited.append(term, el("dd", { text: rule.statement }));
      }
      this.result.replaceChildren(box,
        el("h4", { text: w.reasoning }), steps,
        el("h4", { text: w.cited }), cited);
      await this.picture(ref, doc.position, w.before, doc.move);
      if (doc.after) {
        await this.picture(ref, doc.after, w.after.replace("{moves}", doc.move), "");
        this.result.append(el("button", { type: "button", class: "scout-referee-goon",
          text: w.go_on, onclick: () => {
            this.line.value = doc.after;
            this.move.value = "";
            this.typed();
            this.legal();
          } }));
      }
    }

    /* A position the engine answered with, drawn by scoutdocs.cards in the page (every seat,
       the move's cards marked; a finished round with its scoring lines), as the rulebook draws
       it. */
    async picture(ref, line, title, move) {
      const d = this.cfg.drawing;
      const width = Math.min(this.body.clientWidth || 400, 640);
      const perRow = Math.max(4, Math.floor((width - 2 * d.margin) / (d.card_w + d.gap)));
      const svg = await ref.draw(line, { title, move, perRow, words: d.words });
      const holder = el("div", { class: "scout-pictures" });
      holder.innerHTML = `<figure class="scout-figure">${svg}` +
        `<figcaption>${esc(title)}</figcaption></figure>`;
      this.result.append(holder);
    }

    /* An example's "try it from here": its position and move, asked at once. */
    tryExample(button) {
      const example = button.closest(".scout-example");
      if (example) example.after(this.root);
      this.open();
      this.line.value = button.dataset.position;
      this.move.value = button.dataset.move || "";
      this.typed();
      this.moves.replaceChildren();
      this.root.scrollIntoView({ block: "start" });
      return this.explain();
    }
  }

  function start() {
    const root = document.querySelector(".scout-referee");
    if (!root) return;
    const panel = new Panel(root);
    root.addEventListener("toggle", () => { if (root.open) panel.open(); });
    // The engine starts as the reader's finger or pointer goes down on the panel's title.
    root.querySelector("summary").addEventListener("pointerdown", () => loadEngine(panel.cfg)
      .catch(() => {}), { once: true });
    for (const button of document.querySelectorAll("button.scout-try")) {
      button.addEventListener("click", () => panel.tryExample(button));
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
