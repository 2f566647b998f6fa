"""One learner's browser tab on the app's server, over Streamlit's WebSocket, and the cycle of
clicks a learner repeats on each page: what ``bench_server.py`` (and ``bench_first_page.py``)
drive the server with. See ``bench_server.py`` for what a cycle is on each page."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from functools import partial

import websockets
from server_procs import cpu_clocks
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

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
