"""The game loop of ``scout-ref play``: seats, deals and turns, with no screen code.

The loop asks a :class:`Screen` to show things and to read a line; it asks each bot for its
move; every deal and move goes into the trace steps. A seed fixes the decks and the bots'
choices, so the same seed and the same human input replay the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from scout_ref.ai.ismcts import Budget, IsmctsBot
from scout_ref.analysis.determinization import observed_moves
from scout_ref.analysis.explain import Explanation, explain
from scout_ref.engine.information import History, Observation, observation
from scout_ref.engine.notation import Move, ScoutInner, ShowCards, parse_written
from scout_ref.engine.setup import new_game, shuffled_deck
from scout_ref.engine.state import Phase, State
from scout_ref.engine.variants import Rules
from scout_ref.errors import MalformedInputError
from scout_ref.formats.trace import JSON, deal_step, move_step
from scout_ref.play.bots import Bot, GreedyBot, RandomBot
from scout_ref.play.view import HELP, moves_listing, rule_lines

SEAT_KINDS = ("human", "random", "greedy", "ismcts")
MAX_IDLE_LINES = 1000
"""Lines in a row that play no move before a human seat's input is refused: a person never
types a thousand, and an endless input of them (``yes ''``) would keep the game waiting
forever."""


class Screen(Protocol):
    """Where the game is shown and human input is read."""

    def ask(self, prompt: str) -> str:
        """One line typed by the human; raises EOFError when input ends."""
        ...

    def say(self, lines: Sequence[str]) -> None:
        """Plain information: help, move lists, rules."""
        ...

    def turn(self, obs: Observation, reveal: State | None) -> None:
        """The table as the human to act knows it; ``reveal`` shows every hand, for teaching."""
        ...

    def moved(self, before: State, move: Move) -> None:
        """A seat has made ``move`` in ``before``."""
        ...

    def rejected(self, explanation: Explanation) -> None:
        """The human's move is illegal: the verdict, its rule and the rule's statement."""
        ...

    def round_over(self, state: State) -> None:
        """A round has ended: how, and the score breakdown."""
        ...

    def game_over(self, state: State) -> None:
        """The game has ended: the winners."""
        ...


class Quit(Exception):
    """The human left the game (``quit`` or end of input)."""


def seat_labels(kinds: Sequence[str]) -> tuple[str, ...]:
    """How seats are named on screen: ``you`` for a lone human, else the seat's kind."""
    lone = kinds.count("human") == 1
    return tuple("you" if lone and k == "human" else k for k in kinds)


def make_bot(kind: str, seed: int, seat: int, budget: Budget | None = None) -> Bot | None:
    """The bot for a seat of this kind (None for a human); each bot has its own generator.
    ``budget`` is the ISMCTS bot's thinking time per decision (its default when None)."""
    if kind == "random":
        return RandomBot(random.Random(f"{seed}:{seat}"))
    if kind == "greedy":
        return GreedyBot()
    if kind == "ismcts":
        return IsmctsBot(random.Random(f"{seed}:{seat}"), budget or Budget())
    return None


@dataclass
class Game:
    """A game in progress: the seats, the decks' generator, the state and the trace so far."""

    kinds: tuple[str, ...]
    seed: int
    rules: Rules
    screen: Screen
    reveal: bool = False
    steps: list[JSON] = field(default_factory=list)
    start: State | None = None  # a position to play on from, instead of a fresh deal
    on_step: Callable[[Game], None] | None = None
    """Called after every deal and move, so a record can keep up with the game."""
    hold: bool = False
    """Keep each round's summary on screen until the human presses Enter (on a terminal)."""
    budget: Budget | None = None
    """The ISMCTS seats' thinking time per decision (its default when None)."""

    def _add(self, step: JSON) -> None:
        self.steps.append(step)
        if self.on_step is not None:
            self.on_step(self)

    def run(self) -> State:
        """Play to the end of the game; raises :class:`Quit` if the human leaves."""
        players = len(self.kinds)
        bots = [make_bot(k, self.seed, s, self.budget) for s, k in enumerate(self.kinds)]
        rng = random.Random(self.seed)
        if self.start is None:
            deck = shuffled_deck(players, rng.getrandbits(64))
            state = new_game(players, deck, self.rules)
            self._add(deal_step(deck, state))
        else:
            state = self.start
        history = History.begin(state)  # what each seat knows follows from it (chapter INFO)
        while True:
            who = f"seat {state.turn} starts" if self.start is None else f"seat {state.turn} to act"
            self.screen.say([f"Round {state.round} of {state.rounds}: {who}."])
            decided: list[tuple[State, Move]] = []
            while state.phase in (Phase.ROTATION, Phase.PLAY):
                seat = state.turn
                assert seat is not None, "the rotation and play phases have a seat to act"
                bot = bots[seat]
                if bot is None:
                    move = self._ask_human(state, observation(history, seat))
                else:
                    move = bot.choose(observation(history, seat))
                decided.append((state, move))
                history = history.then(move)
                state = history.state
                self._add(move_step(move, state))
                if state.phase is not Phase.ROTATION:
                    # Rotation decisions are made at the same time and told together (SC-ORIENT-01).
                    for before, made in decided:
                        self.screen.moved(before, made)
                    decided.clear()
            self.screen.round_over(state)
            if state.phase is Phase.GAME_OVER:
                self.screen.game_over(state)
                return state
            if self.hold:
                self._wait_for_next_round()
            next_deck = None if players == 2 else shuffled_deck(players, rng.getrandbits(64))
            history = history.next_round(next_deck)  # the game is remembered (SC-INFO-05)
            state = history.state
            self._add(deal_step(next_deck, state))

    def _wait_for_next_round(self) -> None:
        """Hold the round's summary until the human is ready (quit or end of input leaves)."""
        try:
            text = self.screen.ask("Enter: next round")
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        if text.strip() in ("quit", "exit"):
            raise Quit

    def _ask_human(self, state: State, obs: Observation) -> Move:
        """Read lines until the human types a legal move; commands are answered on the way."""
        self._show(state, obs)
        prompt = "move" if self.kinds.count("human") == 1 else f"seat {state.turn} move"
        for _ in range(MAX_IDLE_LINES):
            try:
                text = " ".join(self.screen.ask(prompt).split())
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            move = self._command(state, obs, text)
            if move is not None:
                return move
        why = f"a human seat: {MAX_IDLE_LINES} lines in a row played no move"
        raise MalformedInputError("standard input", [("", why)])

    def _show(self, state: State, obs: Observation) -> None:
        self.screen.turn(obs, state if self.reveal else None)

    def _command(self, state: State, obs: Observation, text: str) -> Move | None:
        """Answer one line: a command, or a move that is returned when legal."""
        word, _, rest = text.partition(" ")
        if text in ("", "?", "??"):
            if text:
                self.screen.say(moves_listing(observed_moves(obs), every=text == "??"))
            else:
                self._show(state, obs)
            return None
        if text == "help":
            self.screen.say(HELP)
            return None
        if text in ("quit", "exit"):
            raise Quit
        if word == "rules" and rest:
            self.screen.say(rule_lines(rest))
            return None
        try:
            move = parse_written(rest if word == "explain" else text)
            explanation = explain(state, move)
        except MalformedInputError as exc:
            self.screen.say([f"{exc}", "Type help for the notation, ? for your legal moves."])
            return None
        if word == "explain":
            self.screen.say(explanation.lines(statements=False))
            return None
        if isinstance(move, ScoutInner | ShowCards) or not explanation.is_legal:
            self.screen.rejected(explanation)  # a probe of SC-NOTE-07 is never legal
            return None
        return move
