"""The Pegging trainer's bank (``cribbage_core/tables/data/peg_trainer_bank.json``, made by
``scripts/make_peg_trainer_bank.py``): every kind and difficulty has its positions, a seed
always picks the same one, and each banked position, replayed card by card, is what it
claims by the generator's own checks (:func:`~cribbage_core.teaching.peg_trainer.fits`).

A sample of every bucket runs in the quick loop; a tenth of every bucket in the slow suite.
"""

from __future__ import annotations

import random

import pytest

from cribbage_core.coach.peg_value import peg_values
from cribbage_core.game import Phase
from cribbage_core.tables.peg_bank import BankEntry, bank_entry, bucket_key, bucket_size, load_bank
from cribbage_core.teaching.peg_trainer import (
    DIFFICULTIES,
    SPOTS,
    PegPosition,
    PegSpot,
    PlayedDeal,
    banked_position,
    fits,
    gap_of,
    matches_difficulty,
    played_deal,
    spots_of,
    start_scores,
)
from tutor.quiz.positions import peg_trainer_at, peg_trainer_position

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


BUCKETS = [(kind, level) for kind in (None, *SPOTS) for level in (None, *DIFFICULTIES)]
MIN_SIZE = 100  # the rarest bucket's positions, so a learner's next position is rarely one seen


def ids(bucket: tuple[PegSpot | None, str | None]) -> str:
    return bucket_key(*bucket)


def check(position: PegPosition, entry: BankEntry) -> None:
    """The position is the entry replayed, and both are what the bucket and the entry claim."""
    view = position.view
    assert view.phase is Phase.PLAY and view.to_act == view.seat and view.config.players == 2
    fresh = peg_values(view)  # the engine now, not a stored copy
    assert fits(view, fresh, position.spot, position.difficulty, entry.endgame)
    assert {str(k) for k in spots_of(view, fresh)} == entry.kinds
    for level in DIFFICULTIES:
        assert matches_difficulty(fresh, level) == (entry.level == level)
    assert fresh.best.card.rank == entry.best.rank
    assert (entry.gap, entry.win) == (round(gap_of(fresh), 4), fresh.win_view)  # first ratings
    if entry.endgame:
        assert all(96 <= s <= 120 for s in entry.scores)
    laid = [s.card for s in position.steps if s.card is not None]
    assert laid == [c for _, c in view.played]
    assert len(position.steps) == len(entry.play)


def test_every_kind_and_difficulty_has_its_own_distinct_positions() -> None:
    buckets, positions = load_bank()
    assert set(buckets) == {bucket_key(str(k) if k else None, d) for k, d in BUCKETS}
    used: set[int] = set()
    for numbers in buckets.values():
        assert len(numbers) >= MIN_SIZE
        assert len(set(numbers)) == len(numbers)
        assert all(0 <= n < len(positions) for n in numbers)
        used.update(numbers)
    assert used == set(range(len(positions)))  # nothing kept that no bucket deals
    assert len({str(p) for p in positions}) == len(positions)


@pytest.mark.parametrize("bucket", BUCKETS, ids=ids)
def test_a_sample_of_each_bucket_is_what_it_claims(
    bucket: tuple[PegSpot | None, str | None],
) -> None:
    kind, level = bucket
    name = str(kind) if kind else None
    size = bucket_size(name, level)
    for seed in random.Random(ids(bucket)).sample(range(10**9), 4):
        position = banked_position(seed, kind, level)
        assert (position.seed, position.spot, position.difficulty) == (seed, kind, level)
        check(position, bank_entry(seed, name, level))
        assert banked_position(seed + size, kind, level).view == position.view


@pytest.mark.slow
@pytest.mark.parametrize("bucket", BUCKETS, ids=ids)
def test_a_tenth_of_every_bucket_is_what_it_claims(
    bucket: tuple[PegSpot | None, str | None],
) -> None:
    # every entry of every bucket takes about 6 minutes of CPU (all passed when the bank was
    # built); a tenth of each, every tenth seed, keeps CI's slow suite short. One test a bucket,
    # so that CI's workers share them out (tests/conftest.py).
    kind, level = bucket
    name = str(kind) if kind else None
    for seed in range(0, bucket_size(name, level), 10):
        check(banked_position(seed, kind, level), bank_entry(seed, name, level))


def test_a_seed_in_an_address_always_opens_the_same_banked_position() -> None:
    at = peg_trainer_position(123_456_789, PegSpot.ENDGAME, "far")
    first = peg_trainer_at(at)
    assert first == peg_trainer_at(dict(at)) == banked_position(123_456_789, "endgame", "far")
    others = {banked_position(s, PegSpot.ENDGAME, "far").view.hand for s in range(1, 9)}
    assert len(others) == 8  # neighbouring seeds are different positions


def test_a_played_deal_replays_to_every_turn_the_bots_reached() -> None:
    rng = random.Random(33)
    turns = 0
    for deal_no in range(40):
        deal, found = played_deal(rng, start_scores(rng, deal_no % 4 == 0))
        again = PlayedDeal(deal.scores, deal.dealer, deal.deck, deal.discards, deal.actions)
        for upto, view, steps in found:
            assert again.replay(upto) == (view, steps)
            turns += 1
    assert turns > 100
