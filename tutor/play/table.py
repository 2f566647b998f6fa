"""The Play page's table, drawn from a session: scores and board, hands, crib, starter, the play,
the commentary, the counted hands, the discard review, the result and the log.

Drawing only: nothing here changes the game (the clicks are in ``tutor.play.controls``).
"""

from __future__ import annotations

from html import escape

import streamlit as st

from cribbage_core.game import Counting, GameState, Phase
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HandScore, score_hand
from tutor.frame.menu import four_colour, link_params
from tutor.frame.profile import escape_markdown
from tutor.frame.render import plain_html, show_html
from tutor.html.board import PEG_COLOURS, board_svg
from tutor.html.breakdown import hand_breakdown_html
from tutor.html.cards import card_back_svg, cards_row
from tutor.html.play import table_series_html
from tutor.html.table_top import markdown_bold, scores_html, table_row_html, table_weights
from tutor.html.winbar import beside_board
from tutor.lang.i18n import _, card_text, cards_text, fmt_int, fmt_signed, ltr, ngettext, own_digits
from tutor.play.session import HUMAN, Claim, MoveKind, PlaySession, PlaySettings
from tutor.play.text import (
    LEVEL_LABELS,
    RESULT_LABELS,
    describe_move,
    log_frame,
    player_label,
    seat_names,
    side_names,
    skunk_label,
)
from tutor.play.ui import watched_player

__all__ = [
    "on_the_table",
    "settings_caption",
    "header",
    "cut_for_deal",
    "table",
    "commentary",
    "counted_steps",
    "show_counted",
    "last_show",
    "discard_review",
    "result",
    "game_log",
]


def settings_caption(settings: PlaySettings) -> None:
    """One line: the opponent, the players, the skunk rule, muggins and who counts (on a phone,
    below the table: ``below_`` in :data:`tutor.frame.menu._PHONE_CSS`)."""
    st.container(key="below_play_settings").caption(
        _(
            "Opponent: {level} · {players} · skunk rule: {skunk} · muggins {muggins} · {counting}"
        ).format(
            level=_(LEVEL_LABELS[settings.level]),
            players=player_label(settings.players),
            skunk=skunk_label(settings.skunk_rule),
            muggins=_("on") if settings.muggins else _("off"),
            counting=_("you count your own hand")
            if settings.self_count
            else (
                _("the app counts, one hand at a time")
                if settings.step_show
                else _("the app counts")
            ),
        )
    )


def on_the_table(session: PlaySession) -> GameState:
    """The deal the table shows: after the show, until the next deal, still the hand just counted
    (its dealer, hands, crib and starter), so that every label describes the cards on the table."""
    shown = session.last_show
    if session.phase is Phase.DEAL and shown is not None:
        return shown
    return session.state


def header(session: PlaySession, beside_the_board: str | None = None) -> None:
    """Scores (always visible), the board and who dealt the hand on the table; ``beside_the_board``
    is HTML drawn at the board's right (the coach's chance-to-win bar)."""
    state = session.state
    deal = on_the_table(session)
    player = watched_player(session)
    sides = side_names(state.players, player)
    names = seat_names(state.players, player)
    sides_html = []
    for side, name in enumerate(sides):
        gained = state.scores[side] - session.back[side]
        last_peg = (
            escape(_("last peg {points}").format(points=fmt_signed(gained))) if gained else ""
        )
        sides_html.append((plain_html(name), fmt_int(state.scores[side]), last_peg))
    hand_line = markdown_bold(
        escape(_("**Hand {n}** · {dealer} dealt · playing to {target}")).format(
            n=fmt_int(max(deal.hand_no, 1)),
            dealer=plain_html(names[deal.dealer]),
            target=fmt_int(state.config.target),
        )
    )
    board = board_svg(state.scores, session.back, state.config.target, sides)
    # one element for the scores and the board: each element is a message the server sends
    show_html(
        scores_html(sides_html, hand_line)
        + (board if beside_the_board is None else beside_board(board, beside_the_board))
    )


def cut_for_deal(state: GameState) -> None:
    """In the first hand: the cards cut for deal and who deals."""
    cuts = [e for e in state.log if e.kind == ScoreKind.CUT_FOR_DEAL]
    if state.hand_no != 1 or state.phase not in (Phase.DISCARD, Phase.PLAY) or not cuts:
        return
    names = seat_names(state.players)
    st.info(
        _("Cut for deal: {cuts}. The lowest card deals: {dealer}.").format(
            cuts=", ".join(f"{names[e.seat]} {card_text(e.cards[0])}" for e in cuts),
            dealer=names[state.dealer],
        ),
        icon=":material/content_cut:",
    )


def _face_down(n: int, width: int = 52) -> str:
    backs = "".join(card_back_svg(width=width) for _ in range(n))
    return (
        f'<div dir="ltr" class="cards" style="display:flex;gap:4px;padding:6px 0;'
        f'min-height:{round(width * 1.4) + 12}px">{backs}</div>'
    )


def table(session: PlaySession) -> None:
    """The opponents' hands, the crib, the starter, and the current series with the count."""
    state = on_the_table(session)
    names = seat_names(state.players, watched_player(session))
    colours = four_colour()
    others = [seat for seat in range(state.players) if seat != HUMAN]
    in_show = state.phase is Phase.SHOW or state.ended_in is Phase.SHOW
    columns = []
    for seat in others:
        label = f"<strong><bdi>{plain_html(names[seat])}</bdi></strong>"
        if seat == state.dealer:
            label += " · " + escape(_("dealer"))
        cards = state.kept[seat] if in_show else ()
        columns.append(
            (label, cards_row(cards, four_colour=colours, width=52, gap=4))
            if cards
            else (label, _face_down(len(state.hands[seat])))
        )
    crib, starter_word = escape(_("The crib")), escape(_("Starter"))
    crib_label = f"<strong>{crib}</strong> · <bdi>{plain_html(names[state.dealer])}</bdi>"
    if in_show and state.show_step >= state.players:
        columns.append((crib_label, cards_row(state.crib, four_colour=colours, width=52, gap=4)))
    else:
        in_crib = (
            len(state.crib) if state.starter is not None else sum(len(d) for d in state.discards)
        )
        columns.append((crib_label, _face_down(in_crib)))
    starter = (
        cards_row([state.starter], four_colour=colours, width=52)
        if state.starter is not None
        else _face_down(1)
    )
    columns.append((f"<strong>{starter_word}</strong>", starter))
    show_html(table_row_html(columns, table_weights(len(others))))  # one element: see header
    if state.phase is Phase.PLAY or (
        state.phase is Phase.GAME_OVER and state.ended_in is Phase.PLAY
    ):
        _series(state, names)


def _series(state: GameState, names: list[str]) -> None:
    start = (state.series_starts or (0,))[-1]
    laid = [
        (names[seat], card, PEG_COLOURS[state.side_of(seat)]) for seat, card in state.played[start:]
    ]
    said_go = [names[s] for s, passed in enumerate(state.passed) if passed]
    earlier = [card for _, card in state.played[:start]]
    show_html(table_series_html(laid, state.count, said_go, earlier, four_colour=four_colour()))


def commentary(session: PlaySession, last: int = 5) -> None:
    """The latest moves of this hand, oldest first, each with what it scored and why."""
    player = watched_player(session)
    names = seat_names(session.state.players, player)
    moves = [m for m in session.feed if m.kind not in (MoveKind.COUNT, MoveKind.MUGGINS)][-last:]
    if not moves:
        return
    items = "".join(
        f'<li style="{"font-weight:600" if i == len(moves) - 1 else "color:#444"}">'
        f"{plain_html(describe_move(m, names, watched=player is not None))}</li>"
        for i, m in enumerate(moves)
    )
    show_html(
        f'<ul class="play-feed" style="margin:2px 0 8px 0;padding-inline-start:1.2rem">{items}</ul>'
    )


def counted_steps(state: GameState, upto: int) -> list[Counting]:
    """What the show counted before step ``upto``: the hands pone first, the crib last."""
    return [state.counted(step) for step in range(min(upto, state.players + 1))]


def show_counted(session: PlaySession, state: GameState, upto: int) -> None:
    """Each counted hand and crib with its itemised breakdown (and the learner's claim; a
    watched game's player's claims are theirs, not shown)."""
    player = watched_player(session)
    names = [escape_markdown(name) for name in seat_names(state.players, player)]
    colours = four_colour()
    assert state.starter is not None
    for seat, cards, is_crib in counted_steps(state, upto):
        score = score_hand(cards, state.starter, is_crib=is_crib)
        if seat == HUMAN and player is None:
            title = (_("Your crib: {points}") if is_crib else _("Your hand: {points}")).format(
                points=fmt_int(score.total)
            )
        else:
            title = (
                _("{name}'s crib: {points}") if is_crib else _("{name}'s hand: {points}")
            ).format(name=names[seat], points=fmt_int(score.total))
        with st.expander(title, expanded=True):
            claim = next(
                (
                    c
                    for c in session.claims
                    if c.hand_no == state.hand_no
                    and c.is_crib == is_crib
                    and seat == HUMAN
                    and player is None
                ),
                None,
            )
            if claim is not None:
                _claim_verdict(claim, score, session.settings.muggins)
            show_html(hand_breakdown_html(score, four_colour=colours))


def _claim_verdict(claim: Claim, score: HandScore, muggins: bool) -> None:
    from cribbage_core.teaching.hand_quiz import likely_missed
    from tutor.lang.i18n import kind_label

    claimed, actual = claim.claimed, claim.actual
    if claimed == actual:
        st.success(_("You counted {n}: right.").format(n=fmt_int(actual)))
    elif claimed > actual:
        st.warning(
            _("You claimed {claimed}, but it is worth {actual}: you score {actual}.").format(
                claimed=fmt_int(claimed), actual=fmt_int(actual)
            )
        )
    else:
        missed = ", ".join(kind_label(k) for k in likely_missed(score, claimed))
        numbers = {
            "claimed": fmt_int(claimed),
            "actual": fmt_int(actual),
            "gap": fmt_int(actual - claimed),
        }
        if muggins:
            st.error(
                _(
                    "You claimed {claimed} of {actual}. Muggins! The computer takes the {gap} you missed "
                    "(look at: {missed})."
                ).format(missed=missed, **numbers)
            )
        else:
            st.warning(
                _(
                    "You claimed {claimed} of {actual}: you score {claimed}; {gap} missed (look at: {missed})."
                ).format(missed=missed, **numbers)
            )


def last_show(session: PlaySession) -> None:
    """After the show, before the next deal: the hand's counts, each with its breakdown."""
    shown = session.last_show
    if session.phase is Phase.DEAL and shown is not None:
        st.header(_("Hand {n}: the show").format(n=fmt_int(shown.hand_no)))
        show_counted(session, shown, shown.players + 1)
        review_link(session, shown.hand_no)


#: The review page (``pages/8_Game_review.py``): a game of this page, every decision graded.
REVIEW_PAGE = "pages/8_Game_review.py"


def review_link(session: PlaySession, hand_no: int | None = None) -> None:
    """A link to the review of this game (at one hand's decisions when ``hand_no`` is given)."""
    params = {**link_params(), "game": session.game_id}
    if hand_no is None:
        label = _("Review this game: every decision graded")
    else:
        params["hand"] = str(hand_no)
        label = _("Review this hand's decisions")
    st.page_link(REVIEW_PAGE, label=label, icon=":material/rate_review:", query_params=params)


def discard_review(session: PlaySession) -> None:
    """Once the hand is played out: how the learner's discard compared with the advisor's best."""
    state = session.state
    if state.phase is Phase.SHOW:
        hand_no: int | None = state.hand_no
    elif state.phase is Phase.DEAL and session.last_show is not None:
        hand_no = session.last_show.hand_no
    else:
        return
    review = session.review(hand_no)
    if review is None:
        return
    if review.ev_lost < 0.005:
        st.success(
            _("Your discard ({cards}) was the best of {n}: {net} points expected.").format(
                cards=cards_text(review.discard),
                n=fmt_int(review.options),
                net=ltr(own_digits(f"{review.net:.2f}")),
            ),
            icon=":material/thumb_up:",
        )
    else:
        st.info(
            _(
                "Your discard ({cards}) ranked {rank} of {n}: it lost {lost} expected points against "
                "the best, {best} ({best_net} expected)."
            ).format(
                cards=cards_text(review.discard),
                rank=fmt_int(review.rank),
                n=fmt_int(review.options),
                lost=ltr(own_digits(f"{review.ev_lost:.2f}")),
                best=cards_text(review.best_discard),
                best_net=ltr(own_digits(f"{review.best_net:.2f}")),
            ),
            icon=":material/insights:",
        )


def result(session: PlaySession) -> None:
    """The end of the game: who won, the kind of win and its game points; the last counts."""
    state = session.state
    outcome = state.result
    assert outcome is not None
    player = watched_player(session)
    sides = [escape_markdown(side) for side in side_names(state.players, player)]
    won = outcome.winner_side == state.side_of(HUMAN)
    if won and player is None:
        verdict = _("You win") if state.players != 4 else _("You and your partner win")
    else:
        verdict = _("{name} wins").format(name=sides[outcome.winner_side])
    scores = " – ".join(f"{sides[i]} {fmt_int(s)}" for i, s in enumerate(state.scores))
    (st.success if won else st.error)(
        _("**{verdict}**, {kind} ({points}): {scores}.").format(
            verdict=verdict,
            kind=_(RESULT_LABELS[outcome.kind]),
            points=ngettext("{n} game point", "{n} game points", outcome.game_points).format(
                n=fmt_int(outcome.game_points)
            ),
            scores=scores,
        ),
        icon=":material/emoji_events:" if won else ":material/sentiment_dissatisfied:",
    )
    if state.ended_in is Phase.SHOW and state.starter is not None:
        show_counted(session, state, state.show_step + 1)


def game_log(session: PlaySession, key: str = "play_log") -> None:
    """The whole game log: every scoring event and take-back, with the running scores."""
    st.dataframe(
        log_frame(session, watched_player(session)), hide_index=True, width="stretch", key=key
    )
