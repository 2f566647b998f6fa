"""Games saved before games were saved as their moves (save version 1), upgraded on reading.

Frozen history: a version 1 save is a snapshot of the whole session (the engine's state, the
undo states, commentary, reviews, claims). The steps of the earlier hands were not kept, but
the hand in progress can be rebuilt: it was dealt from the seed (``Random(f"{seed}:{hand}")``)
and its commentary (``feed``) lists every move made in it. So :func:`upgrade` writes a version 2
save whose record starts where that hand was dealt (``origin``: the hand before, the dealer,
the log of the earlier hands, read strictly) and whose steps are the hand's moves, replays it,
and accepts it only if the replay gives exactly the saved state: an edited snapshot (a card in
two hands, a 51-card deck, a score with no result, a seat 9...) does not follow from its moves
and is refused, naming the field. The undo states and the last show are rebuilt by the
replay; take-backs, reviews and claims of the earlier hands are kept as they were.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from cribbage_core import fields
from cribbage_core.errors import InvalidSavedGame
from cribbage_core.game import Phase
from cribbage_core.kinds import StepKind
from cribbage_core.record import GameRecord, read_config, read_event

__all__ = ["upgrade"]

_ACTION_WORDS: Final = [
    k.value for k in (StepKind.DISCARD, StepKind.PLAY, StepKind.GO, StepKind.COUNT)
]

_V1_KEYS: Final = (
    "version",
    "game_id",
    "seed",
    "settings",
    "state",
    "moves",
    "back",
    "undo",
    "marks",
    "feed",
    "reviews",
    "claims",
    "last_show",
)
_SETTINGS_KEYS: Final = (
    "level",
    "players",
    "target",
    "first_dealer",
    "skunk_rule",
    "muggins",
    "self_count",
)
_FIRST_DEALERS: Final[Mapping[str, int | None]] = {"cut": None, "me": 0, "opponent": 1}


def upgrade(data: Mapping[str, Any]) -> dict[str, Any]:
    """The version 2 save of a version 1 one; ``InvalidSavedGame`` names what does not hold."""
    found = fields.obj(data, "save", _V1_KEYS, ("bot_seconds",))
    settings = fields.obj(found["settings"], "save.settings", _SETTINGS_KEYS)
    config_json = {key: settings[key] for key in ("players", "target", "skunk_rule", "muggins")}
    config = read_config(config_json, "save.settings")
    choice = fields.text(
        settings["first_dealer"], "save.settings.first_dealer", tuple(_FIRST_DEALERS)
    )
    state = fields.obj(found["state"], "save.state", _STATE_KEYS)
    hand_no = fields.integer(state["hand_no"], "save.state.hand_no", 1, 10_000)
    phase = fields.text(state["phase"], "save.state.phase", [p.value for p in Phase])
    dealer = fields.integer(state["dealer"], "save.state.dealer", 0, config.players - 1)
    log = [
        read_event(item, f"save.state.log[{i}]", config)
        for i, item in enumerate(fields.array(state["log"], "save.state.log"))
    ]
    earlier_log = [event for event in log if event.hand_no < hand_no]
    scores = [0] * config.sides
    for event in earlier_log:
        scores[event.side] += event.points
    steps = [
        _feed_step(item, f"save.feed[{i}]")
        for i, item in enumerate(fields.array(found["feed"], "save.feed"))
    ]
    moves = fields.integer(found["moves"], "save.moves", len(steps), 10**9)
    back = fields.array(found["back"], "save.back", config.sides, config.sides)
    upgraded = {
        "version": 2,
        "game_id": found["game_id"],
        "level": settings["level"],
        "self_count": settings["self_count"],
        "game": {
            "config": config_json,
            "seed": found["seed"],
            "first_dealer": _FIRST_DEALERS[choice],
            "decks": [],
            "steps": steps,
            "origin": {
                # after the show the dealer has already moved on to the next hand's
                "hand_no": hand_no - 1,
                "dealer": (dealer - 1) % config.players if phase == Phase.DEAL.value else dealer,
                "log": [state["log"][i] for i, event in enumerate(log) if event.hand_no < hand_no],
            },
        },
        "earlier": {
            "moves": moves - len(steps),
            "back": _back_at_deal(found["undo"], back, scores, hand_no),
            "marks": [
                _mark(item, f"save.marks[{i}]")
                for i, item in enumerate(fields.array(found["marks"], "save.marks"))
            ],
            "reviews": _before(found["reviews"], "save.reviews", hand_no),
            "claims": _before(found["claims"], "save.claims", hand_no),
        },
    }
    replayed = GameRecord.from_dict(upgraded["game"], "game").final()
    _same(json.loads(json.dumps(replayed.to_dict())), state, "save.state")
    return upgraded


_STATE_KEYS: Final = (
    "version",
    "config",
    "phase",
    "hand_no",
    "dealer",
    "to_act",
    "hands",
    "discards",
    "kept",
    "crib",
    "starter",
    "stock",
    "pile",
    "count",
    "played",
    "series_starts",
    "passed",
    "last_layer",
    "show_step",
    "scores",
    "ended_in",
    "log",
)


def _back_at_deal(
    undo: object, back: Sequence[Any], scores: Sequence[int], hand_no: int
) -> list[int]:
    """The back pegs when the hand was dealt: those kept for undoing the learner's discard, if the
    save has them (nothing is pegged in the discard), else the latest ones where no later peg moved them."""
    latest = [fields.integer(b, f"save.back[{i}]", 0, 10_000) for i, b in enumerate(back)]
    entries = fields.array(undo, "save.undo")
    if entries:
        state, kept, _ = fields.array(entries[0], "save.undo[0]", 3, 3)
        first = fields.obj(state, "save.undo[0][0]", _STATE_KEYS)
        if first["hand_no"] == hand_no and first["phase"] == Phase.DISCARD.value:
            pegs = fields.array(kept, "save.undo[0][1]", len(scores), len(scores))
            return [
                fields.integer(b, f"save.undo[0][1][{i}]", 0, scores[i]) for i, b in enumerate(pegs)
            ]
    return [min(peg, score) for peg, score in zip(latest, scores, strict=True)]


def _feed_step(value: object, where: str) -> list[Any]:
    """The step a version 1 commentary line records: ``[seat, kind, cards, count, scored, claimed]``."""
    seat, kind, cards, _, _, claimed = fields.array(value, where, 6, 6)
    kind = StepKind(fields.text(kind, f"{where}[1]", _ACTION_WORDS))
    shown = fields.array(cards, f"{where}[2]")
    if kind is StepKind.DISCARD or kind is StepKind.PLAY:
        return [kind.value, seat, *shown]
    if kind is StepKind.GO:
        return [kind.value, seat]
    return [kind.value, seat] + ([] if claimed is None else [claimed])


def _mark(value: object, where: str) -> list[Any]:
    """A version 1 take-back ``[hand, after_event, "play 7D"]`` with its move as a step."""
    hand_no, after, what = fields.array(value, where, 3, 3)
    kind, *cards = fields.text(what, f"{where}[2]").split() or [""]
    if kind not in (StepKind.DISCARD, StepKind.PLAY):
        fields.fail(f"{where}[2]", '"discard <cards>" or "play <card>"', what)
    return [hand_no, after, [kind, 0, *cards]]


def _before(value: object, where: str, hand_no: int) -> list[Any]:
    """The items (``[hand_no, ...]``) of the hands before ``hand_no``: the replay rebuilds the rest."""
    items = fields.array(value, where)
    for i, item in enumerate(items):
        fields.integer(fields.array(item, f"{where}[{i}]", 1)[0], f"{where}[{i}][0]", 1, 10_000)
    return [item for item in items if item[0] < hand_no]


def _same(replayed: object, saved: object, where: str) -> None:
    """Refuse a saved state that differs from the replayed one, naming the first field that does."""
    if isinstance(replayed, dict) and isinstance(saved, dict):
        for key in replayed:
            _same(replayed[key], saved.get(key), f"{where}.{key}")
        return
    if isinstance(replayed, list) and isinstance(saved, list) and len(replayed) == len(saved):
        for i, (mine, theirs) in enumerate(zip(replayed, saved, strict=True)):
            _same(mine, theirs, f"{where}[{i}]")
        return
    if replayed != saved or type(replayed) is not type(saved):
        raise InvalidSavedGame(
            f"{where} is {str(saved)[:40]} but the moves played make it {str(replayed)[:40]}",
            problem="mismatch",
            where=where,
        )
