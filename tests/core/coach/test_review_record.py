"""Reviewing a saved game: the line a record actually took (take-backs removed), analysed."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from cribbage_core.bots import make_bot
from cribbage_core.coach.game_review import analyse_game, analyse_record, played_line
from cribbage_core.game import Count, Discard, GameConfig, Phase, Play
from cribbage_core.record import GameRecord, NextDeal, TakeBack
from tests.records import play_record

Stop = Callable[[GameRecord], bool]


def _play_record(
    seed: int, target: int = 61, stop: Stop | None = None, first_dealer: int = 0
) -> GameRecord:
    """Bots play a game through a record, as the Play page saves it (deals and counts included)."""
    bots = [make_bot("easy", seed), make_bot("medium", seed + 1)]
    record = play_record(
        GameRecord(GameConfig(target=target), seed=seed, first_dealer=first_dealer),
        lambda state, seat: bots[seat].act(state.view(seat)),
        stop,
    )
    return GameRecord.from_dict(record.to_dict())  # what the store gives back


def test_the_line_of_a_finished_game_is_every_action_in_order() -> None:
    record = _play_record(11)
    line = played_line(record)
    actions = [step for step in record.steps if not isinstance(step, NextDeal)]
    assert [action for _, action in line] == actions
    for (state, action), (following, _) in pairwise(line):
        after = state.apply(action)
        assert following == after or (
            after.phase is Phase.DEAL and following.hand_no == after.hand_no + 1
        )
    review = analyse_record(record, seats=[0])
    assert review.final_scores == record.final().scores and max(review.final_scores) >= 61
    assert [d.step for d in review.decisions] == [
        i for i, (_, a) in enumerate(line, 1) if a.seat == 0
    ]
    assert {d.kind for d in review.decisions} >= {"discard", "play", "count"}


def test_taken_back_moves_are_not_reviewed() -> None:
    """A take-back leaves the review exactly as if the moves taken back were never made."""
    straight = _play_record(5, stop=lambda r: sum(isinstance(s, Play) for s in r.steps) >= 3)
    # the same game, but seat 0 first laid a different card and took it back
    first_play = next(
        i for i, s in enumerate(straight.steps) if isinstance(s, Play) and s.seat == 0
    )
    before = GameRecord(
        straight.config, straight.seed, 0, steps=straight.steps[:first_play]
    ).final()
    other = next(a for a in before.legal_for(0) if a != straight.steps[first_play])
    steps = straight.steps[:first_play] + (other,)
    replies = GameRecord(straight.config, straight.seed, straight.first_dealer, steps=steps).final()
    if replies.to_act == 1:  # the computer answered before the learner took it back
        steps += (make_bot("medium", 6).act(replies.view(1)),)
    taken = GameRecord(
        straight.config,
        straight.seed,
        straight.first_dealer,
        steps=steps + (TakeBack(0),) + straight.steps[first_play:],
    )
    assert taken.final() == straight.final()
    assert played_line(taken) == played_line(straight)
    assert analyse_record(taken).to_dict() == analyse_record(straight).to_dict()


def test_a_discard_taken_back_and_made_again_counts_once() -> None:
    record = GameRecord(GameConfig(target=61), seed=9, first_dealer=1)
    state = record.first_state()
    first, second = state.legal_for(0)[0], state.legal_for(0)[-1]
    assert isinstance(first, Discard) and isinstance(second, Discard)
    record = record.then(first).then(TakeBack(0)).then(second)
    line = played_line(record)
    assert [action for _, action in line] == [second]
    review = analyse_record(record)
    assert len(review.decisions) == 1 and review.decisions[0].kind == "discard"
    thrown = review.decisions[0].choice.label.removeprefix("throw ").split()
    assert sorted(thrown) == sorted(str(c) for c in second.cards)


def test_a_game_in_progress_reviews_up_to_its_last_move() -> None:
    record = _play_record(7, stop=lambda r: len(r.steps) >= 40)
    line = played_line(record)
    review = analyse_record(record)
    assert (
        len(review.decisions) == len(line) == sum(not isinstance(s, NextDeal) for s in record.steps)
    )
    assert review.final_scores == record.final().scores
    assert review.to_dict() == analyse_game(line).to_dict()


def test_a_learners_typed_count_is_reviewed() -> None:
    """In counting mode the record holds the claims: an under-claim costs what it left."""
    record = _play_record(13, stop=lambda r: r.final().phase is Phase.SHOW)
    state = record.final()
    counting = state.counting()
    assert counting is not None
    seat = state.seat_to_act()
    record = record.then(Count(seat, 0))
    review = analyse_record(record, seats=[seat])
    count = review.decisions[-1]
    assert count.kind == "count" and count.note.startswith("claimed 0 of")
    worth = int(count.options[0].points)
    assert count.points_lost == worth and review.summary(seat).counting_lost == worth
