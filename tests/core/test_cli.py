"""The command line: ``python -m cribbage_core score | peg | review``; bad input exits 2 naming the problem."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cribbage_core.__main__ import main
from cribbage_core.bots import make_bot
from cribbage_core.game import GameConfig, Phase
from cribbage_core.record import GameRecord, NextDeal, TakeBack


def _record(actions: int) -> GameRecord:
    """A game to 61 between bots, ``actions`` moves long, with a take-back in it."""
    bots = [make_bot("medium", 1), make_bot("hard", 2)]
    record = GameRecord(GameConfig(target=61), seed=3, first_dealer=0)
    state = record.first_state()
    done = 0
    while state.phase is not Phase.GAME_OVER and done < actions:
        if state.phase is Phase.DEAL:
            record = record.then(NextDeal())
            state = record.final()
            continue
        seat = state.seat_to_act()
        assert seat is not None
        action = bots[seat].act(state.view(seat))
        record, state = record.then(action), state.apply(action)
        done += 1
        if done == 3:  # the first card laid, taken back and laid again
            record = record.then(TakeBack(action.seat)).then(action)
    return record


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_score_counts_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "score", "5H", "5S", "5C", "JD", "5D")
    assert status == 0 and "total 29" in out


def test_peg_values_every_card_and_the_best(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys, "peg", "5H", "9C", "4D", "4S", "--starter", "KD", "--discards", "QH JS"
    )
    assert status == 0
    rows = [
        line.split()
        for line in out.splitlines()
        if line.startswith("  ") and line.split()[0][0].isdigit()
    ]
    assert [r[0] for r in rows] == ["4S", "4D", "9C", "5H"]  # lead from the pair; the 5 last
    assert out.splitlines()[-1] == "best: 4S" and "pone, count 0" in out


def test_peg_near_the_end_shows_the_chance_to_win(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys, "peg", "5H", "9D", "JH", "AC", "--pile", "QD", "--dealer", "--scores", "119", "117"
    )
    assert status == 0 and "chance to win" in out and "dealer, count 10" in out
    # the sure fifteen wins, over the ace's better average
    assert out.splitlines()[-1] == "best: 5H"
    five = next(line for line in out.splitlines() if line.startswith("  5H"))
    assert five.endswith("100.0%")


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["peg", "5H", "5H"], "repeats 5H"),
        (["peg", "ZZ"], "'ZZ' is not a card"),
        (["peg", "5H", "9C", "4D", "4S", "3C"], "holds 1-4 cards, got 5"),
        (["peg", "5H", "9C", "--pile", "KS QS JS"], "that is a go"),
        (["peg", "5H", "--scores", "130", "0"], "your score must be 0-120"),
        (
            ["peg", "5H", "--scores", "10", "-1", "--target", "61"],
            "the opponent's score must be 0-60",
        ),
        (["peg", "5H", "--opponent-cards", "7"], "the opponent holds 0-4 cards, got 7"),
        (["peg", "5H", "--pile", "5H"], "repeats 5H"),
    ],
)
def test_peg_bad_input_exits_2_naming_it(
    capsys: pytest.CaptureFixture[str], argv: list[str], problem: str
) -> None:
    status, out, err = _run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith("error: ") and problem in err


def test_review_reads_a_play_page_save_and_a_bare_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _record(30)
    save = tmp_path / "save.json"
    save.write_text(
        json.dumps(
            {
                "version": 2,
                "game_id": "g",
                "level": "hard",
                "self_count": False,
                "game": record.to_dict(),
            }
        )
    )
    bare = tmp_path / "record.json"
    bare.write_text(json.dumps(record.to_dict()))
    status, text, _ = _run(capsys, "review", str(save))
    assert status == 0 and text.startswith("Game to 61, 2 players")
    assert "seat 0: skill" in text and "seat 1: skill" in text
    status, out, _ = _run(capsys, "review", str(bare), "--json", "--seat", "1")
    data = json.loads(out)
    assert status == 0 and data["target"] == 61
    assert data["decisions"] and {d["seat"] for d in data["decisions"]} == {1}
    # the take-back is not reviewed: the line holds each move that stands once
    status, out, _ = _run(capsys, "review", str(bare), "--json")
    steps = [d["step"] for d in json.loads(out)["decisions"]]
    assert steps == sorted(set(steps)) and len(steps) == 30


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "no such file"),
        ("nope", "not JSON"),
        ('{"version": 1, "game_id": "g"}', "version '1'"),
        ('{"version": 2, "level": "hard"}', "without its game"),
        ('{"version": 2, "game": {"config": {}}}', "no field"),
        ("STEP", "step 4 (play 0 AS) breaks a rule"),
    ],
)
def test_review_bad_input_exits_2_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | None, problem: str
) -> None:
    path = tmp_path / "game.json"
    if content == "STEP":
        data = _record(6).to_dict()
        data["steps"][3] = ["play", 0, "AS"]
        content = json.dumps(data)
    if content is not None:
        path.write_text(content)
    status, out, err = _run(capsys, "review", str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"error: {path}") and problem in err
