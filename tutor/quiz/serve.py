"""One quiz question served at its position, with its own quiz's widgets and verdict.

The Review page and the daily five serve questions of every quiz kind: a count (hand or
crib), a pegging question, a discard or a Pegging trainer position, each dealt again from its
position (:mod:`tutor.quiz.positions`) and drawn by the quiz's own parts (``count_view``,
``pegging_view``, ``discard_view``, ``peg_view``), graded by the same ``grading`` and worded by the same
``feedback``, so it looks and grades exactly as on its own page (a wrong count gets its
second try). Answers are graded in the submit button's callback, as on the quiz pages. The
caller says how an answer is recorded (``record``: the attempt to record, as the quiz page
would record it) and gets back what was answered.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, Final, NamedTuple

import streamlit as st

from cribbage_core.cards import format_cards
from cribbage_core.scoring import ScoreItem
from cribbage_core.seats import Role
from cribbage_core.teaching.discard_quiz import DiscardDeal
from cribbage_core.teaching.hand_quiz import HandDeal
from cribbage_core.teaching.peg_trainer import judge
from cribbage_core.teaching.pegging_quiz import PeggingQuestion
from tutor.lang.i18n import _, card_text, ngettext
from tutor.quiz import frame
from tutor.quiz.attempts import Attempt, Saved, deal_ticket
from tutor.quiz.combo_text import combo_notes
from tutor.quiz.combo_view import (
    clear_claims,
    missed_before,
    pick_combinations,
    record_combos,
    show_combo_verdict,
)
from tutor.quiz.count_view import answer_form, show_count, show_deal, typed_answer
from tutor.quiz.discard_text import seat_text
from tutor.quiz.discard_view import pick_cards, pick_key, show_advice, show_keeps
from tutor.quiz.feedback import (
    choose_exactly,
    count_notes,
    discard_notes,
    pegging_notes,
    retry_notes,
)
from tutor.quiz.grading import grade_count, grade_discard, grade_pegging
from tutor.quiz.peg_text import trainer_notes
from tutor.quiz.peg_view import (
    position_of,
    show_cards,
    show_position as show_peg_position,
    show_values,
)
from tutor.quiz.pegging_view import (
    ANSWER_KEY as PEG_ANSWER_KEY,
    answer_form as pegging_form,
    show_question,
    show_score,
)
from tutor.quiz.positions import (
    discard_deal_at,
    hand_deal_at,
    missed_at,
    peg_trainer_args,
    pegging_at,
)

__all__ = ["RESULT_KEY", "Recorder", "Served", "clear_served", "keyboard", "serve_question"]

#: The session key of the served question's graded answer: the question's key, the verdict,
#: where it was saved (and for a count, whether a second try is open, and its verdict).
RESULT_KEY: Final = "served_result"
_ERRORS: Final = "served_errors"  # why the last answer could not be read, shown once

#: Records an attempt (and whatever goes with it) and says where it went.
Recorder = Callable[[Attempt], Saved]


class Served(NamedTuple):
    """A served question once answered: the first answer and the right one as text, whether
    the first answer was right; ``done``: the verdict is on show (after any second try)."""

    answer: str
    right_answer: str
    correct: bool
    done: bool


def clear_served() -> None:
    """Forget the served question's answer and empty its boxes (the next question)."""
    for key in [
        k
        for k in st.session_state
        if str(k).startswith(("discard_pick_", "count_kind_", "game_pick_"))
    ]:
        del st.session_state[key]
    for key in (RESULT_KEY, _ERRORS, "count_answer", PEG_ANSWER_KEY):
        st.session_state.pop(key, None)
    clear_claims()


def _result(question_key: Hashable) -> dict[str, Any] | None:
    found = st.session_state.get(RESULT_KEY)
    return found if isinstance(found, dict) and found.get("key") == question_key else None


def _show_errors() -> None:
    for message in st.session_state.pop(_ERRORS, ()):
        st.error(message, icon=":material/edit:")


def serve_question(
    kind: str,
    position: Mapping[str, str],
    question_key: Hashable,
    four_colour: bool,
    record: Recorder,
    variant: str,
    extra: Mapping[str, Any] | None = None,
) -> Served | None:
    """Draw the question of quiz ``kind`` at ``position`` and its answer; what was answered.

    ``question_key`` tells this question from the last one answered in the session;
    ``variant`` goes into the attempt id (e.g. ``review:12``), so the same deal answered here
    and on its own page are two attempts; ``extra`` is added to the attempt's details.
    Raises ``positions.BadPosition`` for a position that deals nothing.
    """
    details = dict(extra or {})
    if kind in ("hand", "crib"):
        deal = hand_deal_at(position, kind == "crib")
        missed = missed_at(position, deal.score)
        if missed is not None:  # missed by finding the combinations: found again the same way
            return _serve_combos(
                deal, kind, missed, question_key, four_colour, record, variant, details
            )
        return _serve_count(
            deal,
            kind,
            question_key,
            four_colour,
            record,
            variant,
            details,
        )
    if kind == "pegging":
        return _serve_pegging(
            pegging_at(position), question_key, four_colour, record, variant, details
        )
    if kind == "discard":
        return _serve_discard(
            discard_deal_at(position), question_key, four_colour, record, variant, details
        )
    if kind == "peg_trainer":
        return _serve_peg_trainer(position, question_key, four_colour, record, variant, details)
    raise ValueError(f"no quiz serves review kind {kind!r}")


def _serve_count(
    deal: HandDeal,
    kind: str,
    key: Hashable,
    colours: bool,
    record: Recorder,
    variant: str,
    details: dict[str, Any],
) -> Served | None:
    ticket = deal_ticket(kind, deal.seed, variant=variant)

    def check() -> None:
        before = _result(key)
        verdict = grade_count(deal.score, typed_answer(False))
        if verdict.errors:
            st.session_state[_ERRORS] = verdict.errors
            return
        if before is not None and before.get("retry", False):
            st.session_state[RESULT_KEY] = {**before, "retry": False, "second": verdict}
            return
        saved = record(
            Attempt(
                kind,
                deal.seed,
                verdict.answer,
                deal.score.total,
                verdict.correct,
                {**details, "focus": deal.focus},
                attempt_id=ticket.attempt_id,
                categories=verdict.categories,
                categories_missed=verdict.missed,
                seconds=ticket.seconds(),
            )
        )
        retry = not verdict.correct and saved != "repeat"  # the first answer is the one recorded
        st.session_state[RESULT_KEY] = {
            "key": key,
            "verdict": verdict,
            "saved": saved,
            "retry": retry,
        }

    def reveal() -> None:
        st.session_state[RESULT_KEY] = {**st.session_state[RESULT_KEY], "retry": False}

    show_deal(deal, colours)
    result = _result(key)
    retrying = result is not None and result.get("retry", False)
    if result is not None and retrying:
        frame.show_notes(retry_notes(result["verdict"]))
    if result is None or retrying:
        answer_form(False, on_submit=check)
        if retrying:
            st.button(
                _("Show the answer"),
                key="count_reveal",
                on_click=reveal,
                icon=":material/visibility:",
            )
        _show_errors()
    if result is None:
        return None
    first = result["verdict"]
    if not retrying:
        second = result.get("second")
        frame.show_notes(count_notes(second or first, deal.is_crib, second_try=second is not None))
        frame.answered_before(result.get("saved"))
        show_count(deal.score, colours)
    return Served(str(first.answer), str(deal.score.total), first.correct, not retrying)


def _serve_combos(
    deal: HandDeal,
    kind: str,
    missed: tuple[ScoreItem, ...],
    key: Hashable,
    colours: bool,
    record: Recorder,
    variant: str,
    details: dict[str, Any],
) -> Served | None:
    ticket = deal_ticket(kind, deal.seed, variant=variant)

    def check() -> None:
        st.session_state[RESULT_KEY] = record_combos(
            deal, key, ticket, drilling=False, position=None, record=record, details=details
        )

    result = _result(key)
    if result is None:
        st.info(missed_before(missed, deal.score), icon=":material/history:")
        pick_combinations(deal, key, colours, on_check=check)
        return None
    show_deal(deal, colours)
    grade = result["combos"]
    frame.show_notes(combo_notes(grade))
    frame.answered_before(result.get("saved"))
    show_combo_verdict(grade, deal.score, colours)
    show_count(deal.score, colours, breakdown=False)
    return Served(str(grade.said), str(deal.score.total), grade.correct, True)


def _serve_pegging(
    question: PeggingQuestion,
    key: Hashable,
    colours: bool,
    record: Recorder,
    variant: str,
    details: dict[str, Any],
) -> Served | None:
    ticket = deal_ticket("pegging", question.seed, variant=variant)

    def check() -> None:
        verdict = grade_pegging(question, st.session_state.get(PEG_ANSWER_KEY, ""))
        if verdict.error:
            st.session_state[_ERRORS] = (verdict.error,)
            return
        saved = record(
            Attempt(
                "pegging",
                question.seed,
                verdict.answer,
                question.total,
                verdict.correct,
                {**details, "kinds": sorted(question.kinds)},
                attempt_id=ticket.attempt_id,
                categories=verdict.categories,
                categories_missed=verdict.missed,
                seconds=ticket.seconds(),
            )
        )
        st.session_state[RESULT_KEY] = {"key": key, "verdict": verdict, "saved": saved}

    show_question(question, colours)
    result = _result(key)
    if result is None:
        pegging_form(question, on_submit=check)
        _show_errors()
        return None
    verdict = result["verdict"]
    frame.show_notes(pegging_notes(verdict, card_text(question.pile[-1])))
    frame.answered_before(result.get("saved"))
    show_score(question, colours)
    return Served(str(verdict.answer), str(question.total), verdict.correct, True)


def _serve_discard(
    deal: DiscardDeal,
    key: Hashable,
    colours: bool,
    record: Recorder,
    variant: str,
    details: dict[str, Any],
) -> Served | None:
    ticket = deal_ticket("discard", deal.seed, variant=variant)
    best = format_cards(sorted(deal.advice.best.discard))

    def confirm() -> None:
        verdict = grade_discard(
            deal, [card for card in deal.hand if st.session_state.get(pick_key(card))]
        )
        if verdict.wrong_number:
            st.session_state[_ERRORS] = (choose_exactly(deal.throw, len(verdict.thrown)),)
            return
        saved = record(
            Attempt(
                "discard",
                deal.seed,
                format_cards(sorted(verdict.thrown)),
                best,
                verdict.correct,
                {
                    **details,
                    "ev_lost": round(verdict.loss, 4),
                    "players": deal.players,
                    "role": deal.role.value,
                    "level": deal.difficulty,
                },
                attempt_id=ticket.attempt_id,
                seconds=ticket.seconds(),
            )
        )
        st.session_state[RESULT_KEY] = {"key": key, "verdict": verdict, "saved": saved}

    dealing = deal.role is Role.DEALER
    st.info(
        seat_text(deal.role, deal.throw),
        icon=":material/inventory_2:" if dealing else ":material/person:",
    )
    result = _result(key)
    verdict = result["verdict"] if result is not None else None
    pick_cards(
        deal,
        verdict.thrown if verdict is not None else None,
        colours,
        on_change=lambda: st.session_state.pop(_ERRORS, None),
    )
    if result is None or verdict is None:
        st.button(
            ngettext("Throw this card", "Throw these cards", deal.throw),
            type="primary",
            key="discard_confirm",
            on_click=confirm,
            icon=":material/move_to_inbox:",
        )
        for message in st.session_state.get(_ERRORS, ()):
            st.error(message, icon=":material/touch_app:")
        return None
    frame.answered_before(result.get("saved"))
    frame.show_notes(discard_notes(verdict))
    if not verdict.correct:
        show_keeps(verdict, colours)
    show_advice(deal, verdict)
    return Served(format_cards(sorted(verdict.thrown)), best, verdict.correct, True)


def _serve_peg_trainer(
    at: Mapping[str, str],
    key: Hashable,
    colours: bool,
    record: Recorder,
    variant: str,
    details: dict[str, Any],
) -> Served | None:
    seed, spot, level = peg_trainer_args(at)
    position = position_of(seed, spot, level)
    ticket = deal_ticket("peg_trainer", seed, variant=variant)

    def lay(card: str) -> None:
        verdict = judge(position, card)
        kinds = tuple(sorted(position.kinds))
        extra = {
            **details,
            "points_lost": round(verdict.points_lost, 4),
            "grade": verdict.grade.value,
            "win_lost": None if verdict.win_lost is None else round(verdict.win_lost, 4),
            "kind": spot,
            "level": level,
        }
        saved = record(
            Attempt(
                "peg_trainer",
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
        )
        st.session_state[RESULT_KEY] = {"key": key, "card": verdict.chosen.card, "saved": saved}

    result = _result(key)
    verdict = judge(position, result["card"]) if result is not None else None
    show_peg_position(position, colours)
    show_cards(position, verdict.chosen.card if verdict else None, colours, on_lay=lay)
    if result is None or verdict is None:
        return None
    frame.answered_before(result.get("saved"))
    frame.show_notes(trainer_notes(position, verdict))
    show_values(position, verdict)
    return Served(str(verdict.chosen.card), str(verdict.best.card), verdict.correct, True)


def keyboard(kind: str, served: Served | None, next_key: str, nonce: str) -> None:
    """The quiz pages' keyboard use for a served question: the cursor in the answer box, Enter
    to check; once the verdict is shown, Enter or N presses ``next_key`` (see ``frame.keyboard``)."""
    answering = served is None or not served.done
    if kind in ("discard", "peg_trainer", "game") and answering:
        return  # the cards are picked by pointer, as on the Discard trainer and the Pegging trainer
    box = "count_answer" if kind in ("hand", "crib") else PEG_ANSWER_KEY
    frame.keyboard(box if answering else next_key, next_key, nonce=f"{nonce}:{served}")
