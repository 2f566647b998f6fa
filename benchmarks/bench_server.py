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
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

ROOT = Path(__file__).resolve().parent.parent
#: page -> (Streamlit's page name, the quiz names its answers are stored under)
PAGES = {
    "count": ("Count_the_hand", ("hand", "crib")),
    "level": ("Count_the_hand", ("hand",)),  # "practise at my level" (?level=normal)
    "pegging": ("Pegging_quiz", ("pegging",)),
    "discard": ("Discard_trainer", ("discard",)),
    "play": ("Play", ()),
    "coach": ("Play", ()),
    "coachgame": ("Play", ()),
    "review": ("Game_review", ()),  # where a coachgame's learner goes at the end of a game
    "retry": ("Game_review", ()),
    "class": ("Class", ()),  # not a learner's page: the teacher's (--teacher)
}
#: ScriptFinishedStatus: successfully, with a compile error, a fragment's run (not: stopped for a rerun)
FINISHED = (0, 1, 3)
WIDGETS = ("text_input", "button", "checkbox", "radio", "selectbox", "button_group")


@dataclass
class Widget:
    id: str
    kind: str
    label: str
    disabled: bool = False
    primary: bool = False
    form_submitter: bool = False
    fragment: str = ""  # the st.fragment it is drawn in: a change reruns only that
    options: tuple[str, ...] = ()  # a button group's (st.pills, st.segmented_control) labels
    multi: bool = False  # a button group that takes several

    @property
    def key(self) -> str:
        """The widget's key in the page (``$$ID-<hash>-<key>``, the key hyphens and all; "None"
        when it has none; a form's submit button's, ``FormSubmitter:<form>-<label>``: its label)."""
        key = self.id.split("-", 2)[-1]
        return key.rsplit("-", 1)[-1] if key.startswith("FormSubmitter:") else key


class LearnerClient:
    """One browser tab of one learner: the WebSocket, the address, the widgets of the last run."""

    def __init__(self, base: str, page: str, name: str, rng: random.Random) -> None:
        self.base, self.page, self.rng, self.name = base, page, rng, name
        self.target = 61  # the game's points, where the learner starts games (coachgame)
        self.query = f"seed={rng.randint(1, 999_999_999)}&learner={name.replace(' ', '+')}"
        if page == "level":
            self.query += "&level=normal"
        self.widgets: dict[str, Widget] = {}  # key -> the widget on the page after the last run
        self.drawn: dict[str, Widget] = {}  # key -> the widget drawn so far in this run
        self.page_hash = ""
        self.values: dict[str, tuple[str, object]] = {}  # widget id -> (kind, value) kept
        self.ws: websockets.ClientConnection | None = None
        self.running = ""  # the fragment the last run was of ("": the whole page)
        self.received = 0
        self.kinds: set[str] = set()  # the kinds of element the last run drew
        self.spread = 0.0  # each pause is think x (1 +- spread), drawn uniformly
        self.shown: float | None = None  # the last click: seconds until its own run had ended
        self.cpu_pids: list[int] = []  # the server's processes, when each click's CPU is taken
        #: the last click: the server's CPU seconds meanwhile, all and the page runs' process's
        self.cpu: tuple[float, float] | None = None
        self.cpu_shown: tuple[float, float] | None = None  # ... until its own run had ended

    async def pause(self, think: float) -> None:
        """The learner thinks before the next click: ``think`` seconds, give or take ``spread``.

        With no spread every learner of a level clicks every ``think`` seconds plus the page's
        answer, so learners who start together stay in step through the game (every discard,
        every card laid, every game's end arrives as a wave of clicks); a class does not."""
        if self.spread:  # (no draw without it: the learners' picks stay as they were)
            think *= 1 + self.spread * (2 * self.rng.random() - 1)
        await asyncio.sleep(think)

    async def connect(self) -> None:
        url = self.base.replace("http", "ws", 1) + "/_stcore/stream"
        self.ws = await websockets.connect(
            url, subprotocols=["streamlit"], max_size=None, open_timeout=60, ping_interval=None
        )

    async def run(
        self, *, values: dict[str, object] | None = None, click: str | None = None
    ) -> float:
        """One rerun, as the browser sends it: every kept value, ``values`` changed (by key),
        a click on the button keyed ``click``; returns the seconds until the page is idle."""
        assert self.ws is not None
        fragments = set()
        for key, value in (values or {}).items():
            widget = self.widgets[key]
            self.values[widget.id] = (widget.kind, value)
            fragments.add(widget.fragment)
        if click is not None:
            fragments.add(self.widgets[click].fragment)
        fragment = fragments.pop() if len(fragments) == 1 else ""
        self.running = fragment
        msg = BackMsg()
        msg.rerun_script.query_string = self.query
        msg.rerun_script.page_name = PAGES[self.page][0]
        msg.rerun_script.page_script_hash = self.page_hash  # as the browser sends it, once known
        msg.rerun_script.fragment_id = (
            fragment  # as the browser does: a fragment's widget reruns it alone
        )
        for wid, (kind, value) in self.values.items():
            state = msg.rerun_script.widget_states.widgets.add()
            state.id = wid
            if kind == "checkbox":
                state.bool_value = bool(value)
            elif kind == "button_group":  # st.pills, st.segmented_control: the chosen labels
                state.string_array_value.data.extend(value)  # type: ignore[arg-type]
            else:
                state.string_value = str(value)
        if click is not None:
            state = msg.rerun_script.widget_states.widgets.add()
            state.id = self.widgets[click].id
            state.trigger_value = True
        started = time.perf_counter()
        self.shown = None
        cpu_before = cpu_clocks(self.cpu_pids) if self.cpu_pids else None
        await self.ws.send(msg.SerializeToString())
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), timeout=120)
            self.received += len(raw)
            fm = ForwardMsg()
            fm.ParseFromString(raw)
            kind = fm.WhichOneof("type")
            if kind == "new_session":  # a run starts (also each st.rerun, and a fragment's run)
                self.drawn, self.kinds = {}, set()
            elif kind == "navigation":  # which page ran: the browser names it in its next rerun
                self.page_hash = fm.navigation.page_script_hash
            elif kind == "page_info_changed":
                self.query = fm.page_info_changed.query_string
            elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                self.kinds.add(str(fm.delta.new_element.WhichOneof("type")))
                self._note(fm.delta.new_element, fm.delta.fragment_id)
            if kind == "script_finished" and self.shown is None:
                self.shown = time.perf_counter() - started  # the click's own run is drawn
                if cpu_before is not None:
                    self.cpu_shown = self._cpu_since(cpu_before)
            if kind == "script_finished" and fm.script_finished in FINISHED:
                if fm.script_finished == 3:  # a fragment's run: the rest of the page stays, and
                    # what the fragment (and the fragments drawn in it) did not draw again is gone
                    redrawn = {self.running} | {w.fragment for w in self.drawn.values()}
                    self.widgets = {
                        k: w for k, w in self.widgets.items() if w.fragment not in redrawn
                    }
                    self.widgets.update(self.drawn)
                else:  # a whole run: what it did not draw is gone
                    self.widgets = self.drawn
                self._forget_gone()
                took = time.perf_counter() - started
                if cpu_before is not None:
                    self.cpu = self._cpu_since(cpu_before)
                return took

    def _cpu_since(self, before: tuple[float, float]) -> tuple[float, float]:
        """The server's CPU seconds since ``before`` (``cpu_clocks``): all, the page process's."""
        own, children = cpu_clocks(self.cpu_pids)
        return own + children - sum(before), own - before[0]

    def _note(self, element: object, fragment: str) -> None:
        kind = element.WhichOneof("type")  # type: ignore[attr-defined]
        if kind not in WIDGETS:
            return
        proto = getattr(element, kind)
        if not getattr(proto, "id", ""):
            return
        widget = Widget(
            proto.id,
            kind,
            proto.label,
            proto.disabled,
            kind == "button" and proto.type == "primary",
            kind == "button" and proto.is_form_submitter,
            fragment,
            tuple(o.content for o in proto.options) if kind == "button_group" else (),
            kind == "button_group" and proto.click_mode == 1,  # MULTI_SELECT
        )
        self.drawn[widget.key if widget.key != "None" else widget.label] = widget
        # the value the browser would send from now on: the page's (set_value), else the default
        if kind == "button":
            return
        if kind == "button_group":  # sent as the labels chosen (formatted), as the browser does
            if proto.set_value:
                chosen: object = list(proto.raw_values)
            elif proto.id in self.values:
                return
            else:
                chosen = [proto.options[i].content for i in proto.default]
            self.values[proto.id] = (kind, chosen)
            return
        if kind in ("radio", "selectbox"):
            value: object = (
                proto.raw_value
                if proto.set_value
                else (proto.options[proto.default] if proto.options else "")
            )
        elif proto.set_value:
            value = proto.value
        elif proto.id in self.values:
            return
        else:
            value = proto.default
        self.values[proto.id] = (kind, value)

    def _forget_gone(self) -> None:
        drawn = {w.id for w in self.widgets.values()}
        self.values = {wid: v for wid, v in self.values.items() if wid in drawn}

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


# ---------------------------------------------------------------- one cycle per page


async def answer_cycle(box: str, highest: int, c: LearnerClient, think: float, out: dict) -> None:
    """A quiz's cycle: an answer from 0 to ``highest`` typed into ``{box}_answer`` and
    submitted, then the next question."""
    out["answers"].append(
        await c.run(values={f"{box}_answer": c.rng.randint(0, highest)}, click=f"{box}_submit")
    )
    out["submitted"] += 1
    await c.pause(think)
    out["nexts"].append(await c.run(click=f"{box}_next"))
    await c.pause(think)


async def discard_cycle(c: LearnerClient, think: float, out: dict) -> None:
    picks = sorted(
        k for k, w in c.widgets.items() if w.kind == "checkbox" and k.startswith("discard_pick_")
    )
    for key in c.rng.sample(picks, 2):
        out["picks"].append(await c.run(values={key: True}))
        await asyncio.sleep(think / 4)
    out["answers"].append(await c.run(click="discard_confirm"))
    out["submitted"] += 1
    await c.pause(think)
    out["nexts"].append(await c.run(click="discard_next"))
    for (
        key,
        widget,
    ) in c.widgets.items():  # a new deal starts with nothing ticked (the page clears them)
        if key.startswith("discard_pick_"):
            c.values[widget.id] = ("checkbox", False)
    await c.pause(think)


def play_click(c: LearnerClient) -> str | None:
    """The button a learner clicks next on the Play page (None: nothing to click)."""
    ready = {k: w for k, w in c.widgets.items() if w.kind == "button" and not w.disabled}
    if "play_coach_anyway" in ready:  # coach mode held a move back: make it
        return "play_coach_anyway"
    lay = sorted(k for k in ready if k.startswith("play_lay_"))
    if lay:
        return c.rng.choice(lay)
    if "play_confirm_discard" in ready:
        return "play_confirm_discard"
    picks = sorted(k for k, w in ready.items() if k.startswith("play_pick_") and not w.primary)
    if picks:
        return c.rng.choice(picks)
    for key in ("play_deal", "play_next_count", "play_new_after", "Deal"):
        if key in ready:
            return key
    return None


def click_kind(click: str) -> str:
    """A Play button's kind, for the latencies by kind: ``play_lay_3`` -> ``lay``."""
    for prefix, kind in (("play_lay_", "lay"), ("play_pick_", "pick")):
        if click.startswith(prefix):
            return kind
    return click.removeprefix("play_")


async def play_cycle(c: LearnerClient, think: float, out: dict) -> None:
    click = play_click(c)
    if click is None:
        out["errors"].append(f"nothing to click; buttons {sorted(c.widgets)[:8]}")
        out["stop"] = True
        return
    took = await c.run(click=click)
    out["answers"].append(took)
    out["by_click"].setdefault(click_kind(click), []).append((took, c.shown or took))
    if c.cpu is not None:
        out["click_cpu"].setdefault(click_kind(click), []).append(c.cpu)
        out["click_cpu"].setdefault(f"{click_kind(click)} (own run)", []).append(
            c.cpu_shown or c.cpu
        )
    out["submitted"] += 1
    out["warned"] = out.get("warned", 0) + (click == "play_coach_anyway")
    move = click == "play_confirm_discard" or click.startswith("play_lay_")
    held = "play_coach_anyway" in c.widgets  # coach mode held the move back: not made yet
    out["moves"] = out.get("moves", 0) + (click == "play_coach_anyway" or (move and not held))
    await c.pause(think)


def new_query(c: LearnerClient, name: str) -> str:
    return f"seed={c.rng.randint(1, 999_999_999)}&learner={name.replace(' ', '+')}"


async def start_game(c: LearnerClient, coach: bool, target: int) -> None:
    """From the Play page with no game: coach mode on (if it is not), then "Deal" a game to
    ``target`` against the default computer."""
    if coach:
        toggle = c.widgets["play_coach_on"]
        if not c.values.get(toggle.id, ("", False))[1]:
            await c.run(values={"play_coach_on": True})
    target_key = next(k for k in c.widgets if k.startswith("play_set_target"))
    await c.run(values={target_key: str(target)}, click="Deal")
    if "play_new" not in c.widgets and not any(k.startswith("play_pick_") for k in c.widgets):
        raise RuntimeError(f"no game started: {sorted(c.widgets)[:10]}")


async def coachgame_cycle(c: LearnerClient, think: float, out: dict) -> None:
    """A click of a whole game with coach mode on; at the game's end, its review, then a new game."""
    if "play_new_after" not in c.widgets:
        await play_cycle(c, think, out)
        return
    game = dict(p.split("=", 1) for p in c.query.split("&") if "=" in p).get("game")
    if not game:
        raise RuntimeError(f"the game over has no id in the address: {c.query}")
    c.page, c.page_hash = "review", ""  # the link at the end of the game: the review page
    c.query = f"game={game}&learner={c.name.replace(' ', '+')}"
    out["reviews"].append(await c.run())
    out["submitted"] += 1
    if "vega_lite_chart" not in c.kinds:
        out["errors"].append(f"the review of {game} drew no chart: {sorted(c.kinds)}")
    out["games"] = out.get("games", 0) + 1
    await c.pause(think)
    c.page, c.page_hash, c.query = "coachgame", "", new_query(c, c.name)
    await c.run()  # Play again: the game over is still the session's, so "New game" first
    for again in ("play_new_after", "play_new"):
        if again in c.widgets:
            await c.run(click=again)
            break
    await start_game(c, True, c.target)


async def retry_cycle(c: LearnerClient, think: float, out: dict) -> None:
    """A Check or a Next of "Learn from your mistakes" (or "Start again" at its end, not a cycle)."""
    nexts = [k for k in c.widgets if k.startswith("review_learn_next_")]
    if nexts:
        out["nexts"].append(await c.run(click=nexts[0]))
        out["submitted"] += 1
        if c.cpu is not None:
            out["click_cpu"].setdefault("next", []).append(c.cpu)
    elif "review_learn_again" in c.widgets:
        await c.run(click="review_learn_again")
        out["rounds"] = out.get("rounds", 0) + 1
    else:
        pills = next((w for k, w in c.widgets.items() if k.startswith("review_learn_pick_")), None)
        if pills is None:
            raise RuntimeError(f"no round on the page: {sorted(c.widgets)[:10]}")
        picked = c.rng.sample(pills.options, 2 if pills.multi else 1)
        out["answers"].append(await c.run(values={pills.key: picked}, click="Check"))
        out["submitted"] += 1
        if c.cpu is not None:
            out["click_cpu"].setdefault("check", []).append(c.cpu)
    await c.pause(think)


CYCLES = {
    "count": partial(answer_cycle, "count", 29),
    "level": partial(answer_cycle, "count", 29),
    "pegging": partial(answer_cycle, "peg", 6),
    "discard": discard_cycle,
    "play": play_cycle,
    "coach": play_cycle,
    "coachgame": coachgame_cycle,
    "retry": retry_cycle,
}


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


def cpu_seconds(pids: list[int]) -> float:
    """CPU time (user + system) of these processes and their children so far (the coach's search
    process, ``cribbage_core.coach.positions``), those that ended included."""
    return sum(cpu_split(pids))


def cpu_split(pids: list[int]) -> tuple[float, float]:
    """:func:`cpu_seconds` in two: the servers' own processes (the page runs), and their children
    (the search processes)."""
    own = children = 0
    for pid in _with_children(pids):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue  # ended since it was listed: its time is in its parent's children's time
        ticks = [int(f) for f in fields[11:15]]  # utime, stime, cutime, cstime
        if pid in pids:
            own += ticks[0] + ticks[1]
            children += ticks[2] + ticks[3]  # children that ended
        else:
            children += sum(ticks)
    tick = os.sysconf("SC_CLK_TCK")
    return own / tick, children / tick


def cpu_clocks(pids: list[int]) -> tuple[float, float]:
    """CPU seconds of these processes, and of their live children (the search processes), to the
    nanosecond: Linux's clock of each process's CPU time (``clock_getcpuclockid``), where
    ``/proc`` counts 10 ms ticks."""
    own = children = 0.0
    for pid in _with_children(pids):
        try:
            seconds = time.clock_gettime(((~pid) << 3) | 2)  # MAKE_PROCESS_CPUCLOCK(pid, SCHED)
        except OSError:
            continue  # ended since it was listed
        if pid in pids:
            own += seconds
        else:
            children += seconds
    return own, children


def _with_children(pids: list[int]) -> list[int]:
    found, todo = [], list(pids)
    while todo:
        pid = todo.pop()
        found.append(pid)
        for task in Path(f"/proc/{pid}/task").glob("*/children"):
            try:
                todo.extend(int(c) for c in task.read_text().split())
            except FileNotFoundError:
                continue
    return found


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return round(total / 1024, 1)


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


# ---------------------------------------------------------------- the server(s)


@dataclass
class Servers:
    """The app's server processes (started here, or given) and the address to drive."""

    base: str
    pids: list[int]
    stop_actions: list = field(default_factory=list)

    def stop(self) -> None:
        for action in reversed(self.stop_actions):
            action()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(base: str, proc: subprocess.Popen, wait: float, log: str) -> None:
    deadline = time.time() + wait
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited ({proc.returncode}); log: {log}")
        try:
            if urllib.request.urlopen(base + "/_stcore/health", timeout=1).read() == b"ok":
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the server did not answer in {wait} s; log: {log}")


def stop_group(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def start_server(url: str) -> Servers:
    port = free_port()
    log = tempfile.mktemp(prefix="bench-server-", suffix=".log")
    env = dict(
        os.environ,
        DATABASE_URL=url,
        CRIBBAGE_BOT_DELAY="0",
        STREAMLIT_BROWSER_GATHER_USAGE_STATS="false",
    )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "app.py",
            "--server.headless",
            "true",
            "--server.port",
            str(port),
            "--server.address",
            "127.0.0.1",
            "--server.fileWatcherType",
            "none",
        ],
        cwd=ROOT,
        env=env,
        stdout=open(log, "ab"),  # noqa: SIM115 - the server's log for its life
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    wait_healthy(base, proc, 60, log)
    return Servers(base, [proc.pid], [lambda: stop_group(proc)])


def start_cluster(replicas: int, url: str) -> Servers:
    """``scripts/serve_cluster.sh`` with ``replicas`` app processes behind nginx."""
    port = free_port()
    run_dir = tempfile.mkdtemp(prefix="bench-cluster-")
    log = os.path.join(run_dir, "cluster.log")
    env = dict(os.environ, CLUSTER_DIR=run_dir, CRIBBAGE_BOT_DELAY="0")
    if url:
        env["DATABASE_URL"] = url
    proc = subprocess.Popen(
        ["bash", str(ROOT / "scripts" / "serve_cluster.sh"), str(replicas), str(port)],
        cwd=ROOT,
        env=env,
        stdout=open(log, "ab"),  # noqa: SIM115 - its log
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    wait_healthy(base, proc, 120, log)
    pids_file = Path(run_dir) / "replicas.pids"
    deadline = time.time() + 30
    while not pids_file.exists() and time.time() < deadline:
        time.sleep(0.2)
    pids = [int(p) for p in pids_file.read_text().split()]
    return Servers(base, pids, [lambda: stop_group(proc)]), (
        Path(run_dir) / "database.url"
    ).read_text().strip()


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
