"""Words and tables for the Play page: seat names, what each move scored and why, the game log.

Pure functions over :mod:`tutor.play.session` objects (no Streamlit), every learner-facing
string through :func:`tutor.lang.i18n._`.

>>> from cribbage_core import Card, ScoreKind
>>> from tutor.play.session import Move, MoveKind
>>> move = Move(1, MoveKind.PLAY, (Card.parse("7H"),), 15, ((1, ScoreKind.FIFTEEN, 2),))
>>> describe_move(move, seat_names(2))
'Computer laid 7♥: the count is 15. Computer scores 15 for 2.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cribbage_core.errors import (
    CardNotInHand,
    CountExceeded,
    CribbageError,
    MustPlay,
    NotYourTurn,
    WrongNumberOfCards,
    WrongPhase,
)
from cribbage_core.kinds import EventPhase, ResultKind, ScoreKind
from cribbage_core.pegging import MAX_COUNT
from tutor.lang.i18n import N_, _, cards_text, fmt_int, kind_label, ngettext
from tutor.play.session import MoveKind

if TYPE_CHECKING:
    import pandas as pd

    from tutor.play.session import Move, PlaySession

__all__ = [
    "seat_names",
    "side_names",
    "scored_phrase",
    "describe_move",
    "error_message",
    "log_frame",
    "LEVEL_LABELS",
    "RESULT_LABELS",
]

LEVEL_LABELS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
RESULT_LABELS: dict[str, str] = {
    ResultKind.WIN: N_("a win"),
    ResultKind.SKUNK: N_("a skunk"),
    ResultKind.DOUBLE_SKUNK: N_("a double skunk"),
    ResultKind.LURCH: N_("a lurch"),
}
_PHASES: dict[str, str] = {
    EventPhase.DEAL: N_("Cut for deal"),
    EventPhase.STARTER: N_("Starter"),
    EventPhase.PLAY: N_("The play"),
    EventPhase.SHOW_HAND: N_("The show"),
    EventPhase.SHOW_CRIB: N_("The crib"),
    "undo": N_("Take-back"),  # a take-back row of PlaySession.log_rows
}


def seat_names(players: int) -> list[str]:
    """A name per seat: you, then the computer players (your partner opposite with four)."""
    if players == 2:
        return [_("You"), _("Computer")]
    if players == 3:
        return [_("You"), _("Left computer"), _("Right computer")]
    return [_("You"), _("Left opponent"), _("Your partner"), _("Right opponent")]


def side_names(players: int) -> list[str]:
    """A name per scoring side (two teams with four players)."""
    if players == 4:
        return [_("You & partner"), _("Opponents")]
    return seat_names(players)


def scored_phrase(kind: str, points: int) -> str:
    """What one scoring event is called at the table: ``"15 for 2"``, ``"pair for 2"``, ``"go for 1"``."""
    pts = fmt_int(points)
    if kind == ScoreKind.FIFTEEN:
        return _("15 for {points}").format(points=pts)
    if kind == ScoreKind.THIRTY_ONE:
        return _("31 for {points}").format(points=pts)
    if kind == ScoreKind.RUN:
        return _("a run of {length} for {points}").format(length=fmt_int(points), points=pts)
    if kind == ScoreKind.HIS_HEELS:
        return _("his heels for {points}").format(points=pts)
    if kind == ScoreKind.MUGGINS:
        return _("muggins for {points}").format(points=pts)
    if kind == ScoreKind.CLAIMED:
        return _("{points} as claimed").format(points=pts)
    return _("{kind} for {points}").format(kind=kind_label(kind).lower(), points=pts)


def describe_move(move: Move, names: Sequence[str]) -> str:
    """One move in words, with what it scored and why."""
    who = names[move.seat]
    cards = cards_text(move.cards)
    if move.kind == MoveKind.DISCARD:
        if move.seat == 0:
            text = _("You laid away {cards}.").format(cards=cards)
        else:
            text = ngettext(
                "{who} laid away a card.", "{who} laid away {n} cards.", len(move.cards)
            ).format(who=who, n=fmt_int(len(move.cards)))
    elif move.kind == MoveKind.PLAY:
        text = _("{who} laid {card}: the count is {count}.").format(
            who=who, card=cards, count=fmt_int(move.count)
        )
    elif move.kind == MoveKind.GO:
        text = _("{who} cannot lay a card: go.").format(who=who)
    else:
        text = _("{who} counted.").format(who=who)
    by_seat: dict[int, list[str]] = {}
    for seat, kind, points in move.scored:
        by_seat.setdefault(seat, []).append(scored_phrase(kind, points))
    for seat, phrases in by_seat.items():
        what = _(", ").join(phrases)
        if seat == 0:
            text += " " + _("You score {what}.").format(what=what)
        else:
            text += " " + _("{who} scores {what}.").format(who=names[seat], what=what)
    return text


def error_message(error: CribbageError, count: int, next_name: str, discard_size: int) -> str:
    """A learner-facing message for an illegal click (the engine's message is for developers)."""
    if isinstance(error, CountExceeded):
        return _(
            "That card would take the count past 31 (it is {count} now). Lay a card worth {room} or less, "
            "or say go when none fits."
        ).format(count=fmt_int(count), room=fmt_int(MAX_COUNT - count))
    if isinstance(error, MustPlay):
        return _("You can still lay a card without passing 31, so you cannot say go.")
    if isinstance(error, NotYourTurn):
        return _("It is not your turn: {name} is to play.").format(name=next_name)
    if isinstance(error, CardNotInHand):
        return _("That card is not in your hand any more.")
    if isinstance(error, WrongNumberOfCards):
        return ngettext(
            "Choose exactly {n} card for the crib.", "Choose exactly {n} cards for the crib.", discard_size
        ).format(n=fmt_int(discard_size))
    if isinstance(error, WrongPhase):
        return _("That cannot be done now: the hand has moved on.")
    return _("That move is not allowed: {reason}").format(reason=str(error))


_SPECIAL_KINDS: dict[str, str] = {
    ScoreKind.CUT_FOR_DEAL: N_("Cut for deal"),
    ScoreKind.HIS_HEELS: N_("His heels"),
    ScoreKind.CLAIMED: N_("Claimed count"),
    ScoreKind.MUGGINS: N_("Muggins"),
}


def log_frame(session: PlaySession) -> pd.DataFrame:
    """The whole game log as a table: hand, when, who, what, cards, points, the scores after."""
    import pandas as pd

    names = seat_names(session.state.players)
    sides = side_names(session.state.players)
    columns = [_("Hand"), _("When"), _("Who"), _("What"), _("Cards"), _("Points"), *sides]
    labels: dict[tuple[str, str], tuple[str, str]] = {}  # translate each distinct label once
    take_back = _("Take-back: {what}")
    rows: list[list[Any]] = []
    for row in session.log_rows():
        key = (row["phase"], row["kind"])
        if key not in labels:
            phase = _(_PHASES.get(row["phase"], row["phase"]))
            kind = row["kind"]
            labels[key] = (phase, _(_SPECIAL_KINDS[kind]) if kind in _SPECIAL_KINDS else kind_label(kind))
        phase, what = labels[key]
        if row["phase"] == "undo":
            what = take_back.format(what=row["note"])
        rows.append(
            [row["hand"], phase, names[row["seat"]], what, row["cards"], row["points"], *row["scores"]]
        )
    return pd.DataFrame(rows, columns=columns)
