"""A reviewed decision in plain words: its grade, what it cost, the better choice and why.

The "why" is built from the engine's own components (a discard's hand, crib and pegging; a
card's expected points over the rest of the play, or near the end the chance to win), worded
as averages over what the opponent could hold, then from the facts of the position in cards
(:mod:`cribbage_core.coach.facts`, worded by :mod:`tutor.lang.coach_words`, as the pegging
trainer and coach mode word them): what a card scores, what it lets the opponent score, what a
throw keeps, breaks and gives whose crib, which combination a count missed. Where a card's
value depends on what the opponent has shown beyond the margins of :mod:`cribbage_core.coach.read`,
the coach's read of it follows the averages (that needs the position searched against an
opponent read from the deal alone, made only here and kept, :func:`~cribbage_core.coach.positions.uniform_advice`).
"""

from __future__ import annotations

from typing import Final

from cribbage_core.cards import Card
from cribbage_core.coach.facts import FactKind, discard_facts, play_facts
from cribbage_core.coach.game_review import Decision, OptionValue
from cribbage_core.coach.grades import POINT_LIMITS, WIN_LIMITS, Grade, grade
from cribbage_core.coach.peg_value import PegAdvice, PegOption
from cribbage_core.coach.positions import uniform_advice
from cribbage_core.coach.read import ReadFact, read_fact
from cribbage_core.game import GameState
from cribbage_core.seats import role_of
from cribbage_core.teaching.actual import actual_discard, actual_play
from tutor.lang.coach_words import count_lines, discard_lines, fact_text, play_lines, read_lines
from tutor.lang.i18n import _, card_text, cards_text, fmt_int, fmt_signed, ltr, own_digits

__all__ = [
    "actual_discard_line",
    "play_read",
    "actual_line",
    "GRADE_ICONS",
    "cost_text",
    "is_costly",
    "option_cards",
    "option_grade",
    "points",
    "reasons",
    "severity",
    "shown_loss",
    "signed",
]

GRADE_ICONS: Final = {
    Grade.BEST: "✅",
    Grade.GOOD: "🟢",
    Grade.INACCURACY: "🟡",
    Grade.MISTAKE: "🟠",
    Grade.BLUNDER: "🔴",
}


def points(x: float, lang: str | None = None) -> str:
    """Expected points as the review shows them: two decimals, left to right."""
    return ltr(own_digits(f"{x:.2f}", lang), lang)


def signed(x: float, lang: str | None = None) -> str:
    """A difference of expected points with its sign: ``+1.20``, ``-0.40``."""
    return ltr(own_digits(f"{x:+.2f}", lang), lang)


def _percent(x: float, lang: str | None = None) -> str:
    return ltr(own_digits(f"{100 * x:.1f}%", lang), lang)


def option_cards(option: OptionValue) -> tuple[Card, ...]:
    """The cards of an option: the two (or one) thrown for a discard, the card laid for a play.

    >>> option_cards(OptionValue("throw 5H KC", 4.1))
    (Card.parse('5H'), Card.parse('KC'))
    """
    words = option.label.removeprefix("throw ").split()
    return tuple(Card.parse(w) for w in words)


def option_grade(decision: Decision, option: OptionValue) -> Grade:
    """The grade ``option`` would have earned in ``decision``'s place (same evaluations)."""
    best = decision.options[0]
    lost = max(0.0, best.points - option.points)
    if decision.win_view and best.win is not None and option.win is not None:
        top = max(o.win or 0.0 for o in decision.options)
        return grade(lost, max(0.0, top - option.win), option.se)
    return grade(lost, None, option.se)


def is_costly(decision: Decision) -> bool:
    """A mistake or a blunder with a real choice: what "learn from your mistakes" steps through."""
    return decision.kind in ("discard", "play") and decision.real_choice and decision.grade.is_error


def severity(decision: Decision) -> float:
    """What a decision cost on one scale, in points: near the end the chance to win lost, at the
    rate the grades use (a blunder's 10 points of % stand for its 2 points).

    """
    if decision.win_view and decision.win_lost is not None:
        return decision.win_lost * POINT_LIMITS[-1] / WIN_LIMITS[-1]
    return decision.points_lost


def _best_index(decision: Decision) -> int:
    """The best option (by the chance to win in the win view, else by points)."""
    if decision.win_view and all(o.win is not None for o in decision.options):
        return max(range(len(decision.options)), key=lambda i: decision.options[i].win or 0.0)
    return 0


def shown_loss(decision: Decision) -> float:
    """The loss as the page can check it: the best option's value less the choice's, each
    rounded to the hundredth as the page shows them (never 2.09 beside values 2.08 apart)."""
    if decision.kind not in ("discard", "play") or decision.chosen == 0:
        return decision.points_lost
    best = decision.options[0]
    return round(best.points, 2) - round(decision.choice.points, 2)


def cost_text(decision: Decision, lang: str | None = None, players: int = 2) -> str:
    """What the decision cost: points on average, or near the end the chance to win; for a count
    the points it left (exact, not an average).

    >>> from cribbage_core.coach.grades import Grade
    >>> count = Decision(9, 1, 0, "count", 1, (0, 0), (OptionValue("claim 8", 8.0), OptionValue("claim 6", 6.0)),
    ...     1, 2.0, 0.0, False, None, None, None, Grade.BLUNDER, False, "claimed 6 of 8")
    >>> cost_text(count, "en")
    'You counted 6; it was worth 8: 2 points left on the table.'
    """
    if decision.kind == "count":
        return _count_cost(decision, lang)
    if decision.win_view and decision.win_lost is not None:
        if decision.win_lost < WIN_LIMITS[0]:
            return _("It kept your best chance to win.", lang)
        return _("It cost {percent} of your chance to win.", lang).format(
            percent=_percent(decision.win_lost, lang)
        )
    if decision.points_lost < 0.005:
        return _("No expected points lost.", lang)
    if players > 2:  # two or three opponents' hands, not one
        return _(
            "It lost {points} points on average over the hands your opponents could hold.", lang
        ).format(points=points(shown_loss(decision), lang))
    return _(
        "It lost {points} points on average over the hands your opponent could hold.", lang
    ).format(points=points(shown_loss(decision), lang))


def reasons(decision: Decision, state: GameState, lang: str | None = None) -> list[str]:
    """Why the better choice is better, in cards (:mod:`tutor.lang.coach_words`, the facts of
    :mod:`cribbage_core.coach.facts`), after the averages it was judged by; for a count, the
    combinations the claim left out. Empty when the choice was the best."""
    if decision.kind == "count":
        return _count_facts(decision, state, lang)
    best = decision.options[_best_index(decision)]
    chosen = decision.choice
    if best is chosen or decision.kind not in ("discard", "play"):
        return []
    if decision.kind == "discard":
        return _discard_reasons(decision, state, best, lang)
    return _play_reasons(decision, state, best, lang)


def _discard_reasons(
    decision: Decision, state: GameState, best: OptionValue, lang: str | None
) -> list[str]:
    chosen = decision.choice
    dealt = state.hands[decision.seat]
    dealer = role_of(decision.seat, state.dealer, state.players)  # whose crib: yours, a partner's
    mine, theirs = option_cards(chosen), option_cards(best)
    diff, own = dict(best.parts), dict(chosen.parts)
    average = (
        _(
            "On average over every starter and every hand your opponents could hold, {best} is "
            "worth {hand} in the hand, {crib} in the crib and {pegging} in the play against your "
            "throw (net {net}).",
            lang,
        )
        if state.players > 2
        else _(
            "On average over every starter and every hand your opponent could hold, {best} is "
            "worth {hand} in the hand, {crib} in the crib and {pegging} in the play against your "
            "throw (net {net}).",
            lang,
        )
    )
    lines = [
        average.format(
            best=cards_text(theirs, lang=lang),
            hand=signed(diff.get("hand", 0.0) - own.get("hand", 0.0), lang),
            crib=signed(diff.get("crib", 0.0) - own.get("crib", 0.0), lang),
            pegging=signed(diff.get("pegging", 0.0) - own.get("pegging", 0.0), lang),
            net=signed(best.points - chosen.points, lang),
        )
    ]
    lines.extend(discard_lines(dealt, mine, dealer, theirs, lang, players=state.players))
    keeps = [
        f
        for f in discard_facts(dealt, theirs, dealer, players=state.players)
        if f.kind is FactKind.KEEPS
    ]
    lines.extend(fact_text(f, lang, theirs) for f in keeps[:1])
    return lines


def _play_reasons(
    decision: Decision, state: GameState, best: OptionValue, lang: str | None
) -> list[str]:
    chosen = decision.choice
    mine_card, best_card = option_cards(chosen)[0], option_cards(best)[0]
    lines: list[str] = []
    if decision.win_view and best.win is not None and chosen.win is not None:
        lines.append(
            _(
                "Near the end the chance to win decides: {card} {chance}, {best} {best_chance}.",
                lang,
            ).format(
                card=card_text(mine_card, lang),
                chance=_percent(chosen.win, lang),
                best=card_text(best_card, lang),
                best_chance=_percent(best.win, lang),
            )
        )
    else:
        average = (
            _(
                "On average over the hands your opponents could hold, over the rest of the play "
                "(your points minus theirs): {card} {value}, {best} {best_value}.",
                lang,
            )
            if state.players > 2
            else _(
                "On average over the hands your opponent could hold, over the rest of the play "
                "(your points minus theirs): {card} {value}, {best} {best_value}.",
                lang,
            )
        )
        lines.append(
            average.format(
                card=card_text(mine_card, lang),
                value=signed(chosen.points, lang),
                best=card_text(best_card, lang),
                best_value=signed(best.points, lang),
            )
        )
    view = state.view(decision.seat)
    lines.extend(read_lines(play_read(decision, state), lang))
    lines.extend(play_lines(view, mine_card, lang))
    lines.extend(
        fact_text(f, lang) for f in play_facts(view, best_card) if f.kind is not FactKind.KEEPS_PAIR
    )
    return lines


def play_read(decision: Decision, state: GameState) -> ReadFact | None:
    """How the card laid depends on what the opponent had shown (two players, a real choice):
    the decision's own values (as reviewed) against the position searched for an opponent read
    from the deal alone."""
    if decision.kind != "play" or state.players != 2 or not decision.real_choice:
        return None
    view = state.view(decision.seat)
    options = tuple(
        PegOption(Card.parse(o.label), int(dict(o.parts).get("now", 0.0)), o.points, o.win)
        for o in decision.options
    )
    card = option_cards(decision.choice)[0]
    return read_fact(view, card, PegAdvice(options, decision.win_view), uniform_advice(view))


def _count_facts(decision: Decision, state: GameState, lang: str | None) -> list[str]:
    counting = state.counting()
    if counting is None or state.starter is None:
        return []
    _seat, cards, is_crib = counting
    claimed = int(decision.choice.label.removeprefix("claim "))
    return count_lines(cards, state.starter, is_crib, claimed, lang)


def actual_line(decision: Decision, state: GameState, lang: str | None = None) -> str | None:
    """What the card laid, and the best card, actually gave in this deal against the cards the
    other players really held (:func:`cribbage_core.teaching.actual.actual_play`): only for a
    hand that is over, where the review knows every hand (the caller checks). With three or
    four players the figure is the seat's side's points minus the most any other side pegged,
    and the sentence names every other seat's cards, left of the seat first."""
    if decision.kind != "play" or decision.chosen == 0:
        return None
    best = decision.options[_best_index(decision)]
    if best is decision.choice:
        return None
    mine_card, best_card = option_cards(decision.choice)[0], option_cards(best)[0]
    seat, players = decision.seat, state.players
    held = [
        cards_text(state.kept[s] or state.hands[s], lang=lang)
        for s in ((seat + k) % players for k in range(1, players))
    ]
    figures = {
        "card": card_text(mine_card, lang),
        "value": fmt_signed(actual_play(state, mine_card), lang),
        "best": card_text(best_card, lang),
        "best_value": fmt_signed(actual_play(state, best_card), lang),
    }
    if players == 2:
        return _(
            "In this deal your opponent held {cards}. Played out against those cards (the Hard "
            "computer player laying every later card for both of you), {card} gave {value} over "
            "the rest of the play and {best} {best_value}.",
            lang,
        ).format(cards=held[0], **figures)
    if players == 3:
        return _(
            "In this deal the player on your left held {left} and the player on your right "
            "{right}. Played out against those cards (the Hard computer player laying every "
            "later card for all three of you), {card} gave {value} over the rest of the play and "
            "{best} {best_value}: your points minus the most either of them pegged.",
            lang,
        ).format(left=held[0], right=held[1], **figures)
    return _(
        "In this deal the opponent on your left held {left}, your partner {partner} and the "
        "opponent on your right {right}. Played out against those cards (the Hard computer "
        "player laying every later card for all four of you), {card} gave {value} over the rest "
        "of the play and {best} {best_value}: your side's points minus theirs.",
        lang,
    ).format(left=held[0], partner=held[1], right=held[2], **figures)


def actual_discard_line(
    decision: Decision, before: GameState, after: GameState, lang: str | None = None
) -> str | None:
    """What the throw's keep and its crib actually scored in the show of this deal, beside what
    the best throw's would have (:func:`cribbage_core.teaching.actual.actual_discard`): only once
    the hand is over (the caller checks), ``after`` a state of the same hand once the starter is
    cut and the crib is full."""
    if decision.kind != "discard" or decision.chosen == 0 or after.starter is None:
        return None
    best = decision.options[_best_index(decision)]
    if best is decision.choice:
        return None
    dealt = before.hands[decision.seat]
    mine, theirs = option_cards(decision.choice), option_cards(best)
    if not set(mine) <= set(after.crib):  # not this throw's crib: nothing to say
        return None
    got = actual_discard(dealt, mine, theirs, after.starter, after.crib)
    return _(
        "In this deal the starter was {starter}. Your keep {keep} scored {hand} in the show and "
        "the crib {crib}; keeping {best} instead would have scored {best_hand} and the crib "
        "{best_crib}. The play is left out: it depends on every card laid after.",
        lang,
    ).format(
        starter=card_text(after.starter, lang),
        keep=cards_text([c for c in dealt if c not in mine], lang=lang),
        hand=fmt_int(got.hand, lang),
        crib=fmt_int(got.crib, lang),
        best=cards_text([c for c in dealt if c not in theirs], lang=lang),
        best_hand=fmt_int(got.other_hand, lang),
        best_crib=fmt_int(got.other_crib, lang),
    )


def _count_cost(decision: Decision, lang: str | None) -> str:
    actual = int(decision.options[0].points)
    claimed = int(decision.choice.label.removeprefix("claim "))
    if decision.points_lost > 0:
        return _count_reason(decision, lang)
    if claimed > actual:
        return _(
            "You claimed {claimed}; the hand was worth {actual}, and that is what it scored.", lang
        ).format(claimed=fmt_int(claimed, lang), actual=fmt_int(actual, lang))
    return _("Counted right: {n}.", lang).format(n=fmt_int(actual, lang))


def _count_reason(decision: Decision, lang: str | None) -> str:
    actual = int(decision.options[0].points)
    claimed = int(decision.choice.points)
    return _(
        "You counted {claimed}; it was worth {actual}: {lost} points left on the table.", lang
    ).format(
        claimed=fmt_int(claimed, lang),
        actual=fmt_int(actual, lang),
        lost=fmt_int(int(decision.points_lost), lang),
    )
