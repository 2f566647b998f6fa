"""The words of counting by combinations: each claim described, why a claim is not a
combination, and the verdict's lines. Pure functions (no Streamlit), in the run's language.

>>> from cribbage_core import score_hand, parse_cards
>>> from cribbage_core.teaching.combos import Claim, check_claim
>>> score = score_hand("6H 8C 5D 10S", "KD")
>>> why_text(check_claim(score, Claim.of("fifteen", parse_cards("6H 8C"))), score)
'6 + 8 is 14, not 15.'
"""

from __future__ import annotations

from cribbage_core.cards import Card
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HandScore
from cribbage_core.teaching.combos import Claim, ClaimVerdict, CombinationGrade, Flaw
from tutor.lang.i18n import _, cards_text, fmt_int, ltr, ngettext
from tutor.quiz.feedback import Note

__all__ = ["claim_cards", "claim_text", "combo_notes", "why_text"]


def claim_cards(claim: Claim, score: HandScore) -> tuple[Card, ...]:
    """The claim's cards in the order they lie (the hand's order, the starter last)."""
    return tuple(card for card in (*score.hand, score.starter) if card in claim.cards)


def claim_text(claim: Claim, score: HandScore) -> str:
    """The claim's cards for running text: a fifteen as a sum (``"5♥ + 10♠"``), else the cards."""
    cards = claim_cards(claim, score)
    if claim.kind == ScoreKind.FIFTEEN:
        return ltr(" + ".join(card.label for card in cards))
    return cards_text(cards)


def _values(cards: tuple[Card, ...]) -> str:
    return ltr(" + ".join(fmt_int(card.value) for card in cards))


def why_text(verdict: ClaimVerdict, score: HandScore) -> str:
    """Why a claim is not a combination, as one or two whole sentences ("" when it is one)."""
    flaw, n = verdict.flaw, verdict.detail
    cards = claim_cards(verdict.claim, score)
    if flaw is None:
        return ""
    if flaw is Flaw.FIFTEEN_SUM:
        return _("{values} is {total}, not {fifteen}.").format(
            values=_values(cards), total=fmt_int(n), fifteen=fmt_int(15)
        )
    if flaw is Flaw.PAIR_RANKS:
        return _(
            "{first} and {second} are not of the same rank: a pair is two cards of one rank."
        ).format(first=cards_text(cards[:1]), second=cards_text(cards[1:]))
    if flaw is Flaw.PAIR_SIZE:
        return ngettext(
            "A pair is two cards of one rank; you selected {n} card.",
            "A pair is two cards of one rank; you selected {n} cards.",
            n,
        ).format(n=fmt_int(n))
    if flaw is Flaw.PAIR_ROYAL:
        return ngettext(
            "{n} card of one rank is counted one pair at a time: select two of them for each pair.",
            "{n} cards of one rank are counted one pair at a time: select two of them for each pair.",
            n,
        ).format(n=fmt_int(n))
    if flaw is Flaw.RUN_SHORT:
        return ngettext(
            "A run needs three cards or more in sequence; you selected {n} card.",
            "A run needs three cards or more in sequence; you selected {n} cards.",
            n,
        ).format(n=fmt_int(n))
    if flaw is Flaw.RUN_SAME_RANK:
        return _(
            "Two of these cards have the same rank, so they are not one run. Count each run "
            "on its own, with one card of each rank: a double run is two runs."
        )
    if flaw is Flaw.RUN_GAP:
        return _("These ranks are not in sequence: {cards}.").format(cards=cards_text(cards))
    if flaw is Flaw.RUN_LONGER:
        return ngettext(
            "These cards are part of a run of {n} card: count only the longest run.",
            "These cards are part of a run of {n} cards: count only the longest run.",
            n,
        ).format(n=fmt_int(n))
    if flaw is Flaw.FLUSH_SUIT:
        return _("These cards are not all of one suit.")
    if flaw is Flaw.FLUSH_CARDS:
        return _(
            "A flush is the four cards of the hand, all of one suit, or those four and the "
            "starter when it is of the same suit."
        )
    if flaw is Flaw.FLUSH_FIVE:
        return _(
            "The starter is of the same suit too: count one flush of all five cards, not of four."
        )
    if flaw is Flaw.FLUSH_CRIB:
        return _(
            "In the crib a flush needs all five cards: the four crib cards and the starter, "
            "all of one suit. These cards score no flush."
        )
    if flaw is Flaw.NOBS_NOT_JACK:
        return _(
            "Nobs is one jack in the hand, of the starter's suit: select that jack alone "
            "(or with the starter)."
        )
    if flaw is Flaw.NOBS_SUIT:
        jack = next(card for card in cards if card != score.starter)
        return _(
            "{jack} is not of the starter's suit ({starter}): nobs is the jack of the starter's suit."
        ).format(jack=cards_text((jack,)), starter=cards_text((score.starter,)))
    if flaw is Flaw.NOBS_STARTER:
        return _(
            "The starter itself is the jack: that is his heels, scored by the dealer when the "
            "starter is turned up, not nobs."
        )
    return _("You counted this combination already: each combination counts once.")


def combo_notes(grade: CombinationGrade) -> list[Note]:
    """The verdict's lines: right or wrong, what was found, what the hand scores."""
    if grade.correct:
        if grade.total == 0:
            return [Note("right", _("Right: this hand has no combination, and it scores nothing."))]
        return [
            Note(
                "right",
                ngettext(
                    "Right: you found every combination, {total} point in all.",
                    "Right: you found every combination, {total} points in all.",
                    grade.total,
                ).format(total=fmt_int(grade.total)),
            )
        ]
    found, combos = len(grade.found), len(grade.found) + len(grade.missed)
    if combos == 0:  # not "0 of the hand's 0 combinations"
        return [
            Note(
                "wrong",
                _(
                    "This hand has no combination at all: it scores nothing, what players call "
                    "a nineteen, since no hand can score {nineteen}."
                ).format(nineteen=fmt_int(19)),
            )
        ]
    notes = [
        Note(
            "wrong",
            ngettext(
                "You found {found} of the hand's {n} combination.",
                "You found {found} of the hand's {n} combinations.",
                combos,
            ).format(found=fmt_int(found), n=fmt_int(combos)),
        )
    ]
    if grade.missed:
        notes.append(
            Note(
                "hint",
                ngettext(
                    "{n} combination was missed: it is drawn below with its cards.",
                    "{n} combinations were missed: they are drawn below with their cards.",
                    len(grade.missed),
                ).format(n=fmt_int(len(grade.missed))),
            )
        )
    if grade.wrong:
        notes.append(
            Note(
                "hint",
                ngettext(
                    "{n} of your choices is not a combination: see why below.",
                    "{n} of your choices are not combinations: see why below.",
                    len(grade.wrong),
                ).format(n=fmt_int(len(grade.wrong))),
            )
        )
    notes.append(
        Note(
            "note",
            ngettext(
                "Your running count ended at {said}; the hand scores {total} point.",
                "Your running count ended at {said}; the hand scores {total} points.",
                grade.total,
            ).format(said=fmt_int(grade.said), total=fmt_int(grade.total)),
        )
    )
    return notes
