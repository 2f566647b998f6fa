"""Count the hand by finding the combinations: the Count page's mode where the learner selects
the cards of each fifteen, pair, run, flush and nobs, one combination at a time.

Each card has its box (Tab and Space work as well as a click); a button per kind adds the
selected cards as that kind to the list, which keeps the running count; "Check my count"
grades the list (:func:`cribbage_core.teaching.combos.grade_combinations`). Streamlit drawing; the
words are :mod:`tutor.quiz.combo_text`, the verdict's table :mod:`tutor.html.combos`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from html import escape
from typing import Any, Final

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from cribbage_core.cards import Card
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HAND_KINDS, HandScore, ScoreItem
from cribbage_core.teaching.combos import (
    Claim,
    CombinationGrade,
    claim_points,
    grade_combinations,
    item_key,
)
from cribbage_core.teaching.hand_quiz import HandDeal
from tutor.frame.render import bold, show_html
from tutor.html.breakdown import describe_item, rows_html
from tutor.html.cards import card_svg, cards_row
from tutor.html.combos import VerdictRow, verdict_table_html
from tutor.lang.i18n import (
    _,
    card_text,
    current_language,
    kind_label,
    kind_name,
    list_text,
    ngettext,
)
from tutor.lang.languages import is_rtl
from tutor.quiz.attempts import Attempt, DealTicket, Saved, record_attempt
from tutor.quiz.categories import hand_categories
from tutor.quiz.combo_text import claim_text, why_text
from tutor.quiz.positions import combo_position

__all__ = [
    "FIRST_PICK",
    "MAX_CLAIMS",
    "card_columns",
    "claims",
    "clear_claims",
    "missed_before",
    "pick_combinations",
    "pick_key",
    "record_combos",
    "show_combo_verdict",
]

_CLAIMS_KEY: Final = "count_claims"
_PROBLEM_KEY: Final = "count_claim_problem"
#: More choices than any hand has combinations (29 points at most): the list stops there.
MAX_CLAIMS: Final = 30


def pick_key(index: int) -> str:
    """The session key of the box that selects the ``index``-th of the five cards (the starter last)."""
    return f"count_pick_{index}"


#: The first card's box: where the cursor goes for each new combination.
FIRST_PICK: Final = pick_key(0)


def _five(score: HandScore) -> tuple[Card, ...]:
    return (*score.hand, score.starter)


def claims(deal_key: Hashable) -> list[Claim]:
    """The combinations chosen so far for the deal ``deal_key`` (none for another deal)."""
    kept = st.session_state.get(_CLAIMS_KEY)
    return list(kept["claims"]) if kept is not None and kept["key"] == deal_key else []


def _untick() -> None:
    # Unticked, not deleted: a box still on the page keeps its tick in the browser unless set.
    for index in range(5):
        st.session_state[pick_key(index)] = False


def clear_claims() -> None:
    """Forget the combinations and the selection (a new deal)."""
    st.session_state.pop(_CLAIMS_KEY, None)
    st.session_state.pop(_PROBLEM_KEY, None)
    _untick()


def _add(score: HandScore, deal_key: Hashable, kind: ScoreKind) -> None:
    """Add the selected cards as one combination of ``kind`` (a callback); bad input changes nothing."""
    chosen = [
        card for index, card in enumerate(_five(score)) if st.session_state.get(pick_key(index))
    ]
    so_far = claims(deal_key)
    if not chosen:
        st.session_state[_PROBLEM_KEY] = _(
            "Select the cards of one combination first, then say what it is."
        )
        return
    claim = Claim.of(kind, chosen)
    if any(item_key(claim) == item_key(before) for before in so_far):
        st.session_state[_PROBLEM_KEY] = _(
            "You counted this combination already: each combination counts once."
        )
        return
    if len(so_far) >= MAX_CLAIMS:
        st.session_state[_PROBLEM_KEY] = _(
            "That is more combinations than any hand has: check your count."
        )
        return
    st.session_state.pop(_PROBLEM_KEY, None)
    st.session_state[_CLAIMS_KEY] = {"key": deal_key, "claims": [*so_far, claim]}
    _untick()


def _take_back(deal_key: Hashable) -> None:
    st.session_state.pop(_PROBLEM_KEY, None)
    st.session_state[_CLAIMS_KEY] = {"key": deal_key, "claims": claims(deal_key)[:-1]}


def card_columns(key: str, n: int) -> list[DeltaGenerator]:
    """``n`` columns for a row of cards with their boxes, in a container keyed ``row_<key>`` (on
    a phone the row stays one row and a tap on a card ticks its box: the page's style sheet).
    The columns run left to right in a right-to-left page too, like every row of cards, while
    the text in each column stays right to left."""
    container = st.container(key=f"row_{key}")
    if is_rtl(current_language()):
        rows = f'.st-key-row_{key} [data-testid="stHorizontalBlock"]'
        cells = f'.st-key-row_{key} [data-testid="stColumn"]'
        container.html(f"<style>{rows} {{direction: ltr;}} {cells} {{direction: rtl;}}</style>")
    return list(container.columns(n))


def _claims_html(chosen: list[Claim], score: HandScore, four_colour: bool) -> str:
    five, total, rows, cells = _five(score), 0, [], []
    captions = [""] * 4 + [_("Starter")]
    for claim in chosen:
        total += claim_points(claim)
        rows.append(
            (kind_label(claim.kind), claim_text(claim, score), "", claim_points(claim), total)
        )
        cells.append(
            cards_row(
                five,
                highlighted=claim.cards,
                four_colour=four_colour,
                width=34,
                gap=4,
                captions=captions,
            )
        )
    return rows_html(rows, cells)


def pick_combinations(
    deal: HandDeal, deal_key: Hashable, four_colour: bool, on_check: Callable[[], None]
) -> None:
    """The five cards with their boxes, a button per kind, the list so far and "Check my count"."""
    score = deal.score
    st.markdown(
        _(
            "Select the cards of one combination, then say what it is. Count every fifteen, pair and "
            "run one at a time, then the flush and nobs; the list keeps your running count."
        )
    )
    for index, (cell, card) in enumerate(
        zip(card_columns("count_pick", 5), _five(score), strict=True)
    ):
        with cell:
            caption = _("Starter") if index == 4 else "\u00a0"
            picked = bool(st.session_state.get(pick_key(index)))
            svg = card_svg(
                card, highlighted=picked, dimmed=False, four_colour=four_colour, width=84
            )
            show_html(
                '<div dir="ltr" style="display:flex;flex-direction:column;align-items:center;padding-top:6px">'
                f'{svg}<small style="color:#444">{escape(caption)}</small></div>'
            )
            st.checkbox(_("Select {card}").format(card=card_text(card)), key=pick_key(index))
    st.markdown(bold(_("The selected cards are:")))
    kinds = st.container(horizontal=True, key="count_claim_kinds")
    for kind in HAND_KINDS:
        kinds.button(
            kind_name(kind), key=f"count_claim_{kind}", on_click=_add, args=(score, deal_key, kind)
        )
    problem = st.session_state.pop(_PROBLEM_KEY, None)
    if problem:
        st.error(problem, icon=":material/touch_app:")
    chosen = claims(deal_key)
    if chosen:
        st.markdown(bold(_("Your count so far")))
        show_html(_claims_html(chosen, score, four_colour))
    else:
        st.caption(
            _(
                "No combination yet. A hand with none scores nothing: then check your count as it is."
            )
        )
    buttons = st.container(horizontal=True)
    buttons.button(
        _("Check my count"),
        type="primary",
        key="count_combo_check",
        on_click=on_check,
        icon=":material/check:",
    )
    buttons.button(
        _("Take back the last"),
        key="count_claim_undo",
        on_click=_take_back,
        args=(deal_key,),
        disabled=not chosen,
        icon=":material/undo:",
    )


def record_combos(
    deal: HandDeal,
    deal_key: Hashable,
    ticket: DealTicket,
    *,
    drilling: bool,
    position: Mapping[str, str] | None,
    record: Callable[[Attempt], Saved] | None = None,
    details: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Grade the combinations chosen for ``deal`` and record the answer like the other counts:
    the points said, the kinds missed (combinations missed and choices that were not
    combinations) and the choices themselves. Returns the page's result.

    A miss comes back on the Review page as a combination question saying what was missed
    (:func:`tutor.quiz.positions.combo_position`). ``record``: how a served question records its
    answer (the Review page's recorder), instead of as a quiz page's first answer at ``position``.
    """
    chosen = claims(deal_key)
    grade = grade_combinations(deal.score, chosen)
    listed = [[str(c.kind), " ".join(sorted(map(str, c.cards)))] for c in chosen]
    attempt = Attempt(
        "crib" if deal.is_crib else "hand",
        deal.seed,
        grade.said,
        deal.score.total,
        grade.correct,
        {
            **(details or {}),
            "focus": deal.focus,
            "drill": drilling,
            "way": "combinations",
            "claims": listed,
        },
        attempt_id=ticket.attempt_id,
        categories=tuple(hand_categories(deal.score)),
        categories_missed=grade.kinds_missed,
        seconds=ticket.seconds(),
    )
    if record is not None:
        saved = record(attempt)
    else:
        saved = record_attempt(
            attempt,
            position=position,
            review_position=combo_position(deal.seed, deal.focus, deal.score, grade.missed),
        )
    return {"key": deal_key, "combos": grade, "saved": saved, "retry": False}


def missed_before(missed: Sequence[ScoreItem], score: HandScore) -> str:
    """What a combination question on the Review page missed the last time, in a sentence."""
    if not missed:
        return _(
            "Last time one of your choices was not a combination. Find every combination again."
        )
    return ngettext(
        "Last time you missed this combination: {combos}. Find every combination again.",
        "Last time you missed these combinations: {combos}. Find every combination again.",
        len(missed),
    ).format(combos=list_text([describe_item(item, score.starter) for item in missed]))


def show_combo_verdict(grade: CombinationGrade, score: HandScore, four_colour: bool) -> None:
    """Every choice in the learner's order (found, or not a combination and why), then every
    combination missed, each with its five cards and its own highlighted."""
    five = _five(score)
    captions = [""] * 4 + [_("Starter")]

    def cards(of: frozenset[Card] | tuple[Card, ...]) -> str:
        return cards_row(
            five, highlighted=of, four_colour=four_colour, width=34, gap=4, captions=captions
        )

    rows, running = [], 0
    for verdict in grade.claims:
        claim = verdict.claim
        if verdict.found:
            running += verdict.points
            rows.append(
                VerdictRow(
                    "found",
                    _("Found"),
                    kind_label(claim.kind),
                    claim_text(claim, score),
                    cards(claim.cards),
                    verdict.points,
                    running,
                )
            )
        else:
            rows.append(
                VerdictRow(
                    "wrong",
                    _("Not a combination"),
                    kind_label(claim.kind),
                    why_text(verdict, score),
                    cards(claim.cards),
                    0,
                    None,
                )
            )
    for item in grade.missed:
        rows.append(
            VerdictRow(
                "missed",
                _("Missed"),
                kind_label(item.kind),
                describe_item(item, score.starter),
                cards(item.cards),
                item.points,
                None,
            )
        )
    if rows:
        st.markdown(bold(_("Combination by combination")))
        show_html(verdict_table_html(rows))
