"""Write ``tests/data/expert_transcript.json``: every action of seeded expert-vs-hard games.

Usage: ``python scripts/make_expert_transcript.py [--games 20] [--check]``

Made with the expert's search as it was before it was made faster, so that
``tests/core/bots/test_expert_transcript.py`` can check that the faster search makes the very same
decisions: game ``g`` of each bot (``expert``, which weighs the opponent's hands by its discard
too, and ``expert-plays-only``, which reads its plays alone) is dealt from the stream
``expert-transcript/g`` as in the tournament (:func:`cribbage_core.bots.tournament.play_game`), the
expert in seat ``g % 2``, and every action of both seats is kept as text (``"play 1 7D"``,
:func:`~cribbage_core.record.step_text`), one line of steps a game, with the final scores. ``--check`` compares instead of writing
(exit 1 on the first game that differs). About 40 s of CPU.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import make_bot
from cribbage_core.game import GameConfig, GameState, Phase, new_game
from cribbage_core.record import step_text

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "expert_transcript.json"
EXPERTS = ("expert", "expert-plays-only")


def transcript(expert: str, game: int) -> dict[str, object]:
    """Game ``game`` of ``expert`` against the hard bot: its actions in order and its final scores."""
    rng = random.Random(f"expert-transcript/{game}")
    seat = game % 2
    bots = [make_bot(expert if s == seat else "hard", 1000 * game + s) for s in range(2)]
    state: GameState = new_game(rng, GameConfig())
    steps: list[str] = []
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            state = state.deal(rng)
            steps.append("deal")
            continue
        actors = state.must_discard() if state.phase is Phase.DISCARD else (state.to_act,)
        for actor in actors:
            assert actor is not None
            action = bots[actor].act(state.view(actor))
            steps.append(step_text(action))
            state = state.apply(action)
    return {"expert_seat": seat, "scores": list(state.scores), "steps": ";".join(steps)}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument(
        "--check", action="store_true", help="compare with the committed file instead"
    )
    args = parser.parse_args()
    if args.check:
        want = json.loads(OUT.read_text())
        for expert in EXPERTS:
            for g, game in enumerate(want[expert][: args.games]):
                if transcript(expert, g) != game:
                    print(f"{expert} game {g} differs")
                    return 1
        print("identical")
        return 0
    data = {expert: [transcript(expert, g) for g in range(args.games)] for expert in EXPERTS}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
