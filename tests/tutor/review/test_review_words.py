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


def test_a_reviewed_throw_says_what_its_keep_and_crib_scored_in_the_show_of_that_deal() -> None:
    import re

    from cribbage_core.kinds import EventPhase
    from cribbage_core.scoring import score_hand
    from tests import apptools
    from tutor.review.game import hand_finished, review_game
    from tutor.review.reasons import actual_discard_line, option_cards
    from tutor.review.view import _cut

    session = apptools.bot_played_game("0b7a6f0e-2222-4c2b-9d7e-000000000030")
    game = review_game(session.to_dict(), session.moves)
    log = game.final.log
    said = 0
    for d in game.review.decisions:
        if d.kind != "discard" or not hand_finished(d.hand_no, game.final):
            continue
        before, after = game.state_before(d), _cut(game, d)
        line = actual_discard_line(d, before, after, "en")
        if d.chosen == 0:
            assert line is None
            continue
        assert line is not None
        found = re.search(
            r"scored (\d+) in the show and the crib (\d+); keeping .* instead would have scored "
            r"(\d+) and the crib (\d+)\.",
            line,
        )
        assert found, line
        hand, crib, best_hand, best_crib = map(int, found.groups())
        # what the show really scored for that hand and that crib, from the game's own log
        show = [e for e in log if e.hand_no == d.hand_no]
        if any(e.phase is EventPhase.SHOW_CRIB for e in show):  # the show was counted to its end
            shown = sum(
                e.points for e in show if e.phase is EventPhase.SHOW_HAND and e.seat == d.seat
            )
            cribbed = sum(e.points for e in show if e.phase is EventPhase.SHOW_CRIB)
            assert (hand, crib) == (shown, cribbed), line
        best = option_cards(d.options[0])
        kept = [c for c in before.hands[d.seat] if c not in best]
        assert f"keeping {' '.join(c.label for c in kept)} instead" in line
        # the best throw in the learner's place: the same starter, the other throws unchanged
        assert after.starter is not None
        crib_then = [c for c in after.crib if c not in option_cards(d.choice)] + list(best)
        assert best_hand == score_hand(kept, after.starter).total
        assert best_crib == score_hand(crib_then, after.starter, is_crib=True).total
        said += 1
    assert said >= 1
