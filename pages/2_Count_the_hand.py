"""Count the hand: four cards and a starter; the learner types the points, then sees the count."""

from __future__ import annotations

import random
from collections.abc import Mapping
from html import escape

import streamlit as st

from cribbage_core.cards import Card
from cribbage_core.hand_quiz import FOCUSES, deal_hand, likely_missed
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HAND_KINDS, MAX_HAND_POINTS
from tutor.frame.menu import four_colour, setup_page
from tutor.frame.render import bold, show_html
from tutor.frame.urlstate import new_seed, seed_from_url, set_url_param
from tutor.html.breakdown import hand_breakdown_html
from tutor.html.cards import cards_row
from tutor.lang.answers import parse_answer
from tutor.lang.i18n import N_, _, fmt_int, fmt_percent, kind_label, say_count
from tutor.quiz.attempts import (
    Attempt,
    deal_ticket,
    next_deal,
    quiz_learner,
    quiz_stats,
    record_attempt,
)
from tutor.quiz.categories import hand_categories, hand_missed
from tutor.quiz.drill import drill_seed
from tutor.quiz.drill_view import drill_banner, drill_button, drill_on, start_drill

PAGE = "pages/2_Count_the_hand.py"
#: The most each category can score in one hand or crib.
KIND_MAX = {
    ScoreKind.FIFTEEN: 16,
    ScoreKind.PAIR: 12,
    ScoreKind.RUN: 12,
    ScoreKind.FLUSH: 5,
    ScoreKind.NOBS: 1,
}
FOCUS_SLUGS = {focus: focus.replace(" ", "-") for focus in FOCUSES}
FOCUS_LABELS = {
    "any": N_("Any hand"),
    "double run": N_("Double runs"),
    "four-card fifteen": N_("Four-card fifteens"),
    ScoreKind.FLUSH: N_("Flushes"),
    ScoreKind.NOBS: N_("Nobs"),
}
MISSED_HINTS = {
    ScoreKind.FIFTEEN: N_("a fifteen (look for every set of cards that adds up to 15)"),
    ScoreKind.PAIR: N_("a pair (every two cards of the same rank score 2)"),
    ScoreKind.RUN: N_("a run (a duplicated rank doubles the run)"),
    ScoreKind.FLUSH: N_("the flush (four hand cards of one suit; in a crib all five)"),
    ScoreKind.NOBS: N_("nobs (the jack of the starter's suit, 1 point)"),
}

lang = setup_page(PAGE, N_("Count the hand"))
st.title(_("Count the hand"))
st.caption(
    _("Four cards and the starter: count every fifteen, pair, run, flush and nobs, "
      "then type the total. Take your time; nothing is timed.")
)  # fmt: skip
learner = quiz_learner()

# ---- the deal, from the URL: ?seed=...&mode=crib&focus=flush (&drill=weak: a weak-spot drill)
is_crib = st.query_params.get("mode") == "crib"
drilling = drill_on()


def _pick_drill_seed(weights: Mapping[str, float], rng: random.Random) -> tuple[int, str | None]:
    def cards(seed: int) -> tuple[tuple[Card, ...], Card]:
        dealt = deal_hand(seed, is_crib=is_crib)
        return dealt.hand, dealt.starter

    return drill_seed(weights, rng, cards, is_crib=is_crib)


def _start_drill() -> None:
    st.query_params.pop("focus", None)  # the drill chooses the hands
    start_drill(_pick_drill_seed, HAND_KINDS, "count_drill")
    _clear_answer()


if drilling and "seed" not in st.query_params:  # arrived by a "Practise my weak spots" link
    start_drill(_pick_drill_seed, HAND_KINDS, "count_drill")
seed = seed_from_url()
focus = None if drilling else next(
    (f for f, slug in FOCUS_SLUGS.items() if st.query_params.get("focus") == slug), None
)  # fmt: skip
deal = deal_hand(seed, is_crib=is_crib, focus=focus)
deal_key = (seed, is_crib, focus)
kind = "crib" if is_crib else "hand"
ticket = deal_ticket(kind, seed, variant=focus or "")


def _on_mode() -> None:
    set_url_param("mode", "crib" if st.session_state["count_mode"] == "crib" else None)


def _on_focus() -> None:
    chosen = st.session_state["count_focus"]
    set_url_param("focus", FOCUS_SLUGS.get(chosen))


def _clear_answer() -> None:
    st.session_state["count_answer"] = ""
    for hand_kind in HAND_KINDS:
        st.session_state[f"count_kind_{hand_kind}"] = ""
    st.session_state.pop("count_result", None)


def _next_hand() -> None:
    if drill_on():
        start_drill(_pick_drill_seed, HAND_KINDS, "count_drill")
    else:
        st.query_params["seed"] = str(new_seed())
        next_deal()
    _clear_answer()


if drilling:
    drill_banner(seed, "count_drill", leave_key="count_leave_drill")

# ---- options (kept in the URL so a shared link deals the same hand the same way)
st.session_state["count_mode"] = "crib" if is_crib else "hand"
st.session_state["count_focus"] = focus or "any"
options = st.columns([1.1, 1.3, 1.2])
options[0].radio(
    _("Count a"),
    ["hand", "crib"],
    format_func={"hand": _("Hand"), "crib": _("Crib")}.get,  # labels in this run's language
    key="count_mode",
    horizontal=True,
    on_change=_on_mode,
    help=_("In the crib a flush needs all five cards: the four crib cards and the starter."),
)
options[1].selectbox(
    _("Practise"),
    ["any", *FOCUSES],
    format_func={f: _(label) for f, label in FOCUS_LABELS.items()}.get,
    key="count_focus",
    on_change=_on_focus,
    disabled=drilling,
    help=_("Deal only hands that show one feature, to practise it.")
    if not drilling
    else _("The weak-spot drill chooses the hands; leave the drill to choose a feature."),
)
by_kind = options[2].toggle(
    _("Answer per category"),
    key="count_by_kind",
    help=_("Type fifteens, pairs, runs, flush and nobs separately."),
)

# ---- session score
stats = quiz_stats("hand", "crib")
metrics = st.columns(3)
metrics[0].metric(_("Streak"), fmt_int(stats.streak), help=_("Right answers in a row"))
metrics[1].metric(
    _("Accuracy"), fmt_percent(stats.accuracy) if stats.answered else "–"
)
metrics[2].metric(_("Answered"), fmt_int(stats.answered))

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
            cols = st.columns(len(HAND_KINDS))
            for col, kind in zip(cols, HAND_KINDS, strict=True):
                col.text_input(kind_label(kind), key=f"count_kind_{kind}", placeholder=fmt_int(0))
        else:
            st.text_input(
                _("How many points?"),
                key="count_answer",
                placeholder=_("a whole number from 0 to {n}").format(n=fmt_int(MAX_HAND_POINTS)),
            )
        submitted = st.form_submit_button(_("Check my count"), type="primary", key="count_submit")
    if submitted:
        errors: list[str] = []
        if by_kind:
            given: dict[str, int] = {}
            for kind in HAND_KINDS:
                raw = st.session_state.get(f"count_kind_{kind}", "")
                parsed = parse_answer(raw if raw.strip() else "0", KIND_MAX[kind])
                if parsed.error:
                    errors.append(f"{kind_label(kind)}: {parsed.error}")
                else:
                    given[kind] = int(parsed.value or 0)
            answer = sum(given.values())
        else:
            parsed = parse_answer(st.session_state.get("count_answer", ""), MAX_HAND_POINTS)
            if parsed.error:
                errors.append(parsed.error)
            answer = parsed.value or 0
            given = {}
        if errors:
            for message in errors:
                st.error(message, icon=":material/edit:")
        else:
            expected = deal.score.points_by_kind()
            correct = answer == deal.score.total and (not by_kind or given == expected)
            saved = record_attempt(
                Attempt(
                    kind, seed, answer, deal.score.total, correct,
                    {"focus": focus, "per_kind": given or None, "drill": drilling},
                    attempt_id=ticket.attempt_id,
                    categories=tuple(hand_categories(deal.score)),
                    categories_missed=tuple(hand_missed(deal.score, answer, given or None)),
                    seconds=ticket.seconds(),
                )
            )  # fmt: skip
            result = {"key": deal_key, "answer": answer, "given": given, "correct": correct,
                      "saved": saved}  # fmt: skip
            st.session_state["count_result"] = result
            st.rerun()

# ---- the verdict and the breakdown
if result is not None:
    score = deal.score
    if result["correct"]:
        st.success(
            _("Right! {total} points.").format(total=fmt_int(score.total)), icon=":material/check_circle:"
        )
    else:
        st.error(
            _("Not quite: you said {answer}, the {what} scores {total}.").format(
                answer=fmt_int(result["answer"]),
                what=_("crib") if is_crib else _("hand"),
                total=fmt_int(score.total),
            ),
            icon=":material/cancel:",
        )
        expected = score.points_by_kind()
        if result["given"]:
            wrong = [k for k in HAND_KINDS if result["given"].get(k, 0) != expected[k]]
            st.info(
                _("Check these categories: {kinds}.").format(
                    kinds=", ".join(
                        _("{kind} (you said {given}, it is {actual})").format(
                            kind=kind_label(k),
                            given=fmt_int(result["given"].get(k, 0)),
                            actual=fmt_int(expected[k]),
                        )
                        for k in wrong
                    )
                ),
                icon=":material/lightbulb:",
            )
        elif result["answer"] < score.total:
            missed = likely_missed(score, result["answer"])
            st.info(
                _("You are {gap} short. Did you miss {hints}?").format(
                    gap=fmt_int(score.total - result["answer"]),
                    hints=_(" or ").join(_(MISSED_HINTS[k]) for k in missed),
                ),
                icon=":material/lightbulb:",
            )
        else:
            st.info(
                _("You counted {extra} too many. Each card may be used in several combinations, "
                  "but each combination counts once.").format(extra=fmt_int(result["answer"] - score.total)),
                icon=":material/lightbulb:",
            )  # fmt: skip
    if result.get("saved") == "repeat":
        st.caption(_("This deal was answered before: the first answer is the one that counts."))
    st.markdown(bold(_("The count, said aloud")))
    show_html(f'<div class="count-aloud">“{escape(say_count(score.steps))}”</div>')
    st.markdown(bold(_("Every combination")))
    show_html(hand_breakdown_html(score, four_colour=colours))

buttons = st.container(horizontal=True)
buttons.button(
    _("Next hand"),
    type="primary" if result is not None else "secondary",
    key="count_next",
    on_click=_next_hand,
    icon=":material/refresh:",
)
if not drilling:
    drill_button(
        buttons, "count_drill_start", _start_drill, learner,
        _("Deal hands that score what you miss most."),
    )  # fmt: skip
st.caption(_("Deal number {seed}: share this page's address to show someone this exact hand.").format(seed=seed))
