"""The review page's parts: opening the learner's game, its figures, the rail of hands, each decision.

The analysis is read from the hands kept with the game (``tutor.review.keep``: the Play page
keeps each hand as it is finished), and only what is missing is analysed and then kept too. It
is put together once per (game id, number of moves) and kept with ``st.cache_resource``
(immutable objects, never changed; nothing is pickled), so opening the review again or changing
hand costs milliseconds. The page opens on the learner's decisions alone; the computer's are
analysed (as long again, for a game with nothing kept) the first time the switch shows them,
and its skill figure comes with them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Final

import altair as alt
import pandas as pd
import streamlit as st

from cribbage_core.coach.game_review import Decision, HandReview
from cribbage_core.coach.grades import Grade
from cribbage_core.errors import InvalidSavedGame
from cribbage_core.game import GameState, Phase
from cribbage_core.seats import Role
from cribbage_core.tables.bot_skill import bot_skill
from tutor import progress
from tutor.clock import today
from tutor.frame.menu import four_colour, link_params
from tutor.frame.profile import escape_markdown
from tutor.frame.render import bold, show_html
from tutor.html.board import PEG_COLOURS
from tutor.html.cards import cards_row
from tutor.html.play import table_series_html
from tutor.lang.i18n import (
    _,
    cards_text,
    current_language,
    fmt_int,
    fmt_percent,
    grade_name,
    ltr,
    ngettext,
    own_digits,
)
from tutor.lang.languages import is_rtl
from tutor.play.friend import FRIEND_LEVEL
from tutor.play.text import LEVEL_LABELS, saved_game_problem, seat_names
from tutor.quiz.discard_text import seat_text
from tutor.review.game import (
    LEARNER,
    AnalysisUnfinished,
    ReviewedGame,
    hand_finished,
    review_game,
)
from tutor.review.keep import keep_fresh, keep_made, kept_hands, made_here
from tutor.review.reasons import (
    GRADE_ICONS,
    actual_discard_line,
    actual_line,
    cost_text,
    option_cards,
    reasons,
    signed,
)
from tutor.store import Store, UnreadableSave

__all__ = [
    "GAME_KEY",
    "PAGE",
    "analysed",
    "analysed_game",
    "analysed_whole",
    "decision_block",
    "figures",
    "hand_decisions",
    "open_game",
    "rail",
    "setting",
    "skill_beside",
    "win_chart",
]

PAGE: Final = "pages/8_Game_review.py"
PLAY_PAGE: Final = "pages/4_Play.py"
GAME_KEY: Final = "game"
HAND_KEY: Final = "hand"
_HAND: Final = "review_hand"
_COMPUTER: Final = "review_computer"
_PICKED: Final = "review_chart_hand"  # the hand of the point last clicked on the chart
MODE: Final = "review_mode"  # the page's switch: every decision, or learn from your mistakes
REVIEW: Final = "review"
LEARN: Final = "learn"


_Kept = Callable[[], Sequence[HandReview]]


def _nothing_kept() -> Sequence[HandReview]:
    return ()


#: The CPU time one page run may give to analysing a game whose hands were not kept (a game
#: saved before they were, or by an older analysis), beyond its first hand: when it is spent,
#: the hands analysed so far are kept, the page shows how far it got and runs again, going on
#: from them. None beyond the first: one hand a run, so a run costs at most the slowest hand
#: (0.36 s of CPU in three games to 121) and the page. With 0.15 s, a run could start a slow
#: hand as its share ran out and took 0.59-0.68 s (bench_pages.py, issue 34's 0.5 s).
ANALYSIS_SECONDS: Final = 0.0
#: (game id, the finished hands analysed by this session's runs that stopped part way)
_PARTIAL: Final = "review_partial"


@st.cache_resource(max_entries=16, show_spinner=False)
def analysed(
    game_id: str,
    moves: int,
    _data: object,
    _kept: _Kept = _nothing_kept,
    _seconds: float | None = None,
) -> ReviewedGame:
    """The game ``game_id`` at ``moves`` moves (its save ``_data``), the learner's decisions
    analysed (the hands ``_kept()`` taken where they stand), once per server. Raises
    ``AnalysisUnfinished`` when that took more than ``_seconds`` (nothing is cached then)."""
    return review_game(_data, moves, kept=_kept(), game_id=game_id, seconds=_seconds)


@st.cache_resource(max_entries=16, show_spinner=False)
def analysed_whole(
    game_id: str,
    moves: int,
    _data: object,
    _kept: _Kept = _nothing_kept,
    _seconds: float | None = None,
) -> ReviewedGame:
    """As :func:`analysed`, with the computer's decisions too (the learner's analysis reused)."""
    learners = analysed(game_id, moves, _data, _kept, _seconds)
    return learners.with_seats(kept=_kept(), seconds=_seconds)


def analysed_game(
    store: Store,
    game_id: str,
    moves: int,
    data: object,
    learner: str | None,
    browser: str | None,
    whole: bool = False,
    bounded: bool = False,
) -> ReviewedGame:
    """The visitor's game ``game_id`` analysed (``whole``: every seat), from the hands kept with it
    where they stand; the finished hands analysed here are kept in turn. The caller has checked
    that the game is the visitor's. ``InvalidSavedGame`` when the save cannot be read.

    ``bounded`` (the review page): a game with hands to analyse is analysed a share at a time
    (:data:`ANALYSIS_SECONDS` a run): the page keeps the hands made, shows how far it is and
    runs again. They are also held in
    the session, so it goes on even where they cannot be kept (no store, a busy database)."""
    read: list[tuple[HandReview, ...]] = []
    partial = st.session_state.get(_PARTIAL)
    so_far = partial[1] if isinstance(partial, tuple) and partial[0] == game_id else ()

    def kept() -> tuple[HandReview, ...]:  # read only when the analysis is not in the cache
        if not read:
            # what this tab's Play page has made off its runs last: freshest
            read.append(
                (*kept_hands(store, game_id, learner, browser), *so_far, *made_here(game_id))
            )
        return read[0]

    seconds = ANALYSIS_SECONDS if bounded else None
    try:
        game = analysed(game_id, moves, data, kept, seconds)
        keep_fresh(store, game, learner, browser)
        if whole:
            game = analysed_whole(game_id, moves, data, kept, seconds)
            keep_fresh(store, game, learner, browser)
    except AnalysisUnfinished as unfinished:
        keep_made(store, game_id, unfinished.made, learner, browser)
        st.session_state[_PARTIAL] = (game_id, (*so_far, *unfinished.made))
        st.progress(
            unfinished.done / unfinished.total,
            text=_("Analysing your game: {done} of {total} hands done.").format(
                done=fmt_int(unfinished.done), total=fmt_int(unfinished.total)
            ),
        )
        st.rerun()
    return game


def _no_game(message: str) -> None:
    st.info(message)
    st.page_link(
        PLAY_PAGE, label=_("Play a game"), icon=":material/casino:", query_params=link_params()
    )
    st.stop()


def open_game(store: Store, learner: str | None, browser: str | None) -> ReviewedGame:
    """The game in the address (``?game=``) if it is this visitor's (``learner``, else this
    browser's owner key), analysed; else the page says why, links to Play and stops. Another's
    game reads as no game at all."""
    wanted = st.query_params.get(GAME_KEY)
    if not wanted:
        _no_game(
            _(
                "No game to review yet: play a game, then review it from its end or from your progress page."
            )
        )
    assert wanted is not None
    try:
        found = store.load_own_game(wanted, learner, browser)
    except UnreadableSave as error:
        _no_game(saved_game_problem(InvalidSavedGame(str(error), problem="unreadable")))
        raise AssertionError from error  # not reached: st.stop()
    if found is None:
        _no_game(_("There is no game of yours at this address."))
    assert found is not None
    moves, data = found
    try:
        with st.spinner(_("Analysing every decision of the game…")):
            game = analysed_game(store, wanted, moves, data, learner, browser, bounded=True)
        if st.session_state.get(_COMPUTER):  # the switch for the other side's decisions is on
            if _with_friends_four(game):
                busy = _("Analysing the other players' decisions…")
            elif game.friend is not None:
                busy = _("Analysing {name}'s decisions…").format(
                    name=escape_markdown(names_of(game)[1])
                )
            else:
                busy = _("Analysing the computer's decisions…")
            with st.spinner(busy):
                game = analysed_game(
                    store, wanted, moves, data, learner, browser, whole=True, bounded=True
                )
        return game
    except InvalidSavedGame as error:
        _no_game(saved_game_problem(error))
        raise AssertionError from error  # not reached: st.stop()


def _with_friends_four(game: ReviewedGame) -> bool:
    """Whether the game was one of four players with friends (by link), not the computer's."""
    return game.friend is not None and game.review.players == 4


def names_of(game: ReviewedGame) -> list[str]:
    """A name per seat: you, then the computer players, or in a game with a friend the friend
    by the name they gave (never a bot level). Plain text: escape it where it is drawn."""
    names = seat_names(game.review.players)
    if game.friend is not None and game.review.players == 2:
        names[1] = game.friend or _("Your friend")
    return names


def figures(game: ReviewedGame) -> None:
    """The game in figures: scores, the skill figure and luck of both sides, the errors."""
    review = game.review
    names = names_of(game)
    final = game.final
    scores = " – ".join(f"{names[i]} {fmt_int(s)}" for i, s in enumerate(final.scores))
    status = _("finished") if final.result is not None else _("in progress")
    if _with_friends_four(game):
        st.caption(
            _(
                "Game to {target} with friends, four players in two partnerships, {status}: "
                "{scores}"
            ).format(target=fmt_int(review.target), status=status, scores=escape_markdown(scores))
        )
    elif game.friend is not None:
        st.caption(
            _("Game to {target} against {name}, a friend, {status}: {scores}").format(
                target=fmt_int(review.target),
                name=escape_markdown(names[1]),
                status=status,
                scores=escape_markdown(scores),
            )
        )
    else:
        st.caption(
            _("Game to {target} against {level}, {status}: {scores}").format(
                target=fmt_int(review.target),
                level=_(LEVEL_LABELS[game.level]),
                status=status,
                scores=scores,
            )
        )
    mine = review.summary(LEARNER)
    if is_rtl(current_language()):  # a signed figure reads "-8.25", never "8.25-"
        st.html('<style>[data-testid="stMetricValue"] {direction: ltr; text-align: right;}</style>')
    cols = st.columns(4)
    cols[0].metric(
        _("Your skill figure"),
        ltr(own_digits(f"{mine.skill:.2f}")),
        help=_(
            "Points lost on average per decision with a real choice, against the best play the "
            "coach knows: {zero} is perfect. The computer's typical figures: easy {easy}, medium "
            "{medium}, hard {hard}."
        ).format(
            zero=fmt_int(0), **{k: own_digits(f"{v.skill:.2f}") for k, v in bot_skill().items()}
        ),
    )
    cols[1].metric(_("Mistakes and blunders"), fmt_int(mine.errors))
    cols[2].metric(
        _("Luck of your deals"),
        signed(mine.luck),
        # TRANSLATORS: "positive" is a sum above zero (+), not wealth.
        help=_(
            "Points your cards gave you against an average deal, summed over the deals: "
            "positive is lucky. Luck is kept apart from skill."
        ),
    )
    if game.friend is not None:
        theirs_label = _("{name}'s skill figure").format(name=escape_markdown(names[1]))
        later = _("Shown with {name}'s decisions: switch them on below the chart.").format(
            name=names[1]
        )
    else:
        theirs_label = _("Computer's skill figure")
        later = _("Shown with the computer's decisions: switch them on below the chart.")
    if review.players == 2 and game.has_seat(1 - LEARNER):
        theirs = review.summary(1 - LEARNER)
        cols[3].metric(theirs_label, ltr(own_digits(f"{theirs.skill:.2f}")))
    elif review.players == 2:  # analysed when the switch shows the other side's decisions
        cols[3].metric(theirs_label, "–", help=later)
    if mine.counting_lost:
        st.caption(_("Points you left in counting: {n}").format(n=fmt_int(mine.counting_lost)))


def win_chart(game: ReviewedGame) -> None:
    """The learner's chance to win over the game, the costly decisions marked (two players)."""
    rows = [
        {
            "move": i,
            "hand": d.hand_no,
            "win": 100 * d.win_after,
            "grade": grade_name(d.grade),
            "error": d.grade.is_error and d.real_choice,
        }
        for i, d in enumerate(game.review.of_seat(LEARNER), 1)
        if d.win_after is not None and d.kind in ("discard", "play")
    ]
    if len(rows) < 2:
        return
    frame = pd.DataFrame(rows)
    chart = progress.kept_chart(
        _win_layers, (), {"line": frame, "errors": frame[frame["error"]]}
    ).described(win_summary(frame))  # its text alternative
    event = st.vega_lite_chart(
        spec=chart.vega_lite(), width="stretch", on_select="rerun", key="review_chart"
    )
    st.caption(_("Each red point is a mistake or a blunder: click one to see its hand."))
    picked = [p.get("hand") for p in event.selection.get("swing", [])] if event else []
    hand = int(picked[0]) if picked and picked[0] is not None else None
    if hand is not None and hand != st.session_state.get(
        _PICKED
    ):  # a new click, not the last one again
        st.session_state[_HAND] = hand
        st.session_state[MODE] = REVIEW
    st.session_state[_PICKED] = hand


def warm_up() -> None:
    """Build the chance-to-win chart's spec in the default language (``tutor.frame.warm`` calls it)."""
    progress.kept_chart(_win_layers, (), {})


def _win_layers() -> alt.LayerChart:
    """:func:`win_chart`'s layers, their data named: the ``line`` of every decision, the
    ``errors`` marked, clickable."""
    x = alt.X("move:Q", title=_("Your decisions, in order"))
    y = alt.Y("win:Q", title=_("Your chance to win (%)"), scale=alt.Scale(domain=[0, 100]))
    line = alt.Chart(alt.NamedData("line")).mark_line(color="#1e4f91").encode(x=x, y=y)
    swing = alt.selection_point(
        fields=["hand"], name="swing", nearest=True
    )  # a click near a point is enough
    marks = (
        alt.Chart(alt.NamedData("errors"))
        .mark_point(color="#c62828", size=120, filled=True, cursor="pointer")
        .encode(
            x=x,
            y=y,
            tooltip=[
                alt.Tooltip("hand:Q", title=_("Hand")),
                alt.Tooltip("grade:N", title=_("Grade")),
            ],
        )
        .add_params(swing)
    )
    layered: alt.LayerChart = line + marks
    return layered


def win_summary(frame: pd.DataFrame) -> str:
    """The chance-to-win chart in words (``win`` in percent, ``error`` marked): where it started
    and ended, its lowest and highest, how many decisions are marked."""
    win = frame["win"] / 100
    return ngettext(
        "Your chance to win went from {first} to {last} over your {n} decision (lowest {low}, highest {high}); "
        "mistakes and blunders marked in red: {errors}.",
        "Your chance to win went from {first} to {last} over your {n} decisions (lowest {low}, highest {high}); "
        "mistakes and blunders marked in red: {errors}.",
        len(frame),
    ).format(
        n=fmt_int(len(frame)),
        first=fmt_percent(win.iloc[0]),
        last=fmt_percent(win.iloc[-1]),
        low=fmt_percent(win.min()),
        high=fmt_percent(win.max()),
        errors=fmt_int(int(frame["error"].sum())),
    )


def skill_beside(store: Store, learner: str | None, game: ReviewedGame) -> None:
    """This game's skill figure (ringed) beside the learner's past games and the bots' typical figures."""
    past = progress.skill_frame(store.games_frame(learner) if learner else pd.DataFrame())
    mine = game.review.summary(LEARNER)
    if (
        game.game_id not in set(past["id"]) and mine.real_choices
    ):  # in progress, or not filed under a name
        row = {
            "id": game.game_id,
            "day": pd.Timestamp(today()),
            "game": len(past) + 1,
            "skill": round(mine.skill, 3),
            "errors": mine.errors,
            "opponent_level": FRIEND_LEVEL if game.friend is not None else game.level,
        }
        past = (
            pd.concat([past, pd.DataFrame([row])], ignore_index=True)
            if len(past)
            else pd.DataFrame([row])
        )
    if past.empty:
        return
    st.markdown(bold(_("Your skill beside your past games and the computer's")))
    figures = progress.named(past, "opponent_level", progress.level_name)
    chart = progress.skill_chart(figures, current=game.game_id)
    st.vega_lite_chart(
        spec=chart.described(progress.skill_summary(figures)).vega_lite(), width="stretch"
    )
    st.caption(_("The ringed point is this game.") + " " + progress.bot_lines_caption())


def _hand_label(game: ReviewedGame, hand_no: int, computer: bool) -> str:
    shown = game.decisions(hand_no, computer=False)
    worst = max((d.grade for d in shown if d.seat == LEARNER), key=list(Grade).index, default=None)
    icon = GRADE_ICONS[worst] if worst is not None else ""
    return _("Hand {n}").format(n=fmt_int(hand_no)) + (f" {icon}" if icon else "")


def rail(game: ReviewedGame) -> tuple[int | None, bool]:
    """The rail of hands (each with its worst grade) and the switch for the other side's
    decisions (the computer's, or in a game with a friend the friend's, by name)."""
    hands = game.hands
    if not hands:
        st.info(_("No decisions yet in this game: play on, then come back."))
        return None, False
    if _with_friends_four(game):
        switch = _("Show the other players' decisions too")
    elif game.friend is not None:
        switch = _("Show {name}'s decisions too").format(name=escape_markdown(names_of(game)[1]))
    else:
        switch = _("Show the computer's decisions too")
    computer = st.toggle(switch, key=_COMPUTER)
    asked = st.query_params.get(HAND_KEY)
    chosen = st.session_state.get(_HAND)
    if chosen not in hands:
        chosen = int(asked) if asked and asked.isdigit() and int(asked) in hands else hands[0]
        st.session_state[_HAND] = chosen
    picked = st.segmented_control(
        _("Hands"), hands, format_func=lambda n: _hand_label(game, n, computer), key=_HAND
    )
    return (picked if picked is not None else chosen), computer


def hand_decisions(game: ReviewedGame, hand_no: int, computer: bool) -> None:
    """Every decision of one hand, in order."""
    shown = game.decisions(hand_no, computer=computer)
    if not shown:
        st.caption(_("No decisions with a choice in this hand."))
    for d in shown:
        decision_block(game, d)


def _title(game: ReviewedGame, d: Decision) -> str:
    who = names_of(game)[d.seat]
    state = game.state_before(d)
    if d.kind == "discard":
        what = _("Discard")
    elif d.kind == "play":
        what = _("Card laid at count {count}").format(count=fmt_int(state.count))
    else:
        what = _("Count")
    return f"{GRADE_ICONS[d.grade]} {bold(escape(grade_name(d.grade)))} · {escape(who)} · {escape(what)}"


def setting_text(game: ReviewedGame, d: Decision) -> str:
    """Where a decision asked again stands: who dealt, hence whose crib it is, and every side's
    score (with four players the two partnerships'), as whole sentences."""
    players = game.review.players
    names = names_of(game)
    dealer = d.dealer == d.seat
    size = len(option_cards(d.choice)) if d.kind == "discard" else 0
    if players == 2:
        if size:
            role = seat_text(Role.DEALER if dealer else Role.PONE, size)
        elif dealer:
            role = _("You dealt: the crib is yours, and your opponent led.")
        else:
            role = _("Your opponent dealt: the crib is theirs, and you led.")
        return (
            role
            + " "
            + _("Score: you {mine}, your opponent {theirs}.").format(
                mine=fmt_int(d.scores[d.seat]), theirs=fmt_int(d.scores[1 - d.seat])
            )
        )
    state = game.state_before(d)
    if dealer:
        role = seat_text(Role.DEALER, size) if size else _("You dealt: the crib is yours.")
        size = 0  # said already
    elif players == 4 and state.side_of(d.dealer) == state.side_of(d.seat):
        role = _("Your partner dealt: the crib is your side's.")
    elif players == 4:
        role = _("{name} dealt: the crib is your opponents'.").format(name=names[d.dealer])
    else:
        role = _("{name} dealt: the crib is theirs.").format(name=names[d.dealer])
    if size:
        role += " " + ngettext(
            "Throw {n} card to the crib.", "Throw {n} cards to the crib.", size
        ).format(n=fmt_int(size))
    if players == 3:
        first, second = [s for s in range(3) if s != d.seat]
        score = _("Score: you {mine}, {first} {a}, {second} {b}.").format(
            mine=fmt_int(d.scores[d.seat]),
            first=names[first],
            a=fmt_int(d.scores[first]),
            second=names[second],
            b=fmt_int(d.scores[second]),
        )
    else:
        ours = state.side_of(d.seat)
        score = _("Score: your side {ours}, your opponents {theirs}.").format(
            ours=fmt_int(d.scores[ours]), theirs=fmt_int(d.scores[1 - ours])
        )
    return role + " " + score


def setting(game: ReviewedGame, d: Decision) -> None:
    """Where a decision asked again stands: :func:`setting_text`, in a box."""
    icon = ":material/inventory_2:" if d.dealer == d.seat else ":material/person:"
    st.info(setting_text(game, d), icon=icon)


def position(game: ReviewedGame, d: Decision, answer: bool = True) -> None:
    """The cards of the decision: the dealt hand (throws marked), or the series and the hand held."""
    state = game.state_before(d)
    colours = four_colour()
    if d.kind == "discard":
        dealt = state.hands[d.seat]
        mine, best = set(option_cards(d.choice)), set(option_cards(d.options[0]))
        captions = [
            ((_("your throw") if d.seat == LEARNER else _("their throw")) if c in mine else "")
            + (" · " if c in mine and c in best and answer else "")
            + (_("best throw") if answer and c in best else "")
            for c in dealt
        ]
        framed = mine | best if answer else mine  # the best throw is framed too, never faded
        show_html(
            cards_row(dealt, highlighted=framed, four_colour=colours, width=56, captions=captions)
        )
    elif d.kind == "play":
        names = seat_names(state.players)
        start = (state.series_starts or (0,))[-1]
        laid = [(names[s], c, PEG_COLOURS[state.side_of(s)]) for s, c in state.played[start:]]
        earlier = [c for _, c in state.played[:start]]
        show_html(table_series_html(laid, state.count, [], earlier, four_colour=colours))
        held = state.hands[d.seat]
        mine_card = option_cards(d.choice)[0]
        values = {option_cards(o)[0]: o for o in d.options}
        captions = []
        for c in held:
            option = values.get(c)
            if option is None:
                captions.append(
                    _("cannot be laid") if state.count + c.rank.count_value > 31 else ""
                )
            elif answer:
                captions.append(signed(option.points) + (" ★" if option is d.options[0] else ""))
            else:
                captions.append(_("your card") if c == mine_card else "")
        show_html(
            cards_row(
                held,
                highlighted=[mine_card, *([option_cards(d.options[0])[0]] if answer else [])],
                four_colour=colours,
                width=56,
                captions=captions,
            )
        )
    elif state.starter is not None:
        counting = state.counting()
        if counting is not None:
            show_html(cards_row([*counting[1], state.starter], four_colour=colours, width=48))


def _cut(game: ReviewedGame, d: Decision) -> GameState:
    """The last state of the decision's hand with its starter cut and its crib full (the game's
    end, if it ended in that hand), else the state before the decision."""
    cut = [s for s, _ in game.line if s.hand_no == d.hand_no and s.starter is not None]
    final = game.final
    if final.phase is Phase.GAME_OVER and final.hand_no == d.hand_no and final.starter:
        cut.append(final)
    return cut[-1] if cut else game.state_before(d)


def decision_block(game: ReviewedGame, d: Decision) -> None:
    """One decision: its grade, its cards, what it cost, the better choice and why."""
    with st.container(border=True):
        st.markdown(_title(game, d))
        position(game, d)
        st.write(cost_text(d, players=game.review.players))
        best = d.options[0]
        if d.kind in ("discard", "play") and d.chosen != 0 and len(d.options) > 1:
            st.markdown(
                _("Better: {best}").format(best=cards_text(option_cards(best)))
                + " · "
                + _("you chose {chosen}").format(chosen=cards_text(option_cards(d.choice)))
            )
        state = game.state_before(d)
        why = reasons(d, state)
        if hand_finished(d.hand_no, game.final):  # every hand is known once the hand is over
            actual = actual_line(d, state) or actual_discard_line(d, state, _cut(game, d))
            if actual:
                why.append(actual)
        if why:
            st.markdown("\n".join(f"- {escape(line)}" for line in why))
