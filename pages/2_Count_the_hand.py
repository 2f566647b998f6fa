"""Count the hand: four cards and a starter; the learner types the points, then sees the count."""

from __future__ import annotations

from functools import partial

import streamlit as st

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.frame.menu import four_colour, setup_page
from tutor.frame.urlstate import seed_from_url
from tutor.lang.i18n import N_, _
from tutor.quiz import frame
from tutor.quiz.attempts import deal_ticket, quiz_learner, quiz_stats, redraw_menu_if_due_changed
from tutor.quiz.combo_text import combo_notes
from tutor.quiz.combo_view import FIRST_PICK, claims, pick_combinations, show_combo_verdict
from tutor.quiz.count_view import (
    answer_form,
    check_combos,
    check_count,
    close_run,
    count_options,
    count_result,
    next_count_hand,
    reveal_answer,
    run_progress,
    show_answer_errors,
    show_count,
    show_deal,
    start_count_drill,
)
from tutor.quiz.drill_view import drill_banner, drill_on
from tutor.quiz.feedback import count_notes, retry_notes
from tutor.quiz.level_view import level_on, level_panel, show_rated
from tutor.quiz.positions import FOCUS_SLUGS

PAGE = "pages/2_Count_the_hand.py"

lang = setup_page(PAGE, N_("Count the hand"))
st.title(_("Count the hand"))
st.container(key="below_intro").caption(  # on a phone, under the question
    _(
        "Four cards and the starter: count every fifteen, pair, run, flush and nobs, "
        "then type the total. Your time is shown with the verdict: a quick right count "
        "raises your rating most."
    )
)
learner = quiz_learner()


@st.fragment
def _quiz() -> None:
    """The deal, the answer, its verdict and the next hand: an answer or "Next hand" reruns
    only this part (the menu and the title stay as they are: a whole page run costs the
    server about twice as much)."""
    # ---- the deal, from the URL: ?seed=...&mode=crib&focus=flush (&drill=weak: a weak-spot drill)
    is_crib = frame.url_choice("mode", {"crib": "crib"}, "hand") == "crib"
    level = level_on()
    drilling = drill_on() and level is None
    if drilling and "seed" not in st.query_params:  # arrived by a "Practise my weak spots" link
        start_count_drill(is_crib, first=True)
    seed = seed_from_url()
    focus = None if drilling or level else frame.url_choice("focus", FOCUS_SLUGS, None)
    deal = deal_hand(seed, is_crib=is_crib, focus=focus)
    deal_key = (seed, is_crib, focus)
    quiz = "crib" if is_crib else "hand"
    ticket = deal_ticket(quiz, seed, variant=focus or "")
    if drilling:
        drill_banner(seed, "count_drill", leave_key="count_leave_drill")

    # ---- options (kept in the URL so a shared link deals the same hand the same way)
    by_combo, by_kind = count_options(quiz, focus, drilling)
    frame.score_row(quiz_stats("hand", "crib"), _("Right answers in a row"))
    run_progress()
    if learner is not None:
        level_panel(quiz, level)

    # ---- the cards
    colours = four_colour()
    result = count_result(deal_key)
    combos = result.get("combos") if result is not None else None
    if by_combo and result is None:
        pick_combinations(
            deal,
            deal_key,
            colours,
            on_check=partial(check_combos, deal, deal_key, ticket, drilling),
        )
    else:
        show_deal(deal, colours)
    retrying = result is not None and result.get("retry", False)

    # ---- the answer
    if retrying:
        frame.show_notes(retry_notes(result["verdict"]))
    if (result is None and not by_combo) or retrying:
        answer_form(
            by_kind, on_submit=partial(check_count, deal, deal_key, ticket, by_kind, drilling)
        )
        if retrying:
            st.button(
                _("Show the answer"),
                key="count_reveal",
                on_click=reveal_answer,
                icon=":material/visibility:",
            )
        show_answer_errors()

    # ---- the verdict and the breakdown
    if combos is not None:
        frame.show_notes(combo_notes(combos))
        frame.answered_before(result.get("saved"))
        show_combo_verdict(combos, deal.score, colours)
        show_count(deal.score, colours, breakdown=False)
    elif result is not None and not retrying:
        second = result.get("second")
        frame.show_notes(
            count_notes(second or result["verdict"], is_crib, second_try=second is not None)
        )
        frame.answered_before(result.get("saved"))
        show_rated(result, len(deal.score.items))
        show_count(deal.score, colours)

    close_run(shown=result is not None and not retrying, saved=learner is not None)

    frame.deal_footer(
        seed,
        _("Deal number {seed}: share this page's address to show someone this exact hand."),
        next_label=_("Next hand"),
        next_key="count_next",
        on_next=partial(next_count_hand, is_crib, level),
        answered=result is not None and not retrying,
        drill=None
        if drilling
        else (
            "count_drill_start",
            partial(start_count_drill, is_crib),
            _("Deal hands that score what you miss most."),
        ),
        learner=learner,
    )
    answering = result is None or retrying
    box = FIRST_PICK if by_combo else "count_kind_fifteen" if by_kind else "count_answer"
    frame.keyboard(
        box if answering else "count_next",
        "count_next",
        nonce=f"{seed}:{is_crib}:{focus}:{'retry' if retrying else 'answer' if answering else 'verdict'}"
        + (f":{len(claims(deal_key))}" if by_combo and answering else ""),
    )

    redraw_menu_if_due_changed()


_quiz()
