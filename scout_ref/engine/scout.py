"""Chapter SCOUT: taking an end card of the active set into the hand."""

from __future__ import annotations

from scout_ref.engine.notation import End, Scout, ScoutInner
from scout_ref.engine.state import Hand, Seat, State, _after_play, next_seat
from scout_ref.engine.two_player import can_show, check_scout_chip, pay_scout_chip
from scout_ref.engine.variants import Scouting
from scout_ref.errors import MalformedInputError, Reason, Rejection
from scout_ref.rulebook.registry import implements
from scout_ref.util.text import plural


@implements("SC-SCOUT-01", "SC-NOTE-05", "SC-SCOUT-02", "SC-SCOUT-04", "SC-VAR-03")
def check_scout(state: State, scout: Scout) -> Rejection | None:
    """Why the player to act cannot make this scout, or None if they can.

    Checks in precedence order (SC-TURN-04): a card to take, the end, the slot, the two-player
    chip, and (variant SC-VAR-03 only) that no show was possible.
    """
    if not state.active_set:
        return Rejection(Reason.NO_ACTIVE_SET, "there is no active set to scout from")
    if scout.end is End.RIGHT and len(state.active_set) == 1:
        return Rejection(Reason.SINGLE_CARD_END, "a one-card active set is scouted as L")
    if scout.slot > len(state.hand):
        return Rejection(Reason.SLOT_OUTSIDE_HAND, f"slots run from 0 to {len(state.hand)}")
    if (rejection := check_scout_chip(state)) is not None:
        return rejection
    # Voluntary scouting is official (SC-SCOUT-04); the forced variant needs no possible show.
    if state.rules.scouting is Scouting.FORCED and can_show(state.hand, state.active_set):
        return Rejection(Reason.SHOW_AVAILABLE, "forced scouting: a show would beat the set")
    return None


@implements("SC-SCOUT-01", "SC-NOTE-07")
def check_scout_inner(state: State, probe: ScoutInner) -> Rejection:
    """Why a card that is not at an end cannot be scouted: there is no active set, or only an
    end card may be taken (SC-TURN-04 puts both before the slot).

    Raises:
        MalformedInputError: if the probe names no card inside the active set: its right end,
        which is written ``R`` (SC-NOTE-03), or a card beyond it.
    """
    if not state.active_set:
        return Rejection(Reason.NO_ACTIVE_SET, "there is no active set to scout from")
    size = len(state.active_set)
    if probe.position >= size - 1:
        what = (
            f"card #{probe.position} is the right end of the active set: it is written "
            f"scout R{'~' if probe.rotated else ''} @{probe.slot}"
            if probe.position == size - 1
            else f"the active set has {plural(size, 'card')}, #0 to #{size - 1}"
        )
        raise MalformedInputError("move", [("", f"{str(probe)!r}: {what}")])
    return Rejection(Reason.NOT_AN_END, f"card #{probe.position} is not an end of the active set")


def scouted(hand: Hand, active_set: Hand, scout: Scout) -> tuple[Hand, Hand]:
    """The hand and the reduced active set after taking the card (assumes a legal scout)."""
    if scout.end is End.LEFT:
        card, rest = active_set[0], active_set[1:]
    else:
        card, rest = active_set[-1], active_set[:-1]
    if scout.rotated:
        card = card.rotated()
    return hand[: scout.slot] + (card,) + hand[scout.slot :], rest  # noqa: RUF005 - compiled, a join; unpacking builds a list first


implements("SC-SCOUT-01", "SC-SCOUT-02", "SC-SCOUT-05", "SC-GEN-02")(scouted)


def resolve_scout(state: State, seat: Seat, scout: Scout) -> State:
    """The state right after ``seat`` scouts (assumes a legal scout).

    With 3 to 5 players the owner receives a chip from the unlimited supply (SC-COMP-03) and
    the turn passes to the next seat; with 2
    the scout pays a chip to the centre and takes another turn. Either way the round may then
    end (:mod:`scout_ref.engine.round_end`).
    """
    hand, rest = scouted(state.hands[seat], state.active_set, scout)
    hands = list(state.hands)
    hands[seat] = hand
    if state.is_two_player:
        chips = pay_scout_chip(state.scout_chips, seat)
        after = seat
    else:
        counts = list(state.scout_chips)
        if state.owner is not None:  # a scout takes from an active set, which has an owner
            counts[state.owner] += 1
        chips = tuple(counts)
        after = next_seat(seat, state.players)
    return _after_play(
        state,
        turn=after,
        hands=tuple(hands),
        active_set=rest,
        owner=state.owner,
        captured=state.captured,
        scout_chips=chips,
        scout_show_available=state.scout_show_available,
    )


implements("SC-SCOUT-03", "SC-COMP-03", "SC-VAR2-03", "SC-TURN-01")(resolve_scout)
