"""Own digits everywhere: with a script's own digits chosen, every number a page shows (in its
messages and its lessons) is in those digits, because the code formats each one (``fmt_int``,
``own_digits``); no number is typed into a message or left in a lesson in Western digits.

Every page of ``i18n_tools.scenarios`` (each page in its main states, each lesson with its check
answered) is rendered in every language with own digits on; the text a learner sees (labels,
messages, markdown with its HTML stripped) may hold a Western digit only in a card's label
("10♥", drawn on the card and kept as printed) or in what the learner typed.
"""

from __future__ import annotations

import html
import re

import pytest
from google.protobuf.json_format import MessageToDict
from i18n_tools import render, scenarios
from streamlit.testing.v1 import AppTest

from cribbage_core.game import Phase
from tutor.lang.i18n import own_digits
from tutor.lang.languages import CODES
from tutor.lessons import LESSONS, lesson_body

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


OTHERS = tuple(code for code in CODES if code != "en")


def _play_a_while(at: AppTest) -> None:
    """Deal a game on the Play page and play a dozen moves: the table, the series, the log."""
    at.session_state["play_seed_override"] = 42
    [deal] = [b for b in at.button if str(b.key).startswith("FormSubmitter:play_settings-")]
    deal.click().run()
    for _ in range(12):
        session = at.session_state["play_session"]
        keys = {b.key for b in at.button if b.key}
        if session.state.phase is Phase.DISCARD:
            for card in session.advice().best.discard:
                at.button(key=f"play_pick_{card}").click().run()
            at.button(key="play_confirm_discard").click().run()
        elif session.state.phase is Phase.PLAY:
            enabled = [
                b for b in at.button if b.key and b.key.startswith("play_lay_") and not b.disabled
            ]
            if not enabled:
                break
            enabled[0].click().run()
        elif "play_next_count" in keys:
            at.button(key="play_next_count").click().run()
        elif "play_count_mine" in keys:
            at.button(key="play_count_mine").click().run()
        else:
            break
        assert not at.exception, at.exception


SCENARIOS = [*scenarios(), ("play-a-while", "pages/4_Play.py", {}, _play_a_while)]

#: Proto fields that are never shown as text: ids, addresses, icons, what the learner typed.
HIDDEN = {
    "id",
    "formId",
    "key",
    "page",
    "pageScriptHash",
    "queryString",
    "url",
    "icon",
    "value",
    "default",
    "rawValues",
    "data",
    "spec",
    "css",
    "type",
    "deltaPath",
    "fragmentId",
    "tag",
}
#: A card's label, as printed on it: rank (A, 2-10, J, Q, K) and suit symbol.
CARD = re.compile(r"(?:10|[2-9AJQK])[\u2660\u2665\u2666\u2663\ufe0f]*[♠♥♦♣]")
#: What the learner typed, echoed back in quotes (“2.5” is not a number), and a saved game's id
#: (an address key, not a number).
ECHO = re.compile(r"“[^”]*”|\b[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b")


def shown_text(at: AppTest) -> str:
    """The text a learner reads on the page: every string field of every element but the
    hidden ones, with HTML tags, SVG drawings and style sheets taken out."""
    out: list[str] = []

    def strings(value: object, key: str = "") -> None:
        if key in HIDDEN:
            return
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for name, item in value.items():
                strings(item, name)
        elif isinstance(value, list):
            for item in value:
                strings(item, key)

    def walk(node: object) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "DESCRIPTOR"):
            strings(MessageToDict(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return visible("\n".join(out))


def visible(text: str) -> str:
    """``text`` without HTML tags, SVG drawings, style sheets and link addresses."""
    text = re.sub(r"(?s)<(svg|style|script)\b.*?</\1>", " ", text)
    text = re.sub(r"(?s)<[^>]*>", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)  # a markdown link's address
    return html.unescape(text)


def western_digits(text: str) -> list[str]:
    """Each Western digit left in ``text`` outside card labels and echoed input, in context."""
    text = ECHO.sub(" ", CARD.sub(" ", text))
    return [
        text[max(0, m.start() - 40) : m.end() + 20].replace("\n", " ")
        for m in re.finditer(r"[0-9]", text)
    ]


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("name, page, params, action", SCENARIOS, ids=[s[0] for s in SCENARIOS])
def test_no_western_digit_on_any_page_with_own_digits(
    lang: str, name: str, page: str | None, params: dict[str, str], action: object
) -> None:
    at = render(page, {**params, "lang": lang}, None)
    at.toggle(key="menu_native_digits").set_value(True).run()
    assert not at.exception, at.exception
    if action is not None:
        action(at)  # type: ignore[operator]
        assert not at.exception, at.exception
    left = western_digits(shown_text(at))
    assert not left, f"{name} in {lang} with own digits shows Western digits: {left[:6]}"


def test_the_check_finds_western_digits_when_own_digits_are_off() -> None:
    """The check can fail: the same page with Western digits shows plenty of them."""
    at = render("pages/1_Learn.py", {"lesson": "06_end", "seed": "11", "lang": "hi"}, None)
    assert len(western_digits(shown_text(at))) > 10
    assert western_digits(visible("<svg><text>10</text></svg> 10♥ “2.5” ")) == []


def test_a_lesson_in_own_digits_keeps_its_numbered_list() -> None:
    at = render("pages/1_Learn.py", {"lesson": "02_deal", "seed": "11", "lang": "bn"}, None)
    at.toggle(key="menu_native_digits").set_value(True).run()
    body = next(m.value for m in at.markdown if "- ১. " in m.value and "- ৩. " in m.value)
    assert not re.search(r"[0-9]", body)
    assert own_digits("1. Cut\n2. Deal 6", "bn") == "1. Cut\n2. Deal 6"  # off outside a page run
    assert all(lesson_body(lesson.id) for lesson in LESSONS)


def test_the_play_settings_survive_a_switch_of_digits() -> None:
    """The settings whose labels hold numbers have a key per digit style: Streamlit matches a
    choice by its label, so after a switch the browser sent back "2 کھلاڑی" as the players."""
    at = render("pages/4_Play.py", {"lang": "ur"}, None)
    assert at.radio(key="play_set_players").value == 2
    at.toggle(key="menu_native_digits").set_value(True).run()
    players = at.radio(key="play_set_players_own_digits")
    assert players.options[1] == "۳ کھلاڑی"
    players.set_value(3)
    [deal] = [b for b in at.button if str(b.key).startswith("FormSubmitter:play_settings-")]
    deal.click().run()
    assert not at.exception, at.exception
    assert at.session_state["play_session"].state.players == 3
