"""A reviewed decision in plain words: its grade, what it cost, the better choice and why.

The "why" is built from the engine's own components (a discard's hand, crib and pegging; a
card's expected points over the rest of the play, or near the end the chance to win) and from
facts of the position a player can see: "led a 5", "left the count at 21", "broke a pair".

>>> from cribbage_core import parse_cards
>>> from cribbage_core.game import GameConfig, GameState
>>> discard_facts(parse_cards("5H 5S 9C JD"), parse_cards("5D 8C"), dealer=False, lang="en")
["threw a 5 to the opponent's crib", 'broke a pair']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cribbage_core.cards import Card
from cribbage_core.coach.game_review import Decision, OptionValue
from cribbage_core.coach.grades import POINT_LIMITS, WIN_LIMITS, Grade, grade
from cribbage_core.game import GameState
from tutor.lang.i18n import _, card_text, cards_text, fmt_int, ltr, own_digits

__all__ = [
    "GRADE_ICONS",
    "cost_text",
    "discard_facts",
    "is_costly",
    "option_cards",
    "option_grade",
    "play_facts",
    "points",
    "reasons",
    "severity",
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


def cost_text(decision: Decision, lang: str | None = None) -> str:
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
    return _("It lost {points} points on average.", lang).format(
        points=points(decision.points_lost, lang)
    )


def discard_facts(
    kept: Sequence[Card], thrown: Sequence[Card], dealer: bool, lang: str | None = None
) -> list[str]:
    """What a throw did that a player can see, worst first."""
    facts: list[str] = []
    if not dealer and any(c.rank == 5 for c in thrown):
        facts.append(_("threw a {five} to the opponent's crib", lang).format(five=fmt_int(5, lang)))
    if not dealer and len(thrown) == 2 and thrown[0].rank == thrown[1].rank:
        facts.append(_("threw a pair to the opponent's crib", lang))
    elif not dealer and len(thrown) == 2 and sum(c.rank.count_value for c in thrown) == 15:
        # TRANSLATORS: "a fifteen" here is two cards that add up to 15, thrown together.
        facts.append(_("threw a fifteen to the opponent's crib", lang))
    if any(t.rank == k.rank for t in thrown for k in kept):
        facts.append(_("broke a pair", lang))
    return facts


def play_facts(state: GameState, card: Card, lang: str | None = None) -> list[str]:
    """What laying ``card`` at ``state`` did that a player can see."""
    facts: list[str] = []
    count = state.count + card.rank.count_value
    if state.count == 0 and card.rank == 5:
        facts.append(
            _("led a {five}: any ten-card makes fifteen", lang).format(five=fmt_int(5, lang))
        )
    if count in (5, 21):
        facts.append(
            _("left the count at {count}: a ten-card makes {target}", lang).format(
                count=fmt_int(count, lang), target=fmt_int(count + 10, lang)
            )
        )
    if state.pile and state.pile[-1].rank == card.rank and count < 31:
        facts.append(_("paired the last card: it invites three of a kind", lang))
    if count == 15:
        facts.append(_("made fifteen", lang))
    if count == 31:
        facts.append(_("made thirty-one", lang))
    return facts


def _now(option: OptionValue) -> int:
    return int(dict(option.parts).get("now", 0.0))


def reasons(decision: Decision, state: GameState, lang: str | None = None) -> list[str]:
    """Why the better choice is better, in plain words (empty when the choice was the best)."""
    best = decision.options[_best_index(decision)]
    chosen = decision.choice
    if decision.kind == "count":
        return []  # cost_text says it all
    if best is chosen or decision.kind not in ("discard", "play"):
        return []
    lines: list[str] = []
    if decision.kind == "discard":
        seat = decision.seat
        dealt = state.hands[seat]
        dealer = seat == state.dealer
        mine, theirs = option_cards(chosen), option_cards(best)
        diff = dict(best.parts)
        own = dict(chosen.parts)
        lines.append(
            _(
                "Against your throw, {best} is worth {hand} in the hand, {crib} in the crib and "
                "{pegging} in the play (net {net}).",
                lang,
            ).format(
                best=cards_text(theirs, lang=lang),
                hand=signed(diff.get("hand", 0.0) - own.get("hand", 0.0), lang),
                crib=signed(diff.get("crib", 0.0) - own.get("crib", 0.0), lang),
                pegging=signed(diff.get("pegging", 0.0) - own.get("pegging", 0.0), lang),
                net=signed(best.points - chosen.points, lang),
            )
        )
        facts = discard_facts([c for c in dealt if c not in mine], mine, dealer, lang)
        if facts:
            lines.append(_("Your throw: {facts}.", lang).format(facts="; ".join(facts)))
        return lines
    mine_card, best_card = option_cards(chosen)[0], option_cards(best)[0]
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
        lines.append(
            _(
                "Over the rest of the play (your points minus theirs): {card} {value}, {best} {best_value}.",
                lang,
            ).format(
                card=card_text(mine_card, lang),
                value=signed(chosen.points, lang),
                best=card_text(best_card, lang),
                best_value=signed(best.points, lang),
            )
        )
    if _now(chosen) > _now(best):
        lines.append(
            _("{card} scored {n} at once, but gives more back later.", lang).format(
                card=card_text(mine_card, lang), n=fmt_int(_now(chosen), lang)
            )
        )
    facts = play_facts(state, mine_card, lang)
    if facts:
        lines.append(_("Your card: {facts}.", lang).format(facts="; ".join(facts)))
    good = [
        f
        for f in play_facts(state, best_card, lang)
        if f in (_("made fifteen", lang), _("made thirty-one", lang))
    ]
    if good:
        lines.append(
            _("{card}: {facts}.", lang).format(
                card=card_text(best_card, lang), facts="; ".join(good)
            )
        )
    return lines


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
