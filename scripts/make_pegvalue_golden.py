"""Write ``tests/data/pegvalue_golden.json``: the pegging values of many positions, as computed now.

Usage: ``python scripts/make_pegvalue_golden.py [--refresh]``

``--refresh`` keeps the games' records and the valuations reading the plays alone as they are,
and values again only those with the default (the opponent's discard read), whose values stand
on the keep table and so on the crib table: the positions stay the same when a table changes
(the hard bot discards by the crib table, so the games themselves would change if played again).

Made before ``cribbage_core.coach.peg_value`` was made faster, so that ``tests/core/coach/test_pegvalue_golden.py``
can check that the faster search gives the very same values (points and chances to win) and
the same order of options on every position. The positions are every decision with a real
choice in the play of a few seeded games between the hard and medium bots (to 121 and to 61,
so the win view comes up), each kept as its game's record (setup and moves) and the step; some
are also valued with the win view forced on, and some without the evidence of the opponent's
plays. Each is valued reading the opponent's plays alone (the first 338 valuations, as the
search first gave them) and with the default (its discard read too: written before the
search was made faster again). About a minute of CPU.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import make_bot
from cribbage_core.coach.peg_value import peg_values
from cribbage_core.game import GameConfig, Phase, Play, SeatView
from cribbage_core.record import GameRecord, NextDeal

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "pegvalue_golden.json"
GAMES = ((121, 1), (121, 2), (121, 3), (61, 4), (61, 5), (61, 6))


def variants(n: int) -> list[dict[str, Any]]:
    """The keyword arguments each decision is valued with.

    The plays alone (``discard_evidence=False``: the default when the file was first written,
    so these 338 valuations are as the search first gave them), on some with the win view
    forced on or without the evidence of the plays; then the default (the opponent's discard
    read too), on some with the win view forced on.
    """
    plays_only: dict[str, Any] = {"discard_evidence": False}
    out: list[dict[str, Any]] = [dict(plays_only)]
    if n % 3 == 0:
        out.append({"win_view": True, **plays_only})
    if n % 5 == 0:
        out.append({"evidence": False, **plays_only})
    out.append({})
    if n % 6 == 0:
        out.append({"win_view": True})
    return out


def record_game(target: int, seed: int) -> GameRecord:
    bots = [make_bot("hard", seed), make_bot("medium", seed + 100)]
    record = GameRecord(GameConfig(target=target), seed=seed, first_dealer=seed % 2)
    state = record.first_state()
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            state = record.deal(state)
            record = record.then(NextDeal())
            continue
        seat = state.seat_to_act()
        assert seat is not None
        action = bots[seat].act(state.view(seat))
        record, state = record.then(action), state.apply(action)
    return record


def valuation(view: SeatView, step: int, kwargs: dict[str, Any]) -> dict[str, Any]:
    advice = peg_values(view, **kwargs)
    return {
        "step": step,
        "kwargs": kwargs,
        "win_view": advice.win_view,
        "options": [[str(o.card), o.now, o.points, o.win] for o in advice.options],
    }


def refresh() -> int:
    """Value again the decisions that read the opponent's discard, on the stored positions."""
    data = json.loads(OUT.read_text())
    moved = total = 0
    largest = 0.0
    for game in data["games"]:
        states = {r.number: r for r in GameRecord.from_dict(game["record"]).replay()}
        for i, old in enumerate(game["decisions"]):
            if old["kwargs"].get("discard_evidence", True) is False:
                continue
            replayed = states[old["step"]]
            view = replayed.before.view(replayed.step.seat)  # type: ignore[union-attr]
            new = valuation(view, old["step"], old["kwargs"])
            game["decisions"][i] = new
            total += 1
            if new != old:
                moved += 1
                if [o[0] for o in new["options"]] == [o[0] for o in old["options"]]:
                    points = zip(new["options"], old["options"], strict=True)
                    largest = max([largest, *(abs(a[2] - b[2]) for a, b in points)])
                else:
                    print(f"  step {old['step']}: the options' order changed", flush=True)
    OUT.write_text(json.dumps(data, indent=None) + "\n")
    print(f"{moved} of {total} discard-reading valuations changed (largest move {largest:.4f})")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--refresh"]:
        return refresh()
    games = []
    for target, seed in GAMES:
        record = record_game(target, seed)
        decisions = []
        n = 0
        for replayed in record.replay():
            state, step = replayed.before, replayed.step
            if state.phase is not Phase.PLAY or not isinstance(step, Play):
                continue
            view = state.view(step.seat)
            if len({a.card.rank for a in view.legal if isinstance(a, Play)}) < 2:
                continue
            n += 1
            for kwargs in variants(n):
                decisions.append(valuation(view, replayed.number, kwargs))
        games.append({"record": record.to_dict(), "decisions": decisions})
        print(f"game to {target} (seed {seed}): {len(decisions)} valuations", flush=True)
    OUT.write_text(
        json.dumps({"about": __doc__.strip().splitlines()[0], "games": games}, indent=None) + "\n"
    )
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
