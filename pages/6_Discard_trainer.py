"""Discard trainer: choose the cards to lay away to the crib, graded by expected value."""

from __future__ import annotations

import streamlit as st

from cribbage_core.seats import Role
from cribbage_core.teaching.discard_quiz import deal_discard
from tutor.frame.menu import four_colour, setup_page
from tutor.frame.urlstate import seed_from_url
from tutor.lang.i18n import N_, _, ngettext
from tutor.quiz import frame
from tutor.quiz.attempts import (
    attempts,
    deal_ticket,
    quiz_learner,
    quiz_stats,
    redraw_menu_if_due_changed,
)
from tutor.quiz.discard_text import points, seat_text
from tutor.quiz.discard_view import (
    clear_picks,
    confirm_discard,
    discard_options,
    discard_result,
    forget_problem,
    next_hand,
    pick_cards,
    show_advice,
    show_keeps,
    show_wrong_number,
    url_options,
)
from tutor.quiz.feedback import discard_notes
from tutor.quiz.level_view import level_on, level_panel, next_at_level

PAGE = "pages/6_Discard_trainer.py"

lang = setup_page(PAGE, N_("Discard trainer"))
st.title(_("Discard trainer"))
st.container(key="below_intro").caption(  # on a phone, under the question
    _(
        "Choose the cards to lay away to the crib. Each choice is graded by its average worth over "
        "every possible starter: your hand's points plus the crib's (minus, when the crib is your opponent's)."
    )
)
learner = quiz_learner()
at_level = level_on("discard")  # practise at my level: the bank's default deals, no options

# ---- options (in the URL, so a shared link deals the same hand the same way)
if at_level is None:
    discard_options()
colours = four_colour()


def _next_hand() -> None:
    if at_level is None:
        next_hand()
        return
    next_at_level("discard", at_level)
    clear_picks()


@st.fragment
def _trainer() -> None:
    """The score, the deal, the throw and its verdict, the next hand: a throw or "Next hand"
    reruns only this part (the menu, the title and the options above stay as they are: a
    whole page run costs the server about twice as much)."""
    if level_on("discard") != at_level:  # turned on or off in here: the options row changes
        st.rerun()
    # ---- the deal, from the URL: ?seed=...&players=3&role=pone&level=close
    seed = seed_from_url()
    players, role_choice, level = url_options()
    fixed_role = Role(role_choice) if role_choice != "random" else None
    deal = deal_discard(
        seed, players=players, role=fixed_role, difficulty=None if level == "any" else level
    )
    deal_key = (seed, players, role_choice, level)
    # the attempt id comes with the deal (and survives a reload), so an answer counts once
    ticket = deal_ticket("discard", seed, variant=f"{players}:{role_choice}:{level}")

    # ---- session score
    losses = [float((a.extra or {}).get("ev_lost", 0.0)) for a in attempts("discard")]
    frame.score_row(
        quiz_stats("discard"),
        _("Best discards in a row"),
        extra=(
            _("Points given up"),
            points(sum(losses) / len(losses)) if losses else "–",
            _("Average points given up per hand, against the best discard"),
        ),
    )
    if learner is not None:
        level_panel("discard", at_level)
    result = discard_result(deal_key)

    # ---- the seat and the cards
    dealing = deal.role is Role.DEALER
    st.info(
        seat_text(deal.role, deal.throw),
        icon=":material/inventory_2:" if dealing else ":material/person:",
    )
    verdict = result["verdict"] if result is not None else None

    @st.fragment
    def _hand() -> None:
        """The cards with their boxes: a tick reruns only this part (a few ms of the server's
        CPU). "Throw" below is outside it."""
        pick_cards(
            deal, verdict.thrown if verdict is not None else None, colours, on_change=forget_problem
        )
        if verdict is None:  # gone with the next tick
            show_wrong_number(deal)

    _hand()
    if verdict is None:
        st.button(
            ngettext("Throw this card", "Throw these cards", deal.throw),
            type="primary",
            key="discard_confirm",
            on_click=confirm_discard,
            args=(deal, deal_key, ticket),
            icon=":material/move_to_inbox:",
        )

    # ---- the verdict, the advisor's table and the chart
    if verdict is not None and verdict.chosen is not None:
        frame.answered_before(result.get("saved"))
        frame.show_notes(discard_notes(verdict))
        if not verdict.correct:
            show_keeps(verdict, colours)
        show_advice(deal, verdict)

    frame.deal_footer(
        seed,
        _("Deal number {seed}: share this page's address to show someone this exact hand."),
        next_label=_("Next hand"),
        next_key="discard_next",
        on_next=_next_hand,
        answered=result is not None,
    )
    if (
        verdict is not None
    ):  # the cards are picked by pointer; after the verdict, Enter or N deals again
        frame.keyboard("discard_next", "discard_next", nonce=str(seed))
    redraw_menu_if_due_changed()


_trainer()
