"""The coached first game's words: what each step says, what happened in the play, the coach's
hints. Whole sentences, one message per seat (the dealer, the pone) and per case, so each
language can use its own grammar. Pure functions (no Streamlit), in the run's language.

>>> from cribbage_core.teaching.first_game import coached_discards, deal, start
>>> from cribbage_core.game import Play
>>> state = coached_discards(deal(start()))
>>> after = state.apply(Play(1, state.hands[1][0]))
>>> narrate(state, Play(1, state.hands[1][0]), after)
['The pone lays 10♣: the count is 10.']
"""

from __future__ import annotations

from cribbage_core.cards import Card
from cribbage_core.game import Action, GameState, Go, Play
from cribbage_core.kinds import EventPhase, ScoreKind
from cribbage_core.teaching.first_game import HintKind, PlayHint
from tutor.lang.i18n import _, card_text, fmt_int, ngettext

__all__ = ["cut_lines", "hint_text", "narrate", "turn_text"]


def _is_dealer(state: GameState, seat: int) -> bool:
    return seat == state.dealer


def cut_lines(cuts: tuple[tuple[int, Card], ...], dealer: int) -> list[str]:
    """What the cut for deal showed and who deals (a note when the cards count the same)."""
    (_first, first), (_second, second) = cuts[-2:]
    lines = [
        _("The first player cut {first} and the second player {second}.").format(
            first=card_text(first), second=card_text(second)
        ),
        _(
            "So the first player is the dealer, with the crib this hand, and the second player is "
            "the pone, who plays first."
        )
        if dealer == 0
        else _(
            "So the second player is the dealer, with the crib this hand, and the first player is "
            "the pone, who plays first."
        ),
    ]
    if first.value == second.value and first.rank != second.rank:
        lines.append(
            _(
                "Both cards count ten, but the cut compares ranks, not counts: ace lowest, then two to "
                "ten, jack, queen and king."
            )
        )
    return lines


def turn_text(state: GameState) -> str:
    """Whose turn it is in the play, and what to do."""
    seat = state.seat_to_act()
    must_go = isinstance(state.legal_for(seat)[0], Go)
    if _is_dealer(state, seat):
        return (
            # TRANSLATORS: a card fits if laying it keeps the count at 31 or less (a card making exactly
            # 31 fits and scores 2); say 'every card would take the count past 31', not 'below 31'.
            _("The dealer has no card that fits under thirty-one: say go.")
            if must_go
            else _("The dealer's turn: lay a card.")
        )
    return (
        # TRANSLATORS: a card fits if laying it keeps the count at 31 or less (a card making exactly
        # 31 fits and scores 2); say 'every card would take the count past 31', not 'below 31'.
        _("The pone has no card that fits under thirty-one: say go.")
        if must_go
        else _("The pone's turn: lay a card.")
    )


def _lay_line(dealer: bool, card: Card, count: int) -> str:
    if dealer:
        return _("The dealer lays {card}: the count is {count}.").format(
            card=card_text(card), count=fmt_int(count)
        )
    return _("The pone lays {card}: the count is {count}.").format(
        card=card_text(card), count=fmt_int(count)
    )


def _score_line(dealer: bool, kind: ScoreKind, points: int) -> str:
    """One scoring event of the play, for the dealer or the pone."""
    n = points
    if kind == ScoreKind.FIFTEEN:
        text = (
            ngettext(
                "The dealer makes fifteen and pegs {n} point.",
                "The dealer makes fifteen and pegs {n} points.",
                n,
            )
            if dealer
            else ngettext(
                "The pone makes fifteen and pegs {n} point.",
                "The pone makes fifteen and pegs {n} points.",
                n,
            )
        )
    elif kind == ScoreKind.THIRTY_ONE:
        text = (
            ngettext(
                "The dealer makes thirty-one exactly and pegs {n} point; the count starts again from zero.",
                "The dealer makes thirty-one exactly and pegs {n} points; the count starts again from zero.",
                n,
            )
            if dealer
            else ngettext(
                "The pone makes thirty-one exactly and pegs {n} point; the count starts again from zero.",
                "The pone makes thirty-one exactly and pegs {n} points; the count starts again from zero.",
                n,
            )
        )
    elif kind == ScoreKind.PAIR:
        text = (
            ngettext(
                "The dealer pairs the card before and pegs {n} point.",
                "The dealer pairs the card before and pegs {n} points.",
                n,
            )
            if dealer
            else ngettext(
                "The pone pairs the card before and pegs {n} point.",
                "The pone pairs the card before and pegs {n} points.",
                n,
            )
        )
    elif kind == ScoreKind.GO:
        text = (
            ngettext(
                "The dealer laid the last card before the go and pegs {n} point; the count starts again from zero.",
                "The dealer laid the last card before the go and pegs {n} points; the count starts again from zero.",
                n,
            )
            if dealer
            else ngettext(
                "The pone laid the last card before the go and pegs {n} point; the count starts again from zero.",
                "The pone laid the last card before the go and pegs {n} points; the count starts again from zero.",
                n,
            )
        )
    elif kind == ScoreKind.LAST_CARD:
        text = (
            ngettext(
                "The dealer laid the last card of the play and pegs {n} point.",
                "The dealer laid the last card of the play and pegs {n} points.",
                n,
            )
            if dealer
            else ngettext(
                "The pone laid the last card of the play and pegs {n} point.",
                "The pone laid the last card of the play and pegs {n} points.",
                n,
            )
        )
    else:  # the scripted deal holds no run and no pair royal (tests/core/teaching/test_first_game.py)
        raise ValueError(f"the coached game has no words for {kind!r} in the play")
    return text.format(n=fmt_int(n))


#: The kinds of the play the coached game's words cover (every kind its deal can score).
NARRATED_KINDS = (
    ScoreKind.FIFTEEN,
    ScoreKind.THIRTY_ONE,
    ScoreKind.PAIR,
    ScoreKind.GO,
    ScoreKind.LAST_CARD,
)


def narrate(before: GameState, action: Action, after: GameState) -> list[str]:
    """What happened when ``action`` took ``before`` to ``after`` in the play, in sentences."""
    lines = []
    if isinstance(action, Play):
        lines.append(
            _lay_line(
                _is_dealer(before, action.seat), action.card, before.count + action.card.value
            )
        )
    elif isinstance(action, Go):
        lines.append(
            _("The dealer says go: no card fits.")
            if _is_dealer(before, action.seat)
            else _("The pone says go: no card fits.")
        )
    for event in after.log[len(before.log) :]:
        if event.phase is EventPhase.PLAY:
            lines.append(_score_line(_is_dealer(before, event.seat), event.kind, event.points))
    return lines


def hint_text(hint: PlayHint) -> str:
    """The coach's card and why, in a sentence."""
    card = card_text(hint.card) if hint.card is not None else ""
    if hint.kind is HintKind.GO:
        # TRANSLATORS: a card fits if laying it keeps the count at 31 or less (a card making exactly
        # 31 fits and scores 2); say 'every card would take the count past 31', not 'below 31'.
        return _("No card of this hand fits under thirty-one: say go.")
    if hint.kind is HintKind.ONLY:
        # TRANSLATORS: a card fits if laying it keeps the count at 31 or less (a card making exactly
        # 31 fits and scores 2); say 'every card would take the count past 31', not 'below 31'.
        return _("Only {card} fits under thirty-one, so it is the card to lay.").format(card=card)
    if hint.kind is HintKind.SCORES:
        return ngettext(
            "The coach would lay {card}: it scores {n} point now.",
            "The coach would lay {card}: it scores {n} points now.",
            hint.points,
        ).format(card=card, n=fmt_int(hint.points))
    if hint.kind is HintKind.LEAD_LOW:
        return _(
            "The coach would lead {card}: on a card under five, no single card makes fifteen."
        ).format(card=card)
    if hint.kind is HintKind.LEAD:
        return _(
            "The coach would lead {card}. Avoid leading a five: so many cards count ten that the "
            "next player often makes fifteen."
        ).format(card=card)
    return _(
        "The coach would lay {card}: no card scores now, and over the rest of the play it keeps "
        "this seat's points, less the other player's, the highest on average."
    ).format(card=card)
