"""The rules tutor's lessons: the text is markdown (``lessons/<lang>/<id>.md``); this module
adds each lesson's live example (dealt from a seed) and its check question."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Final

from cribbage_core.cards import Card, Rank, Suit, shuffled_deck
from cribbage_core.kinds import ResultKind, ScoreKind
from cribbage_core.result import judge
from cribbage_core.scoring import MAX_HAND_POINTS, score_hand
from cribbage_core.teaching.hand_quiz import deal_hand
from cribbage_core.teaching.pegging_quiz import pegging_question
from tutor.frame.render import bold
from tutor.html.breakdown import hand_breakdown_html
from tutor.html.cards import cards_row
from tutor.html.play import play_breakdown_html, play_html
from tutor.lang.i18n import (
    N_,
    _,
    card_text,
    cards_text,
    fmt_int,
    kind_label,
    lesson_text,
    own_digits,
    say_count,
)

__all__ = [
    "LESSONS",
    "MULTIPLE_RUNS",
    "Check",
    "Lesson",
    "lesson_title",
    "multiple_run_deal",
    "win_kind",
]


@dataclass(frozen=True, slots=True)
class Check:
    """A check question: a number to type (``choices`` None) or one choice to pick."""

    question: str
    answer: int | str
    explanation: str
    choices: tuple[str, ...] | None = None
    maximum: int = MAX_HAND_POINTS


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: its id (the markdown file's name), its example and its check."""

    id: str
    example: Callable[[int, bool], list[str]]  # seed, four-colour -> blocks of markdown/HTML
    check: Callable[[int], Check]


def lesson_title(lesson_id: str) -> str:
    """The lesson's title: the first ``# heading`` of its markdown file."""
    first = lesson_text(lesson_id).lstrip().splitlines()[0]
    return own_digits(first.lstrip("#").strip())


def lesson_body(lesson_id: str) -> str:
    """The lesson's markdown without its title line, its numbers in the learner's digits."""
    lines = lesson_text(lesson_id).lstrip().splitlines()
    return own_digits("\n".join(lines[1:]).strip())


def _caption_values(cards: tuple[Card, ...]) -> list[str]:
    return [_("counts {n}").format(n=fmt_int(card.value)) for card in cards]


# ------------------------------------------------------------------ 1 cards


def _cards_example(seed: int, colours: bool) -> list[str]:
    cards = tuple(shuffled_deck(random.Random(seed))[:6])
    return [cards_row(cards, four_colour=colours, captions=_caption_values(cards), width=64)]


def _cards_check(seed: int) -> Check:
    cards = shuffled_deck(random.Random(seed + 1))[:3]
    total = sum(card.value for card in cards)
    return Check(
        _("What do {cards} count together?").format(cards=cards_text(cards, ", ")),
        total,
        " + ".join(fmt_int(c.value) for c in cards) + f" = {fmt_int(total)}",
        maximum=30,
    )


# ------------------------------------------------------------------- 2 deal


def _deal_example(seed: int, colours: bool) -> list[str]:
    deck = shuffled_deck(random.Random(seed))
    yours, theirs = deck[0:12:2], deck[1:12:2]
    keep = sorted(yours, key=lambda c: c.order)
    return [
        bold(_("Your six cards")),
        cards_row(keep, four_colour=colours),
        bold(_("Your opponent’s six cards (face down)")),
        cards_row([], backs=len(theirs), width=48),
        _("Each of you lays away two: the crib then holds four cards, and you each keep four."),
    ]


def _deal_check(seed: int) -> Check:
    you_deal = random.Random(seed).random() < 0.5
    you, them = _("You"), _("Your opponent")
    question = (
        _("You dealt this hand. Whose crib is it?")
        if you_deal
        else _("Your opponent dealt this hand. Whose crib is it?")
    )
    return Check(
        question,
        you if you_deal else them,
        _("The crib always belongs to the dealer."),
        choices=(you, them),
    )


# ---------------------------------------------------------------- 3 starter


def _starter_card(seed: int) -> Card:
    rng = random.Random(seed)
    if rng.random() < 0.4:  # show his heels often enough to see it
        return Card.of(Rank.JACK, rng.choice(list(Suit)))
    return rng.choice([c for c in shuffled_deck(rng) if c.rank is not Rank.JACK])


def _starter_example(seed: int, colours: bool) -> list[str]:
    starter = _starter_card(seed)
    note = (
        _("A jack! The dealer pegs {points} for his heels.").format(points=fmt_int(2))
        if starter.rank is Rank.JACK
        else _("Not a jack: nobody scores for the cut.")
    )
    return [cards_row([starter], four_colour=colours, captions=[_("starter")], width=80), note]


def _starter_check(seed: int) -> Check:
    starter = _starter_card(seed + 1)
    points = 2 if starter.rank is Rank.JACK else 0
    return Check(
        _("The starter turned up is {card}. How many points does the dealer peg for it?").format(
            card=card_text(starter)
        ),
        points,
        _(
            "Only a jack turned up as the starter scores: {points} for his heels, to the dealer."
        ).format(points=fmt_int(2)),
        maximum=MAX_HAND_POINTS,
    )


# ------------------------------------------------------------------- 4 play


def _play_example(seed: int, colours: bool) -> list[str]:
    q = pegging_question(seed)
    return [
        play_html(q.steps, four_colour=colours),
        _("Your last card scores {n}:").format(n=fmt_int(q.total)),
        play_breakdown_html(q.play, q.go_kind, four_colour=colours),
    ]


def _play_check(seed: int) -> Check:
    q = pegging_question(seed + 1)
    lines = [f"{kind_label(item.kind)}: {fmt_int(item.points)}" for item in q.play.items]
    if q.go_kind:
        lines.append(f"{kind_label(q.go_kind)}: {fmt_int(1)}")
    return Check(
        _(
            "The cards laid in this series: {cards} (you laid the last one). "
            "The count is {count}. {state} What does your last card score?"
        ).format(
            cards=cards_text(q.pile, ", "),
            count=fmt_int(q.play.count),
            state=(
                _("Nobody can lay another card.")
                if q.go_kind == ScoreKind.GO
                else _("It is the last card of the play.")
                if q.go_kind == ScoreKind.LAST_CARD
                else ""
            ),
        ),
        q.total,
        "; ".join(lines)
        or _("Nothing: no fifteen, {thirty_one}, pair or run.").format(thirty_one=fmt_int(31)),
        maximum=15,
    )


# ------------------------------------------------------------------- 5 show


#: The runs with a repeated rank the show lesson teaches: the name, how many runs of three it
#: makes, and its ranks as steps up from the lowest (the fifth card, if any, touches nothing).
MULTIPLE_RUNS: Final = (
    (N_("A double run"), 2, (0, 0, 1, 2)),
    (N_("A triple run"), 3, (0, 0, 0, 1, 2)),
    (N_("A double-double run"), 4, (0, 0, 1, 1, 2)),
)


def multiple_run_deal(seed: int, shape: tuple[int, ...]) -> tuple[tuple[Card, ...], Card]:
    """Four cards and a starter that hold a run of three with the repeated ranks of ``shape``
    (steps up from its lowest rank), dealt from ``seed``; a card left over is far from the run,
    so it neither lengthens it nor pairs with it. The show lesson counts them with the engine.

    >>> hand, starter = multiple_run_deal(5, (0, 0, 0, 1, 2))
    >>> five = (*hand, starter)
    >>> sorted(card.rank - min(c.rank for c in five) for card in five)
    [0, 0, 0, 1, 2]
    """
    rng = random.Random(seed)
    low = rng.randint(Rank.ACE, Rank.JACK)  # the run's top rank is at most a king
    ranks = [low + step for step in shape]
    if len(ranks) < 5:
        ranks.append(rng.choice([r for r in Rank if not low - 1 <= r <= low + 3]))
    cards = [
        Card.of(rank, suit)
        for rank in sorted(set(ranks))
        for suit in rng.sample(list(Suit), ranks.count(rank))
    ]
    rng.shuffle(cards)
    return tuple(cards[:4]), cards[4]


def _show_example(seed: int, colours: bool) -> list[str]:
    deal = deal_hand(seed)
    blocks = [
        cards_row(
            (*deal.hand, deal.starter), four_colour=colours, captions=["", "", "", "", _("starter")]
        ),
        f'<div class="count-aloud">“{escape(say_count(deal.score.steps))}”</div>',
        hand_breakdown_html(deal.score, four_colour=colours),
        bold(_("Runs with a repeated rank, counted by the app")),
    ]
    for offset, (name, _runs, shape) in enumerate(MULTIPLE_RUNS):
        hand, starter = multiple_run_deal(seed * len(MULTIPLE_RUNS) + offset, shape)
        said = say_count(score_hand(hand, starter).steps)
        blocks += [
            bold(_(name)),
            cards_row(
                (*hand, starter),
                four_colour=colours,
                width=48,
                captions=["", "", "", "", _("starter")],
            ),
            f'<div class="count-aloud">“{escape(said)}”</div>',
        ]
    return blocks


def _show_check(seed: int) -> Check:
    deal = deal_hand(seed + 1)
    return Check(
        _("Your hand is {hand} and the starter is {starter}. What does it score?").format(
            hand=cards_text(deal.hand), starter=card_text(deal.starter)
        ),
        deal.score.total,
        say_count(deal.score.steps),
    )


# -------------------------------------------------------------------- 6 end


def win_kind(loser: int, target: int = 121) -> ResultKind:
    """Win, skunk or double skunk for a loser's final score (the default rules, :func:`judge`).

    >>> [str(win_kind(loser)) for loser in (91, 90, 61, 60)]
    ['win', 'skunk', 'skunk', 'double skunk']
    """
    return judge((target, loser), target).kind


_WIN_LABELS: Final = {
    ResultKind.WIN: N_("A plain win"),
    ResultKind.SKUNK: N_("A skunk"),
    ResultKind.DOUBLE_SKUNK: N_("A double skunk"),
}


def _end_loser(seed: int) -> int:
    rng = random.Random(seed)
    return rng.choice([rng.randint(91, 120), rng.randint(61, 90), rng.randint(30, 60)])


def _end_example(seed: int, colours: bool) -> list[str]:
    loser = _end_loser(seed)
    kind = win_kind(loser)
    width = 360
    bar = (
        f'<div dir="ltr" style="max-width:{width}px">'
        f'<div style="background:#1e6b3a;color:white;padding:4px 8px;border-radius:4px;margin:4px 0;'
        f'width:100%">{fmt_int(121)}</div>'
        f'<div style="background:#8e3b00;color:white;padding:4px 8px;border-radius:4px;margin:4px 0;'
        f'width:{max(12, round(100 * loser / 121))}%">{fmt_int(loser)}</div></div>'
    )
    return [
        bar,
        _("The winner reached {target} and the loser had {loser}. Result: {kind}.").format(
            target=fmt_int(121), loser=fmt_int(loser), kind=_(_WIN_LABELS[kind])
        ),
    ]


def _end_check(seed: int) -> Check:
    loser = _end_loser(seed + 1)
    kind = win_kind(loser)
    choices = tuple(_(label) for label in _WIN_LABELS.values())
    return Check(
        _("A game to {target} ends {target} to {loser}. What kind of win is it?").format(
            target=fmt_int(121), loser=fmt_int(loser)
        ),
        _(_WIN_LABELS[kind]),
        _(
            "The loser is {margin} points behind: more than {skunk} is a skunk, more than {double} a double "
            "skunk."
        ).format(margin=fmt_int(121 - loser), skunk=fmt_int(30), double=fmt_int(60)),
        choices=choices,
    )


# --------------------------------------------------------------- 7 variants


def _variants_example(seed: int, colours: bool) -> list[str]:
    deck = shuffled_deck(random.Random(seed))
    hands = [deck[i:15:3] for i in range(3)]
    blocks = []
    for seat, hand in enumerate(hands):
        name = _("Dealer") if seat == 0 else _("Player {n}").format(n=fmt_int(seat + 1))
        blocks.append(bold(name))
        blocks.append(cards_row(sorted(hand, key=lambda c: c.order), four_colour=colours, width=48))
    blocks.append(bold(_("Straight into the crib from the deck")))
    blocks.append(cards_row([deck[15]], four_colour=colours, width=48))
    return blocks


def _variants_check(seed: int) -> Check:
    players = 3 if random.Random(seed).random() < 0.5 else 4
    return Check(
        _("In a {n}-player game, how many cards does each player lay away into the crib?").format(
            n=fmt_int(players)
        ),
        1,
        _("Each player gets five cards and lays away one."),
        maximum=6,
    )


LESSONS: Final = (
    Lesson("01_cards", _cards_example, _cards_check),
    Lesson("02_deal", _deal_example, _deal_check),
    Lesson("03_starter", _starter_example, _starter_check),
    Lesson("04_play", _play_example, _play_check),
    Lesson("05_show", _show_example, _show_check),
    Lesson("06_end", _end_example, _end_check),
    Lesson("07_variants", _variants_example, _variants_check),
)
