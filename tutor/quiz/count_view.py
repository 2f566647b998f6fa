"""The Count page's parts: its options, the deal on the table, the answer form and its grading
(a first wrong count gets one more try), the count said aloud and shown.

Streamlit drawing; the grading is :func:`tutor.quiz.grading.grade_count`, the words
:mod:`tutor.quiz.feedback`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from functools import partial
from html import escape
from typing import Any, Final

import streamlit as st

from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HAND_KINDS, MAX_HAND_POINTS, HandScore
from cribbage_core.teaching.hand_quiz import HandDeal
from tutor.frame.render import bold, show_html
from tutor.html.breakdown import hand_breakdown_html
from tutor.html.cards import cards_row
from tutor.lang.i18n import N_, _, fmt_int, kind_label, say_count
from tutor.quiz import frame
from tutor.quiz.attempts import Attempt, DealTicket, attempts, record_attempt
from tutor.quiz.closing import RUN_LENGTH, close_session, finished_run, run_place
from tutor.quiz.combo_view import clear_claims, record_combos
from tutor.quiz.drill import hand_drill_seed
from tutor.quiz.drill_view import next_question, start_drill
from tutor.quiz.grading import grade_count
from tutor.quiz.level_view import next_at_level
from tutor.quiz.positions import FOCUS_SLUGS, count_position

__all__ = [
    "ANSWER_KEY",
    "FOCUS_LABELS",
    "answer_form",
    "check_combos",
    "check_count",
    "clear_answer",
    "clear_count",
    "close_run",
    "count_options",
    "count_result",
    "kind_key",
    "next_count_hand",
    "reveal_answer",
    "run_progress",
    "show_answer_errors",
    "show_count",
    "show_deal",
    "start_count_drill",
    "typed_answer",
]

#: The session key of the total's answer box.
ANSWER_KEY = "count_answer"
#: The session key of this deal's answer so far: the deal's key, the verdict, where it was saved,
#: whether a second try is open (and its verdict, or the combinations found).
RESULT_KEY: Final = "count_result"
_ERRORS_KEY: Final = "count_errors"  # why the last answer could not be read, shown once
#: The Practise box's choices: any hand, or hands that show one feature.
FOCUS_LABELS: Final = {
    "any": N_("Any hand"),
    "double run": N_("Double runs"),
    "four-card fifteen": N_("Four-card fifteens"),
    ScoreKind.FLUSH: N_("Flushes"),
    ScoreKind.NOBS: N_("Nobs"),
}


def kind_key(kind: ScoreKind) -> str:
    """The session key of one category's answer box."""
    return f"count_kind_{kind}"


def clear_answer() -> None:
    """Empty every answer box (a new deal)."""
    st.session_state[ANSWER_KEY] = ""
    for kind in HAND_KINDS:
        st.session_state[kind_key(kind)] = ""


def clear_count() -> None:
    """Forget this deal's answer, its combinations and every box (a new deal)."""
    clear_answer()
    clear_claims()
    st.session_state.pop(RESULT_KEY, None)
    st.session_state.pop(_ERRORS_KEY, None)


def count_options(quiz: str, focus: str | None, drilling: bool) -> tuple[bool, bool]:
    """The options row (kept in the URL, so a shared link deals the same hand the same way):
    hand or crib, the focus, and the ways to answer; whether the learner finds the
    combinations, and whether they answer per category."""
    options = st.container(key="quiz_options").columns([1.1, 1.3, 1.2])
    frame.url_option(
        options[0].radio,
        _("Count a"),
        {"hand": _("Hand"), "crib": _("Crib")},
        key="count_mode",
        param="mode",
        choices={"crib": "crib"},
        value=quiz,
        horizontal=True,
        help=_("In the crib a flush needs all five cards: the four crib cards and the starter."),
    )
    frame.url_option(
        options[1].selectbox,
        _("Practise"),
        {f: _(label) for f, label in FOCUS_LABELS.items()},
        key="count_focus",
        param="focus",
        choices=FOCUS_SLUGS,
        value=focus or "any",
        disabled=drilling,
        help=_("Deal only hands that show one feature, to practise it.")
        if not drilling
        else _("The weak-spot drill chooses the hands; leave the drill to choose a feature."),
    )
    by_combo = options[2].toggle(
        _("Find the combinations"),
        key="count_combos",
        help=_("Select the cards of each fifteen, pair, run, flush and nobs, one at a time."),
    )
    by_kind = (
        options[2].toggle(
            _("Answer per category"),
            key="count_by_kind",
            disabled=by_combo,
            help=_("Type fifteens, pairs, runs, flush and nobs separately."),
        )
        and not by_combo
    )
    return by_combo, by_kind


def count_result(deal_key: Hashable) -> dict[str, Any] | None:
    """This deal's answer so far (None: not answered yet)."""
    found = st.session_state.get(RESULT_KEY)
    return found if isinstance(found, dict) and found.get("key") == deal_key else None


def check_count(
    deal: HandDeal, deal_key: Hashable, ticket: DealTicket, by_kind: bool, drilling: bool
) -> None:
    """Grade the answer (a callback, so the run it starts shows the verdict): a first wrong
    count gets one more try, with a hint, before the breakdown; the first answer is recorded."""
    before = count_result(deal_key)
    verdict = grade_count(deal.score, typed_answer(by_kind))
    if verdict.errors:
        st.session_state[_ERRORS_KEY] = verdict.errors  # shown once, by the run this starts
        return
    st.session_state.pop(_ERRORS_KEY, None)
    if before is not None and before.get("retry", False):
        st.session_state[RESULT_KEY] = {**before, "retry": False, "second": verdict}
        return
    taken = ticket.seconds()
    saved = record_attempt(
        Attempt(
            "crib" if deal.is_crib else "hand",
            deal.seed,
            verdict.answer,
            deal.score.total,
            verdict.correct,
            {"focus": deal.focus, "per_kind": verdict.given, "drill": drilling},
            attempt_id=ticket.attempt_id,
            categories=verdict.categories,
            categories_missed=verdict.missed,
            seconds=taken,
        ),
        position=count_position(deal.seed, deal.focus),
    )
    retry = not verdict.correct and saved != "repeat"  # the first answer is the one recorded
    st.session_state[RESULT_KEY] = {
        "key": deal_key,
        "verdict": verdict,
        "saved": saved,
        "retry": retry,
        "seconds": taken,
        "attempt_id": ticket.attempt_id,
    }


def check_combos(deal: HandDeal, deal_key: Hashable, ticket: DealTicket, drilling: bool) -> None:
    """Grade the combinations found (a callback); the first answer is the one recorded."""
    st.session_state[RESULT_KEY] = record_combos(
        deal, deal_key, ticket, drilling=drilling, position=count_position(deal.seed, deal.focus)
    )


def reveal_answer() -> None:
    """Close the second try and show the breakdown ("Show the answer", a callback)."""
    st.session_state[RESULT_KEY] = {**st.session_state[RESULT_KEY], "retry": False}


def show_answer_errors() -> None:
    """Why the last answer could not be read, once."""
    for message in st.session_state.pop(_ERRORS_KEY, ()):
        st.error(message, icon=":material/edit:")


def show_deal(deal: HandDeal, four_colour: bool) -> None:
    """The four cards (the hand or the crib) and the starter beside them."""
    hand_col, starter_col = st.container(key="row_deal").columns([4, 1.3])
    with hand_col:
        st.markdown(bold(_("The crib") if deal.is_crib else _("Your hand")))
        show_html(cards_row(deal.hand, four_colour=four_colour, width=84))
    with starter_col:
        st.markdown(bold(_("Starter")))
        show_html(cards_row([deal.starter], four_colour=four_colour, width=84))


def answer_form(by_kind: bool, on_submit: Callable[[], None]) -> None:
    """The answer form: the total, or one box per category; ``on_submit`` runs on "Check my count"
    (a callback, before the run it starts, so that one run shows the verdict)."""
    with st.form("count_form", clear_on_submit=False, enter_to_submit=True):
        if by_kind:
            for col, kind in zip(st.columns(len(HAND_KINDS)), HAND_KINDS, strict=True):
                col.text_input(kind_label(kind), key=kind_key(kind), placeholder=fmt_int(0))
        else:
            st.text_input(
                _("How many points?"),
                key=ANSWER_KEY,
                placeholder=_("a whole number from {low} to {high}").format(
                    low=fmt_int(0), high=fmt_int(MAX_HAND_POINTS)
                ),
            )
        st.form_submit_button(
            _("Check my count"), type="primary", key="count_submit", on_click=on_submit
        )


def typed_answer(by_kind: bool) -> str | Mapping[str, str]:
    """What the answer form holds: the total, or each category's box."""
    if by_kind:
        return {kind: st.session_state.get(kind_key(kind), "") for kind in HAND_KINDS}
    return str(st.session_state.get(ANSWER_KEY, ""))


def show_count(score: HandScore, four_colour: bool, breakdown: bool = True) -> None:
    """The count said aloud, then (``breakdown``) every combination with its cards, points and
    running total."""
    st.markdown(bold(_("The count, said aloud")))
    show_html(f'<div class="count-aloud">“{escape(say_count(score.steps))}”</div>')
    if not breakdown:
        return
    st.markdown(bold(_("Every combination")))
    show_html(hand_breakdown_html(score, four_colour=four_colour))


def _counted() -> list[bool]:
    """This visit's counts (hands and cribs), oldest first: right or not."""
    return [attempt.correct for attempt in attempts("hand", "crib")]


def run_progress() -> None:
    """How far into the counting run the learner is (:data:`tutor.quiz.closing.RUN_LENGTH`)."""
    st.caption(
        _("Counting run: {done} of {n} counted. Each run of {n} ends with your tally.").format(
            done=fmt_int(run_place(_counted())), n=fmt_int(RUN_LENGTH)
        )
    )


def close_run(shown: bool, saved: bool = True) -> None:
    """The end of a counting run, once its last verdict is ``shown``: the tally, a kind word and
    one next step (the Review page after a miss, a game after none), as the daily five ends.
    ``saved`` is False for a learner with no name: misses are not kept."""
    run = finished_run(_counted())
    if run is None or not shown:
        return
    right, total = run
    if right < total:
        close_session(
            right,
            total,
            "pages/9_Review.py",
            _("Next: go over your missed questions on the page Review your mistakes"),
            "count_close",
            saved,
        )
    else:
        close_session(right, total, "pages/4_Play.py", _("Next: play a game"), "count_close", saved)


def start_count_drill(is_crib: bool, first: bool = False) -> None:
    """Deal hands that score what the learner misses most ("Practise my weak spots", a
    callback; ``first``: the page was opened by such a link, with no hand in it yet)."""
    if not first:
        st.query_params.pop("focus", None)  # the drill chooses the hands
    start_drill(partial(hand_drill_seed, is_crib=is_crib), HAND_KINDS, "count_drill", "show")
    if not first:
        clear_count()


def next_count_hand(is_crib: bool, level: str | None) -> None:
    """ "Next hand" (a callback): at the learner's level when that is on, else the drill's
    next hand or a fresh deal."""
    if level is not None:
        next_at_level("crib" if is_crib else "hand", level)
    else:
        next_question(partial(hand_drill_seed, is_crib=is_crib), HAND_KINDS, "count_drill", "show")
    clear_count()
