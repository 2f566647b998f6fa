"""The Discard trainer's parts: its options, the cards with their boxes, the throw graded and
recorded, and its answer on the page: the two keeps, the advisor's table, the starter chart.

Streamlit drawing over the pure words, tables and chart of :mod:`tutor.quiz.discard_text`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import pyarrow as pa  # type: ignore[import-untyped]  # (no type hints; installed with Streamlit)
import streamlit as st

from cribbage_core.cards import Card, format_cards
from cribbage_core.teaching.discard_quiz import DIFFICULTIES, DiscardDeal
from tutor.frame.render import bold, show_html
from tutor.frame.urlstate import new_seed
from tutor.html.cards import card_svg, cards_row
from tutor.lang.i18n import N_, _, card_text, fmt_int
from tutor.quiz import frame
from tutor.quiz.attempts import Attempt, DealTicket, next_deal, record_attempt
from tutor.quiz.discard_text import (
    advice_formats,
    advice_frame,
    points,
    starter_chart,
    starter_rows,
    starter_summary,
    tie_notes,
)
from tutor.quiz.feedback import choose_exactly
from tutor.quiz.grading import DiscardVerdict, grade_discard
from tutor.quiz.positions import discard_position

__all__ = [
    "DealKey",
    "clear_picks",
    "confirm_discard",
    "discard_options",
    "discard_result",
    "forget_problem",
    "next_hand",
    "pick_cards",
    "pick_key",
    "show_advice",
    "show_keeps",
    "show_wrong_number",
    "url_options",
]

ROLE_LABELS: Final = {
    "random": N_("Either"),
    "dealer": N_("Dealer (your crib)"),
    "pone": N_("Pone (their crib)"),
}
LEVEL_LABELS: Final = {
    "any": N_("Any hand"),
    "close": N_("Close calls"),
    "far": N_("Clear winners"),
}
THROWS: Final = {2: 2, 3: 1}  # players: the cards each throws
_RESULT_KEY: Final = (
    "discard_result"  # this deal's graded throw: its key, the verdict, where it was saved
)
_PROBLEM_KEY: Final = "discard_problem"  # how many cards a throw of the wrong number chose
#: A deal's key: the seed, the players, the seat chosen ("random" for either) and the difficulty.
DealKey = tuple[int, int, str, str]


def url_options() -> tuple[int, str, str]:
    """The deal's options from the URL (``?players=3&role=pone&level=close``)."""
    players = frame.url_choice("players", {"3": 3}, 2)
    role_choice = frame.url_choice("role", {"dealer": "dealer", "pone": "pone"}, "random")
    level = frame.url_choice("level", {d: d for d in DIFFICULTIES}, "any")
    return players, role_choice, level


def discard_options() -> None:
    """The options row: the seat, the difficulty and the players, kept in the URL (so a shared
    link deals the same hand the same way); a change forgets the ticks."""
    players, role_choice, level = url_options()
    options = st.container(key="quiz_options").columns([2.3, 1.0, 1.1])
    frame.url_option(
        options[0].radio,
        _("Your seat"),
        {r: _(label) for r, label in ROLE_LABELS.items()},
        key="discard_role",
        param="role",
        choices={"dealer": "dealer", "pone": "pone"},
        value=role_choice,
        then=clear_picks,
        horizontal=True,
        help=_(
            "The dealer's crib scores for the dealer; the pone gives cards to the opponent's crib."
        ),
    )
    frame.url_option(
        options[1].selectbox,
        _("Difficulty"),
        {lv: _(label) for lv, label in LEVEL_LABELS.items()},
        key="discard_level",
        param="level",
        choices={d: d for d in DIFFICULTIES},
        value=level,
        then=clear_picks,
        help=_(
            "Close calls: the best two discards are within a quarter point. "
            "Clear winners: the best is ahead by a point and a half or more."
        ),
    )
    frame.url_option(
        options[2].selectbox,
        _("Players"),
        {
            n: _("{players} players (throw {cards})").format(
                players=fmt_int(n), cards=fmt_int(throw)
            )
            for n, throw in THROWS.items()
        },
        key="discard_players",
        param="players",
        choices={"3": 3},
        value=players,
        then=clear_picks,
    )


def clear_picks() -> None:
    """Forget the throw and its verdict (a new deal)."""
    # Unticked, not deleted: a box still on the page (a card also in the next hand) keeps its
    # tick in the browser unless the script sets it.
    for key in [k for k in st.session_state if str(k).startswith("discard_pick_")]:
        st.session_state[key] = False
    st.session_state.pop(_RESULT_KEY, None)
    st.session_state.pop(_PROBLEM_KEY, None)


def next_hand() -> None:
    """The "Next hand" button's callback: a new seed in the address, a new deal ticket, no ticks."""
    st.query_params["seed"] = str(new_seed())
    next_deal()
    clear_picks()


def forget_problem() -> None:
    """A tick changed: the message about the wrong number of cards goes."""
    st.session_state.pop(_PROBLEM_KEY, None)


def discard_result(deal_key: DealKey) -> dict[str, Any] | None:
    """This deal's graded throw (None: not thrown yet)."""
    found = st.session_state.get(_RESULT_KEY)
    return found if isinstance(found, dict) and found.get("key") == deal_key else None


def confirm_discard(deal: DiscardDeal, deal_key: DealKey, ticket: DealTicket) -> None:
    """Grade the chosen cards ("Throw", a callback) and record the attempt; a wrong number of
    cards records nothing."""
    seed, players, role_choice, level = deal_key
    verdict = grade_discard(
        deal, [card for card in deal.hand if st.session_state.get(pick_key(card))]
    )
    if verdict.wrong_number:
        st.session_state[_PROBLEM_KEY] = len(verdict.thrown)
        return
    st.session_state.pop(_PROBLEM_KEY, None)
    saved = record_attempt(
        Attempt(
            "discard",
            seed,
            format_cards(sorted(verdict.thrown)),
            format_cards(deal.advice.best.discard),
            verdict.correct,
            {
                "ev_lost": round(verdict.loss, 4),
                "players": players,
                "role": deal.role.value,
                "level": None if level == "any" else level,
            },
            attempt_id=ticket.attempt_id,
            seconds=ticket.seconds(),
        ),
        position=discard_position(seed, players, role_choice, level),
    )
    st.session_state[_RESULT_KEY] = {"key": deal_key, "verdict": verdict, "saved": saved}


def show_wrong_number(deal: DiscardDeal) -> None:
    """After a throw of the wrong number of cards, how many to choose (gone with the next tick)."""
    problem = st.session_state.get(_PROBLEM_KEY)
    if problem is not None:
        st.error(
            choose_exactly(deal.throw, problem),
            icon=":material/touch_app:",
        )


def pick_key(card: Card) -> str:
    """The session key of the checkbox that throws ``card``."""
    return f"discard_pick_{card}"


def pick_cards(
    deal: DiscardDeal,
    thrown: tuple[Card, ...] | None,
    four_colour: bool,
    on_change: Callable[[], None],
) -> None:
    """The hand, each card with its "Throw" box; once ``thrown`` (graded), the boxes are locked."""
    for cell, card in zip(
        st.container(key="row_discard_pick").columns(7), deal.hand, strict=False
    ):  # six cards at most, and room
        with cell:
            picked = (
                bool(st.session_state.get(pick_key(card))) if thrown is None else card in thrown
            )
            show_html(
                f'<div dir="ltr" style="display:flex;justify-content:center;padding-top:8px">'
                f"{card_svg(card, highlighted=picked, dimmed=False, four_colour=four_colour, width=88)}</div>"
            )
            st.checkbox(
                _("Throw {card}").format(card=card_text(card)),
                key=pick_key(card),
                disabled=thrown is not None,
                on_change=on_change,
            )


def show_keeps(verdict: DiscardVerdict, four_colour: bool) -> None:
    """The cards the learner kept beside the best keep, each with its net worth."""
    assert verdict.chosen is not None and verdict.best is not None
    titles = (_("You kept"), _("Best keep"))
    for column, title, option in zip(
        st.columns(2), titles, (verdict.chosen, verdict.best), strict=True
    ):
        with column:
            st.markdown(bold(title) + " · " + _("net {points}").format(points=points(option.net)))
            show_html(cards_row(option.keep, four_colour=four_colour, width=64))


def show_advice(deal: DiscardDeal, verdict: DiscardVerdict) -> None:
    """Every discard, best first (the learner's marked), then the kept hand with every starter."""
    assert verdict.chosen is not None and verdict.best is not None
    st.header(_("Every discard, best first"))
    table = advice_frame(deal.advice, verdict.thrown)
    # A plain table with its numbers formatted by the column settings: a pandas Styler (the
    # rows coloured) cost more to send than the rest of the verdict; the marks say which row
    # is the best and which yours.
    formats = {
        name: st.column_config.NumberColumn(format=shown)
        for name, shown in advice_formats().items()
    }
    st.dataframe(
        table,
        width="stretch",
        height=36 * (len(table) + 1) + 4,  # every row in view: the learner's may be the last
        key="discard_table",
        column_config={
            "": st.column_config.TextColumn(_("Mark"), width=140),
            **formats,
        },  # a header a screen reader can say
    )
    notes = tie_notes(deal.advice)
    if notes:
        st.caption("\n".join(f"- **{fmt_int(rank)}** · {note}" for rank, note in notes))
    st.caption(
        _(
            "Hand: the kept cards' average over all {n} starters. Crib: what the thrown cards are worth "
            "in the crib on average, plus for your crib and minus for the opponent's. Net = hand + crib. "
            "Min and max: the kept hand's lowest and highest score."
        ).format(n=deal.advice.starters)
    )

    st.header(_("Your kept hand with every possible starter"))
    rows = starter_rows(
        deal.hand, verdict.chosen.keep, None if verdict.correct else verdict.best.keep
    )
    # the data as an Arrow table: Streamlit sends it as it is (a list of rows goes through pandas)
    summary = starter_summary(rows)  # under the chart, and its text alternative (the chart's label)
    st.vega_lite_chart(
        pa.table(rows), spec={**starter_chart(rows), "description": summary}, width="stretch"
    )
    st.caption(summary)
