"""A game's decisions as review items on the pages: filed when a game ends or is reviewed, served
on the Review page.

Filing (:mod:`tutor.review.items`) needs the game analysed, 1.5-3 s of CPU for a game to 121: it
runs once per game and number of moves in a session, through the review's own cache, so the
review opened from the end of the game then costs nothing. Only the learner who owns the game
files it (a game started without a name, or another's game being watched, files nothing).

Serving: the decision's position is drawn as in the game review (the dealt hand, or the series
and the hand held), the learner picks the card to lay (or the cards to throw), and the engine's
verdict follows: right when the pick is graded best or good by the same evaluations, the best
choice, what the choice made in the game cost and why.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any, Final

import streamlit as st

from cribbage_core.cards import Card
from cribbage_core.coach.game_review import Decision
from cribbage_core.coach.grades import Grade
from cribbage_core.errors import InvalidSavedGame
from tutor.lang.i18n import _, cards_text, fmt_int, grade_name, ltr, ngettext
from tutor.play.session import PlaySession
from tutor.play.text import seat_names
from tutor.quiz import frame
from tutor.quiz.attempts import Attempt, deal_ticket
from tutor.quiz.positions import BadPosition
from tutor.quiz.serve import RESULT_KEY, Recorder, Served
from tutor.review.game import ReviewedGame
from tutor.review.items import DECISION_CATEGORIES, GAME_KIND, decision_at, file_decisions
from tutor.review.mistakes import check_answer
from tutor.review.reasons import cost_text, option_cards, reasons
from tutor.review.view import analysed_game, position, setting
from tutor.store import Store

__all__ = ["PICK_PREFIX", "file_finished", "file_reviewed", "serve_decision"]

_FILED: Final = "review_filed"  # (game id, length of the line played) filed in this session
#: The session keys of the picks start with this (cleared with the served question).
PICK_PREFIX: Final = "game_pick_"
_ERRORS: Final = "game_pick_errors"


def _file(store: Store, learner: str | None, game: ReviewedGame, today: dt.date) -> None:
    filed: set[tuple[str, int]] = st.session_state.setdefault(_FILED, set())
    if not learner or (game.game_id, len(game.line)) in filed:
        return
    owner = store.game_owner(game.game_id)
    if owner is None or owner.learner != learner:
        return  # a game without a name, or another's: nobody's decisions to file here
    file_decisions(store, learner, game, today)
    filed.add((game.game_id, len(game.line)))


def file_finished(store: Store, learner: str | None, session: PlaySession, today: dt.date) -> None:
    """At the end of a game: file the learner's decisions (once per session)."""
    if not learner:
        return
    try:
        with st.spinner(_("Grading your decisions for your review…")):
            game = analysed_game(
                store, session.game_id, session.moves, session.to_dict(), learner, None
            )
    except InvalidSavedGame:
        return  # the Play page says what is wrong with the save
    _file(store, learner, game, today)


def file_reviewed(store: Store, learner: str | None, game: ReviewedGame, today: dt.date) -> None:
    """When a game is reviewed (finished or in progress): file its settled decisions (once)."""
    _file(store, learner, game, today)


def _game_at(
    store: Store, learner: str, browser: str | None, at: Mapping[str, str]
) -> tuple[ReviewedGame, Decision]:
    """The learner's own game and decision at ``at``; ``BadPosition`` when either is gone."""
    game_id = str(at.get("game", ""))
    found = store.load_own_game(game_id, learner, browser) if game_id else None
    owner = store.game_owner(game_id) if found is not None else None
    if found is None or owner is None or owner.learner != learner:
        raise BadPosition("the game of this decision is not the learner's, or is gone")
    moves, data = found
    try:
        with st.spinner(_("Analysing every decision of the game…")):
            game = analysed_game(store, game_id, moves, data, learner, browser)
    except InvalidSavedGame as error:
        raise BadPosition(str(error)) from error
    d = decision_at(game, at)
    if d is None:
        raise BadPosition("no decision of the learner at this step of the game")
    return game, d


def serve_decision(
    store: Store,
    learner: str,
    browser: str | None,
    at: Mapping[str, str],
    question_key: object,
    record: Recorder,
    variant: str,
    extra: Mapping[str, Any] | None = None,
) -> Served | None:
    """Draw the decision at ``at`` and ask for a better choice; what was answered (see the module)."""
    game, d = _game_at(store, learner, browser, at)
    state = game.state_before(d)
    size = len(option_cards(d.choice))
    pick_key = f"{PICK_PREFIX}{game.game_id}_{d.step}"
    ticket = deal_ticket(GAME_KIND, d.step, variant=f"{variant}:{game.game_id}")
    category = DECISION_CATEGORIES[d.kind]
    best = " ".join(str(c) for c in option_cards(d.options[0]))

    def check() -> None:
        picked = st.session_state.get(pick_key)
        cards = frozenset(
            picked if isinstance(picked, list) else [picked] if picked is not None else []
        )
        if len(cards) != size:
            st.session_state[_ERRORS] = (
                _("Choose {n} cards.").format(n=fmt_int(size)) if size > 1 else _("Choose a card.")
            )
            return
        graded = check_answer(d, cards)
        if graded is None:
            st.session_state[_ERRORS] = _("That card cannot be laid now.")
            return
        right = graded in (Grade.BEST, Grade.GOOD)
        order = list(state.hands[d.seat])
        answer = " ".join(str(c) for c in sorted(cards, key=order.index))
        saved = record(
            Attempt(
                GAME_KIND,
                game.game_id,
                answer,
                best,
                right,
                {**(extra or {}), "step": d.step, "hand": d.hand_no, "grade": graded.value},
                attempt_id=ticket.attempt_id,
                categories=(category,),
                categories_missed=() if right else (category,),
                seconds=ticket.seconds(),
            )
        )
        st.session_state[RESULT_KEY] = {
            "key": question_key,
            "cards": tuple(sorted(cards, key=order.index)),
            "grade": graded,
            "saved": saved,
        }

    found = st.session_state.get(RESULT_KEY)
    result = found if isinstance(found, dict) and found.get("key") == question_key else None
    names = seat_names(game.review.players)
    by_seat = len(d.scores) == len(names)  # with four players the scores are the two sides'
    scores = (
        ltr(" – ".join(f"{names[i]} {fmt_int(n)}" for i, n in enumerate(d.scores)))
        if by_seat
        else ""
    )
    st.caption(_("From your game, hand {hand}.").format(hand=fmt_int(d.hand_no)) + f" {scores}")
    setting(game, d)  # who dealt, whose crib it is and the scores
    position(game, d, answer=result is not None)
    mine = option_cards(d.choice)
    if result is None:
        if d.kind == "discard":
            st.markdown(
                ngettext(
                    "Which card would you throw?", "Which {n} cards would you throw?", size
                ).format(n=fmt_int(size))
            )
        else:
            st.markdown(_("Which card would you lay?"))
        if d.kind == "discard":
            choices = list(state.hands[d.seat])
        else:
            choices = sorted(
                (option_cards(o)[0] for o in d.options), key=list(state.hands[d.seat]).index
            )
        st.pills(
            _("Your choice"),
            choices,
            selection_mode="multi" if size > 1 else "single",
            format_func=cards_text_one,
            key=pick_key,
            on_change=lambda: st.session_state.pop(_ERRORS, None),
        )
        st.button(
            _("Check"),
            key="game_pick_check",
            type="primary",
            on_click=check,
            icon=":material/check:",
        )
        problem = st.session_state.get(_ERRORS)
        if problem:
            st.error(problem, icon=":material/touch_app:")
        return None
    cards, graded = result["cards"], result["grade"]
    right = graded in (Grade.BEST, Grade.GOOD)
    frame.answered_before(result.get("saved"))
    if right:
        st.success(
            _("Yes: {cards} is a good choice ({grade}).").format(
                cards=cards_text(cards), grade=grade_name(graded)
            )
        )
    else:
        st.error(
            _("Not good enough: {cards} is graded {grade}. The best choice was {best}.").format(
                cards=cards_text(cards),
                grade=grade_name(graded),
                best=cards_text(option_cards(d.options[0])),
            )
        )
    st.markdown(
        _("In the game you chose {cards}.").format(cards=cards_text(mine))
        + " "
        + cost_text(d, players=state.players)
    )
    why = reasons(d, state)
    if why:
        st.markdown("\n".join(f"- {line}" for line in why))
    return Served(" ".join(str(c) for c in cards), best, right, True)


def cards_text_one(card: Card) -> str:
    """One card's label for the pills (rank and suit, left to right)."""
    return cards_text([card])
