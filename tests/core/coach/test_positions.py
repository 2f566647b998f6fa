"""Each position's pegging values searched once (``cribbage_core.coach.positions``): the same values
as a fresh search, bit for bit, on every card laid of whole games; a bounded store; one search when
two threads ask for the same position; the search ahead read by the check."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.coach import peg_value, positions
from cribbage_core.coach.at_table import check
from cribbage_core.coach.peg_value import peg_values, values_view
from cribbage_core.game import Phase, Play, SeatView


@pytest.fixture(autouse=True)
def cold() -> Iterator[None]:
    positions.forget()
    yield
    positions.wait_prepared()
    positions.forget()


def _play_views(games: int, target: int = 121) -> list[SeatView]:
    views = []
    for g in range(games):
        bots = [make_bot("medium", 2 * g), make_bot("hard", 2 * g + 1)]
        steps = play_game_steps(bots, random.Random(f"positions/{g}"), target=target)
        for state, action in steps:
            if isinstance(action, Play) and state.phase is Phase.PLAY:
                views.append(state.view(action.seat))
    return views


def test_the_kept_values_are_a_fresh_searchs_on_every_card_of_whole_games() -> None:
    views = _play_views(2, target=61)  # 61 points: many positions in the win view
    assert any(peg_values(v).win_view for v in views)
    for view in views:
        first = positions.peg_advice(view)
        assert first == peg_values(view)
        assert positions.peg_advice(view) is first  # read back, not searched again


def test_the_key_leaves_out_the_log_but_not_the_scores() -> None:
    view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")
    later = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS", scores=(115, 117))
    assert positions.position_key(view) != positions.position_key(later)
    assert positions.peg_advice(later) == peg_values(later)
    assert positions.peg_advice(later).win_view and not positions.peg_advice(view).win_view


def test_at_most_size_positions_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(positions, "SIZE", 3)
    views = _play_views(1)[:8]
    for view in views:
        positions.peg_advice(view)
    assert len(positions._kept) <= 3
    assert positions.position_key(views[-1]) in positions._kept


def test_two_threads_asking_for_one_position_search_it_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")
    searches = []
    started = threading.Event()
    release = threading.Event()
    real = peg_value.peg_values

    def slow(v: SeatView) -> peg_value.PegAdvice:
        searches.append(v)
        started.set()
        release.wait(10)
        return real(v)

    monkeypatch.setattr(positions, "peg_values", slow)
    found: list[peg_value.PegAdvice] = []
    first = threading.Thread(target=lambda: found.append(positions.peg_advice(view)))
    first.start()
    assert started.wait(10)
    second = threading.Thread(target=lambda: found.append(positions.peg_advice(view)))
    second.start()
    release.set()
    first.join(10)
    second.join(10)
    assert len(searches) == 1 and len(found) == 2 and found[0] is found[1]


def test_a_failed_search_is_made_again_by_the_next_ask(monkeypatch: pytest.MonkeyPatch) -> None:
    view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")

    def broken(v: SeatView) -> peg_value.PegAdvice:
        raise RuntimeError("no")

    monkeypatch.setattr(positions, "peg_values", broken)
    with pytest.raises(RuntimeError):
        positions.peg_advice(view)
    monkeypatch.setattr(positions, "peg_values", peg_value.peg_values)
    assert positions.peg_advice(view) == peg_values(view)


def test_the_check_reads_the_search_made_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = play_game_steps([make_bot("medium", 1), make_bot("hard", 2)], random.Random(5))
    state, action = next(
        (s, a) for s, a in steps if isinstance(a, Play) and not s.played and a.seat == s.pone
    )
    positions.prepare_ahead(state.view(action.seat))
    [spent] = positions.wait_prepared()
    assert spent > 0

    def no_search(v: SeatView) -> peg_value.PegAdvice:
        raise AssertionError("searched again")

    monkeypatch.setattr(positions, "peg_values", no_search)
    assert check(state, action, 1.5).decision.options  # read from the search ahead
    assert not positions.prepare(state.view(action.seat))  # kept: nothing to search


def test_work_for_later_runs_on_the_review_thread_after_what_was_handed_before() -> None:
    view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")
    seen: list[tuple[str, bool]] = []
    positions.prepare_ahead(view, later=True)
    handed = positions.run_later(
        lambda: seen.append(
            (threading.current_thread().name, positions.position_key(view) in positions._kept)
        )
    )
    failing = positions.run_later(lambda: 1 / 0)
    spent = positions.wait_prepared()
    assert handed.done() and len(spent) == 2  # the search and the work; the failure its own
    assert isinstance(failing.exception(), ZeroDivisionError)
    [(thread, searched)] = seen
    assert thread.startswith("review-ahead") and searched  # the search ahead was made first
