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


_LABEL = r"(?:10|[A2-9JQK])[♠♥♦♣]"


def _bare_labels(text: str) -> list[str]:
    """The card labels of ``text`` not inside a left-to-right isolate (LRI ... PDI)."""
    import re

    bare, depth, i = [], 0, 0
    while i < len(text):
        if text[i] == "\u2066":
            depth += 1
        elif text[i] == "\u2069":
            depth -= 1
        else:
            found = re.match(_LABEL, text[i:])
            if found:
                if depth == 0:
                    bare.append(found.group())
                i += len(found.group())
                continue
        i += 1
    return bare


def test_every_card_in_the_reviews_and_the_coachs_urdu_sentences_reads_left_to_right() -> None:
    """In Urdu (right to left) a bare "5♥" is drawn "♥5": every card label in a sentence of the
    review, its facts, what the real cards gave, and coach mode's warning sits in an LTR isolate."""
    import re

    from cribbage_core.coach.at_table import check
    from cribbage_core.game import Discard, Play
    from tests import apptools
    from tutor.play.coach_text import coach_warning, coach_why
    from tutor.review.game import review_game
    from tutor.review.reasons import actual_discard_line, actual_line, cost_text, reasons
    from tutor.review.view import _cut

    session = apptools.bot_played_game("0b7a6f0e-2222-4c2b-9d7e-000000000031")
    game = review_game(session.to_dict(), session.moves)
    said = []
    for d in game.review.decisions:
        state = game.state_before(d)
        said.extend(reasons(d, state, "ur"))
        said.append(cost_text(d, "ur"))
        said.append(actual_line(d, state, "ur") or "")
        said.append(actual_discard_line(d, state, _cut(game, d), "ur") or "")
    warned = 0
    for state, action in game.line:
        if isinstance(action, (Discard, Play)) and action.seat == 0 and warned < 12:
            verdict = check(state, action, 0.3)
            if verdict.warn:
                warned += 1
                said.append(coach_warning(verdict, action, "ur"))
                said.extend(coach_why(verdict, action, state, "ur"))
    labelled = [line for line in said if re.search(_LABEL, line)]
    assert len(labelled) > 20
    assert [(line, _bare_labels(line)) for line in labelled if _bare_labels(line)] == []
    assert warned >= 3
    # the same sentences in English carry no isolate at all
    english = [
        line for d in game.review.decisions for line in reasons(d, game.state_before(d), "en")
    ]
    assert english and not any("\u2066" in line for line in english)


def test_with_three_or_four_players_a_loss_is_averaged_over_the_opponents_hands() -> None:
    from tutor.lang.languages import LANGUAGES

    d = Decision(
        3, 1, 0, "play", 1, (0, 0, 0), (OptionValue("JH", 1.0), OptionValue("5H", 0.5)),
        1, 0.5, 0.0, False, None, None, None, Grade.INACCURACY, True,
    )  # fmt: skip
    assert cost_text(d, "en", players=3) == (
        "It lost 0.50 points on average over the hands your opponents could hold."
    )
    for language in LANGUAGES:
        assert cost_text(d, language.code, players=4) != cost_text(d, language.code)
        if language.code != "en":
            assert cost_text(d, language.code, players=4) != cost_text(d, "en", players=4)
