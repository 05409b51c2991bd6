"""Chapter INFO: what each seat knows: its own hand, the public view, its memory of the game,
and what follows from them by elimination.

A bare :class:`~scout_ref.State` cannot say which cards in a hand are public: that follows
from the moves made since the deal (a scouted card stays public, SC-INFO-04). So knowledge is
derived from a :class:`History`, a round's start state and the moves made from it, with the
earlier rounds of the game when they matter, as OpenSpiel derives information states from
histories. A state on its own is a history of no moves, whose hands count as just dealt.
Nothing new is stored in a state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import assert_never

from scout_ref.engine.components import Card, OrientedCard
from scout_ref.engine.elimination import deduced_holdings, unseen_cards
from scout_ref.engine.game import next_round
from scout_ref.engine.notation import Flip, Keep, Move, Scout, ScoutShow, Show
from scout_ref.engine.scout import scouted
from scout_ref.engine.state import Hand, Phase, RoundEnd, Seat, State, require_state
from scout_ref.engine.turn import apply_move
from scout_ref.engine.variants import Rules
from scout_ref.errors import MalformedInputError
from scout_ref.rulebook.registry import implements
from scout_ref.util.args import require_seat, require_type

Seen = OrientedCard | None
"""A card as a seat sees it in a hand: the oriented card when it is known, None when hidden."""


@dataclass(frozen=True, slots=True)
class Event:
    """One public event: ``seat`` made ``move``; the cards it moved in the open (SC-INFO-03).

    ``scouted`` is the card a scout put into the hand, the way up it went in; ``shown`` the
    cards a show put on the table. Both are public when they happen, so a seat recalls them.
    """

    seat: Seat
    move: Move
    scouted: OrientedCard | None
    shown: Hand


def _scout_part(move: Move) -> Scout | None:
    return move if isinstance(move, Scout) else move.scout if isinstance(move, ScoutShow) else None


@implements("SC-INFO-03")
def event_of(state: State, move: Move) -> Event:
    """The public event of the player to act making ``move`` in ``state`` (assumed legal)."""
    assert state.turn is not None, "a move is made by the seat to act"
    hand = state.hand
    scout = _scout_part(move)
    card = None
    if scout is not None:
        hand, _ = scouted(hand, state.active_set, scout)
        card = hand[scout.slot]
    show = move.show if isinstance(move, ScoutShow) else move if isinstance(move, Show) else None
    shown = () if show is None else hand[show.first : show.last + 1]
    return Event(state.turn, move, card, shown)


@dataclass(frozen=True, slots=True)
class History:
    """A round as played from ``start``: the public events of the moves made since, and the
    finished ``earlier`` rounds of the same game, oldest first.

    Build one with :meth:`begin` and :meth:`then` (or :meth:`replay`), and go on to the next
    round with :meth:`next_round`; ``state`` is the state now. Two histories are equal when
    their starts, moves and earlier rounds are.

    >>> from scout_ref import new_game, parse_move
    >>> h = History.begin(new_game(3, seed=1)).then(parse_move("flip"))
    >>> [str(m) for m in h.moves], h.state.turn
    (['flip'], 1)
    """

    start: State
    events: tuple[Event, ...]
    state: State = field(compare=False, repr=False)
    earlier: tuple[History, ...] = ()

    @classmethod
    def begin(cls, start: State) -> History:
        """The history of no moves: ``start``'s hands count as just dealt.

        Raises:
            TypeError: if ``start`` is not a :class:`State`.
        """
        require_state(start, "the start")
        return cls(start, (), start)

    @classmethod
    def replay(cls, start: State, moves: Iterable[Move]) -> History:
        """The history of ``moves`` made from ``start``.

        Raises:
            IllegalMoveError: at the first illegal move.
            TypeError: if ``moves`` are not moves.
        """
        history = cls.begin(start)
        _require_moves(moves)
        for move in moves:
            history = history.then(move)
        return history

    @classmethod
    def replay_game(cls, rounds: Sequence[tuple[State, Sequence[Move]]]) -> History:
        """The history of a game's rounds, each a start state and its moves; every start but
        the first must be the deal that follows the round before (:func:`~scout_ref.next_round`
        with that start's cards as the deck).

        Raises:
            IllegalMoveError: at the first illegal move.
            MalformedInputError: if a round's start is not a deal that follows the round before.
        """
        history = None
        for k, (start, moves) in enumerate(rounds):
            if history is not None:
                history = history.next_round([c for hand in start.hands for c in hand])
                if history.state != start:
                    raise MalformedInputError(
                        "history", [(f"/{k}/state", "not the deal that follows the round before")]
                    )
            history = cls.replay(start, moves) if history is None else history.replay_on(moves)
        if history is None:
            raise MalformedInputError("history", [("", "a history needs at least one round")])
        return history

    def then(self, move: Move) -> History:
        """This history followed by ``move``.

        Raises:
            IllegalMoveError: if ``move`` is illegal now.
        """
        after = apply_move(self.state, move)
        events = (*self.events, event_of(self.state, move))
        return History(self.start, events, after, self.earlier)

    def replay_on(self, moves: Iterable[Move]) -> History:
        """This history followed by ``moves``.

        Raises:
            IllegalMoveError: at the first illegal move.
            TypeError: if ``moves`` are not moves.
        """
        history = self
        _require_moves(moves)
        for move in moves:
            history = history.then(move)
        return history

    def next_round(
        self, deck: Sequence[OrientedCard] | None = None, *, seed: int | str | None = None
    ) -> History:
        """The next round's history of no moves, dealt as :func:`~scout_ref.next_round` deals
        it, with this round among the earlier ones.

        Raises:
            MalformedInputError: if this round is not over, or the deck is wrong.
        """
        dealt = next_round(self.state, deck, seed=seed)
        done = History(self.start, self.events, self.state)
        return History(dealt, (), dealt, (*self.earlier, done))

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made since the start of this round, in order."""
        return tuple(e.move for e in self.events)


@dataclass(frozen=True, slots=True)
class PublicView:
    """What every seat knows at one moment (SC-INFO-02, SC-INFO-04, SC-INFO-05, SC-INFO-06).

    ``hands`` shows each hand as everyone sees it: its size, and the cards scouted into it
    where they lie now (None for every other card); ``captured`` lists each pile in full, as
    perfect recall of the shows allows; ``set_aside`` counts the two-player game's hidden cards.
    """

    players: int
    rules: Rules
    round: int
    start_player: Seat
    phase: Phase
    turn: Seat | None
    hands: tuple[tuple[Seen, ...], ...]
    active_set: Hand
    owner: Seat | None
    captured: tuple[tuple[Card, ...], ...]
    scout_chips: tuple[int, ...]
    scout_show_available: tuple[bool, ...]
    scores: tuple[int, ...]
    round_end: RoundEnd | None
    set_aside: int


@dataclass(frozen=True, slots=True)
class Recall:
    """What a seat remembers of a round (SC-INFO-05): the view at its start, its own hand
    then, and every public event since (while the rotation decisions are being made, only its
    own: the others' become public together, SC-ORIENT-01)."""

    start: PublicView
    hand: Hand
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything ``seat`` knows now: its own hand, the public view, its recall of this round
    and of the ``earlier`` ones, the ``unseen`` cards it cannot place, and the cards
    elimination puts in each seat's hand (``deduced``, SC-INFO-08).

    The same for every two histories that differ only in cards this seat cannot see (law 1).

    >>> from scout_ref import new_game
    >>> obs = observation(new_game(3, seed=1), Seat(2))
    >>> len(obs.hand), [len(h) for h in obs.public.hands], obs.public.hands[0][0]
    (12, [12, 12, 12], None)
    """

    seat: Seat
    hand: Hand
    public: PublicView
    history: Recall
    earlier: tuple[Recall, ...] = ()
    unseen: tuple[Card, ...] = ()
    deduced: tuple[tuple[Card, ...], ...] = ()

    def sees(self, seat: Seat) -> tuple[Seen, ...]:
        """The hand of ``seat`` as this seat sees it: its own in full, another's public cards."""
        return self.hand if seat == self.seat else self.public.hands[seat]


@dataclass(frozen=True, slots=True)
class Dealt:
    """A card dealt to ``seat`` at ``index`` of its start hand, turned over if ``flipped``."""

    seat: int
    index: int
    flipped: bool

    def rotated(self) -> Dealt:
        """The same card after its hand was rotated (SC-ORIENT-02)."""
        return Dealt(self.seat, self.index, not self.flipped)


Entry = OrientedCard | Dealt
"""A card of a hand as the public knows it: a scouted card, or a dealt card by its origin."""


@dataclass(frozen=True, slots=True)
class Tracked:
    """The public knowledge of the hands after some events: each hand's entries, and the
    dealt cards that shows revealed, by (seat, index), as they were dealt."""

    hands: tuple[tuple[Entry, ...], ...]
    revealed: dict[tuple[int, int], OrientedCard]


@implements("SC-INFO-01", "SC-INFO-04", "SC-ORIENT-02")
def track(sizes: Sequence[int], events: Iterable[Event]) -> Tracked:
    """Follow every card of every hand through ``events``, from hands of ``sizes`` just dealt.

    A dealt card stays hidden until it is shown; a scouted card is public where it lies, and
    its position follows later scouts into the hand and shows from it (SC-INFO-04). A rotation
    would mirror the hand, but every rotation comes before the round's first scout.
    """
    hands: list[list[Entry]] = [[Dealt(s, k, False) for k in range(n)] for s, n in enumerate(sizes)]
    revealed: dict[tuple[int, int], OrientedCard] = {}
    for event in events:
        hand = hands[event.seat]
        match event.move:
            case Keep():
                pass
            case Flip():
                hands[event.seat] = [e.rotated() for e in reversed(hand)]
            case Scout(_, _, slot):
                assert event.scouted is not None, "a scout event names its card"
                hand.insert(slot, event.scouted)
            case Show(first, last):
                _show(hand, first, last, event.shown, revealed)
            case ScoutShow(scout, show):
                assert event.scouted is not None, "a scout event names its card"
                hand.insert(scout.slot, event.scouted)
                _show(hand, show.first, show.last, event.shown, revealed)
            case _:
                assert_never(event.move)
    return Tracked(tuple(tuple(h) for h in hands), revealed)


def _show(
    hand: list[Entry],
    first: int,
    last: int,
    shown: Hand,
    revealed: dict[tuple[int, int], OrientedCard],
) -> None:
    for entry, card in zip(hand[first : last + 1], shown, strict=True):
        if isinstance(entry, Dealt):
            revealed[entry.seat, entry.index] = card.rotated() if entry.flipped else card
    del hand[first : last + 1]


@implements("SC-INFO-02", "SC-INFO-05", "SC-INFO-06")
def public_view(state: State, hands: Iterable[Iterable[Entry]]) -> PublicView:
    """What everyone knows of ``state`` when ``hands`` say which cards of each hand are public.

    The captured piles are listed in full: face down, but every card in them was public when
    it was captured (SC-INFO-05). The set-aside cards are hidden from everyone (SC-INFO-06).
    """
    return PublicView(
        players=state.players,
        rules=state.rules,
        round=state.round,
        start_player=state.start_player,
        phase=state.phase,
        turn=state.turn,
        hands=tuple(tuple(e if isinstance(e, OrientedCard) else None for e in h) for h in hands),
        active_set=state.active_set,
        owner=state.owner,
        captured=state.captured,
        scout_chips=state.scout_chips,
        scout_show_available=state.scout_show_available,
        scores=state.scores,
        round_end=state.round_end,
        set_aside=len(state.set_aside),
    )


def _hidden(state: State) -> tuple[tuple[Dealt, ...], ...]:
    return tuple(
        tuple(Dealt(s, k, False) for k in range(len(h))) for s, h in enumerate(state.hands)
    )


@implements("SC-ORIENT-01", "SC-INFO-03", "SC-INFO-05")
def recall(history: History, seat: Seat) -> Recall:
    """What ``seat`` remembers of ``history``'s round: every public event, except that while
    the rotation decisions are being made it knows only its own (SC-ORIENT-01)."""
    events = history.events
    if history.state.phase is Phase.ROTATION:
        events = tuple(e for e in events if e.seat == seat)
    return Recall(
        public_view(history.start, _hidden(history.start)), history.start.hands[seat], events
    )


@implements("SC-INFO-08")
def out_of_round(earlier: Sequence[Recall]) -> frozenset[Card]:
    """The cards a seat remembers as out of this round, from its recall of the ``earlier``
    rounds: with two players round 2 is dealt from the cards set aside in round 1, so every
    round-1 card the seat held or saw shown is out of it (a fresh shuffle leaves none out)."""
    if not earlier or not earlier[-1].start.set_aside:
        return frozenset()
    before = earlier[-1]
    seen = {c.card for c in before.hand} | {c.card for e in before.events for c in e.shown}
    return frozenset(seen)


def _require_moves(moves: object) -> None:
    """Raise TypeError unless ``moves`` can be iterated (``History.replay(s, None)``)."""
    require_type(moves, Iterable, "the move list", "a list of moves such as [parse_move('keep')]")


@implements("SC-INFO-01", "SC-INFO-05", "SC-INFO-08")
def observation(game: History | State, seat: Seat) -> Observation:
    """What ``seat`` knows after ``game``: a history, or a state taken as just dealt.

    Raises:
        TypeError: if ``game`` is neither a history nor a state, or ``seat`` is not an int.
        MalformedInputError: if ``seat`` is not a seat of the game.

    >>> from scout_ref import new_game, parse_move
    >>> h = History.begin(new_game(3, seed=1))
    >>> for text in ("keep", "keep", "keep", "show 0-0", "scout L~ @2"):
    ...     h = h.then(parse_move(text))
    >>> [str(c) if c else "?" for c in observation(h, Seat(0)).sees(Seat(1))][:4]
    ['?', '?', '7/9', '?']
    """
    if not isinstance(game, History):
        require_type(game, State, "the game", "a History or a State")
    history = game if isinstance(game, History) else History.begin(game)
    require_seat(seat, history.start.players)
    now = history.state
    tracked = track([len(h) for h in history.start.hands], history.events)
    public = public_view(now, tracked.hands)
    in_sight = [c.card for h in public.hands for c in h if c is not None]
    in_sight += [c.card for c in now.active_set] + [c for pile in now.captured for c in pile]
    earlier = tuple(recall(h, seat) for h in history.earlier)
    unseen = unseen_cards(now.players, now.hands[seat], in_sight, out_of_round(earlier))
    hidden = [sum(c is None for c in h) for h in public.hands]
    deduced = deduced_holdings(unseen, hidden, seat)
    return Observation(
        seat, now.hands[seat], public, recall(history, seat), earlier, unseen, deduced
    )
