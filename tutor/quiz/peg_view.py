"""The Pegging trainer's position and verdict on the page: the table, the play so far, your cards.

Streamlit drawing over the pure words and table of :mod:`tutor.quiz.peg_text`.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from cribbage_core.cards import Card
from cribbage_core.coach.positions import uniform_advice
from cribbage_core.coach.read import ReadFact, read_fact
from cribbage_core.teaching.peg_trainer import (
    CLOSE_WIN_GAP,
    DIFFICULTIES,
    FAR_WIN_GAP,
    SPOTS,
    PegPosition,
    PegSpot,
    PegVerdict,
    banked_position,
    judge,
)
from tutor.frame.render import bold, show_html
from tutor.html.cards import card_back_svg, card_svg
from tutor.html.play import play_html
from tutor.lang.i18n import N_, _, card_text, fmt_int, fmt_percent, kind_name, ngettext, own_digits
from tutor.quiz import frame
from tutor.quiz.attempts import Attempt, DealTicket, Saved, record_attempt
from tutor.quiz.peg_text import setting_lines, values_frame
from tutor.quiz.positions import PEG_KIND_SLUGS, peg_trainer_position

__all__ = [
    "lay_key",
    "position_of",
    "read_of",
    "show_cards",
    "show_position",
    "show_values",
    "trainer_filters",
]

#: The trainer's difficulty filter, as its address spells it.
LEVEL_LABELS = {"any": N_("Any position"), "close": N_("Close calls"), "far": N_("Clear winners")}


@st.cache_data(max_entries=512, show_spinner=False)
def position_of(seed: int, spot: str | None, level: str | None) -> PegPosition:
    """The bank's position of a seed and options with its values, valued once (a verdict is then
    ~1 ms); never searched for, so any seed costs milliseconds."""
    return banked_position(seed, spot, level)


def read_of(position: PegPosition, verdict: PegVerdict) -> ReadFact | None:
    """How the card laid depends on what the opponent has shown (:mod:`cribbage_core.coach.read`):
    the position's uniform search made once the verdict asks for it, and kept
    (:func:`cribbage_core.coach.positions.uniform_advice`)."""
    view = position.view
    return read_fact(view, verdict.chosen.card, position.advice, uniform_advice(view))


def _row(svgs: list[str], gap: int = 4) -> str:
    return f'<div dir="ltr" style="display:flex;gap:{gap}px;padding:4px 0">{"".join(svgs)}</div>'


def show_position(position: PegPosition, four_colour: bool) -> None:
    """Who dealt and the scores; the starter, your crib cards, the opponent; the play so far."""
    view = position.view
    assert view.starter is not None
    st.info("\n\n".join(setting_lines(position)), icon=":material/playing_cards:")
    starter, crib, opponent = st.container(key="row_peg_table").columns([1, 1, 2])
    starter.markdown(bold(_("Starter")))
    with starter:
        show_html(_row([card_svg(view.starter, four_colour=four_colour, width=58)]))
    crib.markdown(bold(_("Your cards in the crib")))
    with crib:
        show_html(_row([card_svg(c, four_colour=four_colour, width=46) for c in view.discards]))
    opponent.markdown(bold(_("Your opponent")))
    left = position.opponent_cards
    with opponent:
        if left:
            show_html(_row([card_back_svg(width=30) for _ in range(left)]))
    status = (
        ngettext("{n} card left", "{n} cards left", left).format(n=fmt_int(left))
        if left
        else _("no cards left")
    )
    if position.opponent_said_go:
        status += " · " + _("said go in this series")
    opponent.caption(status)
    st.markdown(bold(_("The play so far")))
    if position.steps:
        show_html(
            play_html(
                position.steps, four_colour=four_colour, reveal_last=False, current=position.series
            )
        )
    if view.pile:
        st.markdown(_("The count is **{count}**.").format(count=fmt_int(view.count)))
    else:
        st.caption(_("You lead: the count is {zero}.").format(zero=fmt_int(0)))


def lay_key(card: Card) -> str:
    """The session key of the button that lays ``card``."""
    return f"pegt_lay_{card}"


def show_cards(
    position: PegPosition, laid: Card | None, four_colour: bool, on_lay: Callable[[str], None]
) -> None:
    """Your cards, each with its "Lay" button (disabled when it does not fit, and once ``laid``);
    a Go button only when no card fits."""
    view = position.view
    room = 31 - view.count
    st.markdown(bold(_("Your cards: which would you lay?")))
    for cell, card in zip(
        st.container(key="row_peg_hand").columns(max(len(view.hand), 4)), view.hand, strict=False
    ):
        fits = card.value <= room
        with cell:
            svg = card_svg(
                card, highlighted=card == laid, dimmed=not fits, four_colour=four_colour, width=78
            )
            show_html(_row([svg]))
            st.button(
                _("Lay {card}").format(card=card_text(card)),
                key=lay_key(card),
                disabled=laid is not None or not fits,
                on_click=on_lay,
                args=(str(card),),
                width="stretch",
                type="primary" if laid is None and fits else "secondary",
                help=None
                if fits
                else _("This card would take the count past {thirty_one}.").format(
                    thirty_one=fmt_int(31)
                ),
            )
    if not any(card.value <= room for card in view.hand):  # never, in a position with a choice
        st.button(_("Go (I cannot lay a card)"), key="pegt_go", disabled=True)


def show_values(position: PegPosition, verdict: PegVerdict) -> None:
    """Every legal card, best first, with what it is worth (after the verdict)."""
    st.header(_("Every card, best first"))
    st.dataframe(values_frame(position, verdict), hide_index=True, key="pegt_table")
    st.caption(
        _(
            "Over the play: the points this card is expected to bring from now to the end of the play, "
            "yours minus your opponent's, against every hand your opponent may hold (weighed by what it "
            "kept and what it has laid), with both sides playing on well."
        )
    )


def record_lay(
    quiz: str,
    position: PegPosition,
    card: str,
    seed: int,
    spot: PegSpot | None,
    level: str | None,
    ticket: DealTicket,
    *,
    drill: bool,
) -> tuple[Card, Saved]:
    """Grade ``card`` laid in ``position`` and record the attempt; returns the card laid and
    where the answer went, for the page to keep and draw."""
    verdict = judge(position, card)
    kinds = tuple(sorted(position.kinds))
    extra = {
        "points_lost": round(verdict.points_lost, 4),
        "grade": verdict.grade.value,
        "drill": drill,
        "win_lost": None if verdict.win_lost is None else round(verdict.win_lost, 4),
        "kind": spot.value if spot else None,
        "level": level,
    }
    attempt = Attempt(
        quiz,
        seed,
        str(verdict.chosen.card),
        str(verdict.best.card),
        verdict.correct,
        extra,
        attempt_id=ticket.attempt_id,
        categories=kinds,
        categories_missed=() if verdict.correct else kinds,
        seconds=ticket.seconds(),
    )
    saved = record_attempt(attempt, position=peg_trainer_position(seed, spot, level))
    return verdict.chosen.card, saved


def trainer_filters(kind: str, level: str, then: Callable[[], None]) -> None:
    """The kind of position and the difficulty to deal, kept in the address (``?kind=``,
    ``?level=``); ``then`` runs when either changes."""
    options = st.container(key="quiz_options").columns(2)
    frame.url_option(
        options[0].selectbox,
        _("Kind of position"),
        {"any": _("Any kind"), **{s: kind_name(s) for s in SPOTS}},
        key="pegt_kind",
        param="kind",
        choices=PEG_KIND_SLUGS,
        value=kind,
        then=then,
        help=_(
            "Leading a series; a count of {five} or {twenty_one}; pairing (and the pair royal it invites); runs; "
            "playing for the go and the last card; the endgame, when a side can win this deal."
        ).format(five=fmt_int(5), twenty_one=fmt_int(21)),
    )
    frame.url_option(
        options[1].selectbox,
        _("Difficulty"),
        {lv: _(label) for lv, label in LEVEL_LABELS.items()},
        key="pegt_level",
        param="level",
        choices={d: d for d in DIFFICULTIES},
        value=level,
        then=then,
        help=_(
            "Close calls: the best two cards are within a quarter point (or {close} of the chance to win). "
            "Clear winners: the best is ahead by a point or more (or {clear})."
        ).format(close=own_digits(f"{CLOSE_WIN_GAP:.1%}"), clear=fmt_percent(FAR_WIN_GAP)),
    )
