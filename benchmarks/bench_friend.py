"""Twenty games between friends at once on one process: server CPU per move, and how long until
the other player's page sees it.

    python benchmarks/bench_friend.py [--games 20] [--moves 40] [--url DATABASE_URL]

Each game has two players, each a thread of this process as a Streamlit session is: every
second (the page's fragment, ``tutor.play.friend_ui.POLL_SECONDS``) it reads the game's version
alone; when it moved on, it reads the game and replays it (the page's rerun), and when the move
is its own it makes one at random through ``make_move`` (the compare-and-set with the rules
checked inside). Prints the CPU of a move (the store's transaction with the replay and the
rules) and of a page's rerun (read and replay), thread CPU time, and the time from a move's
commit until the other player's poll sees it, p50 and p95. Games to 61, the first ``--moves``
moves of each.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cribbage_core.game import Phase  # noqa: E402
from cribbage_core.record import NextDeal, Step  # noqa: E402
from tutor import store  # noqa: E402
from tutor.play import friend  # noqa: E402
from tutor.store import friend_games as fg  # noqa: E402

POLL = 1.0


def mover(seat: int, step: Step) -> Any:
    def advance(data: Any) -> tuple[dict[str, Any], bool]:
        record, level = friend.read_data(data)
        after, state = friend.advanced(record, seat, step)
        return friend.to_data(after, level), state.is_over

    return advance


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--url", default=None)
    args = parser.parse_args()
    url = args.url or f"sqlite:///{Path(tempfile.mkdtemp()) / 'progress.db'}"
    engine = store.make_engine(url)
    store.migrate(engine)

    move_cpu: list[float] = []
    rerun_cpu: list[float] = []
    seen_after: list[float] = []
    refused = 0
    lock = threading.Lock()
    committed: dict[tuple[str, int], tuple[float, int]] = {}  # when, and by which seat
    games = []
    for g in range(args.games):
        record = friend.new_record(friend.FriendSettings(target=61), seed=1000 + g)
        game = fg.create_friend_game(
            engine, str(uuid.uuid4()), friend.to_data(record), 2, None, f"b{g}-0"
        )
        fg.take_seat(engine, game.id, None, f"b{g}-1")
        games.append(game.id)

    last = 2 + args.moves  # a game's version: 1 made, 2 with both seats taken, +1 a move

    def player(game_id: str, seat: int, rng: random.Random) -> None:
        nonlocal refused
        browser = f"b{games.index(game_id)}-{seat}"
        shown = -1
        time.sleep(rng.random() * POLL)  # the sessions' seconds do not tick together
        while True:
            version = fg.friend_version(engine, game_id)
            if version is None or version >= last:
                return  # the game's first ``--moves`` moves are made
            if version == shown:
                time.sleep(POLL)
                continue
            at = time.monotonic()
            with lock:
                sent = committed.get((game_id, version))
            if sent is not None and sent[1] != seat:  # the other player's move, seen here
                seen_after.append(at - sent[0])
            started = time.thread_time()
            game = fg.friend_game(engine, game_id)
            assert game is not None
            record, _level = friend.read_data(game.data)
            state = record.final()
            view = friend.view(record, seat, state)
            rerun_cpu.append(time.thread_time() - started)
            shown = game.version
            if state.is_over:
                return
            if shown >= last:
                return
            if not view.my_turn:
                time.sleep(POLL)
                continue
            step: Step = (
                NextDeal() if state.phase is Phase.DEAL else rng.choice(state.legal_for(seat))
            )
            started = time.thread_time()
            try:
                moved = fg.make_move(
                    engine, game_id, seat, game.version, None, browser, mover(seat, step)
                )
            except store.StaleGame:
                refused += 1  # both discarding at once: the page says so and draws afresh
                continue
            move_cpu.append(time.thread_time() - started)
            with lock:
                committed[(game_id, moved.version)] = (time.monotonic(), seat)

    threads = [
        threading.Thread(target=player, args=(gid, seat, random.Random(f"{gid}:{seat}")))
        for gid in games
        for seat in (0, 1)
    ]
    wall = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - wall
    print(f"{args.games} games at once, {len(move_cpu)} moves in {wall:.0f} s ({refused} refused)")
    for name, values in (
        ("move (store, rules)", move_cpu),
        ("page rerun (read, replay)", rerun_cpu),
    ):
        print(
            f"CPU per {name}: median {statistics.median(values) * 1000:.1f} ms, "
            f"p95 {quantile(values, 0.95) * 1000:.1f} ms"
        )
    print(
        f"seen by the other player after: p50 {quantile(seen_after, 0.5):.2f} s, "
        f"p95 {quantile(seen_after, 0.95):.2f} s ({len(seen_after)} moves; polled every {POLL} s)"
    )
    engine.dispose()


if __name__ == "__main__":
    main()
