"""The coached first game's page: one scripted deal, step by step, the learner choosing for
both seats. The game is the engine's (:mod:`cribbage_core.game`), rebuilt each run from the
moves made so far (kept in the session as immutable actions); the words are
:mod:`tutor.first_game.text`.

Stages: the cut for deal, the discard (the pone, then the dealer), the starter, the play, the
show (the pone's hand, the dealer's, the crib: the learner counts each) and a short check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import streamlit as st

from cribbage_core.errors import IllegalMove
from cribbage_core.game import Action, Count, Discard, GameState, Go, Phase, Play
from cribbage_core.pegging import MAX_COUNT
from cribbage_core.scoring import MAX_HAND_POINTS, score_hand
from cribbage_core.teaching.discard_quiz import ev_loss, explain, is_best, is_good
from cribbage_core.teaching.first_game import CUT_SEED, coach_discard, cuts, deal, play_hint, start
from tutor.first_game.text import cut_lines, hint_text, narrate, turn_text
from tutor.frame.menu import link_params
from tutor.frame.profile import current_learner, visitor_store
from tutor.frame.render import bold, show_html
from tutor.html.cards import card_svg, cards_row
from tutor.html.play import table_series_html
from tutor.lang.coach_words import discard_lines
from tutor.lang.i18n import _, card_text, cards_text, fmt_int
from tutor.quiz.attempts import Attempt, record_attempt
from tutor.quiz.combo_view import card_columns
from tutor.quiz.count_view import show_count
from tutor.quiz.discard_text import points, reason_headline, reason_why
from tutor.quiz.feedback import choose_exactly, retry_notes
from tutor.quiz.frame import show_notes
from tutor.quiz.grading import grade_count

__all__ = ["run"]

_STAGE: Final = "fg_stage"
_MOVES: Final = "fg_moves"
_HINT: Final = "fg_hint"
_NOTE: Final = "fg_note"
_COUNTED: Final = "fg_counted"
_CHECKED: Final = "fg_checked"
#: A first wrong count's second try: the number of moves when it was opened (this count's) and
#: the first answer's verdict (its hint says what was likely missed).
_RETRY: Final = "fg_retry"
_SECOND: Final = "fg_second"  # the count was right (or wrong) on the second try
#: The learner whose finish this session has kept (the store keeps the first one).
_KEPT: Final = "fg_kept"
_SEAT_COLOURS: Final = {"dealer": "#1e4f91", "pone": "#8e3b00"}


# ---------------------------------------------------------------- the game so far


def _moves() -> tuple[Action, ...]:
    return tuple(st.session_state.get(_MOVES, ()))


def _stage() -> str:
    return str(st.session_state.get(_STAGE, "intro"))


def _go(stage: str) -> None:
    st.session_state[_STAGE] = stage
    st.session_state.pop(_HINT, None)
    st.session_state.pop(_NOTE, None)


def _restart() -> None:
    for key in (_STAGE, _MOVES, _HINT, _NOTE, _COUNTED, _CHECKED, _RETRY, _SECOND):
        st.session_state.pop(key, None)
    for index in range(6):
        st.session_state[f"fg_pick_{index}"] = False


def _states() -> list[GameState]:
    """The game after the deal and after each move (the engine checks every move again)."""
    states = [deal(start())]
    for move in _moves():
        states.append(states[-1].apply(move))
    return states


def _make(move: Action, drawn_at: int | None = None) -> None:
    """Make a move (a callback). A click drawn on an older table (a double click: ``drawn_at``
    moves were made when it was drawn) changes nothing; so does a move the engine refuses."""
    if drawn_at is not None and drawn_at != len(_moves()):
        return
    try:
        _states()[-1].apply(move)
    except IllegalMove:
        st.session_state[_NOTE] = (
            "wrong",
            [_("That move is not allowed now. Here is the table as it stands.")],
        )
        return
    st.session_state[_MOVES] = (*_moves(), move)
    st.session_state.pop(_HINT, None)
    st.session_state.pop(_NOTE, None)
    st.session_state.pop(_COUNTED, None)
    st.session_state.pop(_RETRY, None)
    st.session_state.pop(_SECOND, None)


def _role(state: GameState, seat: int) -> str:
    return "dealer" if seat == state.dealer else "pone"


def _seat_label(state: GameState, seat: int) -> str:
    return _("Dealer") if seat == state.dealer else _("Pone")


def _hand_title(state: GameState, seat: int) -> str:
    return _("The dealer's hand") if seat == state.dealer else _("The pone's hand")


# ---------------------------------------------------------------- the table


def _scores(state: GameState) -> None:
    dealer, pone = state.dealer, state.pone
    # one line, not two metrics: on a phone Streamlit stacks columns, and the hand fell below the screen
    st.markdown(
        bold(
            _("Score: dealer {dealer}, pone {pone}.").format(
                dealer=fmt_int(state.scores[dealer]), pone=fmt_int(state.scores[pone])
            )
        ),
        help=_("The dealer's and the pone's points so far."),
    )


def _table(state: GameState, colours: bool, *, show_crib: bool = False) -> None:
    """Both hands face up (this is a lesson), the starter and the crib."""
    _scores(state)
    for seat in (state.pone, state.dealer):
        st.markdown(bold(_hand_title(state, seat)))
        show_html(cards_row(state.hands[seat], four_colour=colours, width=64))
    starter_col, crib_col = st.columns([1, 3])
    with starter_col:
        st.markdown(bold(_("Starter")))
        shown = (
            cards_row([state.starter], four_colour=colours, width=64)
            if state.starter
            else cards_row([], backs=1, width=64)
        )
        show_html(shown)
    with crib_col:
        st.markdown(bold(_("The crib")))
        if show_crib:
            show_html(cards_row(state.crib, four_colour=colours, width=64))
        else:
            show_html(cards_row([], backs=len(state.crib), width=64))


def _hint_button(key: str, text: str) -> None:
    if st.button(_("Hint"), key=key, icon=":material/lightbulb:"):
        st.session_state[_HINT] = text
    if st.session_state.get(_HINT):
        st.info(st.session_state[_HINT], icon=":material/lightbulb:")


def _note() -> None:
    note = st.session_state.get(_NOTE)
    if note:
        tone, lines = note
        (st.success if tone == "right" else st.error)("\n\n".join(lines))


# ---------------------------------------------------------------- the stages


def _intro() -> None:
    st.markdown(
        _(
            "Play one deal of two-player cribbage from both seats, step by step: the cut for deal, "
            "the deal, the discard, the starter, the play and the show. Each step is explained as it "
            "happens; you make the choices, and a hint is one click away."
        )
    )
    st.button(
        _("Cut for deal"),
        key="fg_cut",
        type="primary",
        on_click=_go,
        args=("cut",),
        icon=":material/content_cut:",
    )


def _cut(colours: bool) -> None:
    state = start()
    cut = cuts(state)
    st.markdown(_("Each player cuts the deck and shows a card: the lower card deals."))
    captions = [_("First player"), _("Second player")]
    show_html(
        cards_row(
            [card for _seat, card in cut[-2:]], four_colour=colours, width=72, captions=captions
        )
    )
    for line in cut_lines(cut, state.dealer):
        st.markdown(line)
    st.button(
        _("Deal the cards"),
        key="fg_deal",
        type="primary",
        on_click=_go,
        args=("discard",),
        icon=":material/style:",
    )


def _lay_away(seat: int, drawn_at: int) -> None:
    """Grade the ticked cards against the coach's discard (a callback; a click drawn on an older
    table changes nothing)."""
    if drawn_at != len(_moves()):
        return
    state = _states()[-1]
    hand = state.hands[seat]
    chosen = tuple(card for i, card in enumerate(hand) if st.session_state.get(f"fg_pick_{i}"))
    if len(chosen) != 2:
        st.session_state[_NOTE] = (
            "wrong",
            [choose_exactly(2, len(chosen))],
        )
        return
    advice = coach_discard(state, seat)
    if not is_good(advice, chosen):
        reason = explain(advice, chosen)
        lines = [line for line in (reason_headline(reason), reason_why(reason)) if line]
        st.session_state[_NOTE] = ("wrong", [*lines, _("Choose again, or ask for the hint.")])
        return
    for i in range(6):
        st.session_state[f"fg_pick_{i}"] = False
    _make(Discard(seat, chosen))
    if is_best(advice, chosen):
        st.session_state[_NOTE] = ("right", [_("Right: the coach lays away the same two cards.")])
    else:
        st.session_state[_NOTE] = (
            "right",
            [
                _(
                    "A close call, accepted as good: the coach lays away {best}, only {gap} points "
                    "ahead on average over every starter. A strong player treats a few tenths as equal."
                ).format(
                    best=cards_text(advice.best.discard),
                    gap=points(ev_loss(advice, chosen)),
                )
            ],
        )
    if _states()[-1].phase is Phase.PLAY:
        st.session_state[_STAGE] = "starter"


def _discard(colours: bool) -> None:
    state = _states()[-1]
    seat = state.pone if not state.discards[state.pone] else state.dealer
    _note()
    _scores(state)
    st.markdown(bold(_hand_title(state, seat)))
    if seat == state.pone:
        st.markdown(
            _(
                "First the pone: choose two cards to lay away to the dealer's crib. The crib "
                "scores for the opponent, so give it little: no fives, no pairs, no two cards "
                "that make fifteen."
            )
        )
    else:
        st.markdown(
            _(
                "Now the dealer: choose two cards to lay away to your own crib. The crib is "
                "yours, so cards that score together may go there; keep the four that score "
                "best with any starter."
            )
        )
    for i, (cell, card) in enumerate(
        zip(card_columns("fg_pick", 6), state.hands[seat], strict=True)
    ):
        with cell:
            picked = bool(st.session_state.get(f"fg_pick_{i}"))
            show_html(
                f'<div dir="ltr" style="display:flex;justify-content:center">'
                f"{card_svg(card, highlighted=picked, dimmed=False, four_colour=colours, width=80)}</div>"
            )
            st.checkbox(_("Throw {card}").format(card=card_text(card)), key=f"fg_pick_{i}")
    buttons = st.container(horizontal=True)
    buttons.button(
        _("Lay these two away"),
        key="fg_throw",
        type="primary",
        on_click=_lay_away,
        args=(seat, len(_moves())),
        icon=":material/move_to_inbox:",
    )
    with buttons:
        best = coach_discard(state, seat).best.discard
        # the why in cards, as the review and coach mode say it: what it keeps, whose crib
        why = discard_lines(state.hands[seat], best, seat == state.dealer, limit=3)
        _hint_button(
            "fg_discard_hint",
            "\n\n".join([_("The coach lays away {cards}.").format(cards=cards_text(best)), *why]),
        )
    st.caption(
        _(
            "The dealer shuffles and deals six cards to each player, one at a time, the pone first. "
            "Each player keeps four and lays two away, face down, into the crib: an extra hand that "
            "scores for the dealer in the show."
        )
    )
    other = state.dealer if seat == state.pone else state.pone
    st.markdown(bold(_hand_title(state, other)))
    show_html(cards_row(state.hands[other], four_colour=colours, width=56))


def _starter(colours: bool) -> None:
    state = _states()[-1]
    _note()
    starter = state.starter
    assert starter is not None
    st.markdown(
        _(
            "Both players have laid away: the crib holds four cards. The pone cuts the deck and the "
            "dealer turns up the top card, the starter: {card}. It counts with both hands and with "
            "the crib in the show."
        ).format(card=card_text(starter))
    )
    st.markdown(
        _("A jack: the dealer pegs two for his heels.")
        if starter.rank == 11
        else _("Had it been a jack, the dealer would peg two at once, for his heels.")
    )
    _table(state, colours)
    st.button(
        _("Start the play"),
        key="fg_play",
        type="primary",
        on_click=_go,
        args=("play",),
        icon=":material/play_arrow:",
    )


def _narration(states: Sequence[GameState]) -> list[str]:
    lines: list[str] = []
    for before, move, after in zip(states, _moves(), states[1:], strict=False):
        if isinstance(move, (Play, Go)):
            lines.extend(narrate(before, move, after))
    return lines


def _series(state: GameState, colours: bool) -> None:
    start_at = state.series_starts[-1] if state.series_starts else 0
    laid = [
        (_seat_label(state, seat), card, _SEAT_COLOURS[_role(state, seat)])
        for seat, card in state.played[start_at:]
    ]
    said_go = [_seat_label(state, seat) for seat, passed in enumerate(state.passed) if passed]
    earlier = [card for _seat, card in state.played[:start_at]]
    show_html(table_series_html(laid, state.count, said_go, earlier, four_colour=colours))


def _play(colours: bool) -> None:
    states = _states()
    state = states[-1]
    st.markdown(
        _(
            "The play: the pone lays first, then the players take turns, each saying the count of all "
            "the cards laid. The count may never pass thirty-one. Cards score as they are laid: "
            "fifteen, thirty-one, a pair or a run with the cards just before, and the go."
        )
    )
    _scores(state)
    _note()
    lines = _narration(states)
    if state.phase is Phase.PLAY:
        _series(state, colours)
        seat = state.seat_to_act()
        st.markdown(bold(_hand_title(state, seat)))
        show_html(cards_row(state.hands[seat], four_colour=colours, width=64))
        st.markdown(bold(turn_text(state)))
        legal = state.legal_for(seat)
        buttons = st.container(horizontal=True, key="fg_lay")
        if isinstance(legal[0], Go):
            buttons.button(
                _("Say go"),
                key="fg_say_go",
                type="primary",
                on_click=_make,
                args=(Go(seat), len(_moves())),
            )
        for i, card in enumerate(state.hands[seat]):
            buttons.button(
                _("Lay {card}").format(card=card_text(card)),
                key=f"fg_lay_{i}",
                on_click=_make,
                args=(Play(seat, card), len(_moves())),
                disabled=state.count + card.value > MAX_COUNT,
            )
        _hint_button("fg_play_hint", hint_text(play_hint(state)))
        other = state.dealer if seat == state.pone else state.pone
        st.markdown(bold(_hand_title(state, other)))
        show_html(cards_row(state.hands[other], four_colour=colours, width=56))
    else:
        st.success(_("The play is over: every card has been laid."), icon=":material/check_circle:")
        st.button(
            _("On to the show"),
            key="fg_show",
            type="primary",
            on_click=_go,
            args=("show",),
            icon=":material/arrow_forward:",
        )
    if lines:
        st.markdown(bold(_("What happened")))
        st.markdown("\n".join(f"1. {line}" for line in lines))


def _retrying() -> bool:
    """Whether this count's second try is open (a first wrong count opens it, as on Count the hand)."""
    retry = st.session_state.get(_RETRY)
    return retry is not None and retry[0] == len(_moves())


def _check_count() -> None:
    """Grade the count (a callback): a first wrong count gets one more try with a hint of what was
    likely missed, then the answer and the count said aloud."""
    state = _states()[-1]
    counting = state.counting()
    assert counting is not None and state.starter is not None
    score = score_hand(counting.cards, state.starter, is_crib=counting.is_crib)
    verdict = grade_count(score, str(st.session_state.get("fg_count", "")))
    if verdict.errors:
        st.session_state[_NOTE] = ("wrong", list(verdict.errors))
        return
    st.session_state.pop(_NOTE, None)
    if not verdict.correct and not _retrying():
        st.session_state[_RETRY] = (len(_moves()), verdict)
        return
    st.session_state[_SECOND] = _retrying()
    st.session_state.pop(_RETRY, None)
    st.session_state[_COUNTED] = verdict.answer


def _reveal_count() -> None:
    """Close the second try and show the answer beside the first ("Show the answer", a callback)."""
    retry = st.session_state.pop(_RETRY, None)
    if retry is None:
        return
    st.session_state[_SECOND] = False
    st.session_state[_COUNTED] = retry[1].answer


def _count_next(seat: int, drawn_at: int) -> None:
    _make(Count(seat), drawn_at)
    st.session_state["fg_count"] = ""
    if _states()[-1].phase is not Phase.SHOW:
        st.session_state[_STAGE] = "check"


def _show(colours: bool) -> None:
    state = _states()[-1]
    counting = state.counting()
    assert counting is not None and state.starter is not None
    seat, cards, is_crib = counting
    st.markdown(
        _(
            "The show: each hand is counted with the starter, the pone's first, then the dealer's, "
            "then the crib, which scores for the dealer."
        )
    )
    _scores(state)
    if is_crib:
        st.markdown(
            bold(_("Count the crib with the starter. In the crib a flush needs all five cards."))
        )
    elif seat == state.pone:
        st.markdown(bold(_("Count the pone's hand with the starter.")))
    else:
        st.markdown(bold(_("Count the dealer's hand with the starter.")))
    show_html(
        cards_row(
            (*cards, state.starter),
            four_colour=colours,
            width=72,
            captions=[""] * len(cards) + [_("Starter")],
        )
    )
    score = score_hand(cards, state.starter, is_crib=is_crib)
    counted = st.session_state.get(_COUNTED)
    if counted is None:
        _note()
        retrying = _retrying()
        if retrying:
            show_notes(retry_notes(st.session_state[_RETRY][1]))
        with st.form("fg_count_form", enter_to_submit=True):
            st.text_input(
                _("How many points?"),
                key="fg_count",
                placeholder=_("a whole number from {zero} to {n}").format(
                    zero=fmt_int(0), n=fmt_int(MAX_HAND_POINTS)
                ),
            )
            st.form_submit_button(
                _("Check my count"), type="primary", key="fg_count_submit", on_click=_check_count
            )
        if retrying:
            st.button(
                _("Show the answer"),
                key="fg_count_reveal",
                on_click=_reveal_count,
                icon=":material/visibility:",
            )
        _hint_button(
            "fg_count_hint", _("Count the fifteens first, then pairs, runs, the flush and nobs.")
        )
        return
    if counted == score.total and st.session_state.get(_SECOND):
        st.success(
            _("Right on the second try: {total} points.").format(total=fmt_int(score.total)),
            icon=":material/check_circle:",
        )
    elif counted == score.total:
        st.success(
            _("Right: {answer}.").format(answer=fmt_int(score.total)),
            icon=":material/check_circle:",
        )
    else:
        st.error(
            _("Not quite: you said {given}, the answer is {answer}.").format(
                given=fmt_int(counted), answer=fmt_int(score.total)
            ),
            icon=":material/cancel:",
        )
    show_count(score, colours)
    st.button(
        _("Go on"),
        key="fg_count_next",
        type="primary",
        on_click=_count_next,
        args=(seat, len(_moves())),
        icon=":material/arrow_forward:",
    )


#: The check at the end: (question, {answer key: label}, the right key, the explanation).
def _questions() -> list[tuple[str, dict[str, str], str, str]]:
    return [
        (
            _("Who lays the first card of the play?"),
            {"pone": _("The pone"), "dealer": _("The dealer")},
            "pone",
            _(
                "The pone, the dealer's opponent, always leads: the dealer has the crib, the pone the "
                "first card."
            ),
        ),
        (
            # TRANSLATORS: a card fits if laying it keeps the count at 31 or less (a card making exactly
            # 31 fits and scores 2); say 'every card would take the count past 31', not 'below 31'.
            _("No card of yours fits under thirty-one. What happens?"),
            {
                "go": _(
                    "You say go; the other player lays what still fits, and whoever laid the last card pegs one"
                ),
                "pass": _("You lay a card anyway, and the count goes past thirty-one"),
                "end": _("The play ends for both players"),
            },
            "go",
            _(
                "You say go. The other player lays every card that still fits; the last card laid pegs one "
                "for the go (two for exactly thirty-one), and the count starts again from zero."
            ),
        ),
        (
            _("In the show, what is counted last?"),
            {"pone": _("The pone's hand"), "dealer": _("The dealer's hand"), "crib": _("The crib")},
            "crib",
            _(
                "The pone's hand first (near the end of a game the pone may win before the dealer counts), "
                "then the dealer's hand, then the crib, which scores for the dealer."
            ),
        ),
    ]


def _check_answers() -> None:
    answers = [st.session_state.get(f"fg_q{i}") for i in range(len(_questions()))]
    if any(a is None for a in answers):
        st.session_state[_NOTE] = ("wrong", [_("Please pick one of the answers first.")])
        return
    st.session_state.pop(_NOTE, None)
    right = [a == q[2] for a, q in zip(answers, _questions(), strict=True)]
    st.session_state[_CHECKED] = answers
    record_attempt(
        Attempt("learn", CUT_SEED, sum(right), len(right), all(right), {"lesson": "first_game"})
    )


def _keep_finish(state: GameState) -> None:
    """Keep that the learner reached the end of the deal, once a session: the class table and
    a class's task read it. The app's own game says so (the crib counted), not the learner."""
    name = current_learner()
    if name is None or st.session_state.get(_KEPT) == name or not _moves():
        return
    if state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        return
    store = visitor_store()
    if store.record_first_game(name) or not store.problem:  # kept now, or before
        st.session_state[_KEPT] = name


def _end_check() -> None:
    state = _states()[-1]
    _keep_finish(state)
    first_dealer = deal(start()).dealer
    pone = 1 - first_dealer
    st.markdown(
        _(
            "The deal is over: the dealer has {dealer} and the pone {pone}. The next deal is the "
            "other player's, and deals go on like this until a player reaches {target}."
        ).format(
            dealer=fmt_int(state.scores[first_dealer]),
            pone=fmt_int(state.scores[pone]),
            target=fmt_int(state.config.target),
        )
    )
    st.header(_("Check yourself"))
    checked = st.session_state.get(_CHECKED)
    questions = _questions()
    if checked is None:
        _note()
        with st.form("fg_check_form"):
            for i, (question, choices, _right, _why) in enumerate(questions):
                st.radio(
                    question, list(choices), format_func=choices.get, key=f"fg_q{i}", index=None
                )
            st.form_submit_button(
                _("Check my answers"), type="primary", key="fg_check", on_click=_check_answers
            )
        return
    for answer, (question, choices, right, why) in zip(checked, questions, strict=True):
        st.markdown(bold(question))
        if answer == right:
            st.success(
                _("Right: {answer}.").format(answer=choices[right]), icon=":material/check_circle:"
            )
        else:
            st.error(
                _("Not quite: you said {given}, the answer is {answer}.").format(
                    given=choices[answer], answer=choices[right]
                ),
                icon=":material/cancel:",
            )
        st.info(why, icon=":material/lightbulb:")
    st.success(
        _("You have played a whole deal of cribbage. Now play a game, or practise counting."),
        icon=":material/celebration:",
    )
    links = st.container(horizontal=True)
    links.page_link(
        "pages/4_Play.py",
        label=_("Play a game"),
        icon=":material/casino:",
        query_params=link_params(),
    )
    links.page_link(
        "pages/2_Count_the_hand.py",
        label=_("Now practise: Count the hand"),
        icon=":material/calculate:",
        query_params=link_params(),
    )


def run(colours: bool) -> None:
    """Draw the lesson's current step, and "Start again" under it."""
    stage = _stage()
    if stage == "intro":
        _intro()
    elif stage == "cut":
        _cut(colours)
    elif stage == "discard":
        _discard(colours)
    elif stage == "starter":
        _starter(colours)
    elif stage == "play":
        _play(colours)
    elif stage == "show":
        _show(colours)
    else:
        _end_check()
    if stage != "intro":
        st.divider()
        st.button(
            _("Start again"), key="fg_restart", on_click=_restart, icon=":material/restart_alt:"
        )
