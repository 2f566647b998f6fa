"""The review's words: a loss shown beside rounded values is their difference."""

from __future__ import annotations

from cribbage_core.coach.game_review import Decision, OptionValue
from cribbage_core.coach.grades import Grade
from tutor.review.reasons import cost_text, shown_loss


def test_the_loss_said_is_the_difference_of_the_values_shown() -> None:
    best, chosen = OptionValue("JH", 1.2449), OptionValue("5H", -0.8449)
    d = Decision(
        3,
        1,
        0,
        "play",
        1,
        (0, 0),
        (best, chosen),
        1,
        2.085,
        0.0,
        False,
        None,
        None,
        None,
        Grade.MISTAKE,
        True,
    )
    assert (
        f"{best.points:+.2f} {chosen.points:+.2f}" == "+1.24 -0.84"
    )  # 2.08 apart, though the loss is 2.0898
    assert round(shown_loss(d), 2) == 2.08
    assert (
        cost_text(d, "en")
        == "It lost 2.08 points on average over the hands your opponent could hold."
    )
