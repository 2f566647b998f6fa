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
    DuplicateCard,
    InvalidSavedGame,
    MustPlay,
    NotYourTurn,
    WrongNumberOfCards,
    WrongPhase,
)
from cribbage_core.kinds import EventPhase, ResultKind, ScoreKind
from cribbage_core.pegging import MAX_COUNT
from cribbage_core.result import SkunkRule
from tutor.lang.i18n import N_, _, cards_text, fmt_int, kind_label, list_text, ltr, ngettext
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
    "saved_game_problem",
    "log_frame",
    "LEVEL_LABELS",
    "RESULT_LABELS",
    "SKUNK_LABELS",
    "SKUNK_CHOICES",
    "DEALER_LABELS",
    "PLAYER_LABELS",
    "player_label",
    "skunk_label",
]

LEVEL_LABELS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
RESULT_LABELS: dict[str, str] = {
    ResultKind.WIN: N_("a win"),
    ResultKind.SKUNK: N_("a skunk"),
    ResultKind.DOUBLE_SKUNK: N_("a double skunk"),
    ResultKind.LURCH: N_("a lurch"),
}
SKUNK_LABELS = {
    SkunkRule.SKUNK: N_("Skunk: win by more than {skunk} (double: more than {double})"),
    SkunkRule.LURCH: N_("Lurch: loser under half the target"),
    SkunkRule.THREE_QUARTERS: N_("Skunk under {three_quarters} of the target, double under {half}"),
    SkunkRule.NONE: N_("None: every win counts one"),
}
#: The same rules said short enough for the new-game form's drop-down: its box is one line
#: that cannot wrap (half a phone's width), and cut "Skunk: win by more than 30 (doubl…".
SKUNK_CHOICES = {
    SkunkRule.SKUNK: N_("Skunk over {skunk}, double over {double}"),
    SkunkRule.LURCH: N_("Lurch: loser under half"),
    SkunkRule.THREE_QUARTERS: N_("Skunk under {three_quarters}, double under {half}"),
    SkunkRule.NONE: N_("None: every win counts one"),
}
DEALER_LABELS = {
    "cut": N_("Cut for deal"),
    "me": N_("I deal"),
    "opponent": N_("The computer deals"),
}
PLAYER_LABELS = {2: N_("{n} players"), 3: N_("{n} players"), 4: N_("{n} players (partners)")}
_PHASES: dict[str, str] = {
    EventPhase.DEAL: N_("Cut for deal"),
    EventPhase.STARTER: N_("Starter"),
    EventPhase.PLAY: N_("The play"),
    EventPhase.SHOW_HAND: N_("The show"),
    EventPhase.SHOW_CRIB: N_("The crib"),
    "undo": N_("Take-back"),  # a take-back row of PlaySession.log_rows
}


def player_label(players: int) -> str:
    """The number of players as the settings show it ("2 players", "4 players (partners)")."""
    return _(PLAYER_LABELS[players]).format(n=fmt_int(players))


def skunk_label(rule: SkunkRule, short: bool = False) -> str:
    """A skunk rule as the settings show it, its numbers in the learner's digits; ``short``: as
    the new-game form's drop-down offers it (:data:`SKUNK_CHOICES`).

    >>> skunk_label(SkunkRule.SKUNK), skunk_label(SkunkRule.SKUNK, short=True)
    ('Skunk: win by more than 30 (double: more than 60)', 'Skunk over 30, double over 60')
    """
    return _((SKUNK_CHOICES if short else SKUNK_LABELS)[rule]).format(
        skunk=fmt_int(30),
        double=fmt_int(60),
        three_quarters=ltr(f"{fmt_int(3)}/{fmt_int(4)}"),
        half=ltr(f"{fmt_int(1)}/{fmt_int(2)}"),
    )


def seat_names(players: int, player: str | None = None) -> list[str]:
    """A name per seat: you, then the computer players (your partner opposite with four).

    ``player`` is the name of the first seat when the page shows someone else's game (it is
    watched): their name, never "You". Names are plain text: escape them where they are drawn.

    >>> seat_names(2), seat_names(4, "Ann")[::2]
    (['You', 'Computer'], ['Ann', "Ann's partner"])
    """
    if player is not None:
        names = seat_names(players)
        names[0] = player
        if players == 4:
            names[2] = _("{name}'s partner").format(name=player)
        return names
    if players == 2:
        return [_("You"), _("Computer")]
    if players == 3:
        return [_("You"), _("Left computer"), _("Right computer")]
    return [_("You"), _("Left opponent"), _("Your partner"), _("Right opponent")]


def side_names(players: int, player: str | None = None) -> list[str]:
    """A name per scoring side (two teams with four players); ``player`` as in :func:`seat_names`."""
    if players == 4:
        return [
            _("You & partner") if player is None else _("{name} & partner").format(name=player),
            _("Opponents"),
        ]
    return seat_names(players, player)


def scored_phrase(kind: str, points: int) -> str:
    """What one scoring event is called at the table: ``"15 for 2"``, ``"pair for 2"``, ``"go for 1"``.

    One whole message per kind (never a kind's name glued into ``"{kind} for {points}"``), so
    each language can inflect the kind before its postposition (Urdu ``جوڑے کے 2``).
    """
    n, pts = points, fmt_int(points)
    match kind:
        case ScoreKind.FIFTEEN:
            text = ngettext("{fifteen} for {points}", "{fifteen} for {points}", n)
        case ScoreKind.THIRTY_ONE:
            text = ngettext("{thirty_one} for {points}", "{thirty_one} for {points}", n)
        case ScoreKind.PAIR:
            text = ngettext("pair for {points}", "pair for {points}", n)
        case ScoreKind.PAIR_ROYAL:
            text = ngettext("pair royal for {points}", "pair royal for {points}", n)
        case ScoreKind.DOUBLE_PAIR_ROYAL:
            text = ngettext("double pair royal for {points}", "double pair royal for {points}", n)
        case ScoreKind.RUN:
            text = ngettext("a run of {length} for {points}", "a run of {length} for {points}", n)
        case ScoreKind.FLUSH:
            text = ngettext("flush for {points}", "flush for {points}", n)
        case ScoreKind.NOBS:
            text = ngettext("nobs for {points}", "nobs for {points}", n)
        case ScoreKind.GO:
            text = ngettext("go for {points}", "go for {points}", n)
        case ScoreKind.LAST_CARD:
            text = ngettext("last card for {points}", "last card for {points}", n)
        case ScoreKind.HIS_HEELS:
            text = ngettext("his heels for {points}", "his heels for {points}", n)
        case ScoreKind.MUGGINS:
            text = ngettext("muggins for {points}", "muggins for {points}", n)
        case ScoreKind.CLAIMED:
            text = ngettext("{points} as claimed", "{points} as claimed", n)
        case _:  # the cut for deal scores nothing; an unknown stored word is shown as it is
            return f"{kind} {pts}"
    # a run's length is its points
    return text.format(fifteen=fmt_int(15), thirty_one=fmt_int(MAX_COUNT), length=pts, points=pts)


def describe_move(move: Move, names: Sequence[str], watched: bool = False) -> str:
    """One move in words, with what it scored and why. The first seat's moves are "you" unless
    the game is ``watched`` (someone else's): then they are told as any other player's, by name,
    and the cards that player laid away stay hidden.

    >>> from cribbage_core import Card
    >>> from tutor.play.session import Move
    >>> move = Move(0, MoveKind.PLAY, (Card.parse("7H"),), 15, ((0, ScoreKind.FIFTEEN, 2),))
    >>> describe_move(move, seat_names(2, "Ann"), watched=True)
    'Ann laid 7♥: the count is 15. Ann scores 15 for 2.'
    """
    who = names[move.seat]
    cards = cards_text(move.cards)
    mine = move.seat == 0 and not watched
    if move.kind == MoveKind.DISCARD:
        if mine:
            text = _("You laid away {cards}.").format(cards=cards)
        else:
            text = ngettext(
                "{who} laid away a card.", "{who} laid away {n} cards.", len(move.cards)
            ).format(who=who, n=fmt_int(len(move.cards)))
    elif move.kind == MoveKind.PLAY and mine and move.forced:
        text = _(
            "Your {card} was the only card that fitted, laid for you: the count is {count}."
        ).format(card=cards, count=fmt_int(move.count))
    elif move.kind == MoveKind.PLAY and mine:
        text = _("You laid {card}: the count is {count}.").format(
            card=cards, count=fmt_int(move.count)
        )
    elif move.kind == MoveKind.PLAY:
        text = _("{who} laid {card}: the count is {count}.").format(
            who=who, card=cards, count=fmt_int(move.count)
        )
    elif move.kind == MoveKind.GO and mine:  # go is never a choice: the table says it
        text = _("No card of yours fits (the count is {count}): go, said for you.").format(
            count=fmt_int(move.count)
        )
    elif move.kind == MoveKind.GO:
        text = _("{who} cannot lay a card: go.").format(who=who)
    elif mine:
        text = _("You counted.")
    else:
        text = _("{who} counted.").format(who=who)
    by_seat: dict[int, list[str]] = {}
    for seat, kind, points in move.scored:
        by_seat.setdefault(seat, []).append(scored_phrase(kind, points))
    sentences = [text]
    for seat, phrases in by_seat.items():
        what = list_text(phrases)
        if seat == 0 and not watched:
            sentences.append(_("You score {what}.").format(what=what))
        else:
            sentences.append(_("{who} scores {what}.").format(who=names[seat], what=what))
    return " ".join(sentences)  # whole sentences, side by side


def error_message(error: CribbageError, count: int, next_name: str, discard_size: int) -> str:
    """A learner-facing message for an illegal click (the engine's message is for developers)."""
    if isinstance(error, CountExceeded):
        return _(
            "That card would take the count past {thirty_one} (it is {count} now). Lay a card worth {room} or "
            "less, or say go when none fits."
        ).format(
            thirty_one=fmt_int(MAX_COUNT), count=fmt_int(count), room=fmt_int(MAX_COUNT - count)
        )
    if isinstance(error, MustPlay):
        return _(
            "You can still lay a card without passing {thirty_one}, so you cannot say go."
        ).format(thirty_one=fmt_int(MAX_COUNT))
    if isinstance(error, NotYourTurn):
        return _("It is not your turn: {name} is to play.").format(name=next_name)
    if isinstance(error, CardNotInHand):
        return _("That card is not in your hand any more.")
    if isinstance(error, WrongNumberOfCards):
        return ngettext(
            "Choose exactly {n} card for the crib.",
            "Choose exactly {n} cards for the crib.",
            discard_size,
        ).format(n=fmt_int(discard_size))
    if isinstance(error, WrongPhase):
        return _("That cannot be done now: the hand has moved on.")
    return _("That move is not allowed: {reason}").format(reason=str(error))


_BROKEN_RULES = (
    (CountExceeded, N_("the count would pass {thirty_one}.")),
    (MustPlay, N_("a go was said while a card could be laid.")),
    (NotYourTurn, N_("it was not that player's turn.")),
    (CardNotInHand, N_("that card was not in the player's hand.")),
    (WrongNumberOfCards, N_("the wrong number of cards was laid away.")),
    (DuplicateCard, N_("the same card is there twice.")),
    (WrongPhase, N_("it came at the wrong moment of the hand.")),
)


def saved_game_problem(error: InvalidSavedGame) -> str:
    """Why a saved game cannot be continued, in the learner's words (naming the move or field)."""
    if error.problem == "unreadable":
        reason = _("its text is damaged: it is not a saved game.")
    elif error.problem == "version":
        reason = _("it was saved in a format this app does not know.")
    elif error.problem == "move":
        rule = next(
            (
                _(text).format(thirty_one=fmt_int(MAX_COUNT))
                for kind, text in _BROKEN_RULES
                if isinstance(error.__cause__, kind)
            ),
            None,
        )
        reason = _("move {n} breaks a rule: {rule}").format(
            n=fmt_int(error.step or 0), rule=rule or _("the rules do not allow it.")
        )
    elif error.problem == "mismatch":
        reason = _("{field} does not follow from the moves played.").format(field=error.where)
    else:
        reason = _("{field} is missing or wrong.").format(field=error.where or "?")
    return _("This saved game cannot be continued: {reason}").format(reason=reason)


_SPECIAL_KINDS: dict[str, str] = {
    ScoreKind.CUT_FOR_DEAL: N_("Cut for deal"),
    ScoreKind.HIS_HEELS: N_("His heels"),
    ScoreKind.CLAIMED: N_("Claimed count"),
    ScoreKind.MUGGINS: N_("Muggins"),
}


def log_frame(session: PlaySession, player: str | None = None) -> pd.DataFrame:
    """The whole game log as a table: hand, when, who, what, cards, points, the scores after
    (``player`` names the first seat of a watched game, as in :func:`seat_names`)."""
    import pandas as pd

    names = seat_names(session.state.players, player)
    sides = side_names(session.state.players, player)
    columns = [_("Hand"), _("When"), _("Who"), _("What"), _("Cards"), _("Points"), *sides]
    labels: dict[tuple[str, str], tuple[str, str]] = {}  # translate each distinct label once
    take_back = _("Take-back: {what}")
    rows: list[list[Any]] = []
    for row in session.log_rows():
        key = (row["phase"], row["kind"])
        if key not in labels:
            phase = _(_PHASES.get(row["phase"], row["phase"]))
            kind = row["kind"]
            labels[key] = (
                phase,
                _(_SPECIAL_KINDS[kind]) if kind in _SPECIAL_KINDS else kind_label(kind),
            )
        phase, what = labels[key]
        if row["phase"] == "undo":
            what = take_back.format(what=row["note"])
        rows.append(
            # the cards (labels) stay left to right in Urdu: "8♣", never "♣8"
            [
                row["hand"],
                phase,
                names[row["seat"]],
                what,
                ltr(row["cards"]) if row["cards"] else "",
                row["points"],
                *row["scores"],
            ]
        )
    return pd.DataFrame(rows, columns=columns)
