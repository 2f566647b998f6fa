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


def test_a_crib_fact_names_the_seats_concerned_in_every_language() -> None:
    from cribbage_core.cards import parse_cards
    from cribbage_core.coach.facts import FactKind, discard_facts
    from cribbage_core.seats import Role
    from tutor.lang.coach_words import fact_text
    from tutor.lang.languages import LANGUAGES

    dealt, thrown = parse_cards("6H 7D 8H KC 5S 5D"), parse_cards("5S 5D")
    seats = [(Role.DEALER, 2), (Role.PONE, 2), (Role.PONE, 3), (Role.PONE, 4), (Role.PARTNER, 4)]

    def said(role: Role, players: int, lang: str) -> list[str]:
        facts = discard_facts(dealt, thrown, role, players=players)
        return [
            fact_text(f, lang, thrown)
            for f in facts
            if f.kind in (FactKind.CRIB, FactKind.CRIB_GETS)
        ]

    english = {seat: said(*seat, "en") for seat in seats}
    assert "your opponent's crib" in english[(Role.PONE, 2)][0]
    assert "the dealer's crib" in english[(Role.PONE, 3)][0]
    assert "your opponents' crib" in english[(Role.PONE, 4)][0]
    assert "your partner's crib" in english[(Role.PARTNER, 4)][0]
    for seat in seats[2:]:  # three or four players: never "your opponent" as if there were one
        assert not any("your opponent's" in line for line in english[seat])
    for language in LANGUAGES:
        lines = [said(*seat, language.code) for seat in seats]
        # a pair, a five, whose crib: each seat's sentences are its own, in every language
        assert all(len(each) == 3 for each in lines)
        assert len({tuple(each) for each in lines}) == len(seats), language.code
        for each, seat in zip(lines, seats, strict=True):
            assert len(set(each)) == 3
            if language.code != "en":  # translated, not the English shown as it is
                assert not set(each) & set(english[seat]), (language.code, each)
