/* The referee panel of the SCOUT rulebook (issue 30; scoutdocs/referee.py writes the panel).
 *
 * Nothing is loaded until the panel is first asked something (legal moves, a move, an
 * example's "try it"): then the engine (the site's own Pyodide build, global `scoutRef`) starts.
 * The panel builds a position line (typed, or by tapping cards into hands and the active set),
 * asks `scoutRef.legal` and `scoutRef.explain` with the page's language, and draws the answer:
 * the verdict, the reasoning, the cited rules with their texts and the positions, with the
 * rulebook pictures' sizes and colours. Bad input is shown in place with the engine's message.
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

  /* ---- Pictures: the rulebook's cards (scoutdocs/cards.py), drawn here. ---- */

  function cardSvg(d, c, x, y, marked) {
    const top = d.colours[c.top], bottom = d.colours[c.bottom];
    const cx = x + d.card_w / 2, by = y + d.top_h + (d.card_h - d.top_h) / 2;
    const under = (n) => (n === 6 || n === 9 ? ' text-decoration="underline"' : "");
    const outline = marked
      ? `<rect x="${x - 3}" y="${y - 3}" width="${d.card_w + 6}" height="${d.card_h + 6}" rx="8" ` +
        `fill="none" stroke="${d.accent}" stroke-width="3"/>`
      : "";
    return `${outline}<g class="scout-card"><title>${c.top}/${c.bottom}</title>` +
      `<rect x="${x}" y="${y}" width="${d.card_w}" height="${d.card_h}" rx="6" fill="${bottom}"/>` +
      `<path d="M${x} ${y + d.top_h}V${y + 6}a6 6 0 0 1 6 -6H${x + d.card_w - 6}` +
      `a6 6 0 0 1 6 6V${y + d.top_h}Z" fill="${top}"/>` +
      `<line x1="${x + 4}" y1="${y + d.top_h}" x2="${x + d.card_w - 4}" y2="${y + d.top_h}" ` +
      `stroke="#fff" stroke-opacity="0.6"/>` +
      `<text x="${cx}" y="${y + 33}" font-size="26" font-weight="700" text-anchor="middle" ` +
      `fill="#fff"${under(c.top)}>${c.top}</text>` +
      `<text x="${cx}" y="${by + 7}" font-size="19" font-weight="700" text-anchor="middle" ` +
      `fill="#fff"${under(c.bottom)} transform="rotate(180 ${cx} ${by})">${c.bottom}</text></g>`;
  }

  function oneCard(d, text) {
    const c = card(text);
    return `<svg xmlns="http://www.w3.org/2000/svg" class="scout-picture" viewBox="0 0 ` +
      `${d.card_w} ${d.card_h}" aria-hidden="true">${cardSvg(d, c, 0, 0, false)}</svg>`;
  }

  function rowSvg(d, label, cards, y, captions, marked, perRow) {
    let out = `<text x="${d.margin}" y="${y + 15}" font-size="14" fill="currentColor">` +
      `${esc(label)}</text>`;
    const top = y + d.label_h;
    if (!cards.length) {
      out += `<rect x="${d.margin}" y="${top}" width="${d.card_w}" height="${d.card_h}" rx="6" ` +
        `fill="none" stroke="currentColor" stroke-opacity="0.5" stroke-dasharray="4 3"/>`;
    }
    cards.forEach((c, k) => {
      const x = d.margin + (k % perRow) * (d.card_w + d.gap);
      const cardTop = top + Math.floor(k / perRow) * (d.card_h + d.index_h);
      out += cardSvg(d, c, x, cardTop, marked.has(k));
      out += `<text x="${x + d.card_w / 2}" y="${cardTop + d.card_h + 14}" font-size="12" ` +
        `text-anchor="middle" fill="currentColor">${esc(captions[k])}</text>`;
    });
    return out;
  }

  function seatLabel(words, state, seat) {
    const parts = [words.seat.replace("{seat}", seat)];
    if (state.turn === seat) parts.push(words.to_act);
    const chips = state.chips[seat] || 0;
    if (state.players === 2 || chips) parts.push(words.chips.replace("{count}", chips));
    if (state.used.has(seat)) parts.push(words.used);
    return parts.join(" \u00b7 ");
  }

  function activeLabel(words, state) {
    if (state.owner === null) return words.no_owner;
    const over = state.roundEnd !== null;  // as scoutdocs/cards.py's _active_label
    const message = over
      ? (state.active.length ? words.left_over : words.none_left)
      : (state.active.length ? words.active_owner : words.empty_owner);
    return message.replace("{seat}", state.owner);
  }

  function pictureState(line) {
    const read = readLine(line);
    if (!read) return null;
    const { players, fields } = read;
    const parse = (row) => row.map(card).filter(Boolean);
    return {
      players,
      phase: (fields.phase || ["play"])[0],
      hands: rows(fields.hands, players).slice(0, players).map(parse),
      active: parse(rows(fields.active_set, 1)[0]),
      owner: seatOf(fields.owner),
      turn: seatOf(fields.turn),
      roundEnd: fields.round_end ? fields.round_end[0] : null,
      chips: (fields.scout_chips || []).map(Number),
      used: new Set((fields.scout_show_used || []).map(Number)),
    };
  }

  /* What a move uses, to mark it in the picture before it: shown cards or the scouted end. */
  function moveMarks(state, move) {
    const marks = { active: new Set(), hand: new Set() };
    const show = /show (\d+)-(\d+)$/.exec(move || "");
    if (show) for (let k = Number(show[1]); k <= Number(show[2]); k += 1) marks.hand.add(k);
    const scout = /^scout ([LR])/.exec(move || "");
    if (scout) marks.active.add(scout[1] === "L" ? 0 : state.active.length - 1);
    return marks;
  }

  function stateSvg(cfg, line, title, move, width) {
    const d = cfg.drawing, words = cfg.labels, state = pictureState(line);
    if (!state) return "";
    const marks = moveMarks(state, move);
    const perRow = Math.max(4, Math.floor((width - 2 * d.margin) / (d.card_w + d.gap)));
    const lines = (n) => Math.max(1, Math.ceil(n / perRow));
    let y = d.margin, out = "";
    if (state.phase !== "rotation") {
      const n = state.active.length;
      const ends = n === 1 ? ["L"] : state.active.map((_, k) => (k === 0 ? "L" : k === n - 1 ? "R" : ""));
      out += rowSvg(d, activeLabel(words, state), state.active, y, ends, marks.active, perRow);
      y += d.label_h + lines(n) * (d.card_h + d.index_h) + d.row_gap;
    }
    state.hands.forEach((hand, seat) => {
      const marked = seat === state.turn ? marks.hand : new Set();
      out += rowSvg(d, seatLabel(words, state, seat), hand, y, hand.map((_, k) => String(k)),
        marked, perRow);
      y += d.label_h + lines(hand.length) * (d.card_h + d.index_h) + d.row_gap;
    });
    const widest = Math.max(1, state.active.length, ...state.hands.map((h) => h.length));
    const w = Math.max(300, 2 * d.margin + Math.min(widest, perRow) * (d.card_w + d.gap));
    const h = y - d.row_gap + d.margin;
    return `<figure class="scout-figure"><svg xmlns="http://www.w3.org/2000/svg" ` +
      `class="scout-picture" role="img" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" ` +
      `font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif">` +
      `<title>${esc(title)}</title>${out}</svg><figcaption>${esc(title)}</figcaption></figure>`;
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

    /* Opening builds the form only: the engine runs on the page's own thread and starts at
       the first question, so building a position is never held up by its start. */
    open() {
      if (!this.built) this.build();
      this.root.open = true;
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
        this.picture(doc.position, this.words.before, "");
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
        this.verdict(doc);
      });
    }

    ruleLink(id) {
      return `<a class="scout-rule" href="${esc(this.cfg.rules)}#${esc(id)}"><code>${esc(id)}</code></a>`;
    }

    verdict(doc) {
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
      this.picture(doc.position, w.before, doc.move);
      if (doc.after) {
        this.picture(doc.after, w.after.replace("{moves}", doc.move), "");
        this.result.append(el("button", { type: "button", class: "scout-referee-goon",
          text: w.go_on, onclick: () => {
            this.line.value = doc.after;
            this.move.value = "";
            this.typed();
            this.legal();
          } }));
      }
    }

    picture(line, title, move) {
      const holder = el("div", { class: "scout-pictures" });
      const width = Math.min(this.body.clientWidth || 400, 640);
      holder.innerHTML = stateSvg(this.cfg, line, title, move, width);
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
    for (const button of document.querySelectorAll("button.scout-try")) {
      button.addEventListener("click", () => panel.tryExample(button));
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
