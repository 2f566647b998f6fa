"""Discard trainer: choose the cards to lay away to the crib, graded by expected value."""

from __future__ import annotations

import streamlit as st

from cribbage_core.advisor import Role
from cribbage_core.cards import format_cards
from cribbage_core.discard_quiz import DIFFICULTIES, DiscardDeal, deal_discard
from tutor.frame.menu import four_colour, setup_page
from tutor.frame.urlstate import new_seed, seed_from_url
from tutor.lang.i18n import N_, _, fmt_int, ngettext
from tutor.quiz import frame
from tutor.quiz.attempts import (
    Attempt,
    DealTicket,
    attempts,
    deal_ticket,
    next_deal,
    quiz_learner,
    quiz_stats,
    record_attempt,
)
from tutor.quiz.discard_text import points, seat_text
from tutor.quiz.discard_view import pick_cards, pick_key, show_advice, show_keeps
from tutor.quiz.feedback import discard_notes
from tutor.quiz.grading import grade_discard
from tutor.quiz.positions import discard_position

PAGE = "pages/6_Discard_trainer.py"
ROLE_LABELS = {"random": N_("Either"), "dealer": N_("Dealer (your crib)"), "pone": N_("Pone (their crib)")}
LEVEL_LABELS = {"any": N_("Any hand"), "close": N_("Close calls"), "far": N_("Clear winners")}
THROWS = {2: 2, 3: 1}  # players: the cards each throws

lang = setup_page(PAGE, N_("Discard trainer"))


def _options() -> tuple[int, str, str]:
    """The deal's options from the URL (``?players=3&role=pone&level=close``)."""
    players = frame.url_choice("players", {"3": 3}, 2)
    role_choice = frame.url_choice("role", {"dealer": "dealer", "pone": "pone"}, "random")
    level = frame.url_choice("level", {d: d for d in DIFFICULTIES}, "any")
    return players, role_choice, level


def _clear_picks() -> None:
    # Unticked, not deleted: a box still on the page (a card also in the next hand) keeps its
    # tick in the browser unless the script sets it.
    for key in [k for k in st.session_state if str(k).startswith("discard_pick_")]:
        st.session_state[key] = False
    st.session_state.pop("discard_result", None)
    st.session_state.pop("discard_problem", None)


def _next_hand() -> None:
    st.query_params["seed"] = str(new_seed())
    next_deal()
    _clear_picks()


def _forget_problem() -> None:
    st.session_state.pop("discard_problem", None)


def _confirm(deal: DiscardDeal, deal_key: tuple[int, int, str, str], ticket: DealTicket) -> None:
    """Grade the chosen cards; a wrong number of cards records nothing."""
    seed, players, role_choice, level = deal_key
    verdict = grade_discard(deal, [card for card in deal.hand if st.session_state.get(pick_key(card))])
    if verdict.wrong_number:
        st.session_state["discard_problem"] = len(verdict.thrown)
        return
    st.session_state.pop("discard_problem", None)
    saved = record_attempt(
        Attempt(
            "discard", seed, format_cards(sorted(verdict.thrown)), format_cards(deal.advice.best.discard),
            verdict.correct, {"ev_lost": round(verdict.loss, 4), "players": players, "role": deal.role.value,
                              "level": None if level == "any" else level},
            attempt_id=ticket.attempt_id, seconds=ticket.seconds(),
        ),
        position=discard_position(seed, players, role_choice, level),
    )  # fmt: skip
    st.session_state["discard_result"] = {"key": deal_key, "verdict": verdict, "saved": saved}


st.title(_("Discard trainer"))
st.container(key="below_intro").caption(  # on a phone, under the question
    _("Choose the cards to lay away to the crib. Each choice is graded by its average worth over "
      "every possible starter: your hand's points plus the crib's (minus, when the crib is your opponent's).")
)  # fmt: skip
quiz_learner()

# ---- options (in the URL, so a shared link deals the same hand the same way)
players, role_choice, level = _options()
options = st.container(key="quiz_options").columns([2.3, 1.0, 1.1])
frame.url_option(
    options[0].radio, _("Your seat"), {r: _(label) for r, label in ROLE_LABELS.items()},
    key="discard_role", param="role", choices={"dealer": "dealer", "pone": "pone"}, value=role_choice,
    then=_clear_picks, horizontal=True,
    help=_("The dealer's crib scores for the dealer; the pone gives cards to the opponent's crib."),
)  # fmt: skip
frame.url_option(
    options[1].selectbox, _("Difficulty"), {lv: _(label) for lv, label in LEVEL_LABELS.items()},
    key="discard_level", param="level", choices={d: d for d in DIFFICULTIES}, value=level, then=_clear_picks,
    help=_("Close calls: the best two discards are within a quarter point. "
           "Clear winners: the best is ahead by a point and a half or more."),
)  # fmt: skip
frame.url_option(
    options[2].selectbox, _("Players"), {n: _("{players} players (throw {cards})").format(players=fmt_int(n), cards=fmt_int(throw))
     for n, throw in THROWS.items()},
    key="discard_players", param="players", choices={"3": 3}, value=players, then=_clear_picks,
)  # fmt: skip
colours = four_colour()


@st.fragment
def _trainer() -> None:
    """The score, the deal, the throw and its verdict, the next hand: a throw or "Next hand"
    reruns only this part (the menu, the title and the options above stay as they are: a
    whole page run costs the server about twice as much)."""
    # ---- the deal, from the URL: ?seed=...&players=3&role=pone&level=close
    seed = seed_from_url()
    players, role_choice, level = _options()
    fixed_role = Role(role_choice) if role_choice != "random" else None
    deal = deal_discard(seed, players=players, role=fixed_role, difficulty=None if level == "any" else level)
    deal_key = (seed, players, role_choice, level)
    # the attempt id comes with the deal (and survives a reload), so an answer counts once
    ticket = deal_ticket("discard", seed, variant=f"{players}:{role_choice}:{level}")

    # ---- session score
    losses = [float((a.extra or {}).get("ev_lost", 0.0)) for a in attempts("discard")]
    frame.score_row(
        quiz_stats("discard"), _("Best discards in a row"),
        extra=(_("Points given up"), points(sum(losses) / len(losses)) if losses else "–",
               _("Average points given up per hand, against the best discard")),
    )  # fmt: skip

    result = st.session_state.get("discard_result")
    if result is not None and result["key"] != deal_key:
        result = None

    # ---- the seat and the cards
    dealing = deal.role is Role.DEALER
    st.info(seat_text(deal.role, deal.throw), icon=":material/inventory_2:" if dealing else ":material/person:")
    verdict = result["verdict"] if result is not None else None

    @st.fragment
    def _hand() -> None:
        """The cards with their boxes: a tick reruns only this part (a few ms of the server's
        CPU). "Throw" below is outside it."""
        pick_cards(deal, verdict.thrown if verdict is not None else None, colours, on_change=_forget_problem)
        problem = st.session_state.get("discard_problem")
        if verdict is None and problem is not None:  # gone with the next tick
            st.error(
                ngettext(
                    "Choose exactly {n} card to throw: you chose {chosen}.",
                    "Choose exactly {n} cards to throw: you chose {chosen}.",
                    deal.throw,
                ).format(n=fmt_int(deal.throw), chosen=fmt_int(problem)),
                icon=":material/touch_app:",
            )

    _hand()
    if verdict is None:
        st.button(ngettext("Throw this card", "Throw these cards", deal.throw), type="primary",
                  key="discard_confirm", on_click=_confirm, args=(deal, deal_key, ticket),
                  icon=":material/move_to_inbox:")  # fmt: skip

    # ---- the verdict, the advisor's table and the chart
    if verdict is not None and verdict.chosen is not None:
        frame.answered_before(result.get("saved"))
        frame.show_notes(discard_notes(verdict))
        if not verdict.correct:
            show_keeps(verdict, colours)
        show_advice(deal, verdict)

    frame.deal_footer(
        seed, _("Deal number {seed}: share this page's address to show someone this exact hand."),
        next_label=_("Next hand"), next_key="discard_next", on_next=_next_hand, answered=result is not None,
    )
    if verdict is not None:  # the cards are picked by pointer; after the verdict, Enter or N deals again
        frame.keyboard("discard_next", "discard_next", nonce=str(seed))


_trainer()
