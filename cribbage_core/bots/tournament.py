"""Bot against bot, duplicate: ``python -m cribbage_core.bots.tournament expert hard --games 10000 --seed 1``.

Each deal sequence is played twice with the bots' seats swapped (game pair
``i`` uses the random stream ``seed/i`` for the cut and every deal in both of
its games), so luck of the cards cancels out. Games run on several processes
(``--jobs``, default: every core).

A long run can be played in shards at different times: ``--first-pair 500 --games 1000
--save part.json`` plays pairs 500-999 and saves them; ``python -m cribbage_core.bots.tournament
merge part*.json`` prints the report of all of them together, and refuses shards that overlap or
belong to another tournament.

Printed: wins and win % of the first bot with a 95% confidence interval
(normal approximation over game *pairs*, the independent unit), game points
(win 1, skunk 2, double skunk 3), average points per deal for each bot as
dealer and as pone split into play (with his heels) / hand / crib (deals the
game finished), first-dealer win %, skunk rate and games per second.

>>> result = run_tournament("medium", "easy", games=4, seed=1, jobs=1)
>>> result.games, result.wins[0] + result.wins[1]
(4, 4)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cribbage_core.bots import BOT_NAMES, Bot, bots_move, check_level, make_bot
from cribbage_core.game import GameConfig, GameState, Phase, new_game
from cribbage_core.kinds import EventPhase, ResultKind

__all__ = ["TournamentResult", "play_game", "run_tournament", "main", "merge_files", "CATEGORIES"]

#: Where a deal's points come from, for the per-deal split.
CATEGORIES = ("play", "hand", "crib")
_ROLES = ("dealer", "pone")


@dataclass
class TournamentResult:
    """Totals of a tournament between bot ``names[0]`` and bot ``names[1]``."""

    names: tuple[str, str]
    players: int = 2
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    game_points: list[int] = field(default_factory=lambda: [0, 0])
    skunks: int = 0
    double_skunks: int = 0
    first_dealer_wins: int = 0
    pairs: int = 0
    pair_wins_sq: float = 0.0  # sum over pairs of (first bot's wins in the pair / 2) ** 2
    # points[bot][role][category] summed over completed deals; deals[bot][role]
    points: list[dict[str, dict[str, int]]] = field(
        default_factory=lambda: [
            {r: dict.fromkeys(CATEGORIES, 0) for r in _ROLES} for _ in range(2)
        ]
    )
    deals: list[dict[str, int]] = field(
        default_factory=lambda: [dict.fromkeys(_ROLES, 0) for _ in range(2)]
    )
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # the workers' CPU time (the games' own cost on a shared machine)
    seed: int = 1
    # the duplicate pairs played, as half-open ranges [start, stop) of pair numbers, sorted
    done: list[tuple[int, int]] = field(default_factory=list)

    def merge(self, other: TournamentResult) -> None:
        """Add another partial result (a worker's, or a shard's saved with ``--save``) into this one.

        Raises ValueError when the two are not parts of one tournament (other bots, players or
        seed) or share a pair, which would count the same games twice.
        """
        if (other.names, other.players, other.seed) != (self.names, self.players, self.seed):
            raise ValueError(
                f"cannot merge {other.names} ({other.players} players, seed {other.seed})"
                f" into {self.names} ({self.players} players, seed {self.seed})"
            )
        self.done = _join_ranges(self.done, other.done)
        self.games += other.games
        self.skunks += other.skunks
        self.double_skunks += other.double_skunks
        self.first_dealer_wins += other.first_dealer_wins
        self.pairs += other.pairs
        self.pair_wins_sq += other.pair_wins_sq
        self.cpu_seconds += other.cpu_seconds
        for b in range(2):
            self.wins[b] += other.wins[b]
            self.game_points[b] += other.game_points[b]
            for role in _ROLES:
                self.deals[b][role] += other.deals[b][role]
                for cat in CATEGORIES:
                    self.points[b][role][cat] += other.points[b][role][cat]

    def win_rate(self) -> tuple[float, float, float]:
        """The first bot's win fraction and its 95% confidence interval (over game pairs)."""
        if not self.pairs:
            return 0.0, 0.0, 0.0
        p = self.wins[0] / self.games
        variance = max(self.pair_wins_sq / self.pairs - p * p, 0.0)
        half = 1.96 * math.sqrt(variance / self.pairs) if self.pairs > 1 else 1.0
        return p, max(p - half, 0.0), min(p + half, 1.0)

    def pair_ranges(self) -> str:
        """The pairs played, e.g. ``"0-4999"`` or ``"0-99, 200-299"`` (inclusive)."""
        return ", ".join(f"{a}-{b - 1}" for a, b in self.done) or "none"

    def to_json(self) -> str:
        """The whole result as JSON (``--save``), to merge shards run at different times."""
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_json(cls, text: str) -> TournamentResult:
        """The result saved by :meth:`to_json`."""
        data = json.loads(text)
        data["names"] = tuple(data["names"])
        data["done"] = [tuple(r) for r in data["done"]]
        return cls(**data)

    def per_deal(self, bot: int, role: str) -> dict[str, float]:
        """Average points per completed deal for one bot in one role, by category and total."""
        n = self.deals[bot][role] or 1
        out = {cat: self.points[bot][role][cat] / n for cat in CATEGORIES}
        out["total"] = sum(out.values())
        return out

    def report(self) -> str:
        """The printed summary."""
        a, b = self.names
        p, lo, hi = self.win_rate()
        lines = [
            f"{a} vs {b}: {self.games} games ({self.pairs} duplicate pairs), {self.players} players",
            f"  seed {self.seed}, pairs {self.pair_ranges()}",
            f"  wins        {a} {self.wins[0]}  {b} {self.wins[1]}",
            f"  win %       {a} {100 * p:.2f}%  (95% CI {100 * lo:.2f}-{100 * hi:.2f}%)",
            f"  game points {a} {self.game_points[0]}  {b} {self.game_points[1]}"
            "  (win 1, skunk 2, double skunk 3)",
            f"  first dealer won {100 * self.first_dealer_wins / max(self.games, 1):.2f}%",
            f"  skunks {100 * self.skunks / max(self.games, 1):.2f}% of games"
            f" (double {100 * self.double_skunks / max(self.games, 1):.2f}%)",
            "  points per deal (completed deals):  play+heels   hand   crib  total",
        ]
        for bot, name in enumerate(self.names):
            for role in _ROLES:
                d = self.per_deal(bot, role)
                lines.append(
                    f"    {name:>6} as {role:<6} ({self.deals[bot][role]:>6} deals)"
                    f" {d['play']:8.2f} {d['hand']:6.2f} {d['crib']:6.2f} {d['total']:6.2f}"
                )
        rate = self.games / self.seconds if self.seconds else 0.0
        cpu = self.cpu_seconds / self.games if self.games else 0.0
        lines.append(
            f"  {self.games} games in {self.seconds:.1f}s: {rate:.1f} games/s"
            f" ({cpu:.3f}s of CPU a game)"
        )
        return "\n".join(lines)


def play_game(
    bots: Sequence[Bot], rng: random.Random, config: GameConfig | None = None
) -> tuple[GameState, dict[int, int]]:
    """Play one game to the end, seat ``i`` played by ``bots[i]``; all chance drawn from ``rng``.

    Returns the final state and the dealer of each hand number.
    """
    state = new_game(rng, config or GameConfig(players=len(bots)))
    dealers: dict[int, int] = {}
    while state.phase is not Phase.GAME_OVER:
        phase = state.phase
        if phase is Phase.DEAL:
            state = state.deal(rng)
            dealers[state.hand_no] = state.dealer
        else:
            state = bots_move(state, bots)
    return state, dealers


def _join_ranges(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The union of two lists of disjoint half-open ranges; ValueError if they overlap."""
    joined: list[tuple[int, int]] = []
    for start, stop in sorted(a + b):
        if joined and start < joined[-1][1]:
            raise ValueError(f"pairs {start}-{stop - 1} are counted twice")
        if joined and start == joined[-1][1]:
            joined[-1] = (joined[-1][0], stop)
        else:
            joined.append((start, stop))
    return joined


def _category(phase: EventPhase) -> str | None:
    if phase == EventPhase.SHOW_HAND:
        return "hand"
    if phase == EventPhase.SHOW_CRIB:
        return "crib"
    if phase == EventPhase.DEAL:
        return None  # the cut for deal scores nothing
    return "play"


def _play_pairs(args: tuple[str, str, int, int, int, int]) -> TournamentResult:
    """Worker: game pairs ``start..stop-1``."""
    name_a, name_b, seed, start, stop, players = args
    done = [(start, stop)] if stop > start else []
    result = TournamentResult((name_a, name_b), players, seed=seed, done=done)
    config = GameConfig(players=players)
    began = time.process_time()
    for i in range(start, stop):
        pair_wins = 0
        for swapped in (False, True):
            # seat s is played by bot index owner[s] (0 = first bot); 4 players: partners share a bot
            owner = [(s % 2) ^ int(swapped) for s in range(players)]
            names = (name_a, name_b)
            bots = [make_bot(names[owner[s]], seed * 1_000_003 + i * 7 + s) for s in range(players)]
            state, dealers = play_game(bots, random.Random(f"{seed}/{i}"), config)
            res = state.result
            assert res is not None
            winner = owner[res.winner_side]  # sides are seats (2p) or seat % 2 (4p)
            result.games += 1
            result.wins[winner] += 1
            result.game_points[winner] += res.game_points
            pair_wins += winner == 0
            if res.kind != ResultKind.WIN:
                result.skunks += 1
            if res.kind == ResultKind.DOUBLE_SKUNK:
                result.double_skunks += 1
            if state.side_of(dealers[min(dealers)]) == res.winner_side:
                result.first_dealer_wins += 1
            last = state.hand_no
            for event in state.log:
                cat = _category(event.phase)
                if cat is None or event.hand_no == last or event.hand_no not in dealers:
                    continue
                dealer_side = state.side_of(dealers[event.hand_no])
                role = "dealer" if event.side == dealer_side else "pone"
                result.points[owner[event.side]][role][cat] += event.points
            for hand_no, dealer in dealers.items():
                if hand_no == last:
                    continue
                for side in range(2):
                    role = "dealer" if side == state.side_of(dealer) else "pone"
                    result.deals[owner[side]][role] += 1
        result.pairs += 1
        result.pair_wins_sq += (pair_wins / 2) ** 2
    result.cpu_seconds = time.process_time() - began
    return result


def run_tournament(
    bot_a: str,
    bot_b: str,
    games: int = 1000,
    seed: int = 1,
    jobs: int | None = None,
    players: int = 2,
    minutes: float | None = None,
    progress: Callable[[TournamentResult], None] | None = None,
    first_pair: int = 0,
) -> TournamentResult:
    """Play ``games`` games (rounded up to whole duplicate pairs) of ``bot_a`` against ``bot_b``.

    ``first_pair``: start at that pair number, to play one shard of a longer tournament (pair
    ``i`` is the same games whichever run plays it; merge the shards with :meth:`merge`).

    ``minutes``: stop after that long with the pairs finished by then (in small batches, so few
    are lost; the result counts only whole pairs); ``progress`` is called with the running total
    after each batch.
    """
    for name in (bot_a, bot_b):
        check_level(name, BOT_NAMES)
    if players not in (2, 4):
        raise ValueError(f"a two-bot tournament is for 2 players or 4 (two teams), got {players}")
    if first_pair < 0:
        raise ValueError(f"the first pair is a pair number from 0, got {first_pair}")
    pairs = max(1, (games + 1) // 2)
    jobs = jobs or os.cpu_count() or 1
    chunk = max(1, min(5 if minutes is not None else 50, pairs // (jobs * 4) or 1))
    end = first_pair + pairs
    tasks = [
        (bot_a, bot_b, seed, start, min(start + chunk, end), players)
        for start in range(first_pair, end, chunk)
    ]
    total = TournamentResult((bot_a, bot_b), players, seed=seed)
    began = time.perf_counter()
    deadline = None if minutes is None else began + 60 * minutes

    def add(part: TournamentResult) -> bool:
        total.merge(part)
        total.seconds = time.perf_counter() - began
        if progress is not None:
            progress(total)
        return deadline is not None and time.perf_counter() >= deadline

    if jobs == 1:
        for task in tasks:
            if add(_play_pairs(task)):
                break
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:  # leaving it stops the workers
            for part in pool.imap_unordered(_play_pairs, tasks):
                if add(part):
                    break
    total.seconds = time.perf_counter() - began
    return total


def merge_files(paths: Sequence[str]) -> TournamentResult:
    """The shards saved with ``--save`` as one result (ValueError if they do not fit together)."""
    if not paths:
        raise ValueError("name the shard files to merge")
    parts = [TournamentResult.from_json(Path(p).read_text(encoding="utf-8")) for p in paths]
    total = TournamentResult(parts[0].names, parts[0].players, seed=parts[0].seed)
    for part in parts:
        total.merge(part)
        total.seconds += part.seconds
    return total


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["merge"]:
        try:
            merged = merge_files(argv[1:])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"cannot merge: {exc}", file=sys.stderr)
            return 2
        print(merged.report())
        return 0
    parser = argparse.ArgumentParser(
        prog="python -m cribbage_core.bots.tournament", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("bot_a", choices=BOT_NAMES)
    parser.add_argument("bot_b", choices=BOT_NAMES)
    parser.add_argument("--games", type=int, default=1000, help="games (two per duplicate pair)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 4), help="4 = two teams")
    parser.add_argument(
        "--minutes", type=float, default=None, help="stop after this long (the pairs done)"
    )
    parser.add_argument(
        "--progress", action="store_true", help="print the running win %% after each batch"
    )
    parser.add_argument("--first-pair", type=int, default=0, help="start at this pair (a shard)")
    parser.add_argument("--save", default=None, help="also write the result as JSON (see merge)")
    args = parser.parse_args(argv)
    if args.first_pair < 0:
        parser.error(f"--first-pair must be 0 or more, got {args.first_pair}")

    def running(total: TournamentResult) -> None:
        p, lo, hi = total.win_rate()
        print(
            f"  ... {total.games} games: {args.bot_a} {100 * p:.2f}% (95% CI {100 * lo:.2f}-{100 * hi:.2f}%)"
            f" after {total.seconds:.0f}s",
            flush=True,
        )

    result = run_tournament(
        args.bot_a,
        args.bot_b,
        args.games,
        args.seed,
        args.jobs,
        args.players,
        minutes=args.minutes,
        progress=running if args.progress else None,
        first_pair=args.first_pair,
    )
    print(result.report())
    if args.save:
        Path(args.save).write_text(result.to_json(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
