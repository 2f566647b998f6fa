"""Server CPU per answer and capacity, measured on the real server over its WebSocket.

Each simulated learner is a client of Streamlit's own WebSocket protocol (the protobuf
BackMsg/ForwardMsg of the installed streamlit), sending what the browser sends: every widget's
value on each run, plus the button clicked. No browser, so the server is what is measured.
One *cycle* is what a learner does for one question or move:

- ``count``: type a total and "Check my count", pause, "Next hand", pause (2 script runs);
- ``level``: the same at "practise at my level" (``?level=normal``: each next hand chosen
  from the bank near the learner's rating, each answer rating learner and question);
- ``pegging``: the pegging quiz's points and "Check", pause, "Next question", pause (2 runs);
- ``discard``: tick two cards (a run each, as the checkboxes do), "Throw these cards",
  "Next hand" (4 runs);
- ``play``: one click on the Play page (a card to lay away or lay, the confirm, the next
  deal), and every run the server makes by itself before the page waits for the next click
  (the computer's cards, the show; ``CRIBBAGE_BOT_DELAY=0``);
- ``coach``: the same with coach mode on (switched on before the first deal, at its default
  threshold): each discard and card laid is judged before it is made, and a learner warned
  plays it anyway (the warning's "Play it anyway" is a click of its own).
- ``coachgame``: whole games with coach mode on (to ``--target`` points, 61 by default, against
  the medium computer), clicked as ``coach``; at each game's end the learner opens its review
  (the Game review page, ``?game=<id>``, as the link at the end of the game does: its latency is
  ``review_p50``/``review_p95``), then goes back to Play and starts another game. A cycle is a
  click; the review's open is one too.
- ``retry``: the review's "Learn from your mistakes" round. Each learner has a finished game to
  121 of their own (the learner's seat played by the easy computer, which errs, with each hand's
  analysis kept, as Play keeps it), opens its review, switches to the round, and answers: a card
  (or two, for a discard) picked in the pills and "Check", "Next" once the answer is shown,
  "Start again" at the end. A cycle is a Check or a Next.

For the Play pages (``play``, ``coach``, ``coachgame``) the moves are counted too: each discard
and card laid that the page made (a click coach mode held back is not one; its "Play it anyway"
is) against the learner's discards and cards in the saved games of the database (``moves_lost``;
negative: more stored than made). Their clicks' latencies are also given by kind (a card laid,
a discard confirmed, a card picked, "Play it anyway", the next deal): the answer, and the click's
own run alone (the learner's move drawn; the computer's reply comes in the runs after it, which
Play paces by ``CRIBBAGE_BOT_DELAY``, 0 here).

Learners pause ``--think`` seconds between clicks. With no ``--think-spread``, learners who
start together stay in step through their games, so every discard, every card laid and every
game's end reaches the server as a wave of clicks (a worst case: a class drifts apart within a
hand); ``--think-spread 0.5`` draws each pause from ``think`` x (1 +- 0.5) instead.

A level of one learner (``--levels 1``) also takes the server's CPU of each click: its processes'
and the search processes' CPU clocks (to the nanosecond) from the click to the end of its last
run, by kind of click (Play's, and the retry round's Check and Next), and for Play's clicks to
the end of the click's own run too ("lay (own run)": the learner's move, without the computer's
reply). With nobody else on the server, that is the click's own cost, its p95 included. Work
the page leaves to the search processes while the learner thinks (coach mode's search ahead)
falls between clicks, not in them.

For each page and number of learners it prints the server's CPU per cycle (CPU time of the
server processes, robust to other load on the machine), the answer's latency (from the click
to the end of its run: the verdict is on screen) p50/p95/max, the next question's, the bytes
sent per cycle, the answers stored (rows lost or duplicated: attempts per learner in the
database against answers submitted), the server's memory and the machine's load average
(latencies depend on it; CPU per cycle much less).

usage (from the project root, with the project's Python):
  python benchmarks/bench_server.py                                # each page, 5 learners, 5 s pause
  python benchmarks/bench_server.py --pages count --levels 5,10,20,40 --think 5   # capacity
  scripts/with_postgres.sh python benchmarks/bench_server.py ...   # on PostgreSQL ($DATABASE_URL)
  python benchmarks/bench_server.py --replicas 2 ...               # scripts/serve_cluster.sh 2
  python benchmarks/bench_server.py --base http://host:port --pids 123,456   # a server already up
  python benchmarks/bench_server.py --pages count --levels 30 --teacher 5  # a class at once

``--teacher S``: the learners of each level are the members of one class, and its teacher (a
name with a PIN, unlocked as the browser does) has the Class page open and refreshes its table
every S seconds while they answer. The teacher's refreshes are then timed once more alone, so
that the server's CPU per refresh is the table's own (``teacher_cpu_ms_per_refresh``, over
``teacher_alone_refreshes`` refreshes with the learners gone; their answers still in the
table). Each learner is given ``--teacher-history`` earlier answers first (1,000 by default,
with ratings and games, as ``bench_class_table.py``), which the count of answers lost leaves out.
Without ``--base`` it starts its own server (``streamlit run app.py``) on a temporary SQLite
database unless ``--database-url`` or ``$DATABASE_URL`` names one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

from server_procs import (  # the modules beside this script (its folder is on sys.path)
    ROOT,
    Servers,
    cpu_clocks,
    cpu_seconds,
    cpu_split,
    free_port,
    rss_mb,
    start_cluster,
    start_server,
    stop_group,
    wait_healthy,
)
from ws_learner import CYCLES, PAGES, LearnerClient, start_game

__all__ = [  # also used by bench_first_page.py
    "PAGES",
    "LearnerClient",
    "cpu_clocks",
    "cpu_seconds",
    "free_port",
    "stop_group",
    "wait_healthy",
]


# ---------------------------------------------------------------- a level of learners


async def learner(
    base: str,
    page: str,
    name: str,
    rng: random.Random,
    think: float,
    stop_at: list[float],
    out: dict,
    ready: list[str],
    go: asyncio.Event,
    target: int = 61,
    games: dict[str, str] | None = None,
    spread: float = 0.0,
    cpu_pids: list[int] | None = None,
) -> None:
    c = LearnerClient(base, page, name, rng)
    c.target, c.spread = target, spread
    if page == "retry":  # the learner's own finished game, its review
        c.query = f"game={games[name]}&learner={name.replace(' ', '+')}"
    try:
        await c.connect()
        await c.run()
        if page == "coach":  # coach mode on before the game begins
            await c.run(values={"play_coach_on": True})
        if page in ("play", "coach"):  # a game to play: the settings form's "Deal" (no game yet)
            await c.run(click="Deal")
        if page == "coachgame":
            await start_game(c, True, target)
        if page == "retry":  # "Learn from your mistakes"
            await c.run(values={"review_mode": ["Learn from your mistakes"]})
            if not any(k.startswith("review_learn_pick_") for k in c.widgets):
                raise RuntimeError(f"no round: {sorted(c.widgets)[:12]}")
        ready.append(name)
        await go.wait()
        await asyncio.sleep(rng.random() * think)
        received = c.received
        c.cpu_pids = cpu_pids or []  # from the first measured click on
        while time.time() < stop_at[0] and not out.get("stop"):
            await CYCLES[page](c, think, out)
        out["bytes"] += c.received - received
    except Exception as error:  # noqa: BLE001 - reported with the level
        out["errors"].append(f"{type(error).__name__}: {str(error)[:160]}")
    finally:
        await c.close()


TEACHER_PIN = "2468"


def make_class(url: str, tag: str, names: list[str], history: int) -> str:
    """A teacher with a PIN and a class whose members are the learners ``names`` (who have
    opened their page, so exist), each given ``history`` earlier answers, six rated skills
    with 60 days of history and 5 games (``bench_class_table.seed_learner``); the teacher's name."""
    import datetime as dt

    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_class_table import seed_learner

    from tutor import store
    from tutor.store import classes

    engine = store.make_engine(url)
    try:
        teacher = store.create_learner(engine, f"bench teacher {tag}")
        assert store.set_pin(engine, teacher.id, TEACHER_PIN).ok
        club = classes.create_class(engine, teacher.id, f"Bench class {tag}", "en")
        for name in names:
            member = store.learner_by_name(engine, name) or store.create_learner(engine, name)
            classes.join_class(engine, member.id, club.join_code)
            if history:
                seed_learner(
                    engine, member.id, history, dt.datetime.now(dt.UTC).replace(tzinfo=None)
                )
    finally:
        engine.dispose()
    return teacher.name


async def open_table(base: str, teacher: str) -> LearnerClient:
    """The teacher's Class page, unlocked with the PIN as the browser does, its table drawn."""
    c = LearnerClient(base, "class", teacher, random.Random(7))
    await c.connect()
    await c.run()
    await c.run(values={"pin_unlock_input": TEACHER_PIN}, click="Unlock")
    if "class_chosen" not in c.widgets or "dataframe" not in c.kinds:
        raise RuntimeError(f"the teacher's table is not drawn: {sorted(c.kinds)}")
    return c


async def watch_table(c: LearnerClient, every: float, stop_at: list[float], out: dict) -> None:
    """The teacher's refreshes (a whole run of the page, as a reload) every ``every`` s."""
    try:
        while time.time() < stop_at[0]:
            await asyncio.sleep(every)
            out["refreshes"].append(await c.run())
    except Exception as error:  # noqa: BLE001 - reported with the level
        out["errors"].append(f"teacher: {type(error).__name__}: {str(error)[:160]}")


def pct(values: list[float], q: float) -> float | None:
    ordered = sorted(values)
    if not ordered:
        return None
    return round(ordered[max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))], 3)


def stored_answers(
    url: str, names: list[str], quizzes: tuple[str, ...]
) -> dict[str, tuple[int, int]]:
    """Attempts in the database per learner: (rows, distinct questions). Each question is
    answered once, so a question stored twice is a duplicate."""
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                sa.text(
                    "SELECT l.name, COUNT(a.id), COUNT(DISTINCT a.kind || ':' || a.seed) FROM learners l "
                    "JOIN attempts a ON a.learner_id = l.id WHERE a.kind IN :quizzes GROUP BY l.name"
                ).bindparams(sa.bindparam("quizzes", expanding=True)),
                {"quizzes": list(quizzes)},
            ).all()
    finally:
        engine.dispose()
    wanted = set(names)
    return {r[0]: (int(r[1]), int(r[2])) for r in rows if r[0] in wanted}


def stored_moves(url: str, names: list[str]) -> dict[str, int]:
    """Per learner, the discards and cards laid of the learner's seat in their saved games that
    were the learner's choice (a card that was the only one to lay is laid by the page itself)."""
    import sqlalchemy as sa

    sys.path.insert(0, str(ROOT))
    from cribbage_core.game import Discard, Play
    from cribbage_core.record import GameRecord

    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                sa.text("SELECT learner, data FROM saved_games WHERE learner IN :names").bindparams(
                    sa.bindparam("names", expanding=True)
                ),
                {"names": names},
            ).all()
    finally:
        engine.dispose()
    moves: dict[str, int] = {}
    for learner_name, data in rows:
        chosen = sum(
            1
            for r in GameRecord.from_dict(json.loads(data)["game"]).replay()
            if isinstance(r.step, Discard | Play)
            and r.step.seat == 0
            and (isinstance(r.step, Discard) or len(r.before.legal_actions()) > 1)
        )
        moves[learner_name] = moves.get(learner_name, 0) + chosen
    return moves


#: Finished games for the retry round: (deal seed, the learner's bot's seed), each played again
#: under a new id for each learner (the same game: its analysis made once)
RETRY_DEALS = ((701, 701), (702, 702), (703, 703))


def retry_games(url: str, names: list[str]) -> dict[str, str]:
    """A finished game to 121 for each learner (``RETRY_DEALS`` in turn), saved as Play saves it
    with each hand's analysis kept; learner -> game id."""
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    from apptools import bot_played_game, save_for_server

    from tutor import store
    from tutor.review.game import review_game

    kept = []
    for seed, bot_seed in RETRY_DEALS:
        session = bot_played_game(target=121, seed=seed, learner=("easy", bot_seed))
        analysed = review_game(session.to_dict(), session.moves)
        kept.append(
            [
                store.KeptHand(h.hand_no, h.seat, h.version, h.key, h.to_dict())
                for h in analysed.fresh
            ]
        )
    engine = store.make_engine(url)
    store.migrate(engine)
    games = {}
    try:
        for i, name in enumerate(names):
            seed, bot_seed = RETRY_DEALS[i % len(RETRY_DEALS)]
            game_id = str(uuid.uuid4())
            session = bot_played_game(game_id, target=121, seed=seed, learner=("easy", bot_seed))
            save_for_server(url, session, name)
            assert store.keep_hand_reviews(engine, game_id, kept[i % len(kept)], name)
            games[name] = game_id
    finally:
        engine.dispose()
    return games


async def level(
    base: str,
    url: str,
    pids: list[int],
    page: str,
    n: int,
    seconds: float,
    think: float,
    tag: str,
    teacher_every: float = 0.0,
    history: int = 0,
    target: int = 61,
    spread: float = 0.0,
) -> dict:
    tag = f"{tag}-{uuid.uuid4().hex[:4]}"  # new learners for every level, even one run twice
    names = [f"bench-{tag}-{page}-{n}-{i}" for i in range(n)]
    outs = [
        {"submitted": 0, "answers": [], "nexts": [], "picks": [], "reviews": [], "moves": 0}
        | {"bytes": 0, "errors": [], "by_click": {}, "click_cpu": {}}
        for _ in names
    ]
    games = retry_games(url, names) if page == "retry" else {}
    stop_at, ready, go = [float("inf")], [], asyncio.Event()
    tasks = [
        asyncio.ensure_future(
            learner(
                base,
                page,
                name,
                random.Random(f"{tag}{page}{n}{i}"),
                think,
                stop_at,
                out,
                ready,
                go,
                target,
                games,
                spread,
                pids if n == 1 else None,  # alone, the server's CPU meanwhile is the click's
            )
        )
        for i, (name, out) in enumerate(zip(names, outs))
    ]
    while len(ready) < n and not all(t.done() for t in tasks):
        await asyncio.sleep(0.1)
    teacher_out: dict = {"refreshes": [], "errors": []}
    watching, quizzes = None, PAGES[page][1]
    seeded = {}  # answers stored before the level (the class's seeded history)
    if teacher_every:
        board = await open_table(base, make_class(url, tag, names, history))
        seeded = stored_answers(url, names, quizzes) if quizzes else {}
        watching = asyncio.ensure_future(watch_table(board, teacher_every, stop_at, teacher_out))
    split0 = cpu_split(pids) if pids else (0.0, 0.0)
    cpu0, wall0, own0 = sum(split0), time.time(), time.process_time()
    stop_at[0] = wall0 + seconds
    go.set()
    await asyncio.gather(*tasks)
    if watching is not None:
        await watching
    wall = time.time() - wall0
    split = cpu_split(pids) if pids else (0.0, 0.0)
    cpu = sum(split) - cpu0 if pids else None
    search = split[1] - split0[1]
    alone = []
    if teacher_every:  # the table's own cost: the same refreshes with the learners gone
        for _ in range(10):
            before = cpu_seconds(pids) if pids else 0.0
            await board.run()
            alone.append(cpu_seconds(pids) - before if pids else 0.0)
        await board.close()
    cycles = sum(o["submitted"] for o in outs)
    actions = [v for o in outs for k in ("answers", "nexts", "picks", "reviews") for v in o[k]]
    result = {
        "page": page,
        "learners": n,
        "ready": len(ready),
        "think_s": think,
        "think_spread": spread,
        "seconds": round(wall, 1),
        "cycles": cycles,
        "cycles_per_s": round(cycles / wall, 2),
        "server_cpu_ms_per_cycle": round(1000 * cpu / max(1, cycles)) if cpu is not None else None,
        # of which the search processes (the coach's and the review's searches, beside the pages)
        "search_cpu_ms_per_cycle": round(1000 * search / max(1, cycles)) if pids else None,
        "server_cpu_share": round(cpu / wall, 2) if cpu is not None else None,
        "driver_cpu_share": round(
            (time.process_time() - own0) / wall, 2
        ),  # this process: the learners
        "action_p50": pct(actions, 0.5),  # every click timed: answers, nexts, ticks, reviews
        "action_p95": pct(actions, 0.95),
        "answer_p50": pct([v for o in outs for v in o["answers"]], 0.5),
        "answer_p95": pct([v for o in outs for v in o["answers"]], 0.95),
        "answer_max": pct([v for o in outs for v in o["answers"]], 1.0),
        # the Play page's clicks by kind (a card laid, a discard confirmed, ...): count, then
        # p50 and p95 of the answer (every run the click causes: the computer's moves after a
        # card, without their pauses), then of the click's own run (the learner's move shown)
        "answer_by_click": {
            kind: [len(v), pct(v, 0.5), pct(v, 0.95), pct(own, 0.5), pct(own, 0.95)]
            for kind in sorted({k for o in outs for k in o["by_click"]})
            for pairs in [[x for o in outs for x in o["by_click"].get(kind, [])]]
            for v, own in [([a for a, _ in pairs], [b for _, b in pairs])]
        },
        # one learner alone: the server's CPU (its processes and the search processes, to the
        # nanosecond) from each click to the end of its last run, by kind, ms: n, p50, p95, max,
        # then the p50 and p95 of the page runs' process alone (the rest: the searches)
        "click_cpu_ms": {
            kind: [len(v), *(round(x, 1) for x in (pct(v, 0.5), pct(v, 0.95), max(v)))]
            + [round(x, 1) for x in (pct(page, 0.5), pct(page, 0.95))]
            for kind in sorted({k for o in outs for k in o["click_cpu"]})
            for pairs in [[x for o in outs for x in o["click_cpu"].get(kind, [])]]
            for v, page in [([1000 * a for a, _ in pairs], [1000 * b for _, b in pairs])]
        },
        "next_p50": pct([v for o in outs for v in o["nexts"]], 0.5),
        "next_p95": pct([v for o in outs for v in o["nexts"]], 0.95),
        "kb_per_cycle": round(sum(o["bytes"] for o in outs) / 1024 / max(1, cycles), 1),
        "coach_warnings": sum(o.get("warned", 0) for o in outs),
        "review_opens": sum(len(o["reviews"]) for o in outs),
        "review_p50": pct([v for o in outs for v in o["reviews"]], 0.5),
        "review_p95": pct([v for o in outs for v in o["reviews"]], 0.95),
        "review_max": pct([v for o in outs for v in o["reviews"]], 1.0),
        "errors": [e for o in outs for e in o["errors"]][:5],
        "server_rss_mb": rss_mb(pids) if pids else None,
        "loadavg": [round(x, 1) for x in os.getloadavg()],
    }
    if teacher_every:
        refreshes = teacher_out["refreshes"]
        result["errors"] += teacher_out["errors"]
        result["teacher_refreshes"] = len(refreshes)
        result["teacher_refresh_p50"] = pct(refreshes, 0.5)
        result["teacher_refresh_p95"] = pct(refreshes, 0.95)
        result["teacher_alone_refreshes"] = len(alone)
        result["teacher_cpu_ms_per_refresh"] = (
            round(1000 * statistics.median(alone)) if pids else None
        )
    if url and PAGES[page][0] == "Play":
        await asyncio.sleep(0.5)
        stored = stored_moves(url, names)
        made = {x: o["moves"] for x, o in zip(names, outs)}
        result["moves_made"] = sum(made.values())
        result["moves_lost"] = result["moves_made"] - sum(stored.values())
        result["learners_mismatched"] = [x for x in names if made[x] != stored.get(x, 0)][:5]
    if url and quizzes:
        await asyncio.sleep(0.5)
        rows = {
            x: (r[0] - seeded.get(x, (0, 0))[0], r[1] - seeded.get(x, (0, 0))[1])
            for x, r in stored_answers(url, names, quizzes).items()
        }
        stored = sum(rows.get(x, (0, 0))[0] for x in names)
        result["lost"] = cycles - stored
        result["duplicated"] = stored - sum(rows.get(x, (0, 0))[1] for x in names)
        result["learners_mismatched"] = [
            x for x, o in zip(names, outs) if o["submitted"] != rows.get(x, (0, 0))[0]
        ][:5]
    return result


async def main_async(args: argparse.Namespace) -> int:
    url = args.database_url
    if args.base:
        servers = Servers(args.base, [int(p) for p in args.pids.split(",") if p])
    elif args.replicas:
        servers, url = start_cluster(args.replicas, url)
    else:
        if not url:
            url = (
                f"sqlite:///{os.path.join(tempfile.mkdtemp(prefix='bench-server-'), 'progress.db')}"
            )
        servers = start_server(url)
    tag = uuid.uuid4().hex[:6]
    results, failed = [], False
    try:
        for page in args.pages:
            warm = LearnerClient(servers.base, page, f"bench-{tag}-warm", random.Random(1))
            await warm.connect()
            await warm.run()  # the page's first visit: its imports
            await warm.close()
            for n in args.levels:
                r = await level(
                    servers.base,
                    url,
                    servers.pids,
                    page,
                    n,
                    args.seconds,
                    args.think,
                    tag,
                    args.teacher,
                    args.teacher_history,
                    args.target,
                    args.think_spread,
                )
                results.append(r)
                print(json.dumps(r), flush=True)
                failed |= bool(
                    r["errors"] or r.get("lost") or r.get("duplicated") or r.get("moves_lost")
                )
    finally:
        servers.stop()
    print(
        f"\n{'page':8} {'learners':>8} {'cycles':>6} {'CPU ms/cycle':>12} {'answer p50':>10} {'p95':>6} "
        f"{'next p50':>8} {'p95':>6} {'KB/cycle':>8} {'lost':>4} {'dup':>3} {'RSS MB':>7}  load"
    )
    for r in results:
        if r["review_opens"]:
            print(
                f"  {r['review_opens']} reviews opened at a game's end: p50 {r['review_p50']} s, "
                f"p95 {r['review_p95']} s, max {r['review_max']} s"
            )
        if r["answer_by_click"]:
            print(
                "  by click (answer p50/p95; its own run p50/p95): "
                + ", ".join(
                    f"{kind} {n}× {p50}/{p95} s; {own50}/{own95} s"
                    for kind, (n, p50, p95, own50, own95) in r["answer_by_click"].items()
                )
            )
        if r["click_cpu_ms"]:
            print(
                "  server CPU a click, one learner alone (p50/p95/max ms; the page process alone "
                "p50/p95): "
                + ", ".join(
                    f"{kind} {n}× {p50}/{p95}/{top}; {own50}/{own95}"
                    for kind, (n, p50, p95, top, own50, own95) in r["click_cpu_ms"].items()
                )
            )
        if r["search_cpu_ms_per_cycle"]:
            print(
                f"  of the {r['server_cpu_ms_per_cycle']} ms of CPU a cycle, the search processes "
                f"{r['search_cpu_ms_per_cycle']} ms (the pages the rest)"
            )
        if "teacher_refreshes" in r:
            print(
                f"  teacher: {r['teacher_refreshes']} refreshes with the learners, p50 "
                f"{r['teacher_refresh_p50']} s, p95 {r['teacher_refresh_p95']} s; alone "
                f"{r['teacher_cpu_ms_per_refresh']} ms of server CPU a refresh (median of "
                f"{r['teacher_alone_refreshes']})"
            )
        print(
            f"{r['page']:8} {r['learners']:>8} {r['cycles']:>6} {r['server_cpu_ms_per_cycle']!s:>12} "
            f"{r['answer_p50']!s:>10} {r['answer_p95']!s:>6} {r['next_p50']!s:>8} {r['next_p95']!s:>6} "
            f"{r['kb_per_cycle']:>8} {r.get('lost', r.get('moves_lost', '-'))!s:>4} "
            f"{r.get('duplicated', '-')!s:>3} "
            f"{r['server_rss_mb']!s:>7}  {r['loadavg']}"
        )
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=1))
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--pages",
        default="count,pegging,discard,play",
        help="count,level,pegging,discard,play,coach,coachgame,retry",
    )
    parser.add_argument(
        "--target", type=int, default=61, help="coachgame: the games' points (61 or 121)"
    )
    parser.add_argument("--levels", default="5", help="numbers of learners, e.g. 5,10,20,40")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each level runs")
    parser.add_argument(
        "--think", type=float, default=5.0, help="each learner's pause between clicks (s)"
    )
    parser.add_argument(
        "--think-spread",
        type=float,
        default=0.0,
        help="each pause drawn from think x (1 +- S), e.g. 0.5: learners out of step",
    )
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", ""))
    parser.add_argument("--replicas", type=int, default=0, help="start scripts/serve_cluster.sh N")
    parser.add_argument("--base", default="", help="drive a server already running at this address")
    parser.add_argument(
        "--pids", default="", help="with --base: its process ids, for CPU per cycle"
    )
    parser.add_argument("--out", default="", help="write the results as JSON")
    parser.add_argument(
        "--teacher",
        type=float,
        default=0.0,
        help="the learners are a class, its teacher's table refreshed every S seconds",
    )
    parser.add_argument(
        "--teacher-history",
        type=int,
        default=1000,
        help="with --teacher: earlier answers each learner is given (the table's weight)",
    )
    args = parser.parse_args()
    if args.teacher and not (args.database_url or not args.base):
        parser.error("--teacher with --base needs --database-url (the class is made there)")
    args.pages = [p for p in args.pages.split(",") if p]
    unknown = [p for p in args.pages if p not in CYCLES]
    if unknown:
        parser.error(f"unknown page {unknown}: choose from {', '.join(CYCLES)}")
    args.levels = [int(x) for x in args.levels.split(",")]
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
