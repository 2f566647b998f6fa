"""The duplicate tournament: deterministic, seat-swapped, and reporting what it promises."""

from pathlib import Path

import pytest

from cribbage_core.bots.tournament import (
    CATEGORIES,
    TournamentResult,
    main,
    merge_files,
    run_tournament,
)


def test_identical_bots_split_every_duplicate_pair() -> None:
    # the same deterministic bot on both seats plays each pair's two games alike, seats swapped
    result = run_tournament("medium", "medium", games=12, seed=3, jobs=1)
    assert result.games == 12 and result.pairs == 6
    assert result.wins == [6, 6]
    assert result.win_rate() == (0.5, 0.5, 0.5)


def test_a_strong_bot_beats_a_random_one() -> None:
    result = run_tournament("hard", "easy", games=20, seed=1, jobs=1)
    assert result.wins[0] >= 16
    assert result.game_points[0] >= result.wins[0]


def test_processes_do_not_change_the_result() -> None:
    one = run_tournament("medium", "easy", games=8, seed=5, jobs=1)
    two = run_tournament("medium", "easy", games=8, seed=5, jobs=2)
    assert (one.wins, one.game_points, one.points, one.deals) == (
        two.wins,
        two.game_points,
        two.points,
        two.deals,
    )


def test_per_deal_points_split_by_role_and_category() -> None:
    result = run_tournament("medium", "hard", games=6, seed=2, jobs=1)
    for bot in (0, 1):
        dealer, pone = result.per_deal(bot, "dealer"), result.per_deal(bot, "pone")
        assert pone["crib"] == 0 and dealer["crib"] > 0
        assert dealer["total"] == pytest.approx(sum(dealer[c] for c in CATEGORIES))
        assert 5 < dealer["total"] < 30 and 3 < pone["total"] < 25
    text = result.report()
    for words in (
        "win %",
        "95% CI",
        "game points",
        "first dealer won",
        "skunks",
        "as dealer",
        "games/s",
    ):
        assert words in text


def test_four_players_play_as_two_teams() -> None:
    result = run_tournament("hard", "easy", games=4, seed=1, jobs=1, players=4)
    assert result.games == 4 and sum(result.wins) == 4


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hard", "easy", "--games", "2", "--jobs", "1"]) == 0
    assert "hard vs easy: 2 games (1 duplicate pairs)" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["grandmaster", "easy"])


def test_the_expert_plays_in_the_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    # the coach's bot by name, on the command line, against a random player it should beat
    assert main(["expert", "easy", "--games", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "expert vs easy: 2 games (1 duplicate pairs)" in out
    assert "wins        expert 2  easy 0" in out
    assert "s of CPU a game" in out


def test_a_run_can_stop_after_a_time_with_the_pairs_done(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # a limit already passed: the first batch of 5 pairs is played and reported, no more
    seen: list[int] = []
    result = run_tournament(
        "medium",
        "easy",
        games=40,
        seed=1,
        jobs=1,
        minutes=0.0,
        progress=lambda t: seen.append(t.games),
    )
    assert result.games == 10 and result.pairs == 5 and seen == [10]
    assert (
        main(["medium", "easy", "--games", "40", "--jobs", "1", "--minutes", "0", "--progress"])
        == 0
    )
    out = capsys.readouterr().out
    assert "... 10 games: medium" in out and "medium vs easy: 10 games (5 duplicate pairs)" in out


def _same_games(a: TournamentResult, b: TournamentResult) -> bool:
    fields = ("games", "pairs", "wins", "game_points", "points", "deals", "skunks")
    same = all(getattr(a, f) == getattr(b, f) for f in (*fields, "first_dealer_wins"))
    return same and a.pair_wins_sq == pytest.approx(b.pair_wins_sq)


def test_shards_played_apart_and_merged_are_the_whole_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = run_tournament("medium", "easy", games=12, seed=4, jobs=1)
    assert whole.done == [(0, 6)]
    # pairs 0-1 and 2-5, in two runs of the command line, saved and merged in either order
    run = ["medium", "easy", "--seed", "4", "--jobs", "1"]
    assert main([*run, "--games", "4", "--save", str(tmp_path / "a.json")]) == 0
    assert (
        main([*run, "--games", "8", "--first-pair", "2", "--save", str(tmp_path / "b.json")]) == 0
    )
    assert "seed 4, pairs 2-5" in capsys.readouterr().out
    merged = merge_files([str(tmp_path / "b.json"), str(tmp_path / "a.json")])
    assert _same_games(merged, whole) and merged.done == [(0, 6)]
    assert main(["merge", str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    assert "medium vs easy: 12 games (6 duplicate pairs)" in capsys.readouterr().out


def test_merging_refuses_a_pair_counted_twice_or_another_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = run_tournament("medium", "easy", games=4, seed=4, jobs=1)
    overlap = run_tournament("medium", "easy", games=4, seed=4, jobs=1, first_pair=1)
    other_seed = run_tournament("medium", "easy", games=4, seed=5, jobs=1, first_pair=2)
    for name, part in (("a", first), ("b", overlap), ("c", other_seed)):
        (tmp_path / f"{name}.json").write_text(part.to_json(), encoding="utf-8")
    with pytest.raises(ValueError, match="pairs 1-2 are counted twice"):
        merge_files([str(tmp_path / "a.json"), str(tmp_path / "b.json")])
    with pytest.raises(ValueError, match="seed 5"):
        merge_files([str(tmp_path / "a.json"), str(tmp_path / "c.json")])
    assert main(["merge", str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 2
    assert main(["merge", str(tmp_path / "missing.json")]) == 2
    assert "cannot merge" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["medium", "easy", "--first-pair", "-1"])
