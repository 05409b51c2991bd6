//! Line driver for dannunan/scout-game (`src/lib.rs`, compiled in unchanged by `include!`).
//!
//! Every answer comes from the engine's own code: `GameState::new` deals (from a deck the
//! runner gives, through the rand stand-in's planned shuffle, or from a seeded shuffle),
//! `get_valid_actions` on `as_view` lists the moves and gates them (as the engine's own
//! `get_player_action` does), `take_action` makes them and ends the round. Cards are the
//! engine's numbers 0-9; the Python adapter translates to and from SCP.
//!
//! Requests, one a line, answered on one line:
//!   deal N CARDS            -> state STATE           (CARDS: the deck in deal order, a/b,...)
//!   deal_random N SEED      -> state STATE
//!   legal STATE             -> moves MOVE ...
//!   apply MOVE STATE        -> state STATE | over SCORES STATE | rejected
//! STATE is `N TURN OWNER FLAGS SCORES ACTIVE HAND0 .. HAND(N-1)`: FLAGS 0/1 per seat and
//! SCORES per seat comma-separated, ACTIVE and hands `top/bottom,...` or `-` when empty.
//! MOVE is `scout:L:F:I`, `show:S:E` or `sns:L:F:I:S:E` (L, F 0/1).
//! Anything wrong: `error TEXT`.

#![allow(dead_code, unused, clippy::all)]

include!(concat!(env!("DANNUNAN_SCOUT_GAME"), "/src/lib.rs"));

fn cards(text: &str) -> Result<Set, String> {
    if text == "-" {
        return Ok(Set::new());
    }
    text.split(',')
        .map(|c| {
            let (a, b) = c.split_once('/').ok_or(format!("not a card: {c}"))?;
            Ok(Card(num(a)?, num(b)?))
        })
        .collect()
}

fn num<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("not a number: {text}"))
}

fn list<T: std::str::FromStr>(text: &str) -> Result<Vec<T>, String> {
    text.split(',').map(num).collect()
}

fn write_cards(set: &Set) -> String {
    if set.is_empty() {
        return "-".to_owned();
    }
    set.iter().map(|c| format!("{}/{}", c.0, c.1)).collect::<Vec<_>>().join(",")
}

fn read_state(words: &[&str]) -> Result<GameState, String> {
    let n: usize = num(words.first().ok_or("no state")?)?;
    if words.len() != 6 + n {
        return Err(format!("a state of {n} players has {} words", 6 + n));
    }
    let flags: Vec<u8> = list(words[3])?;
    let scores: Vec<i32> = list(words[4])?;
    let mut players = VecDeque::new();
    for seat in 0..n {
        players.push_back(Player {
            hand: cards(words[6 + seat])?,
            score: scores[seat],
            scout_show: flags[seat] == 1,
        });
    }
    Ok(GameState {
        players,
        game_size: n,
        active: cards(words[5])?,
        active_owner: num(words[2])?,
        turn: num(words[1])?,
    })
}

fn write_state(game: &GameState) -> String {
    let join = |v: Vec<String>| v.join(",");
    let mut out = vec![
        game.game_size.to_string(),
        game.turn.to_string(),
        game.active_owner.to_string(),
        join(game.players.iter().map(|p| (p.scout_show as u8).to_string()).collect()),
        join(game.players.iter().map(|p| p.score.to_string()).collect()),
        write_cards(&game.active),
    ];
    out.extend(game.players.iter().map(|p| write_cards(&p.hand)));
    out.join(" ")
}

fn write_action(action: &Action) -> String {
    let b = |x: &bool| *x as u8;
    match action {
        Action::Scout(l, f, i) => format!("scout:{}:{}:{}", b(l), b(f), i),
        Action::Show(s, e) => format!("show:{}:{}", s, e),
        Action::ScoutShow(l, f, i, s, e) => format!("sns:{}:{}:{}:{}:{}", b(l), b(f), i, s, e),
    }
}

fn read_action(text: &str) -> Result<Action, String> {
    let parts: Vec<&str> = text.split(':').collect();
    let flag = |k: usize| parts.get(k).map(|w| *w == "1").ok_or(format!("short move: {text}"));
    let at = |k: usize| num::<usize>(parts.get(k).ok_or(format!("short move: {text}"))?);
    match parts[0] {
        "scout" => Ok(Action::Scout(flag(1)?, flag(2)?, at(3)?)),
        "show" => Ok(Action::Show(at(1)?, at(2)?)),
        "sns" => Ok(Action::ScoutShow(flag(1)?, flag(2)?, at(3)?, at(4)?, at(5)?)),
        _ => Err(format!("not a move: {text}")),
    }
}

/// The engine's deal of `deck`: its `create_deck` order is rearranged (the stand-in's planned
/// shuffle) into the deck's order of identities; `GameState::new` deals it.
fn deal(n: usize, deck: &Set) -> Result<GameState, String> {
    let canonical = create_deck(n, false);
    let key = |c: &Card| (c.0.min(c.1), c.0.max(c.1));
    let mut order = Vec::new();
    for card in deck {
        let k = canonical.iter().position(|c| key(c) == key(card));
        order.push(k.ok_or(format!("the engine's deck of {n} has no card {:?}", key(card)))?);
    }
    if order.len() != canonical.len() {
        return Err(format!("the engine's deck of {n} has {} cards", canonical.len()));
    }
    rand::plan_next_shuffle(order);
    Ok(GameState::new(n, true))
}

fn answer(line: &str, set_map: &SetMap) -> Result<String, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.first().copied() {
        Some("deal") if words.len() == 3 => {
            Ok(format!("state {}", write_state(&deal(num(words[1])?, &cards(words[2])?)?)))
        }
        Some("deal_random") if words.len() == 3 => {
            rand::seed(num(words[2])?);
            Ok(format!("state {}", write_state(&GameState::new(num(words[1])?, true))))
        }
        Some("legal") => {
            let game = read_state(&words[1..])?;
            let moves = get_valid_actions(&game.as_view(), set_map);
            Ok(format!("moves {}", moves.iter().map(write_action).collect::<Vec<_>>().join(" ")))
        }
        Some("apply") if words.len() > 2 => {
            let action = read_action(words[1])?;
            let game = read_state(&words[2..])?;
            if !get_valid_actions(&game.as_view(), set_map).contains(&action) {
                return Ok("rejected".to_owned());
            }
            match game.take_action(&action) {
                NewGameState::Continue(next) => Ok(format!("state {}", write_state(&next))),
                NewGameState::GameOver(scores) => {
                    // take_action returns the scores only; the state it scored is the one its
                    // own first step makes (the engine's scout or show of this action)
                    let after = match action {
                        Action::Scout(l, f, i) => game.scout(l, f, i),
                        Action::Show(s, e) => game.show(s, e),
                        Action::ScoutShow(..) => return Err("a Scout & Show ended it".into()),
                    };
                    let s: Vec<String> = scores.iter().map(|x| x.to_string()).collect();
                    Ok(format!("over {} {}", s.join(","), write_state(&after)))
                }
            }
        }
        _ => Err(format!("not a request: {line}")),
    }
}

fn main() {
    let set_map = generate_set_map();
    let stdin = io::stdin();
    let mut out = io::stdout();
    for line in stdin.lines() {
        let Ok(line) = line else { return };
        let reply = answer(&line, &set_map).unwrap_or_else(|e| format!("error {e}"));
        use std::io::Write;
        let _ = writeln!(out, "{reply}");
        let _ = out.flush();
    }
}
