// A JSON-lines driver for TangXmmm/scout-game's ScoutGame class (ours; the engine is not here).
//
// Run: node tangxmmm_driver.js SOURCES, where SOURCES holds game/ScoutGame.js and game/CardDeck.js.
// Each request line is one JSON object; each answer is one line. It knows nothing of the rules:
// it rebuilds a ScoutGame from the fields it is given and calls the engine's own methods.
//
//   {"op": "run", "game": FIELDS, "calls": [[method, ...args], ...]}
//       -> {"results": [...], "game": FIELDS}   the calls made in turn on one game
//   {"op": "try", "game": FIELDS, "calls": [[method, ...args], ...]}
//       -> {"ok": [bool, ...]}                  each call on its own copy: did it succeed
//   {"op": "hand_size", "players": n}          -> {"value": h}
//   {"op": "new_game", "players": n, "seed": s} -> {"game": FIELDS}  (Math.random seeded)
//
// FIELDS are the instance's own properties; "stageType": "derive" asks for the engine's
// getPlayType of the stage. An exception becomes {"error": "..."}.
'use strict';

const path = require('path');
const readline = require('readline');

const sources = process.argv[2];
if (!sources) {
  process.stderr.write('error: give the folder holding game/ScoutGame.js\n');
  process.exit(2);
}
const ScoutGame = require(path.join(sources, 'game', 'ScoutGame.js'));
const CardDeck = require(path.join(sources, 'game', 'CardDeck.js'));

function seeded(seed) {
  // mulberry32: the driver's stand-in for the browser's unseeded Math.random
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rebuild(fields) {
  const game = Object.create(ScoutGame.prototype);
  Object.assign(game, JSON.parse(JSON.stringify(fields)));
  if (game.stageType === 'derive') {
    game.stageType = game.stage.length ? game.getPlayType(game.stage) : null;
  }
  return game;
}

function call(game, [method, ...args]) {
  if (typeof game[method] !== 'function') throw new Error(`no method ${method}`);
  return game[method](...args);
}

function answer(request) {
  switch (request.op) {
    case 'run': {
      const game = rebuild(request.game);
      const results = request.calls.map(c => call(game, c));
      return { results, game: JSON.parse(JSON.stringify(game)) };
    }
    case 'try':
      return {
        ok: request.calls.map(c => {
          try {
            const result = call(rebuild(request.game), c);
            return Boolean(result && result.success);
          } catch (e) {
            return false;
          }
        }),
      };
    case 'hand_size':
      return { value: CardDeck.getHandSizeForPlayers(request.players) };
    case 'new_game': {
      const saved = Math.random;
      Math.random = seeded(request.seed);
      try {
        const players = [...Array(request.players).keys()].map(i => ({ id: `p${i}`, name: `p${i}` }));
        return { game: JSON.parse(JSON.stringify(new ScoutGame(players))) };
      } finally {
        Math.random = saved;
      }
    }
    default:
      throw new Error(`no op ${request.op}`);
  }
}

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', line => {
  let reply;
  try {
    reply = answer(JSON.parse(line));
  } catch (e) {
    reply = { error: `${e.name}: ${e.message}` };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
});
