"""The coach's facts in words: one whole sentence per fact, in the learner's language.

The facts come from one engine (:mod:`cribbage_core.coach.facts`); the pegging trainer, the
game review, coach mode's warning on the Play page and the review items all word them here,
so they say the same thing about the same position. Pure (no Streamlit): every sentence goes
through ``_``/``ngettext``, cards and numbers kept left to right.

>>> from cribbage_core.cards import parse_cards
>>> discard_lines(parse_cards("6H 7D 8H KC 5S QD"), parse_cards("7D 8H"), False, parse_cards("KC QD"), "en")[0]
'Throwing 7♦ 8♥ breaks the run 5♠ 6♥ 7♦ 8♥.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from cribbage_core.cards import Card
from cribbage_core.coach.facts import (
    REPLY_KINDS,
    Exposure,
    Fact,
    FactKind,
    count_facts,
    discard_facts,
    play_facts,
)
from cribbage_core.coach.read import TEN_CARD, HandRead, ReadFact
from cribbage_core.game import SeatView
from cribbage_core.kinds import ScoreKind
from cribbage_core.seats import Role
from tutor.lang.i18n import (
    N_,
    _,
    card_text,
    cards_text,
    fmt_int,
    fmt_percent,
    kind_name,
    list_text,
    ltr,
    ngettext,
    own_digits,
)

__all__ = [
    "Owner",
    "count_lines",
    "crib_owner",
    "discard_lines",
    "exposure_text",
    "fact_text",
    "hand_read_text",
    "play_lines",
    "read_lines",
]

# {thrown}: the two (or one) cards thrown; {cards}: the combination
_KEEPS: Final = {
    "run": N_("Throwing {thrown} keeps the run {cards}."),
    "fifteen": N_("Throwing {thrown} keeps the fifteen {cards}."),
    "pair": N_("Throwing {thrown} keeps the pair {cards}."),
    "flush": N_("Throwing {thrown} keeps the flush {cards}."),
}
_BREAKS: Final = {
    "run": N_("Throwing {thrown} breaks the run {cards}."),
    "fifteen": N_("Throwing {thrown} breaks the fifteen {cards}."),
    "pair": N_("Throwing {thrown} breaks the pair {cards}."),
    "flush": N_("Throwing {thrown} breaks the flush {cards}."),
}
#: Whose crib a throw goes to, seen from the thrower, as the words name it: your own, your
#: partner's (four players), your opponent's (two players), the dealer's (three players: one of
#: your two opponents) or your opponents' (four players, the other side's).
Owner = Literal["own", "partner", "opponent", "dealer", "opponents"]

_CRIB_GETS: Final[dict[tuple[str, Owner], str]] = {
    ("pair", "own"): N_("{cards} give your own crib a pair: {points} points before the cut."),
    ("pair", "opponent"): N_(
        "{cards} give your opponent's crib a pair: {points} points for them before the cut."
    ),
    ("pair", "dealer"): N_(
        "{cards} give the dealer's crib a pair: {points} points for the dealer before the cut."
    ),
    ("pair", "opponents"): N_(
        "{cards} give your opponents' crib a pair: {points} points for them before the cut."
    ),
    ("pair", "partner"): N_(
        "{cards} give your partner's crib a pair: {points} points for your side before the cut."
    ),
    ("fifteen", "own"): N_("{cards} give your own crib a fifteen: {points} points before the cut."),
    ("fifteen", "opponent"): N_(
        "{cards} give your opponent's crib a fifteen: {points} points for them before the cut."
    ),
    ("fifteen", "dealer"): N_(
        "{cards} give the dealer's crib a fifteen: {points} points for the dealer before the cut."
    ),
    ("fifteen", "opponents"): N_(
        "{cards} give your opponents' crib a fifteen: {points} points for them before the cut."
    ),
    ("fifteen", "partner"): N_(
        "{cards} give your partner's crib a fifteen: {points} points for your side before the cut."
    ),
    ("touching", "own"): N_("{cards} are close in rank: your crib may make a run with them."),
    ("touching", "opponent"): N_(
        "{cards} are close in rank: your opponent's crib may make a run with them."
    ),
    ("touching", "dealer"): N_(
        "{cards} are close in rank: the dealer's crib may make a run with them."
    ),
    ("touching", "opponents"): N_(
        "{cards} are close in rank: your opponents' crib may make a run with them."
    ),
    ("touching", "partner"): N_(
        "{cards} are close in rank: your partner's crib may make a run with them for your side."
    ),
    ("five", "own"): N_("{cards} in your own crib makes fifteen with any ten-card."),
    ("five", "opponent"): N_(
        "{cards} in your opponent's crib makes fifteen with any ten-card for them."
    ),
    ("five", "dealer"): N_(
        "{cards} in the dealer's crib makes fifteen with any ten-card for the dealer."
    ),
    ("five", "opponents"): N_(
        "{cards} in your opponents' crib makes fifteen with any ten-card for them."
    ),
    ("five", "partner"): N_(
        "{cards} in your partner's crib makes fifteen with any ten-card for your side."
    ),
}


def _crib_text(owner: Owner, n: int, lang: str | None) -> str:
    """Whose crib the ``n`` thrown cards go to (one card is thrown with three players)."""
    if owner == "own":
        return ngettext(
            "{cards} goes to your own crib: you count it after your hand.",
            "{cards} go to your own crib: you count it after your hand.",
            n,
            lang,
        )
    if owner == "opponent":
        return ngettext(
            "{cards} goes to your opponent's crib: they count it.",
            "{cards} go to your opponent's crib: they count it.",
            n,
            lang,
        )
    if owner == "dealer":
        return ngettext(
            "{cards} goes to the dealer's crib: the dealer counts it.",
            "{cards} go to the dealer's crib: the dealer counts it.",
            n,
            lang,
        )
    if owner == "opponents":
        return ngettext(
            "{cards} goes to your opponents' crib: the dealer counts it for their side.",
            "{cards} go to your opponents' crib: the dealer counts it for their side.",
            n,
            lang,
        )
    return ngettext(
        "{cards} goes to your partner's crib: your partner counts it for your side.",
        "{cards} go to your partner's crib: your partner counts it for your side.",
        n,
        lang,
    )


def crib_owner(fact: Fact) -> Owner:
    """Whose crib a crib fact's cards go to, in the words' terms (see :data:`Owner`).

    >>> from cribbage_core.cards import parse_cards
    >>> from cribbage_core.seats import Role
    >>> [crib_owner(Fact(FactKind.CRIB, (), role=role, players=n))
    ...  for role, n in ((Role.PONE, 2), (Role.PONE, 3), (Role.PONE, 4), (Role.PARTNER, 4))]
    ['opponent', 'dealer', 'opponents', 'partner']
    """
    role = fact.role if fact.role is not None else Role.DEALER if fact.mine else Role.PONE
    if role is Role.DEALER:
        return "own"
    if role is Role.PARTNER:
        return "partner"
    return "opponent" if fact.players == 2 else "dealer" if fact.players == 3 else "opponents"


def _ranks(ranks: Sequence[str], lang: str | None) -> str:
    return list_text([ltr(r, lang) for r in ranks], "or", lang)


def exposure_parts(fact: Fact, lang: str | None = None) -> str:
    """Which unseen ranks would score on a card, kind by kind: ``Run (5 or 9): 8``."""
    parts = []
    for kind in REPLY_KINDS:
        found = [(rank, n) for rank, kinds, n in fact.ranks if kind in kinds]
        if found:
            parts.append(
                _("{kind} ({ranks}): {n}", lang).format(
                    kind=kind_name(kind, lang),
                    ranks=_ranks([rank.symbol for rank, _ in found], lang),
                    n=fmt_int(sum(n for _, n in found), lang),
                )
            )
    return list_text(parts, lang=lang)


def _tens(fact: Fact) -> tuple[int, int]:
    """Unseen ten-cards that make 15 (or 31) on the card: (how many, the total they make)."""
    total = 15 if fact.count < 15 else 31
    kind = ScoreKind.FIFTEEN if total == 15 else ScoreKind.THIRTY_ONE
    n = sum(k for rank, kinds, k in fact.ranks if rank.count_value == 10 and kind in kinds)
    return n, total


def fact_text(fact: Fact, lang: str | None = None, thrown: Sequence[Card] = ()) -> str:
    """One fact as a whole sentence (``thrown``: the throw a discard's fact is about)."""
    cards = cards_text(fact.cards, lang=lang)
    kind = fact.kind
    if kind is FactKind.SCORES:
        kinds = list_text([kind_name(k, lang) for k in fact.kinds], lang=lang)
        return ngettext(
            "{card} scores {n} point now ({kinds}).",
            "{card} scores {n} points now ({kinds}).",
            fact.points,
            lang,
        ).format(card=cards, n=fmt_int(fact.points, lang), kinds=kinds)
    if kind is FactKind.EXPOSES:
        text = _(
            "After {card} the count is {count}: {n} of the {unseen} cards you have not seen would score on it ({parts}).",
            lang,
        ).format(
            card=cards,
            count=fmt_int(fact.count, lang),
            n=fmt_int(fact.n, lang),
            unseen=fmt_int(fact.of, lang),
            parts=exposure_parts(fact, lang),
        )
        tens, total = _tens(fact)
        if tens:
            text += " " + ngettext(
                "Any of the {n} ten-card you have not seen makes {total}.",
                "Any of the {n} ten-cards you have not seen makes {total}.",
                tens,
                lang,
            ).format(n=fmt_int(tens, lang), total=fmt_int(total, lang))
        return text
    if kind is FactKind.SAFE:
        return _(
            "After {card} the count is {count}, and none of the {unseen} cards you have not seen would score on it.",
            lang,
        ).format(card=cards, count=fmt_int(fact.count, lang), unseen=fmt_int(fact.of, lang))
    if kind is FactKind.KEEPS_PAIR:
        return _(
            "Laying {card} keeps {twin} back: if your opponent pairs it, {twin} makes three of a kind for {six}.",
            lang,
        ).format(
            card=card_text(fact.cards[0], lang),
            twin=card_text(fact.cards[1], lang),
            six=fmt_int(6, lang),
        )
    if kind in (FactKind.KEEPS, FactKind.BREAKS):
        table = _KEEPS if kind is FactKind.KEEPS else _BREAKS
        return _(table[fact.detail], lang).format(thrown=cards_text(thrown, lang=lang), cards=cards)
    if kind is FactKind.CRIB:
        return _crib_text(crib_owner(fact), len(fact.cards), lang).format(cards=cards)
    if kind is FactKind.CRIB_GETS:
        return _(_CRIB_GETS[(fact.detail, crib_owner(fact))], lang).format(
            cards=cards, points=fmt_int(fact.points, lang)
        )
    assert kind is FactKind.MISSED
    return ngettext(
        "Missed: {kind} {cards}, for {points} point.",
        "Missed: {kind} {cards}, for {points} points.",
        fact.points,
        lang,
    ).format(kind=kind_name(fact.detail, lang), cards=cards, points=fmt_int(fact.points, lang))


def exposure_text(e: Exposure, lang: str | None = None) -> str:
    """What a card leaves the opponent (the pegging trainer's line), from the same facts."""
    if e.new_series:
        return _(
            "{card} makes {thirty_one}: the count goes back to {zero} and your opponent must lead.",
            lang,
        ).format(card=card_text(e.card, lang), thirty_one=fmt_int(31, lang), zero=fmt_int(0, lang))
    if not e.scoring:
        fact = Fact(FactKind.SAFE, (e.card,), count=e.count, of=e.unseen)
    else:
        fact = Fact(
            FactKind.EXPOSES,
            (e.card,),
            points=e.most,
            count=e.count,
            n=e.scoring,
            of=e.unseen,
            ranks=e.by_rank,
        )
    return fact_text(fact, lang)


def play_lines(view: SeatView, card: Card, lang: str | None = None) -> list[str]:
    """What laying ``card`` scores now, lets the next player score and keeps back."""
    return [fact_text(f, lang) for f in play_facts(view, card)]


def discard_lines(
    dealt: Sequence[Card],
    thrown: Sequence[Card],
    dealer: bool | Role,
    best: Sequence[Card] | None = None,
    lang: str | None = None,
    limit: int = 4,
    players: int = 2,
) -> list[str]:
    """What a throw breaks, keeps and gives the crib (at most ``limit`` sentences, the
    weightiest first: what it breaks, one of each thing it keeps, whose crib, what the crib gets).
    ``dealer``: the crib is the thrower's own, or whose it is (a Role); ``players``: 2, 3 or 4."""
    facts = discard_facts(dealt, thrown, dealer, best, players)
    chosen: list[Fact] = []
    seen: set[tuple[FactKind, str]] = set()
    for f in facts:
        if f.kind in (FactKind.KEEPS, FactKind.BREAKS) and (f.kind, f.detail) in seen:
            continue
        seen.add((f.kind, f.detail))
        chosen.append(f)
    must = [f for f in chosen if f.kind in (FactKind.BREAKS, FactKind.CRIB, FactKind.CRIB_GETS)]
    rest = [f for f in chosen if f not in must]
    picked = set(map(id, (must + rest)[:limit]))
    return [fact_text(f, lang, thrown) for f in chosen if id(f) in picked]


def count_lines(
    cards: Sequence[Card], starter: Card, is_crib: bool, claimed: int, lang: str | None = None
) -> list[str]:
    """The combinations a count left out (see :func:`cribbage_core.coach.facts.count_facts`)."""
    return [fact_text(f, lang) for f in count_facts(cards, starter, is_crib, claimed)]


# ------------------------------------------------------------------ the read of the opponent

# (what was read, which way): the discard alone, or the discard and the cards laid; likely, more
# often, unlikely, less often. {ranks}: "a 5 or a ten-card"; {chance} and {uniform}: percents.
_READS: Final[dict[tuple[bool, str], str]] = {
    (False, "likely"): N_(
        "Reading your opponent's discard: they likely hold {ranks} ({chance}, against {uniform} "
        "from the deal alone)."
    ),
    (False, "more"): N_(
        "Reading your opponent's discard: the chance they hold {ranks} is {chance}, more than the "
        "{uniform} of the deal alone."
    ),
    (False, "unlikely"): N_(
        "Reading your opponent's discard: they are unlikely to hold {ranks} ({chance}, against "
        "{uniform} from the deal alone)."
    ),
    (False, "less"): N_(
        "Reading your opponent's discard: the chance they hold {ranks} is {chance}, less than the "
        "{uniform} of the deal alone."
    ),
    (True, "likely"): N_(
        "Reading your opponent's discard and the cards they have laid: they likely hold {ranks} "
        "({chance}, against {uniform} from the deal alone)."
    ),
    (True, "more"): N_(
        "Reading your opponent's discard and the cards they have laid: the chance they hold "
        "{ranks} is {chance}, more than the {uniform} of the deal alone."
    ),
    (True, "unlikely"): N_(
        "Reading your opponent's discard and the cards they have laid: they are unlikely to hold "
        "{ranks} ({chance}, against {uniform} from the deal alone)."
    ),
    (True, "less"): N_(
        "Reading your opponent's discard and the cards they have laid: the chance they hold "
        "{ranks} is {chance}, less than the {uniform} of the deal alone."
    ),
}


def _rank_group(group: int, lang: str | None) -> str:
    """One rank group as the read names it: "a 5", "an 8", "an ace", "a ten-card"."""
    if group == TEN_CARD:
        return _("a ten-card", lang)
    if group == 1:
        return _("an ace", lang)
    symbol = ltr(str(group), lang)
    if group == 8:  # English says "an 8"
        return _("an {rank}", lang).format(rank=symbol)
    return _("a {rank}", lang).format(rank=symbol)


def _chance(fraction: float, lang: str | None) -> str:
    return ltr(fmt_percent(fraction, lang), lang)


def hand_read_text(read: HandRead, lang: str | None = None) -> str | None:
    """What the read says the opponent holds, as one sentence (None when its discard was not
    read: a position typed by hand).

    >>> print(hand_read_text(HandRead((5, 10), 0.72, 0.55, True, True), "en"))  # doctest: +NORMALIZE_WHITESPACE
    Reading your opponent's discard and the cards they have laid: they likely hold a 5 or a
    ten-card (72%, against 55% from the deal alone).
    >>> hand_read_text(HandRead((8,), 0.2, 0.35, True, False), "en")
    "Reading your opponent's discard: they are unlikely to hold an 8 (20%, against 35% from the deal alone)."
    """
    if not read.discard:
        return None
    way = (
        "likely"
        if read.likely
        else "unlikely"
        if read.unlikely
        else "more"
        if read.more
        else "less"
    )
    return _(_READS[(read.plays, way)], lang).format(
        ranks=list_text([_rank_group(g, lang) for g in read.ranks], "or", lang),
        chance=_chance(read.chance, lang),
        uniform=_chance(read.uniform, lang),
    )


def _points(x: float, lang: str | None) -> str:
    return ltr(own_digits(f"{x:.2f}", lang), lang)


def _signed(x: float, lang: str | None) -> str:
    return ltr(own_digits(f"{x:+.2f}", lang), lang)


def read_lines(fact: ReadFact | None, lang: str | None = None) -> list[str]:
    """The coach's read in words, where the card's value depends on it beyond the margins
    (:attr:`~cribbage_core.coach.read.ReadFact.matters`): what the read says the opponent holds,
    then what it changes (the best card, the card's value). Empty otherwise."""
    if fact is None or not fact.matters:
        return []
    lines = []
    said = hand_read_text(fact.hand, lang)
    if said is not None:
        lines.append(said)
    if fact.best_changes:
        lines.append(
            _(
                "Had your opponent shown nothing, {other} would be the best card; what they have "
                "shown makes it {best}.",
                lang,
            ).format(other=card_text(fact.uniform_best, lang), best=card_text(fact.best, lang))
        )
    if fact.moves:
        if fact.win:
            text = _(
                "What your opponent has shown changes your chance to win with {card} by {percent}: "
                "{value}, against {uniform} had they shown nothing.",
                lang,
            ).format(
                card=card_text(fact.card, lang),
                percent=ltr(own_digits(f"{100 * abs(fact.moved):.1f}%", lang), lang),
                value=ltr(own_digits(f"{100 * fact.value:.1f}%", lang), lang),
                uniform=ltr(own_digits(f"{100 * fact.uniform_value:.1f}%", lang), lang),
            )
        else:
            text = _(
                "What your opponent has shown changes the value of {card} by {points} points: "
                "{value}, against {uniform} had they shown nothing.",
                lang,
            ).format(
                card=card_text(fact.card, lang),
                points=_points(abs(fact.moved), lang),
                value=_signed(fact.value, lang),
                uniform=_signed(fact.uniform_value, lang),
            )
        lines.append(text)
    return lines
