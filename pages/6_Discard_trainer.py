"""Discard trainer: choose the cards to lay away to the crib, graded by expected value."""

from __future__ import annotations

import altair as alt
import streamlit as st

from cribbage_core.advisor import Role
from cribbage_core.cards import Card, format_cards
from cribbage_core.discard_quiz import DIFFICULTIES, deal_discard, ev_loss, explain, is_best
from tutor.frame.menu import four_colour, setup_page
from tutor.frame.render import bold, show_html
from tutor.frame.urlstate import new_seed, seed_from_url, set_url_param
from tutor.html.cards import card_svg, cards_row
from tutor.lang.i18n import N_, _, card_text, fmt_int, ngettext
from tutor.quiz.attempts import (
    Attempt,
    attempts,
    deal_ticket,
    next_deal,
    quiz_learner,
    quiz_stats,
    record_attempt,
)
from tutor.quiz.discard_text import (
    advice_frame,
    cards_text,
    fact_text,
    points,
    reason_headline,
    reason_why,
    starter_frame,
)

PAGE = "pages/6_Discard_trainer.py"
ROLE_LABELS = {"random": N_("Either"), "dealer": N_("Dealer (your crib)"), "pone": N_("Pone (their crib)")}
LEVEL_LABELS = {"any": N_("Any hand"), "close": N_("Close calls"), "far": N_("Clear winners")}
PLAYER_LABELS = {2: N_("2 players (throw 2)"), 3: N_("3 players (throw 1)")}

lang = setup_page(PAGE, N_("Discard trainer"))

# ---- the deal, from the URL: ?seed=...&players=3&role=pone&level=close
seed = seed_from_url()
players = 3 if st.query_params.get("players") == "3" else 2
role_param = st.query_params.get("role")
role_choice = role_param if role_param in ("dealer", "pone") else "random"
level_param = st.query_params.get("level")
level = level_param if level_param in DIFFICULTIES else None
fixed_role = Role(role_choice) if role_choice != "random" else None
deal = deal_discard(seed, players=players, role=fixed_role, difficulty=level)
deal_key = (seed, players, role_choice, level)
# the attempt id comes with the deal (and survives a reload), so an answer counts once
ticket = deal_ticket("discard", seed, variant=f"{players}:{role_choice}:{level or 'any'}")


def _clear_picks() -> None:
    for key in [k for k in st.session_state if str(k).startswith("discard_pick_")]:
        del st.session_state[key]
    st.session_state.pop("discard_result", None)
    st.session_state.pop("discard_problem", None)


def _on_role() -> None:
    chosen = st.session_state["discard_role"]
    set_url_param("role", None if chosen == "random" else chosen)
    _clear_picks()


def _on_level() -> None:
    chosen = st.session_state["discard_level"]
    set_url_param("level", None if chosen == "any" else chosen)
    _clear_picks()


def _on_players() -> None:
    set_url_param("players", "3" if st.session_state["discard_players"] == 3 else None)
    _clear_picks()


def _next_hand() -> None:
    st.query_params["seed"] = str(new_seed())
    next_deal()
    _clear_picks()


def _pick_key(card: Card) -> str:
    return f"discard_pick_{card}"


def _forget_problem() -> None:
    st.session_state.pop("discard_problem", None)


def _confirm() -> None:
    """Grade the chosen cards; a wrong number of cards records nothing."""
    chosen = [card for card in deal.hand if st.session_state.get(_pick_key(card))]
    if len(chosen) != deal.throw:
        st.session_state["discard_problem"] = len(chosen)
        return
    st.session_state.pop("discard_problem", None)
    loss = ev_loss(deal.advice, chosen)
    best = deal.advice.best
    saved = record_attempt(
        Attempt(
            "discard", seed, format_cards(sorted(chosen)), format_cards(best.discard), is_best(deal.advice, chosen),
            {"ev_lost": round(loss, 4), "players": players, "role": deal.role.value, "level": level},
            attempt_id=ticket.attempt_id,
            seconds=ticket.seconds(),
        )
    )  # fmt: skip
    st.session_state["discard_result"] = {
        "key": deal_key, "discard": [str(c) for c in chosen], "saved": saved,
    }  # fmt: skip


st.title(_("Discard trainer"))
st.caption(
    _("Choose the cards to lay away to the crib. Each choice is graded by its average worth over "
      "every possible starter: your hand's points plus the crib's (minus, when the crib is your opponent's).")
)  # fmt: skip
quiz_learner()

# ---- options (in the URL, so a shared link deals the same hand the same way)
st.session_state["discard_role"] = role_choice
st.session_state["discard_level"] = level or "any"
st.session_state["discard_players"] = players
options = st.columns([2.3, 1.0, 1.1])
options[0].radio(
    _("Your seat"),
    list(ROLE_LABELS),
    format_func={r: _(label) for r, label in ROLE_LABELS.items()}.get,
    key="discard_role",
    horizontal=True,
    on_change=_on_role,
    help=_("The dealer's crib scores for the dealer; the pone gives cards to the opponent's crib."),
)
options[1].selectbox(
    _("Difficulty"),
    list(LEVEL_LABELS),
    format_func={lv: _(label) for lv, label in LEVEL_LABELS.items()}.get,
    key="discard_level",
    on_change=_on_level,
    help=_("Close calls: the best two discards are within a quarter point. "
           "Clear winners: the best is ahead by a point and a half or more."),
)  # fmt: skip
options[2].selectbox(
    _("Players"),
    list(PLAYER_LABELS),
    format_func={n: _(label) for n, label in PLAYER_LABELS.items()}.get,
    key="discard_players",
    on_change=_on_players,
)

# ---- session score
stats = quiz_stats("discard")
losses = [float((a.extra or {}).get("ev_lost", 0.0)) for a in attempts("discard")]
metrics = st.columns(4)
metrics[0].metric(_("Streak"), fmt_int(stats.streak), help=_("Best discards in a row"))
metrics[1].metric(_("Accuracy"), f"{round(100 * stats.accuracy)}%" if stats.answered else "–")
metrics[2].metric(_("Answered"), fmt_int(stats.answered))
metrics[3].metric(
    _("Points given up"),
    points(sum(losses) / len(losses)) if losses else "–",
    help=_("Average points given up per hand, against the best discard"),
)

result = st.session_state.get("discard_result")
if result is not None and result["key"] != deal_key:
    result = None

# ---- the seat and the cards
if deal.role is Role.DEALER:
    st.info(
        ngettext(
            "You are the **dealer**: the crib is yours. Throw {n} card to your crib.",
            "You are the **dealer**: the crib is yours. Throw {n} cards to your crib.",
            deal.throw,
        ).format(n=fmt_int(deal.throw)),
        icon=":material/inventory_2:",
    )
else:
    st.info(
        ngettext(
            "You are the **pone**: the crib is your opponent's. Throw {n} card to their crib.",
            "You are the **pone**: the crib is your opponent's. Throw {n} cards to their crib.",
            deal.throw,
        ).format(n=fmt_int(deal.throw)),
        icon=":material/person:",
    )

colours = four_colour()
thrown = {Card.parse(c) for c in result["discard"]} if result is not None else None
cells = st.columns(7)  # six cards at most, and room to breathe
for cell, card in zip(cells, deal.hand, strict=False):
    with cell:
        picked = bool(st.session_state.get(_pick_key(card))) if thrown is None else card in thrown
        show_html(
            f'<div style="display:flex;justify-content:center;padding-top:8px">'
            f"{card_svg(card, highlighted=picked, dimmed=False, four_colour=colours, width=88)}</div>"
        )
        st.checkbox(
            _("Throw {card}").format(card=card_text(card)),
            key=_pick_key(card),
            disabled=thrown is not None,
            on_change=_forget_problem,
        )

if result is None:
    st.button(
        ngettext("Throw this card", "Throw these cards", deal.throw),
        type="primary",
        key="discard_confirm",
        on_click=_confirm,
        icon=":material/move_to_inbox:",
    )
    problem = st.session_state.get("discard_problem")
    if problem is not None:
        st.error(
            ngettext(
                "Choose exactly {n} card to throw: you chose {chosen}.",
                "Choose exactly {n} cards to throw: you chose {chosen}.",
                deal.throw,
            ).format(n=fmt_int(deal.throw), chosen=fmt_int(problem)),
            icon=":material/touch_app:",
        )

# ---- the verdict, the advisor's table and the chart
if result is not None and thrown is not None:
    advice = deal.advice
    chosen = advice.option_for(thrown)
    best = advice.best
    loss = ev_loss(advice, thrown)
    if result.get("saved") == "repeat":
        st.caption(_("This deal was answered before: the first answer is the one that counts."))
    if is_best(advice, thrown):
        runner_up = next((o for o in advice.options if frozenset(o.discard) != frozenset(thrown)), None)
        st.success(
            _("The best discard! Keeping {keep} is worth {net} points on average.").format(
                keep=cards_text(chosen.keep), net=points(chosen.net)
            ),
            icon=":material/check_circle:",
        )
        if runner_up is not None:
            st.caption(
                _("The next best, throwing {cards}, is {gap} points behind.").format(
                    cards=cards_text(runner_up.discard), gap=points(chosen.net - runner_up.net)
                )
            )
    else:
        reason = explain(advice, thrown)
        st.error(
            _("You gave up {loss} points on average. The best was to throw {cards}.").format(
                loss=points(loss), cards=cards_text(best.discard)
            ),
            icon=":material/cancel:",
        )
        lines = [reason_headline(reason), reason_why(reason)]
        bullets = "\n".join(f"- {fact_text(f)}" for f in reason.facts)
        st.info(" ".join(lines) + ("\n\n" + bullets if bullets else ""), icon=":material/lightbulb:")
        keeps = st.columns(2)
        with keeps[0]:
            st.markdown(bold(_("You kept")) + " · " + _("net {points}").format(points=points(chosen.net)))
            show_html(cards_row(chosen.keep, four_colour=colours, width=64))
        with keeps[1]:
            st.markdown(bold(_("Best keep")) + " · " + _("net {points}").format(points=points(best.net)))
            show_html(cards_row(best.keep, four_colour=colours, width=64))

    st.subheader(_("Every discard, best first"))
    frame = advice_frame(advice, thrown)
    hand_col, crib_col, net_col = _("Hand"), _("Crib"), _("Net")
    picked_rows = frame[""].str.contains("➜")
    styled = frame.style.format({hand_col: "{:.2f}", crib_col: "{:+.2f}", net_col: "{:.2f}"}).apply(
        lambda row: [
            "background-color: #fff3c4; font-weight: 600" if picked_rows.loc[row.name] else
            ("background-color: #e3f2e1" if row.name == 1 else "")
        ] * len(row),
        axis=1,
    )  # fmt: skip
    st.dataframe(
        styled,
        width="stretch",
        height=36 * (len(frame) + 1) + 4,  # every row in view: the learner's may be the last
        key="discard_table",
        column_config={
            "": st.column_config.TextColumn(width=140),
            _("Note"): st.column_config.TextColumn(width="large"),
        },
    )
    st.caption(
        _("Hand: the kept cards' average over all {n} starters. Crib: what the thrown cards are worth "
          "in the crib on average, plus for your crib and minus for the opponent's. Net = hand + crib. "
          "Min and max: the kept hand's lowest and highest score.").format(n=advice.starters)
    )  # fmt: skip

    st.subheader(_("Your kept hand with every possible starter"))
    data = starter_frame(deal.hand, chosen.keep, None if is_best(advice, thrown) else best.keep)
    order = list(dict.fromkeys(data.sort_values("order")["starter"]))
    series = list(dict.fromkeys(data["keep"]))  # yours first, gold like your cards; the best green
    chart = (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X(
                "starter:N", sort=order, title=_("Starter"),
                axis=alt.Axis(labelAngle=-90, labelFontSize=12, labelOverlap=False),
            ),
            xOffset=alt.XOffset("keep:N", sort=series),
            y=alt.Y("points:Q", title=_("Points in hand"), axis=alt.Axis(tickMinStep=1)),
            color=alt.Color(
                "keep:N", title=None, legend=alt.Legend(orient="top"),
                scale=alt.Scale(domain=series, range=["#f9a825", "#2e7d32"][: len(series)]),
            ),
            tooltip=[
                alt.Tooltip("keep:N", title=_("Keep")),
                alt.Tooltip("starter:N", title=_("Starter")),
                alt.Tooltip("points:Q", title=_("Points")),
            ],
        )
        .properties(height=280)
    )
    means = data.groupby("keep", sort=False)["points"].mean()
    st.altair_chart(chart, width="stretch")
    st.caption(
        " · ".join(
            _("{keep}: {mean} on average, {low} to {high}").format(
                keep=name, mean=points(mean), low=data[data["keep"] == name]["points"].min(),
                high=data[data["keep"] == name]["points"].max(),
            )
            for name, mean in means.items()
        )
    )  # fmt: skip

st.button(
    _("Next hand"),
    type="primary" if result is not None else "secondary",
    key="discard_next",
    on_click=_next_hand,
    icon=":material/refresh:",
)
st.caption(_("Deal number {seed}: share this page's address to show someone this exact hand.").format(seed=seed))
