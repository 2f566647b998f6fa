"""Server-side time of the Pegging trainer's interactions: choose a card, next position (target: median < 100 ms).

    python benchmarks/bench_peg_trainer.py [--rounds 30] [--kind pairing] [--level close]

Each round lays a card (one AppTest script run: the verdict, the reply and the table) and asks
for the next position (another run: a new seed, so the position is dealt from the bank and valued
afresh; nothing is cached for it). Both runs are timed apart, wall clock and CPU (on a loaded
shared machine the wall clock mostly measures waiting for a core).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

ENTRY = str(Path(__file__).resolve().parent.parent / "app.py")
PAGE = "pages/7_Pegging_trainer.py"


def measure(
    rounds: int, kind: str | None, level: str | None
) -> dict[str, tuple[list[float], list[float]]]:
    """Wall and CPU seconds of each "lay" and each "next" run, after three warm-up rounds."""
    at = AppTest.from_file(ENTRY, default_timeout=60)
    at.switch_page(PAGE)
    at.query_params["seed"] = "1"
    if kind:
        at.query_params["kind"] = kind
    if level:
        at.query_params["level"] = level
    at.run()
    out: dict[str, tuple[list[float], list[float]]] = {
        "lay a card": ([], []),
        "next position": ([], []),
    }
    for _ in range(rounds + 3):
        lay = next(
            b for b in at.button if b.key and b.key.startswith("pegt_lay_") and not b.disabled
        )
        for name, button in (("lay a card", lay.key), ("next position", "pegt_next")):
            start, cpu_start = time.perf_counter(), time.process_time()
            at.button(key=button).click()
            at.run()
            out[name][0].append(time.perf_counter() - start)
            out[name][1].append(time.process_time() - cpu_start)
            assert not at.exception, at.exception
    return {name: (wall[3:], cpu[3:]) for name, (wall, cpu) in out.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--kind", default=None)
    parser.add_argument("--level", default=None)
    args = parser.parse_args()
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/progress.db"
    for name, (wall, cpu) in measure(args.rounds, args.kind, args.level).items():
        median = statistics.median(wall) * 1000
        print(
            f"{name}: median {median:.1f} ms (p90 {statistics.quantiles(wall, n=10, method='inclusive')[-1] * 1000:.1f}, "
            f"max {max(wall) * 1000:.1f}, {args.rounds} rounds) {'OK' if median < 100 else 'SLOW'}; "
            f"CPU median {statistics.median(cpu) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
