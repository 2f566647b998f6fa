"""Pegging trainer: a moment of a simulated play; which card would you lay? Graded by the coach's values."""

from __future__ import annotations

import streamlit as st

from cribbage_core.teaching.peg_trainer import (
    DIFFICULTIES,
    SPOTS,
    PegSpot,
    judge,
)
from tutor.frame.menu import four_colour, setup_page
from tutor.frame.urlstate import new_seed, seed_from_url, set_url_param
from tutor.lang.i18n import N_, _
from tutor.quiz import frame
from tutor.quiz.attempts import attempts, deal_ticket, next_deal, quiz_learner, quiz_stats
from tutor.quiz.discard_text import points
from tutor.quiz.drill import drill_peg_trainer_seed
from tutor.quiz.drill_view import drill_banner, drill_on, start_drill
from tutor.quiz.level_view import level_on, level_panel, next_at_level
from tutor.quiz.peg_text import trainer_notes
from tutor.quiz.peg_view import (
    position_of,
    read_of,
    record_lay,
    show_cards,
    show_position,
    show_values,
    trainer_filters,
)
from tutor.quiz.positions import PEG_KIND_SLUGS

PAGE = "pages/7_Pegging_trainer.py"
QUIZ = "peg_trainer"
KIND_PARAMS = PEG_KIND_SLUGS

lang = setup_page(PAGE, N_("Pegging trainer"))


st.title(_("Pegging trainer"))
st.container(key="below_intro").caption(  # on a phone, under the question
    # TRANSLATORS: a simulated game is one the computer played against itself for this
    # exercise (not a fake or pretend game).
    _(
        "A moment of the play from a simulated game: which card would you lay? Each card is graded by "
        "what it is expected to bring over the rest of the play, your points minus your opponent's "
        "(near the end of the game, by your chance to win)."
    )
)
learner = quiz_learner()
drilling = drill_on()
at_level = level_on("peg_play")  # practise at my level: the bank's positions, no filters


def _clear() -> None:
    st.session_state.pop("pegt_result", None)


def _drill_deal() -> None:
    """A drill position: a fresh seed and the weak kind it aims at, as the kind filter in the address."""
    start_drill(drill_peg_trainer_seed, SPOTS, "pegt_drill", "trainer")
    word = {spot: w for w, spot in KIND_PARAMS.items()}.get(
        st.session_state["pegt_drill"]["category"]
    )
    set_url_param("kind", word)
    _clear()


def _next() -> None:
    if at_level is not None:
        next_at_level("peg_play", at_level)
        _clear()
    elif drill_on():
        _drill_deal()
    else:
        st.query_params["seed"] = str(new_seed())
        next_deal()
        _clear()


if drilling and "seed" not in st.query_params:  # arrived by a "Practise my weak spots" link
    _drill_deal()
seed = seed_from_url()
kind = frame.url_choice("kind", KIND_PARAMS, "any")  # a selectbox shows None as no choice at all
spot = None if kind == "any" else PegSpot(kind)
level = frame.url_choice("level", {d: d for d in DIFFICULTIES}, "any")
position = position_of(seed, spot.value if spot else None, None if level == "any" else level)
variant = f"{spot or 'any'}:{level}"
ticket = deal_ticket(QUIZ, seed, variant=variant)


def _lay(card: str) -> None:
    """Grade the card laid and record the answer (once per position: the ticket's attempt id)."""
    level_given = None if level == "any" else level
    laid, saved = record_lay(
        QUIZ, position, card, seed, spot, level_given, ticket, drill=drill_on()
    )
    st.session_state["pegt_result"] = {"key": (seed, variant), "card": laid, "saved": saved}


if drilling:
    drill_banner(seed, "pegt_drill", leave_key="pegt_leave_drill")
if at_level is None:  # at my level the bank's position is of its own kind and difficulty
    trainer_filters(kind, level, _clear)
losses = [float((a.extra or {}).get("points_lost", 0.0)) for a in attempts(QUIZ)]
frame.score_row(
    quiz_stats(QUIZ),
    _("Best cards in a row"),
    extra=(
        _("Points given up"),
        points(sum(losses) / len(losses)) if losses else "–",
        _("Average points given up per position, against the best card"),
    ),
)

if learner is not None:
    level_panel("peg_play", at_level)
result = st.session_state.get("pegt_result")
if result is not None and result["key"] != (seed, variant):
    result = None
verdict = judge(position, result["card"]) if result is not None else None
colours = four_colour()
show_position(position, colours)
show_cards(position, verdict.chosen.card if verdict else None, colours, on_lay=_lay)
if verdict is not None:
    frame.answered_before(result.get("saved"))
    frame.show_notes(trainer_notes(position, verdict, read_of(position, verdict)))
    show_values(position, verdict)

frame.deal_footer(
    seed,
    _("Position number {seed}: share this page's address to show someone this exact position."),
    next_label=_("Next position"),
    next_key="pegt_next",
    on_next=_next,
    answered=verdict is not None,
    drill=None
    if drilling or at_level is not None
    else ("pegt_drill_start", _drill_deal, _("Positions of the kinds you miss most.")),
    learner=learner,
)
if verdict is not None:
    frame.keyboard("pegt_next", "pegt_next", nonce=f"{seed}:{variant}")
