"""The shared page frame: page config, the menu (``st.page_link``), language and deck options.

Every page starts with :func:`setup_page`, so each works when opened first.
Streamlit's own sidebar list is hidden (``client.showSidebarNavigation =
false`` in ``.streamlit/config.toml``) because it labels the entry page "app";
this menu is drawn instead. ``st.navigation`` is not used (see STYLE.md).
"""

from __future__ import annotations

from typing import Final, NamedTuple

import streamlit as st

from .i18n import (
    DEFAULT_LANGUAGE,
    LANG_KEY,
    N_,
    _,
    available_languages,
    current_language,
    language_name,
    set_language,
)
from .profile import learner_params

__all__ = ["PAGES", "MenuPage", "setup_page", "four_colour", "link_params"]


class MenuPage(NamedTuple):
    """One page of the app: its script, its menu label (a msgid) and its icon."""

    path: str
    label: str
    icon: str
    blurb: str


PAGES: Final = (
    MenuPage("app.py", N_("Home"), ":material/home:", N_("What this app teaches")),
    MenuPage(
        "pages/1_Learn.py", N_("Learn the rules"), ":material/school:",
        N_("Short lessons with live examples: from the cards to the end of the game."),
    ),
    MenuPage(
        "pages/2_Count_the_hand.py", N_("Count the hand"), ":material/calculate:",
        N_("Four cards and a starter: how many points? Practise the show until it is automatic."),
    ),
    MenuPage(
        "pages/3_Pegging_quiz.py", N_("Pegging quiz"), ":material/playing_cards:",
        N_("Cards laid in the play: what does the last one score?"),
    ),
    MenuPage(
        "pages/4_Play.py", N_("Play"), ":material/casino:",
        N_("A whole game against the computer, with a board, hints and counting practice."),
    ),
    MenuPage(
        "pages/6_Discard_trainer.py", N_("Discard trainer"), ":material/move_to_inbox:",
        N_("Six cards: which two go to the crib? Graded by expected points over every starter."),
    ),
    MenuPage(
        "pages/5_Progress.py", N_("Progress"), ":material/trending_up:",
        N_("What you got right and wrong, over time, and a drill for your weak spots."),
    ),
)  # fmt: skip

_FOUR_COLOUR: Final = "pref_four_colour"
_FOUR_COLOUR_WIDGET: Final = "menu_four_colour"
_LANG_WIDGET: Final = "menu_language"

_CSS: Final = """<style>
.block-container {max-width: 980px; padding-top: 2.2rem;}
div[data-testid="stMetric"] {background: #f6f8f6; border-radius: 10px; padding: 8px 12px;}
.count-aloud {font-size: 1.15rem; font-style: italic; padding: 10px 14px; background: #f3f7ff;
  border-left: 4px solid #1e4f91; border-radius: 6px; margin: 6px 0 12px 0;}
.pile-series {border: 1px dashed #b0bec5; border-radius: 10px; padding: 6px 10px; margin: 6px 0;}
</style>"""


def link_params() -> dict[str, str]:
    """The query parameters every link carries: the learner's name and the language (if not English)."""
    lang = current_language()
    params = learner_params()
    if lang != DEFAULT_LANGUAGE:
        params[LANG_KEY] = lang
    return params


def four_colour() -> bool:
    """Whether the learner chose the four-colour deck."""
    return bool(st.session_state.get(_FOUR_COLOUR, False))


def _remember_four_colour() -> None:
    st.session_state[_FOUR_COLOUR] = st.session_state[_FOUR_COLOUR_WIDGET]


def _remember_language() -> None:
    set_language(st.session_state[_LANG_WIDGET])


def setup_page(page_path: str, title: str) -> str:
    """Configure the page, draw the menu and options; return the current language.

    ``title`` is a msgid (the browser tab's title).
    """
    lang = current_language()
    st.set_page_config(page_title=f"{_(title)} · {_('Cribbage tutor')}", page_icon="🃏", layout="wide")
    st.html(_CSS)
    with st.sidebar:
        st.markdown(f"### 🃏 {_('Cribbage tutor')}")
        params = link_params()
        for page in PAGES:
            st.page_link(
                page.path,
                label=_(page.label),
                icon=page.icon,
                query_params=params or None,
            )
        st.divider()
        languages = available_languages()
        if len(languages) > 1:
            st.session_state[_LANG_WIDGET] = lang
            st.selectbox(
                _("Language"),
                languages,
                format_func=language_name,
                key=_LANG_WIDGET,
                on_change=_remember_language,
            )
        st.session_state[_FOUR_COLOUR_WIDGET] = four_colour()
        st.toggle(
            _("Four-colour deck"),
            key=_FOUR_COLOUR_WIDGET,
            on_change=_remember_four_colour,
            help=_("Clubs green and diamonds blue, so the four suits never look alike."),
        )
    return lang
