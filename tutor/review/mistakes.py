"""Learn from your mistakes: the learner's costly decisions, one at a time, each asked again.

For each mistake or blunder the position is shown without the answer and the learner picks a
better choice: a choice graded best or good by the same evaluations is right; the first wrong
one gets one more try; the second shows the best choice with its reason. The place in the list
and the tries are kept in session state per game, so a rerun never loses them.

The round is drawn in an ``st.fragment`` and its Check, Next and Start again are callbacks: each
reruns the round alone, once (the review's figures, charts and filing above it are not drawn
again, and no second run is asked for).
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from cribbage_core.cards import Card
from cribbage_core.coach.game_review import Decision
from cribbage_core.coach.grades import Grade
from tutor.lang.i18n import _, card_text, cards_text, fmt_int, grade_name
from tutor.quiz.closing import close_session
from tutor.review.game import LEARNER, ReviewedGame
from tutor.review.reasons import (
    cost_text,
    is_costly,
    option_cards,
    option_grade,
    reasons,
    severity,
)
from tutor.review.view import position, setting

__all__ = ["check_answer", "costly_decisions", "learn"]

_STATE: Final = "review_learn"  # {"game": id, "order": ..., "at": index, "tries": n, "result": ...}
_ORDER: Final = "review_learn_order"
_WARNING: Final = "review_learn_warning"  # why the last Check was not counted, shown once
WORST_FIRST: Final = "worst"
GAME_ORDER: Final = "game"


def costly_decisions(game: ReviewedGame, order: str = WORST_FIRST) -> list[Decision]:
    """The learner's mistakes and blunders, the costliest first (or in the order of the game)."""
    found = [d for d in game.review.of_seat(LEARNER) if is_costly(d)]
    if order == WORST_FIRST:
        found.sort(key=severity, reverse=True)
    return found


def check_answer(decision: Decision, cards: frozenset[Card]) -> Grade | None:
    """The grade of the option with ``cards`` thrown (or laid), or None if no option has them."""
    for option in decision.options:
        if frozenset(option_cards(option)) == cards:
            return option_grade(decision, option)
    return None


def _progress() -> dict[str, object]:
    found = st.session_state.get(_STATE)
    return found if isinstance(found, dict) else {}


def learn(game: ReviewedGame) -> None:
    """The "learn from your mistakes" round for this game (in a fragment: see the module docs)."""
    _round(game)


@st.fragment
def _round(game: ReviewedGame) -> None:
    order = st.radio(
        _("Order"),
        (WORST_FIRST, GAME_ORDER),
        horizontal=True,
        key=_ORDER,
        format_func=lambda o: (
            _("Costliest first") if o == WORST_FIRST else _("In the order of the game")
        ),
    )
    costly = costly_decisions(game, order)
    if not costly:
        st.success(_("No mistakes or blunders in this game: nothing to redo here."))
        return
    progress = _progress()
    if progress.get("game") != game.game_id or progress.get("order") != order:
        progress = {"game": game.game_id, "order": order, "at": 0, "tries": 0, "result": None}
        st.session_state[_STATE] = progress
    at = int(progress["at"])  # type: ignore[call-overload]
    if at >= len(costly):
        found = progress.get("right")
        right = len(found) if isinstance(found, list) else 0
        close_session(
            right, len(costly), "pages/4_Play.py", _("Next: play another game"), "review_close"
        )
        st.button(_("Start again"), key="review_learn_again", on_click=_start_again)
        return
    d = costly[at]
    st.markdown(
        _("Decision {i} of {n} · hand {hand}").format(
            i=fmt_int(at + 1), n=fmt_int(len(costly)), hand=fmt_int(d.hand_no)
        )
    )
    result = progress.get("result")
    setting(game, d)
    position(game, d, answer=result is not None)
    mine = option_cards(d.choice)
    if d.kind == "discard":
        st.write(_("You threw {cards}. Find a better throw.").format(cards=cards_text(mine)))
    else:
        st.write(_("You laid {card}. Find a better card.").format(card=card_text(mine[0])))
    if result is None:
        show_flash()
        _ask(game, d, progress)
    else:
        _answer(game, d, progress)


def _start_again() -> None:
    st.session_state[_STATE] = {**_progress(), "at": 0, "tries": 0, "result": None, "right": []}


def _ask(game: ReviewedGame, d: Decision, progress: dict[str, object]) -> None:
    state = game.state_before(d)
    size = len(option_cards(d.choice))
    if d.kind == "discard":
        choices = list(state.hands[d.seat])
    else:
        choices = [option_cards(o)[0] for o in d.options]
        choices.sort(key=list(state.hands[d.seat]).index)
    key = f"review_learn_pick_{game.game_id}_{d.step}_{progress['tries']}"
    with st.form(f"review_learn_form_{d.step}"):
        st.pills(
            _("Your choice"),
            choices,
            selection_mode="multi" if size > 1 else "single",
            format_func=card_text,
            key=key,
        )
        st.form_submit_button(
            _("Check"), on_click=_check, args=(d, key, size, list(state.hands[d.seat]))
        )
    warning = st.session_state.pop(_WARNING, None)
    if warning:
        st.warning(warning)


def _check(d: Decision, key: str, size: int, hand: list[Card]) -> None:
    """Check the choice in the pills ``key`` (a callback: the run it starts shows the verdict)."""
    progress = _progress()
    picked = st.session_state.get(key)
    cards = frozenset(
        picked if isinstance(picked, list) else [picked] if picked is not None else []
    )
    if len(cards) != size:
        st.session_state[_WARNING] = (
            _("Choose {n} cards.").format(n=fmt_int(size)) if size > 1 else _("Choose a card.")
        )
        return
    if cards == frozenset(option_cards(d.choice)):
        st.session_state[_WARNING] = _("That is what you chose in the game: look for another.")
        return
    graded = check_answer(d, cards)
    if graded is None:
        st.session_state[_WARNING] = _("That card cannot be laid now.")
        return
    tries = int(progress["tries"]) + 1  # type: ignore[call-overload]
    if graded in (Grade.BEST, Grade.GOOD):
        found = progress.get("right")
        right = [*found] if isinstance(found, list) else []
        st.session_state[_STATE] = {
            **progress,
            "tries": tries,
            "result": ("right", tuple(cards), graded.value),
            "right": [*right, d.step],
        }
    elif tries < 2:
        st.session_state[_STATE] = {**progress, "tries": tries}
        st.session_state["review_learn_flash"] = _(
            "Not quite: {cards} would be costly too ({grade}). One more try."
        ).format(cards=cards_text(sorted(cards, key=hand.index)), grade=grade_name(graded))
    else:
        st.session_state[_STATE] = {
            **progress,
            "tries": tries,
            "result": ("shown", tuple(cards), graded.value),
        }


def show_flash() -> None:
    """The "one more try" message of the last check, once."""
    message = st.session_state.pop("review_learn_flash", None)
    if message:
        st.warning(message)


def _answer(game: ReviewedGame, d: Decision, progress: dict[str, object]) -> None:
    result = progress["result"]
    assert isinstance(result, tuple)
    verdict, cards, graded = result
    best = option_cards(d.options[0])
    if verdict == "right":
        st.success(
            _("Yes: {cards} is a good choice ({grade}).").format(
                cards=cards_text(cards), grade=grade_name(Grade(graded))
            )
        )
    else:
        st.info(_("The best choice was {best}.").format(best=cards_text(best)))
    st.write(
        _("In the game you chose {cards}.").format(cards=cards_text(option_cards(d.choice)))
        + " "
        + cost_text(d, players=game.review.players)
    )
    why = reasons(d, game.state_before(d))
    if why:
        st.markdown("\n".join(f"- {line}" for line in why))
    st.button(_("Next"), key=f"review_learn_next_{d.step}", type="primary", on_click=_next)


def _next() -> None:
    progress = _progress()
    at = int(progress["at"]) + 1  # type: ignore[call-overload]
    st.session_state[_STATE] = {**progress, "at": at, "tries": 0, "result": None}
