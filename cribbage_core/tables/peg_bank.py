"""The Pegging trainer's bank: positions of every kind and difficulty, built ahead of time.

``cribbage_core/tables/data/peg_trainer_bank.json`` is made by
``scripts/make_peg_trainer_bank.py`` (the method is in its header): deals played by the
trainer's bots, each turn with a real choice filed in a bucket for every kind and difficulty
it fits (``"pairing:close"``, ``"any:far"``, ...). A seed picks its bucket's entry
``seed % size``, so the same seed always gives the same position and no page searches for
one. An entry is the deal, card by card, and the play before the turn; the teaching room
replays it (:func:`cribbage_core.teaching.peg_trainer.banked_position`).

>>> entry = bank_entry(42, "pairing", "close")
>>> "pairing" in entry.kinds, entry.level, entry == bank_entry(42 + bucket_size("pairing", "close"), "pairing", "close")
(True, 'close', True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from cribbage_core.cards import Card, parse_cards

__all__ = ["BANK_PATH", "BankEntry", "bank_entry", "bucket_key", "bucket_size", "load_bank"]

BANK_PATH: Final = Path(__file__).resolve().parent / "data" / "peg_trainer_bank.json"


@dataclass(frozen=True, slots=True)
class BankEntry:
    """One banked position: the deal (scores and dealer at its start, ``deck`` the pone's six
    cards, the dealer's six and the starter, each seat's ``discards``), ``play`` the actions
    before the turn (``None``: a go), and what it claims to be: drawn from the ``endgame``
    stream, its ``kinds``, its ``level`` (``"close"``, ``"far"`` or ``None``), its ``best`` card,
    and ``gap``, the best rank's lead over the second-best, in points or (``win``) in the chance
    to win (:func:`~cribbage_core.teaching.peg_trainer.gap_of`)."""

    scores: tuple[int, int]
    dealer: int
    deck: tuple[Card, ...]
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]
    play: tuple[Card | None, ...]
    endgame: bool
    kinds: frozenset[str]
    level: str | None
    best: Card
    gap: float
    win: bool


def bucket_key(kind: str | None, level: str | None) -> str:
    """The bank's name for the bucket of a kind and a difficulty (``None``: any).

    >>> bucket_key(None, "far"), bucket_key("endgame", None)
    ('any:far', 'endgame:any')
    """
    return f"{kind or 'any'}:{level or 'any'}"


@lru_cache(maxsize=1)
def load_bank(path: Path = BANK_PATH) -> tuple[dict[str, tuple[int, ...]], tuple[Any, ...]]:
    """The bank as read: each bucket's entry numbers, and the entries as stored."""
    with path.open(encoding="utf-8") as f:
        data = json.load(f)
    buckets = {key: tuple(numbers) for key, numbers in data["buckets"].items()}
    return buckets, tuple(data["positions"])


def bucket_size(kind: str | None, level: str | None) -> int:
    """How many positions the bank holds of a kind and a difficulty."""
    return len(load_bank()[0][bucket_key(kind, level)])


def _entry(raw: dict[str, Any]) -> BankEntry:
    first, second = (tuple(parse_cards(d)) for d in raw["discards"])
    return BankEntry(
        scores=(int(raw["scores"][0]), int(raw["scores"][1])),
        dealer=int(raw["dealer"]),
        deck=tuple(parse_cards(raw["deck"])),
        discards=(first, second),
        play=tuple(None if t == "go" else Card.parse(t) for t in raw["play"].split()),
        endgame=bool(raw["endgame"]),
        kinds=frozenset(raw["kinds"]),
        level=raw["level"],
        best=Card.parse(raw["best"]),
        gap=float(raw["gap"]),
        win=bool(raw["win"]),
    )


def bank_entry(seed: int, kind: str | None, level: str | None) -> BankEntry:
    """The banked position of ``seed`` in the bucket of ``kind`` and ``level`` (``None``: any):
    its entry ``seed % size``. An unknown kind or level raises ``KeyError``."""
    buckets, positions = load_bank()
    numbers = buckets[bucket_key(kind, level)]
    return _entry(positions[numbers[seed % len(numbers)]])
