"""Write the Pegging trainer's bank of positions (``cribbage_core/tables/data/peg_trainer_bank.json``).

    nice -n 10 python scripts/make_peg_trainer_bank.py [--size 400] [--jobs 2]
    nice -n 10 python scripts/make_peg_trainer_bank.py --add-gaps [--jobs 2]
    nice -n 10 python scripts/make_peg_trainer_bank.py --refresh [--jobs 2]

The method (also written into the file's header): deals are played by two medium bots exactly
as :func:`~cribbage_core.teaching.peg_trainer.peg_position` plays them, each from its own seeded
shuffle (``random.Random("peg-bank/<stream>/<i>")``), in two streams: ordinary deals (scores
from a stage of a game, no side able to win this deal) and endgame deals (both sides at 96 to
120). Every turn of the play with two ranks or more that fit is valued by the pegging values
and kept when it is a real choice (:func:`~cribbage_core.teaching.peg_trainer.real_choice`);
a turn of an ordinary deal is left out when the play itself brought a side near the end, as
the generator leaves it out. A kept turn goes into every bucket it fits, by the generator's
own checks: each of its kinds (:func:`~cribbage_core.teaching.peg_trainer.spots_of`; from an
endgame deal only the endgame kind) and "any kind", each at its difficulty
(:func:`~cribbage_core.teaching.peg_trainer.matches_difficulty`) and at "any difficulty". A
bucket takes the first ``--size`` turns that fit, in deal order; the "any kind" buckets take
15% of theirs from endgame deals, as the generator deals 15% of unfiltered seeds from the end
of a game. A page maps a seed onto its bucket's entry ``seed % size``.

An entry keeps what replays it without the bots (the scores and dealer at the deal's start,
the pone's six cards, the dealer's six and the starter, both discards, the play before the
turn) and what it must still be (its kinds, its difficulty, the best card), and how far the
second-best rank is behind the best (``gap``, :func:`~cribbage_core.teaching.peg_trainer.gap_of`:
in points, or in the chance to win where ``win`` says the values weigh it), from which a
position's first rating is estimated (``tutor.rating.bank``). ``--add-gaps`` writes the gap
into an existing bank by replaying each entry, without playing the deals again. ``--refresh``,
for when the pegging values moved a little (a new crib or keep table, which the discard read
stands on), replays each entry, writes what it claims (kinds, level, best, gap) as the values
now give them, and takes it out of each bucket it no longer fits (out of the bank if it fits
none), without playing the deals again: the deals, played by the medium bots, do not depend on
the tables, but a bucket then holds the first turns that fit as the values were when it was filled.
``tests/core/teaching/test_peg_bank.py`` replays a sample and checks each claim by the
generator's checks.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import time
from multiprocessing import Pool
from typing import Any

from cribbage_core.cards import Card
from cribbage_core.coach.peg_value import PegAdvice, peg_values
from cribbage_core.game import SeatView
from cribbage_core.kinds import PegSpot
from cribbage_core.tables.peg_bank import BANK_PATH, bucket_key, load_bank
from cribbage_core.tables.winprob import ends_this_deal
from cribbage_core.teaching.peg_trainer import (
    DIFFICULTIES,
    ENDGAME_SHARE,
    SPOTS,
    PlayedDeal,
    fits,
    gap_of,
    matches_difficulty,
    played_deal,
    spots_of,
    start_scores,
)

STREAMS = ("ordinary", "endgame")
CHUNK = 200


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards)


def could_fill(view: SeatView, endgame: bool) -> set[str]:
    """The buckets a turn could go into, told without its values (every kind but the endgame is
    told by the cards; the values weigh the chance to win exactly when a side can win this deal)."""
    me = view.seat
    if endgame:
        win = ends_this_deal(view.scores[me], view.scores[1 - me], view.dealer == me)
        kinds: set[str | None] = {None, *([str(PegSpot.ENDGAME)] if win else [])}
    else:
        kinds = {None, *(str(k) for k in spots_of(view, PegAdvice((), False)))}
    return {bucket_key(k, d) for k in kinds for d in (None, *DIFFICULTIES)}


def classify(job: tuple[str, int, frozenset[str]]) -> list[tuple[dict[str, Any], list[str]]]:
    """Every kept turn of deal ``i`` of ``stream`` that could go into a bucket still open,
    as a bank entry with the buckets it fits (by :func:`~cribbage_core.teaching.peg_trainer.fits`,
    the generator's own checks)."""
    stream, i, open_buckets = job
    endgame = stream == "endgame"
    rng = random.Random(f"peg-bank/{stream}/{i}")
    deal, turns = played_deal(rng, start_scores(rng, endgame))
    kept = []
    for upto, view, _steps in turns:
        if not could_fill(view, endgame) & open_buckets:
            continue  # valuing it would change nothing: every bucket it could fill is full
        advice = peg_values(view)
        fitting = [
            bucket_key(str(kind) if kind else None, level)
            for kind in (None, *SPOTS)
            for level in (None, *DIFFICULTIES)
            if fits(view, advice, kind, level, endgame)
        ]
        if not fitting:
            continue
        entry = {
            "scores": list(deal.scores),
            "dealer": deal.dealer,
            "deck": _cards(deal.deck),
            "discards": [_cards(deal.discards[0]), _cards(deal.discards[1])],
            "play": " ".join("go" if c is None else str(c) for c in deal.actions[:upto]),
            "endgame": endgame,
            "kinds": sorted(str(k) for k in spots_of(view, advice)),
            "level": next((d for d in DIFFICULTIES if matches_difficulty(advice, d)), None),
            "best": str(advice.best.card),
            **gap_fields(advice),
        }
        kept.append((entry, fitting))
    return kept


def gap_fields(advice: PegAdvice) -> dict[str, Any]:
    """The entry's ``gap`` (the best rank's lead, rounded to 4 places) and ``win`` (in the
    chance to win, not in points)."""
    return {"gap": round(gap_of(advice), 4), "win": advice.win_view}


def entry_view(raw: dict[str, Any]) -> SeatView:
    """The position a stored entry names, by replaying its deal to it."""
    first, second = (tuple(Card.parse(c) for c in d.split()) for d in raw["discards"])
    play = tuple(None if t == "go" else Card.parse(t) for t in raw["play"].split())
    deck = tuple(Card.parse(c) for c in raw["deck"].split())
    deal = PlayedDeal(
        (raw["scores"][0], raw["scores"][1]), raw["dealer"], deck, (first, second), play
    )
    view, _steps = deal.replay(len(play))
    return view


def entry_gap(raw: dict[str, Any]) -> dict[str, Any]:
    """:func:`gap_fields` of a stored entry, by replaying it."""
    return gap_fields(peg_values(entry_view(raw)))


def entry_now(raw: dict[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """A stored entry with its claims as the pegging values give them now, and the buckets it fits."""
    view = entry_view(raw)
    advice = peg_values(view)
    endgame = raw["endgame"]
    fresh = {
        **raw,
        "kinds": sorted(str(k) for k in spots_of(view, advice)),
        "level": next((d for d in DIFFICULTIES if matches_difficulty(advice, d)), None),
        "best": str(advice.best.card),
        **gap_fields(advice),
    }
    fitting = {
        bucket_key(str(kind) if kind else None, level)
        for kind in (None, *SPOTS)
        for level in (None, *DIFFICULTIES)
        if fits(view, advice, kind, level, endgame)
    }
    return fresh, fitting


def refresh(jobs: int) -> None:
    """Rewrite each entry's claims as the values now give them (``--refresh``)."""
    data = json.loads(BANK_PATH.read_text())
    with Pool(jobs) as pool:
        now = pool.map(entry_now, data["positions"], chunksize=25)
    changed = sum(fresh != raw for (fresh, _), raw in zip(now, data["positions"], strict=True))
    buckets = {
        key: [i for i in numbers if key in now[i][1]] for key, numbers in data["buckets"].items()
    }
    dropped = {
        k: len(data["buckets"][k]) - len(v) for k, v in buckets.items() if v != data["buckets"][k]
    }
    kept = sorted({i for numbers in buckets.values() for i in numbers})
    renumber = {old: new for new, old in enumerate(kept)}
    positions = [now[i][0] for i in kept]
    buckets = {k: [renumber[i] for i in v] for k, v in buckets.items()}
    data["header"]["refreshed"] = (
        "every entry replayed and its claims written as the values gave them (--refresh): "
        f"{changed} of {len(now)} changed, dropped from buckets {dropped}, "
        f"{len(now) - len(kept)} left in none"
    )
    write_bank(data["header"], buckets, positions)
    load_bank.cache_clear()
    print(data["header"]["refreshed"])


def write_bank(header: dict[str, Any], buckets: dict[str, list[int]], positions: list[Any]) -> None:
    """The bank file, one bucket and one entry a line."""
    lines = [
        "{",
        f' "header": {json.dumps(header, indent=2)[:-1]} }},',
        ' "buckets": {',
        ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in buckets.items()),
        " },",
        ' "positions": [',
        ",\n".join("  " + json.dumps(p, separators=(",", ":")) for p in positions),
        " ]",
        "}",
    ]
    BANK_PATH.write_text("\n".join(lines) + "\n")


def add_gaps(jobs: int) -> None:
    """Write each entry's gap into the bank as it is (``--add-gaps``)."""
    data = json.loads(BANK_PATH.read_text())
    with Pool(jobs) as pool:
        gaps = pool.map(entry_gap, data["positions"], chunksize=50)
    for raw, fields in zip(data["positions"], gaps, strict=True):
        raw.update(fields)
    data["header"]["entry"] = ENTRY
    write_bank(data["header"], data["buckets"], data["positions"])
    load_bank.cache_clear()
    print(f"gaps written into the {len(gaps)} positions of {BANK_PATH}")


ENTRY = (
    "positions[i] = {scores, dealer, deck (pone's six, dealer's six, starter), discards (by "
    "seat), play (before the turn; go for a go), endgame (drawn from the end of a game), kinds, "
    "level (close, far or null), best, gap (the best rank's lead over the second), win (the gap "
    "is in the chance to win)}; buckets['kind:level'] = [i, ...]"
)


def quota(key: str, stream: str, size: int) -> int:
    """How many of a bucket's entries come from ``stream``."""
    if key.startswith("any:"):
        from_endgame = round(size * ENDGAME_SHARE)
        return from_endgame if stream == "endgame" else size - from_endgame
    return size if (stream == "endgame") == key.startswith(f"{PegSpot.ENDGAME}:") else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=400, help="positions per bucket")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--max-deals",
        type=int,
        default=60_000,
        help="deals per stream at most (a rare bucket then holds fewer)",
    )
    parser.add_argument(
        "--add-gaps", action="store_true", help="write the gaps into the bank as it is, and stop"
    )
    parser.add_argument(
        "--refresh",
        action="store_true",
        help="replay the bank as it is, write its claims as the values now give them, and stop",
    )
    args = parser.parse_args()
    if args.refresh:
        refresh(args.jobs)
        return
    if args.add_gaps:
        add_gaps(args.jobs)
        return
    keys = [bucket_key(k, d) for k in (None, *SPOTS) for d in (None, *DIFFICULTIES)]
    buckets: dict[str, list[int]] = {k: [] for k in keys}
    taken = {(k, s): 0 for k in keys for s in STREAMS}
    positions: list[dict[str, Any]] = []
    deals = dict.fromkeys(STREAMS, 0)
    began = time.time()
    with Pool(args.jobs) as pool:
        for stream in STREAMS:
            feeds = [k for k in keys if quota(k, stream, args.size) > 0]
            while deals[stream] < args.max_deals:
                open_buckets = frozenset(
                    k for k in feeds if taken[k, stream] < quota(k, stream, args.size)
                )
                if not open_buckets:
                    break
                jobs = [(stream, deals[stream] + j, open_buckets) for j in range(CHUNK)]
                deals[stream] += CHUNK
                for kept in pool.map(classify, jobs, chunksize=20):
                    for entry, fitting in kept:
                        wanted = [
                            k for k in fitting if taken[k, stream] < quota(k, stream, args.size)
                        ]
                        if not wanted:
                            continue
                        for k in wanted:
                            taken[k, stream] += 1
                            buckets[k].append(len(positions))
                        positions.append(entry)
                short = {k: taken[k, stream] for k in open_buckets}
                print(
                    f"{stream}: {deals[stream]} deals, {len(positions)} positions; short {short}",
                    flush=True,
                )
    for key in keys:  # the "any kind" buckets mix their two streams
        random.Random(f"peg-bank/{key}").shuffle(buckets[key])
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    header = {
        "what": "the Pegging trainer's positions of every kind and difficulty, built ahead of time",
        "method": " ".join(__doc__.split("\n\n", 2)[2].split()),
        "generator": "scripts/make_peg_trainer_bank.py",
        "commit": f"{commit} (main then; this script as committed beside the file)",
        "size": args.size,
        "deals": deals,
        "seconds": round(time.time() - began),
        "entry": ENTRY,
    }
    write_bank(header, buckets, positions)
    print(f"{len(positions)} positions in {len(keys)} buckets written to {BANK_PATH}")


if __name__ == "__main__":
    main()
