"""Count the hand: four cards and a starter; the learner types the points, then sees the count."""

from __future__ import annotations

from functools import partial

import streamlit as st

from cribbage_core.hand_quiz import deal_hand
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HAND_KINDS
from tutor.frame.menu import four_colour, setup_page
from tutor.frame.urlstate import seed_from_url
from tutor.lang.i18n import N_, _
from tutor.quiz import frame
from tutor.quiz.attempts import Attempt, deal_ticket, quiz_learner, quiz_stats, record_attempt
from tutor.quiz.combo_text import combo_notes
from tutor.quiz.combo_view import (
    FIRST_PICK,
    claims,
    clear_claims,
    pick_combinations,
    record_combos,
    show_combo_verdict,
)  # fmt: skip
from tutor.quiz.count_view import answer_form, clear_answer, show_count, show_deal, typed_answer
from tutor.quiz.drill import hand_drill_seed
from tutor.quiz.drill_view import drill_banner, drill_on, next_question, start_drill
from tutor.quiz.feedback import count_notes, retry_notes
from tutor.quiz.grading import grade_count
from tutor.quiz.positions import FOCUS_SLUGS, count_position

PAGE = "pages/2_Count_the_hand.py"
FOCUS_LABELS = {
    "any": N_("Any hand"),
    "double run": N_("Double runs"),
    "four-card fifteen": N_("Four-card fifteens"),
    ScoreKind.FLUSH: N_("Flushes"),
    ScoreKind.NOBS: N_("Nobs"),
}

lang = setup_page(PAGE, N_("Count the hand"))
st.title(_("Count the hand"))
st.container(key="below_intro").caption(  # on a phone, under the question
    _("Four cards and the starter: count every fifteen, pair, run, flush and nobs, "
      "then type the total. Take your time; nothing is timed.")
)  # fmt: skip
learner = quiz_learner()

# ---- the deal, from the URL: ?seed=...&mode=crib&focus=flush (&drill=weak: a weak-spot drill)
is_crib = frame.url_choice("mode", {"crib": "crib"}, "hand") == "crib"
drilling = drill_on()
pick_drill_seed = partial(hand_drill_seed, is_crib=is_crib)


def _clear_answer() -> None:
    clear_answer()
    clear_claims()
    st.session_state.pop("count_result", None)
    st.session_state.pop("count_errors", None)


def _reveal() -> None:
    st.session_state["count_result"] = {**st.session_state["count_result"], "retry": False}


def _start_drill() -> None:
    st.query_params.pop("focus", None)  # the drill chooses the hands
    start_drill(pick_drill_seed, HAND_KINDS, "count_drill", "show")
    _clear_answer()


def _next_hand() -> None:
    next_question(pick_drill_seed, HAND_KINDS, "count_drill", "show")
    _clear_answer()


if drilling and "seed" not in st.query_params:  # arrived by a "Practise my weak spots" link
    start_drill(pick_drill_seed, HAND_KINDS, "count_drill", "show")
seed = seed_from_url()
focus = None if drilling else frame.url_choice("focus", FOCUS_SLUGS, None)
deal = deal_hand(seed, is_crib=is_crib, focus=focus)
deal_key = (seed, is_crib, focus)
quiz = "crib" if is_crib else "hand"
ticket = deal_ticket(quiz, seed, variant=focus or "")
if drilling:
    drill_banner(seed, "count_drill", leave_key="count_leave_drill")

# ---- options (kept in the URL so a shared link deals the same hand the same way)
options = st.container(key="quiz_options").columns([1.1, 1.3, 1.2])
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
by_combo = options[2].toggle(
    _("Find the combinations"), key="count_combos",
    help=_("Select the cards of each fifteen, pair, run, flush and nobs, one at a time."),
)  # fmt: skip
by_kind = options[2].toggle(
    _("Answer per category"), key="count_by_kind", disabled=by_combo,
    help=_("Type fifteens, pairs, runs, flush and nobs separately."),
) and not by_combo  # fmt: skip
frame.score_row(quiz_stats("hand", "crib"), _("Right answers in a row"))



def _result() -> dict | None:
    """This deal's answer so far (None: not answered yet)."""
    found = st.session_state.get("count_result")
    return found if found is not None and found["key"] == deal_key else None


def _check() -> None:
    """Grade the answer (a callback, so the run it starts shows the verdict): a first wrong
    count gets one more try, with a hint, before the breakdown; the first answer is recorded."""
    before = _result()
    verdict = grade_count(deal.score, typed_answer(by_kind))
    if verdict.errors:
        st.session_state["count_errors"] = verdict.errors  # shown once, by the run this starts
        return
    st.session_state.pop("count_errors", None)
    if before is not None and before.get("retry", False):
        st.session_state["count_result"] = {**before, "retry": False, "second": verdict}
        return
    saved = record_attempt(
        Attempt(
            quiz, seed, verdict.answer, deal.score.total, verdict.correct,
            {"focus": focus, "per_kind": verdict.given, "drill": drilling},
            attempt_id=ticket.attempt_id, categories=verdict.categories,
            categories_missed=verdict.missed, seconds=ticket.seconds(),
        ),
        position=count_position(seed, focus),
    )  # fmt: skip
    retry = not verdict.correct and saved != "repeat"  # the first answer is the one recorded
    st.session_state["count_result"] = {"key": deal_key, "verdict": verdict, "saved": saved, "retry": retry}


def _check_combos() -> None:
    """Grade the combinations found (a callback); the first answer is the one recorded."""
    st.session_state["count_result"] = record_combos(
        deal, deal_key, ticket, drilling=drilling, position=count_position(seed, focus))


# ---- the cards
colours = four_colour()
result = _result()
combos = result.get("combos") if result is not None else None
if by_combo and result is None:
    pick_combinations(deal, deal_key, colours, on_check=_check_combos)
else:
    show_deal(deal, colours)
retrying = result is not None and result.get("retry", False)

# ---- the answer
if retrying:
    frame.show_notes(retry_notes(result["verdict"]))
if (result is None and not by_combo) or retrying:
    answer_form(by_kind, on_submit=_check)
    if retrying:
        st.button(_("Show the answer"), key="count_reveal", on_click=_reveal, icon=":material/visibility:")
    for message in st.session_state.pop("count_errors", ()):
        st.error(message, icon=":material/edit:")

# ---- the verdict and the breakdown
if combos is not None:
    frame.show_notes(combo_notes(combos))
    frame.answered_before(result.get("saved"))
    show_combo_verdict(combos, deal.score, colours)
    show_count(deal.score, colours, breakdown=False)
elif result is not None and not retrying:
    second = result.get("second")
    frame.show_notes(count_notes(second or result["verdict"], is_crib, second_try=second is not None))
    frame.answered_before(result.get("saved"))
    show_count(deal.score, colours)

frame.deal_footer(
    seed, _("Deal number {seed}: share this page's address to show someone this exact hand."),
    next_label=_("Next hand"), next_key="count_next", on_next=_next_hand, answered=result is not None and not retrying,
    drill=None if drilling else ("count_drill_start", _start_drill, _("Deal hands that score what you miss most.")),
    learner=learner,
)  # fmt: skip
answering = result is None or retrying
box = FIRST_PICK if by_combo else "count_kind_fifteen" if by_kind else "count_answer"
frame.keyboard(
    box if answering else "count_next", "count_next",
    nonce=f"{seed}:{is_crib}:{focus}:{'retry' if retrying else 'answer' if answering else 'verdict'}"
    + (f":{len(claims(deal_key))}" if by_combo and answering else ""),
)
