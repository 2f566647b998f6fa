"""AppTest: the Pegging trainer page (which card would you lay?)."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptools import open_page as open_app_page, page_text
from streamlit.testing.v1 import AppTest

from cribbage_core.kinds import PegSpot
from cribbage_core.teaching.peg_trainer import banked_position, judge

PAGE = "pages/7_Pegging_trainer.py"
SEED = 42


@pytest.fixture(autouse=True)
def own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'progress.db'}")


def open_page(**params: str) -> AppTest:
    return open_app_page(PAGE, **params)


def lay(at: AppTest, card: object) -> AppTest:
    at.button(key=f"pegt_lay_{card}").click()
    at.run()
    assert not at.exception, at.exception
    return at


def test_the_position_shows_your_cards_as_buttons_and_nothing_given_away() -> None:
    at = open_page(seed=str(SEED))
    position = banked_position(SEED)
    view = position.view
    buttons = {b.key: b for b in at.button if b.key and b.key.startswith("pegt_lay_")}
    assert set(buttons) == {f"pegt_lay_{c}" for c in view.hand}
    for card in view.hand:
        assert buttons[f"pegt_lay_{card}"].disabled == (view.count + card.value > 31)
    text = page_text(at)
    assert f'aria-label="{view.starter.label},' in text
    captions = " ".join(str(c.value) for c in at.caption)
    assert f"The count is **{view.count}**." in text if view.pile else "You lead" in captions
    assert not at.dataframe and not at.success and not at.error
    assert not [
        b for b in at.button if b.key == "pegt_go"
    ]  # a position always has a card that fits


def test_first_visit_puts_a_seed_in_the_address() -> None:
    assert open_page().query_params["seed"].isdigit()


def test_the_best_card_is_right_and_recorded_once() -> None:
    position = banked_position(SEED)
    best = position.advice.best.card
    at = lay(open_page(seed=str(SEED)), best)
    assert at.success and at.success[0].value.startswith("The best card!")
    attempt = at.session_state["attempts"][-1]
    assert (attempt.kind, attempt.answer, attempt.correct) == ("peg_trainer", str(best), True)
    assert attempt.extra["points_lost"] == 0 and attempt.extra["grade"] == "best"
    assert attempt.categories_missed == () and set(attempt.categories) == set(position.kinds)
    assert attempt.seconds is not None and attempt.seconds >= 0
    assert all(b.disabled for b in at.button if b.key and b.key.startswith("pegt_lay_"))
    assert len(at.dataframe) == 1
    at.run()  # a rerun (or reload) does not count the answer again
    assert len(at.session_state["attempts"]) == 1


def test_a_worse_card_gets_the_engines_verdict_and_why() -> None:
    position = banked_position(SEED)
    worst = position.advice.options[-1].card
    verdict = judge(position, worst)
    at = lay(open_page(seed=str(SEED)), worst)
    shown = (at.error or at.success)[0].value
    assert shown.startswith(verdict.grade.value.capitalize())
    # the two values as the table shows them, and the loss their difference
    loss = round(verdict.best.points, 2) - round(verdict.chosen.points, 2)
    assert f"you gave up {loss:.2f} points" in shown
    assert verdict.best.card.label in shown
    why = at.info[-1].value
    assert (
        f"{verdict.exposure.scoring} of the {verdict.exposure.unseen} cards" in why
        or "none of the" in why
        or "makes 31" in why
    )
    attempt = at.session_state["attempts"][-1]
    assert not attempt.correct and attempt.extra["points_lost"] == pytest.approx(
        verdict.points_lost, abs=1e-4
    )
    assert set(attempt.categories_missed) == set(position.kinds)
    assert [m.value for m in at.metric][:3] == ["0", "0%", "1"]


def test_the_kind_and_difficulty_filters_come_from_the_address() -> None:
    at = open_page(seed="9", kind="pairing", level="far")
    position = banked_position(9, PegSpot.PAIRING, "far")
    assert PegSpot.PAIRING in position.kinds
    buttons = {b.key for b in at.button if b.key and b.key.startswith("pegt_lay_")}
    assert buttons == {f"pegt_lay_{c}" for c in position.view.hand}
    assert at.selectbox(key="pegt_kind").value is PegSpot.PAIRING
    assert at.selectbox(key="pegt_level").value == "far"


def test_an_endgame_says_what_each_side_needs_and_grades_by_the_chance_to_win() -> None:
    at = open_page(seed="5", kind="endgame")
    position = banked_position(5, PegSpot.ENDGAME)
    mine, theirs = position.needs
    assert f"you need {mine} to win, your opponent needs {theirs}" in at.info[0].value
    worst = position.advice.options[-1].card
    verdict = judge(position, worst)
    at = lay(at, worst)
    if verdict.correct:
        assert at.success[0].value.startswith("The best card! With")
    else:
        shown = (at.error or at.success)[0].value
        assert f"{100 * verdict.win_lost:.1f}% of your chance to win" in shown


@pytest.mark.parametrize(
    "param, value, says",
    [
        ("kind", "sideways", "The option “kind” in the address is not one this page offers"),
        ("level", "hardest", "The option “level” in the address is not one this page offers"),
        ("seed", "twelve", "The deal number in the address is not a whole number"),
    ],
)
def test_a_bad_address_parameter_is_fixed_and_said_once(param: str, value: str, says: str) -> None:
    at = open_page(**{"seed": "7", param: value})
    warnings = [w.value for w in at.warning]
    assert len(warnings) == 1 and says in warnings[0]
    assert at.query_params.get(param) != value
    assert [b for b in at.button if b.key and b.key.startswith("pegt_lay_")]
    at.run()
    assert not at.warning  # the address is fixed: nothing more to say


def test_next_position_deals_a_new_seed() -> None:
    at = open_page(seed=str(SEED))
    at.button(key="pegt_next").click()
    at.run()
    assert not at.exception and at.query_params["seed"] != str(SEED)


def test_the_drill_deals_a_position_of_a_weak_kind() -> None:
    at = open_page(drill="weak")
    assert not at.exception
    assert at.query_params["seed"].isdigit() and at.query_params["drill"] == "weak"
    assert "Weak-spot drill" in page_text(at)


def test_in_urdu_cards_and_numbers_in_the_verdict_stay_left_to_right() -> None:
    position = banked_position(SEED)
    at = lay(open_page(seed=str(SEED), lang="ur"), position.advice.options[-1].card)
    shown = (at.error or at.success)[0].value
    assert f"\u2066{position.advice.best.card.label}\u2069" in shown


def _read_cases() -> tuple[tuple[int, str, list[str]], tuple[int, str]]:
    """A banked position and card whose value depends on what the opponent has shown (with the
    sentences the coach says of it), and one whose value does not."""
    from cribbage_core.coach.read import read_fact
    from tutor.lang.coach_words import read_lines

    said = quiet = None
    for seed in range(60):
        position = banked_position(seed)
        for option in position.advice.options:
            fact = read_fact(position.view, option.card, position.advice)
            if fact is not None and fact.matters and said is None:
                said = (seed, str(option.card), read_lines(fact, "en"))
            if fact is not None and not fact.matters and quiet is None:
                quiet = (seed, str(option.card))
        if said and quiet:
            return said, quiet
    raise AssertionError("no banked position shows the read, or none hides it")


def test_the_verdict_says_what_the_coach_reads_of_the_opponent_where_it_matters() -> None:
    (seed, card, lines), (quiet_seed, quiet_card) = _read_cases()
    at = lay(open_page(seed=str(seed)), card)
    infos = " ".join(str(i.value) for i in at.info)
    assert lines and all(line in infos for line in lines), (lines, infos)
    assert "Reading your opponent's discard" in infos
    at = lay(open_page(seed=str(quiet_seed)), quiet_card)
    assert "Reading your opponent's" not in " ".join(str(i.value) for i in at.info)
