"""A question's position: the few address parameters that deal it again, and back. Pure.

Every quiz deal is a pure function of its seed and options, which the quiz pages keep in
the address (``?seed=42&mode=crib&focus=nobs``). A review item and the daily five keep the
same parameters (the position, text to text), so a question comes back exactly as it was:
:func:`count_position` / :func:`discard_position` / :func:`pegging_position` write one, and
:func:`hand_deal_at`, :func:`pegging_at`, :func:`discard_deal_at` deal it again (a position
that does not spell a deal raises ``BadPosition``). :func:`quiz_link` is the quiz page and
the parameters that open the question there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from cribbage_core.kinds import PegSpot
from cribbage_core.scoring import HandScore, ScoreItem
from cribbage_core.seats import Role
from cribbage_core.teaching.discard_quiz import DIFFICULTIES, DiscardDeal, deal_discard
from cribbage_core.teaching.hand_quiz import FOCUSES, HandDeal, deal_hand
from cribbage_core.teaching.peg_trainer import (
    DIFFICULTIES as PEG_DIFFICULTIES,
    SPOT_WORDS,
    PegPosition,
    banked_position,
)
from cribbage_core.teaching.pegging_quiz import PeggingQuestion, pegging_question
from tutor.seeds import MAX_SEED

__all__ = [
    "FOCUS_SLUGS",
    "PEG_KIND_SLUGS",
    "QUIZ_PAGES",
    "BadPosition",
    "combo_position",
    "count_position",
    "missed_at",
    "discard_deal_at",
    "discard_position",
    "hand_deal_at",
    "peg_trainer_args",
    "peg_trainer_at",
    "peg_trainer_position",
    "pegging_at",
    "pegging_position",
    "quiz_link",
]

#: The Count page's ``?focus=`` texts and the focus each names.
FOCUS_SLUGS: Final = {focus.replace(" ", "-"): focus for focus in FOCUSES}
#: The Pegging trainer's ``?kind=`` texts and the kind of position each names.
PEG_KIND_SLUGS: Final = SPOT_WORDS
#: Each quiz kind's own page.
QUIZ_PAGES: Final = {
    "hand": "pages/2_Count_the_hand.py",
    "crib": "pages/2_Count_the_hand.py",
    "pegging": "pages/3_Pegging_quiz.py",
    "discard": "pages/6_Discard_trainer.py",
    "peg_trainer": "pages/7_Pegging_trainer.py",
    "game": "pages/8_Game_review.py",
}


class BadPosition(ValueError):
    """A stored position that does not spell a deal (a seed out of range, an unknown option)."""


def count_position(seed: int, focus: str | None = None) -> dict[str, str]:
    """Count the hand's position (the crib is told by the item's kind).

    >>> count_position(42, "double run")
    {'seed': '42', 'focus': 'double-run'}
    """
    return {"seed": str(seed), **({"focus": focus.replace(" ", "-")} if focus else {})}


#: A count's position answered by finding the combinations: ``way`` and the combinations missed.
COMBO_WAY: Final = "combinations"


def combo_position(
    seed: int, focus: str | None, score: HandScore, missed: Sequence[ScoreItem]
) -> dict[str, str]:
    """A count answered by its combinations, to come back the same way: the count's position,
    ``way``, and which of the hand's combinations were missed (their places in its count).

    >>> from cribbage_core import score_hand
    >>> score = score_hand("5H 5S JC 10D", "5C")
    >>> combo_position(42, None, score, score.items[:2])
    {'seed': '42', 'way': 'combinations', 'missed': '0,1'}
    """
    places = [str(i) for i, item in enumerate(score.items) if item in missed]
    return {**count_position(seed, focus), "way": COMBO_WAY, "missed": ",".join(places)}


def missed_at(position: Mapping[str, str], score: HandScore) -> tuple[ScoreItem, ...] | None:
    """The combinations missed at a combination count's position (None: a count of the total).

    >>> from cribbage_core import score_hand
    >>> score = score_hand("5H 5S JC 10D", "5C")
    >>> [str(i.kind) for i in missed_at({"seed": "1", "way": "combinations", "missed": "0,10"}, score)]
    ['fifteen', 'nobs']
    >>> missed_at({"seed": "1"}, score) is None
    True
    """
    if position.get("way") != COMBO_WAY:
        return None
    raw = str(position.get("missed", ""))
    places = raw.split(",") if raw else []
    if not all(p.isascii() and p.isdigit() and int(p) < len(score.items) for p in places):
        raise BadPosition(f"a position's missed combinations are places in the count, not {raw!r}")
    return tuple(score.items[int(p)] for p in places)


def pegging_position(seed: int) -> dict[str, str]:
    """The pegging quiz's position: its seed alone."""
    return {"seed": str(seed)}


def discard_position(
    seed: int, players: int = 2, role: str = "random", level: str = "any"
) -> dict[str, str]:
    """The discard trainer's position: the seed and the options that are not the defaults.

    >>> discard_position(7, players=3, role="pone")
    {'seed': '7', 'players': '3', 'role': 'pone'}
    """
    return {
        "seed": str(seed),
        **({"players": "3"} if players == 3 else {}),
        **({"role": role} if role != "random" else {}),
        **({"level": level} if level != "any" else {}),
    }


def peg_trainer_position(
    seed: int, spot: PegSpot | None = None, level: str | None = None
) -> dict[str, str]:
    """The Pegging trainer's position: the seed and its filters (kind, difficulty), as in its address.

    >>> peg_trainer_position(42, PegSpot.PAIRING, "close")
    {'seed': '42', 'kind': 'pairing', 'level': 'close'}
    """
    slug = {s: w for w, s in PEG_KIND_SLUGS.items()}
    return {
        "seed": str(seed),
        **({"kind": slug[spot]} if spot else {}),
        **({"level": level} if level else {}),
    }


def _seed(position: Mapping[str, str]) -> int:
    raw = str(position.get("seed", ""))
    if (
        not (raw.isascii() and raw.isdigit())
        or len(raw) > len(str(MAX_SEED))
        or int(raw) > MAX_SEED
    ):
        raise BadPosition(f"a position's seed is a whole number from 0 to {MAX_SEED}, not {raw!r}")
    return int(raw)


def _option(position: Mapping[str, str], name: str, allowed: Mapping[str, str]) -> str | None:
    raw = position.get(name)
    if raw is None:
        return None
    if raw not in allowed:
        raise BadPosition(f"a position's {name} is one of {', '.join(allowed)}, not {raw!r}")
    return allowed[raw]


def hand_deal_at(position: Mapping[str, str], is_crib: bool) -> HandDeal:
    """The hand (or crib) at ``position``.

    >>> hand_deal_at(count_position(42, "nobs"), False) == deal_hand(42, focus="nobs")
    True
    """
    return deal_hand(
        _seed(position), is_crib=is_crib, focus=_option(position, "focus", FOCUS_SLUGS)
    )


def pegging_at(position: Mapping[str, str]) -> PeggingQuestion:
    """The pegging question at ``position``."""
    return pegging_question(_seed(position))


def peg_trainer_at(position: Mapping[str, str]) -> PegPosition:
    """The Pegging trainer's position at ``position`` (from the bank built ahead of time: milliseconds).

    >>> peg_trainer_at(peg_trainer_position(3, PegSpot.LEAD)).view.count
    0
    """
    return banked_position(*peg_trainer_args(position))


def peg_trainer_args(position: Mapping[str, str]) -> tuple[int, str | None, str | None]:
    """The seed, kind and difficulty ``banked_position`` takes for a Pegging trainer position.

    >>> peg_trainer_args({"seed": "5", "kind": "five21"}) == (5, PegSpot.FIVE_21, None)
    True
    """
    spot = _option(position, "kind", PEG_KIND_SLUGS)
    level = _option(position, "level", {d: d for d in PEG_DIFFICULTIES})
    return _seed(position), str(spot) if spot else None, level


def discard_deal_at(position: Mapping[str, str]) -> DiscardDeal:
    """The discard deal at ``position``.

    >>> discard_deal_at(discard_position(7, role="pone")) == deal_discard(7, role=Role.PONE)
    True
    """
    players = 3 if _option(position, "players", {"3": "3"}) else 2
    role = _option(position, "role", {"dealer": "dealer", "pone": "pone"})
    level = _option(position, "level", {d: d for d in DIFFICULTIES})
    return deal_discard(
        _seed(position), players=players, role=Role(role) if role else None, difficulty=level
    )


def quiz_link(kind: str, position: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """The page of the quiz ``kind`` and the address parameters that open the position there.

    >>> quiz_link("crib", {"seed": "9"})
    ('pages/2_Count_the_hand.py', {'seed': '9', 'mode': 'crib'})
    >>> quiz_link("game", {"game": "g1", "hand": "3", "step": "40"})
    ('pages/8_Game_review.py', {'game': 'g1', 'hand': '3'})
    """
    if kind == "game":  # a decision opens in its game's review, at its hand
        return QUIZ_PAGES[kind], {k: position[k] for k in ("game", "hand") if k in position}
    shown = {k: v for k, v in position.items() if k not in ("way", "missed")}  # not the page's
    return QUIZ_PAGES[kind], {**shown, **({"mode": "crib"} if kind == "crib" else {})}
