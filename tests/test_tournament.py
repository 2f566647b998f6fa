"""The duplicate tournament: deterministic, seat-swapped, and reporting what it promises."""

import pytest

from cribbage_core.tournament import CATEGORIES, main, run_tournament


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
        two.wins, two.game_points, two.points, two.deals
    )


def test_per_deal_points_split_by_role_and_category() -> None:
    result = run_tournament("medium", "hard", games=6, seed=2, jobs=1)
    for bot in (0, 1):
        dealer, pone = result.per_deal(bot, "dealer"), result.per_deal(bot, "pone")
        assert pone["crib"] == 0 and dealer["crib"] > 0
        assert dealer["total"] == pytest.approx(sum(dealer[c] for c in CATEGORIES))
        assert 5 < dealer["total"] < 30 and 3 < pone["total"] < 25
    text = result.report()
    for words in ("win %", "95% CI", "game points", "first dealer won", "skunks", "as dealer", "games/s"):
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


def test_a_run_can_stop_after_a_time_with_the_pairs_done(capsys: pytest.CaptureFixture[str]) -> None:
    # a limit already passed: the first batch of 5 pairs is played and reported, no more
    seen: list[int] = []
    result = run_tournament(
        "medium", "easy", games=40, seed=1, jobs=1, minutes=0.0, progress=lambda t: seen.append(t.games)
    )
    assert result.games == 10 and result.pairs == 5 and seen == [10]
    assert main(["medium", "easy", "--games", "40", "--jobs", "1", "--minutes", "0", "--progress"]) == 0
    out = capsys.readouterr().out
    assert "... 10 games: medium" in out and "medium vs easy: 10 games (5 duplicate pairs)" in out
