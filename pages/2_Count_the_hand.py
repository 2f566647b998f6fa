"""Count the hand: four cards and a starter; the learner types the points, then sees the count."""

from __future__ import annotations

from functools import partial
from html import escape

import streamlit as st

from cribbage_core.hand_quiz import FOCUSES, deal_hand
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HAND_KINDS, MAX_HAND_POINTS
from tutor.frame.menu import four_colour, setup_page
from tutor.frame.render import bold, show_html
from tutor.frame.urlstate import seed_from_url
from tutor.html.breakdown import hand_breakdown_html
from tutor.html.cards import cards_row
from tutor.lang.i18n import N_, _, fmt_int, kind_label, say_count
from tutor.quiz import frame
from tutor.quiz.attempts import Attempt, deal_ticket, quiz_learner, quiz_stats, record_attempt
from tutor.quiz.drill import hand_drill_seed
from tutor.quiz.drill_view import drill_banner, drill_on, next_question, start_drill
from tutor.quiz.feedback import count_notes
from tutor.quiz.grading import grade_count

PAGE = "pages/2_Count_the_hand.py"
FOCUS_SLUGS = {focus.replace(" ", "-"): focus for focus in FOCUSES}
FOCUS_LABELS = {
    "any": N_("Any hand"),
    "double run": N_("Double runs"),
    "four-card fifteen": N_("Four-card fifteens"),
    ScoreKind.FLUSH: N_("Flushes"),
    ScoreKind.NOBS: N_("Nobs"),
}

lang = setup_page(PAGE, N_("Count the hand"))
st.title(_("Count the hand"))
st.caption(
    _("Four cards and the starter: count every fifteen, pair, run, flush and nobs, "
      "then type the total. Take your time; nothing is timed.")
)  # fmt: skip
learner = quiz_learner()

# ---- the deal, from the URL: ?seed=...&mode=crib&focus=flush (&drill=weak: a weak-spot drill)
is_crib = frame.url_choice("mode", {"crib": "crib"}, "hand") == "crib"
drilling = drill_on()
pick_drill_seed = partial(hand_drill_seed, is_crib=is_crib)


def _clear_answer() -> None:
    st.session_state["count_answer"] = ""
    for kind in HAND_KINDS:
        st.session_state[f"count_kind_{kind}"] = ""
    st.session_state.pop("count_result", None)


def _start_drill() -> None:
    st.query_params.pop("focus", None)  # the drill chooses the hands
    start_drill(pick_drill_seed, HAND_KINDS, "count_drill")
    _clear_answer()


def _next_hand() -> None:
    next_question(pick_drill_seed, HAND_KINDS, "count_drill")
    _clear_answer()


if drilling and "seed" not in st.query_params:  # arrived by a "Practise my weak spots" link
    start_drill(pick_drill_seed, HAND_KINDS, "count_drill")
seed = seed_from_url()
focus = None if drilling else frame.url_choice("focus", FOCUS_SLUGS, None)
deal = deal_hand(seed, is_crib=is_crib, focus=focus)
deal_key = (seed, is_crib, focus)
quiz = "crib" if is_crib else "hand"
ticket = deal_ticket(quiz, seed, variant=focus or "")
if drilling:
    drill_banner(seed, "count_drill", leave_key="count_leave_drill")

# ---- options (kept in the URL so a shared link deals the same hand the same way)
options = st.columns([1.1, 1.3, 1.2])
frame.url_option(
    options[0].radio, _("Count a"), {"hand": _("Hand"), "crib": _("Crib")},
    key="count_mode", param="mode", choices={"crib": "crib"}, value=quiz, horizontal=True,
    help=_("In the crib a flush needs all five cards: the four crib cards and the starter."),
)  # fmt: skip
frame.url_option(
    options[1].selectbox, _("Practise"), {f: _(label) for f, label in FOCUS_LABELS.items()},
    key="count_focus", param="focus", choices=FOCUS_SLUGS, value=focus or "any", disabled=drilling,
    help=_("Deal only hands that show one feature, to practise it.") if not drilling
    else _("The weak-spot drill chooses the hands; leave the drill to choose a feature."),
)  # fmt: skip
by_kind = options[2].toggle(
    _("Answer per category"),
    key="count_by_kind",
    help=_("Type fifteens, pairs, runs, flush and nobs separately."),
)
frame.score_row(quiz_stats("hand", "crib"), _("Right answers in a row"))

# ---- the cards
colours = four_colour()
hand_col, starter_col = st.columns([4, 1.3])
with hand_col:
    st.markdown(bold(_("The crib") if is_crib else _("Your hand")))
    show_html(cards_row(deal.hand, four_colour=colours, width=84))
with starter_col:
    st.markdown(bold(_("Starter")))
    show_html(cards_row([deal.starter], four_colour=colours, width=84))

result = st.session_state.get("count_result")
if result is not None and result["key"] != deal_key:
    result = None

# ---- the answer
if result is None:
    with st.form("count_form", clear_on_submit=False, enter_to_submit=True):
        if by_kind:
            for col, kind in zip(st.columns(len(HAND_KINDS)), HAND_KINDS, strict=True):
                col.text_input(kind_label(kind), key=f"count_kind_{kind}", placeholder=fmt_int(0))
        else:
            st.text_input(
                _("How many points?"),
                key="count_answer",
                placeholder=_("a whole number from 0 to {n}").format(n=fmt_int(MAX_HAND_POINTS)),
            )
        submitted = st.form_submit_button(_("Check my count"), type="primary", key="count_submit")
    if submitted:
        typed = (
            {kind: st.session_state.get(f"count_kind_{kind}", "") for kind in HAND_KINDS}
            if by_kind
            else st.session_state.get("count_answer", "")
        )
        verdict = grade_count(deal.score, typed)
        for message in verdict.errors:
            st.error(message, icon=":material/edit:")
        if not verdict.errors:
            saved = record_attempt(
                Attempt(
                    quiz, seed, verdict.answer, deal.score.total, verdict.correct,
                    {"focus": focus, "per_kind": verdict.given, "drill": drilling},
                    attempt_id=ticket.attempt_id, categories=verdict.categories,
                    categories_missed=verdict.missed, seconds=ticket.seconds(),
                )
            )  # fmt: skip
            st.session_state["count_result"] = {"key": deal_key, "verdict": verdict, "saved": saved}
            st.rerun()

# ---- the verdict and the breakdown
if result is not None:
    frame.show_notes(count_notes(result["verdict"], is_crib))
    frame.answered_before(result.get("saved"))
    st.markdown(bold(_("The count, said aloud")))
    show_html(f'<div class="count-aloud">“{escape(say_count(deal.score.steps))}”</div>')
    st.markdown(bold(_("Every combination")))
    show_html(hand_breakdown_html(deal.score, four_colour=colours))

frame.deal_footer(
    seed, _("Deal number {seed}: share this page's address to show someone this exact hand."),
    next_label=_("Next hand"), next_key="count_next", on_next=_next_hand, answered=result is not None,
    drill=None if drilling else ("count_drill_start", _start_drill, _("Deal hands that score what you miss most.")),
    learner=learner,
)  # fmt: skip
