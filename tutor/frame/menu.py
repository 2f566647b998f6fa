"""The shared page frame: page config, the menu (``st.page_link``), language and deck options.

Every page starts with :func:`setup_page`, so each works when opened first.
The language picker is always in the sidebar, in each language's own name; it
lists the languages whose catalog exists (a language without one would show
English pages, which reads as broken to someone who chose हिन्दी). The choice is
kept in ``?lang=``, carried by every menu link, and saved with the learner's
profile. Right-to-left languages (Urdu) get ``direction: rtl`` on the page's
content; cards, the board and charts are drawn left to right.
Streamlit's own sidebar list is hidden (``client.showSidebarNavigation =
false`` in ``.streamlit/config.toml``) because it labels the entry page "app";
this menu is drawn instead. ``st.navigation`` is not used (see STYLE.md).
"""

from __future__ import annotations

import json
import uuid
from typing import Final, NamedTuple

import streamlit as st

from tutor.clock import today
from tutor.frame.memory import freeze_imports
from tutor.frame.pin import pin_gate
from tutor.frame.profile import current_learner, learner_params, remember_language, saved_language
from tutor.frame.urlstate import address_changed, address_notes_here, begin_address_notes
from tutor.frame.warm import start_once as start_warm_up
from tutor.lang.i18n import (
    DEFAULT_LANGUAGE,
    LANG_KEY,
    N_,
    NATIVE_DIGITS_KEY,
    _,
    available_languages,
    current_language,
    fmt_int,
    forget_digits,
    language_name,
    set_language,
    settle_language,
    start_page_mentions,
)
from tutor.lang.languages import is_rtl
from tutor.lang.numerals import format_int
from tutor.store import SERVED_REVIEW_KINDS, open_store

__all__ = [
    "PAGES",
    "REVIEW_PAGE",
    "MenuPage",
    "due_today",
    "four_colour",
    "link_params",
    "page_css",
    "setup_page",
]


class MenuPage(NamedTuple):
    """One page of the app: its script, its menu label (a msgid) and its icon."""

    path: str
    label: str
    icon: str
    blurb: str


PAGES: Final = (
    MenuPage("app.py", N_("Home"), ":material/home:", N_("What this app teaches")),
    MenuPage(
        "pages/1_Learn.py",
        N_("Learn the rules"),
        ":material/school:",
        N_("Short lessons with live examples: from the cards to the end of the game."),
    ),
    MenuPage(
        "pages/2_Count_the_hand.py",
        N_("Count the hand"),
        ":material/calculate:",
        N_("Four cards and a starter: how many points? Practise the show until it is automatic."),
    ),
    MenuPage(
        "pages/12_Counting_rush.py",
        N_("Counting rush"),
        ":material/timer:",
        N_("Three minutes against the clock: count as many hands as you can."),
    ),
    MenuPage(
        "pages/3_Pegging_quiz.py",
        N_("Pegging quiz"),
        ":material/playing_cards:",
        N_("Cards laid in the play: what does the last one score?"),
    ),
    MenuPage(
        "pages/7_Pegging_trainer.py",
        N_("Pegging trainer"),
        ":material/swipe_up:",
        N_("A moment of the play: which card would you lay? Graded by the coach's values."),
    ),
    MenuPage(
        "pages/4_Play.py",
        N_("Play"),
        ":material/casino:",
        N_("A whole game against the computer, with a board, hints and counting practice."),
    ),
    MenuPage(
        "pages/8_Game_review.py",
        N_("Game review"),
        ":material/rate_review:",
        N_("Every decision of one of your games graded, and a round of learn from your mistakes."),
    ),
    MenuPage(
        "pages/6_Discard_trainer.py",
        N_("Discard trainer"),
        ":material/move_to_inbox:",
        N_("Six cards: which two go to the crib? Graded by expected points over every starter."),
    ),
    MenuPage(
        "pages/9_Review.py",
        N_("Review your mistakes"),
        ":material/replay:",
        N_("The questions you got wrong come back when they are due, worst first."),
    ),
    MenuPage(
        "pages/10_Daily_five.py",
        N_("Daily five"),
        ":material/today:",
        N_("Five questions, the same for everyone each day: see how everyone answered."),
    ),
    MenuPage(
        "pages/5_Progress.py",
        N_("Progress"),
        ":material/trending_up:",
        N_("What you got right and wrong, over time, and a drill for your weak spots."),
    ),
    MenuPage(
        "pages/13_Class.py",
        N_("Class"),
        ":material/groups:",
        N_("Join a class with its code, or teach one: a table of every learner's progress."),
    ),
)

#: The Review page: its menu entry says how many questions are due today.
REVIEW_PAGE: Final = "pages/9_Review.py"

_FOUR_COLOUR: Final = "pref_four_colour"
_FOUR_COLOUR_WIDGET: Final = "menu_four_colour"
_LANG_WIDGET: Final = "menu_language"
_DIGITS_WIDGET: Final = "menu_native_digits"

# Locally installed fonts only (Debian fonts-noto-core), never web fonts: Latin from
# Streamlit's own font, then one Noto family per script; the browser picks per glyph.
# Urdu is written in Nastaliq, so it comes before Naskh.
FONT_STACK: Final = (
    '"Source Sans", "Source Sans Pro", "Noto Sans", "Noto Sans Devanagari", '
    '"Noto Sans Gujarati", "Noto Sans Bengali", "Noto Sans Gurmukhi", '
    '"Noto Nastaliq Urdu", "Noto Naskh Arabic", sans-serif'
)
# The app and the text elements Streamlit gives a font of their own; never spans or divs
# in general, which would also catch the icons (drawn with an icon font).
_TEXT: Final = (
    ".stApp, .stApp :is(p, li, label, h1, h2, h3, h4, h5, h6, input, textarea, button, td, th, "
    "summary, .count-aloud)"
)

_CSS: Final = """<style>
.stApp {--tutor-page-css: 1;}  /* tests/browsertools.py waits for it: the page's own style is on */
.block-container {max-width: 980px; padding-top: 2.2rem;}
.st-key-quiz_keyboard, .st-key-page_enter_hint {display: none;}
/* ...and the keyed container's wrapper too: in the page's flex column an empty wrapper still takes a
   12 px gap, which pushed every page's title down (and an Urdu title's tall letters out from under
   the see-through header, tests/browser/test_browser_phone.py). */
[data-testid="stLayoutWrapper"]:has(> .st-key-page_enter_hint) {display: none;}
div[data-testid="stMetric"] {background: #f6f8f6; border-radius: 10px; padding: 8px 12px;}
/* A tick box, a radio button or a switch reached by the keyboard: a ring round its label (the
   browser's own, on the hidden input, is invisible). */
.stApp label:has(input:focus-visible) {outline: 2px solid #1e6b3a; outline-offset: 2px; border-radius: 4px;}
.stApp [data-testid="stCaptionContainer"] {opacity: 0.8;}  /* Streamlit's 0.6 is under 4.5:1 */
/* A page's sections are level 2 under its title (st.header: headings in order for a screen
   reader), drawn at the size of Streamlit's st.subheader; what is inside a section is level 3. */
[data-testid="stMain"] h2 {font-size: 1.75rem; padding: 0.75rem 0 1rem 0;}
[data-testid="stMain"] h3 {font-size: 1.4rem;}
/* The table's hands, crib and starter keep to their columns: with four players (five columns) a
   row of four cards at full size ran over the next column's. */
.play-table .cards {flex-wrap: nowrap !important;}
.play-table .cards > svg.card {flex: 0 1 auto !important; min-width: 0; height: auto;}
.count-aloud {font-size: 1.15rem; font-style: italic; padding: 10px 14px; background: #f3f7ff;
  border-inline-start: 4px solid #1e4f91; border-radius: 6px; margin: 6px 0 12px 0;}
"""

# Right to left: the page's content and the sidebar; cards and the board are drawn left to
# right by their own builders. Streamlit aligns markdown (and its lists) to the left, which in
# a right-to-left page pulls the text away from its bullets: text starts at the start (the
# right), and so do the rows of cards (``dir="ltr"``: left to right inside). Charts are drawn
# by Vega, which anchors legend and axis text at their start: left to right, or the legend's
# labels run back over their swatches. Nastaliq hangs low and stacks high, so it needs more
# line height.
_RTL_CSS: Final = """
[data-testid="stMain"], [data-testid="stSidebarUserContent"] {direction: rtl;}
.stApp :is([data-testid="stMarkdownContainer"], [data-testid="stCaptionContainer"], ul, ol)
  {text-align: start;}
.stApp [data-testid="stMarkdownContainer"] [dir="ltr"] {justify-content: flex-end;}
[data-testid="stVegaLiteChart"] {direction: ltr;}
[role="listbox"] {direction: rtl;}  /* a drop-down's list, drawn outside the page's content */
.stApp :is(p, li, label, td, th) {line-height: 2;}
@media (max-width: 640px) {.stApp :is(p, li, label, td, th) {line-height: 1.8;}}
/* Nastaliq's tall letters rise above the title's line box: on a phone, where the page starts just
   under Streamlit's 60 px header, the header's white hid their tops. */
@media (max-width: 640px) {[data-testid="stHeader"] {background: transparent;}}
/* Nastaliq's first letter of a word (the tail of پ, ب, ی) reaches up to a quarter of the font's size
   past the start of its line: a title gets that much more room at its start (on a phone, its
   first letter touched the screen's edge, where other languages keep the page's margin). */
[data-testid="stMain"] h1 {padding-inline-start: 0.3em;}
[data-testid="stMetricLabel"] * {overflow: visible;}
.count-aloud {font-style: normal;}
/* Streamlit's hint under a focused box in a form sits at the box's right, over a right-to-left placeholder */
[data-testid="stMain"] [data-testid="InputInstructions"] {right: auto; left: 9px;}
"""


# A phone (390 or 360 px wide): Streamlit stacks every column under 640 px, which put a hand
# of six cards with their buttons one under another (six screens of scrolling) and the
# quizzes' options and score above the question. On a narrow screen:
# - the rows keyed ``row_…`` (a hand of cards with their buttons, the deal) and the table's
#   rows drawn as one block (``.play-row``: the scores, the hands) stay one row, each card
#   scaled to its column; buttons and check boxes there are at least 44 px high, and the
#   whole card is part of the button's tap target (the button's ``::after`` covers its
#   column: the card above it answers a tap as the button does);
# - the quizzes' options (``quiz_options``), this visit's score (``quiz_metrics``, kept one
#   compact row) and anything keyed ``below_…`` move below the question (``order`` in the main
#   column, which is a flex box): a long introduction keyed ``below_intro`` too; a block that
#   holds the score inside the main column (the Discard trainer's fragment) lends its children to
#   the main column (``display: contents``), so its score goes below the options there too;
# - the columns keyed ``pairs_…`` (the new-game form's choices) go two to a line, not one;
#   the skunk rule's drop-down, whose box is one line of text, gets a line of its own, last;
# - a row of cards drawn as one block (``.cards``) shrinks to the width instead of wrapping;
#   so do the Pegging trainer's starter, crib and opponent (two crib cards at 44 px ran over the
#   opponent's column at 360 px);
# - the page starts below Streamlit's 60 px header (it hid the top of the title) and its
#   elements sit 0.75rem apart, not 1rem; Nastaliq's line height is 1.8, not 2.
# The desktop look is untouched: all of it is inside the media query, except the tap target.
_PHONE_CSS: Final = """
[class*="st-key-row_"] [data-testid="stColumn"] {position: relative;}
[class*="st-key-row_"] [data-testid="stColumn"] :is([data-testid="stElementContainer"], .stButton, .stButton > *,
  [data-testid="stTooltipHoverTarget"], [data-testid="stCheckbox"], [data-testid="stCheckbox"] *) {position: static;}
[class*="st-key-row_"] [data-testid="stColumn"] :is(button, [data-testid="stCheckbox"] label)::after
  {content: ""; position: absolute; inset: 0;}
[class*="st-key-row_"] [data-testid="stColumn"] button:disabled::after {cursor: not-allowed;}
@media (max-width: 640px) {
  .block-container {padding: 3.75rem 0.75rem 3rem 0.75rem;}  /* under the 60 px header, not beneath it */
  [data-testid="stMain"] [data-testid="stVerticalBlock"] {gap: 0.75rem;}
  .stApp h1 {font-size: 1.6rem; padding: 0 0 0.4rem 0;}
  .stApp h2 {font-size: 1.35rem;}
  .stApp h3 {font-size: 1.15rem;}
  [data-testid="stLayoutWrapper"]:has(> :is(.st-key-quiz_options, .st-key-quiz_metrics, [class*="st-key-below_"])),
  :is(.st-key-quiz_options, .st-key-quiz_metrics, [class*="st-key-below_"]) {order: 1;}
  [data-testid="stLayoutWrapper"]:has(> [data-testid="stVerticalBlock"] > [data-testid="stLayoutWrapper"] > .st-key-quiz_metrics),
  [data-testid="stVerticalBlock"] [data-testid="stVerticalBlock"]:has(> [data-testid="stLayoutWrapper"] > .st-key-quiz_metrics)
    {display: contents;}
  .play-feed li {margin: 0; font-size: 0.9rem;}
  .stApp [data-testid="stAlertContainer"] {padding: 0.6rem 0.75rem;}
  .stApp [role="radiogroup"] {flex-flow: row wrap; column-gap: 1rem;}
  .play-table .cards > svg.card {max-width: 44px;}
  .play-row {gap: 4px !important;}
  .play-row .play-label {font-size: 0.9rem;}
  :is([class*="st-key-row_"], .st-key-quiz_metrics) [data-testid="stHorizontalBlock"]
    {flex-wrap: nowrap; gap: 4px;}
  :is([class*="st-key-row_"], .st-key-quiz_metrics) [data-testid="stColumn"] {min-width: 0 !important;}
  [class*="st-key-pairs_"] [data-testid="stHorizontalBlock"] {flex-wrap: wrap; column-gap: 0.75rem;}
  [class*="st-key-pairs_"] [data-testid="stColumn"]
    {min-width: calc(50% - 0.75rem) !important; flex: 1 1 calc(50% - 0.75rem) !important;}
  [class*="st-key-pairs_"] [data-testid="stColumn"]:has([class*="st-key-play_set_skunk"])
    {min-width: 100% !important; flex-basis: 100% !important; order: 1;}
  [class*="st-key-row_"] svg.card {max-width: 100%; height: auto;}
  [class*="st-key-row_"] button {min-height: 44px; padding: 2px 4px; font-size: 0.85rem;}
  [class*="st-key-row_"] [data-testid="stCheckbox"] label {min-height: 44px; align-items: center;}
  [class*="st-key-row_"] [data-testid="stMarkdownContainer"] p {font-size: 0.9rem;}
  .st-key-quiz_metrics [data-testid="stMetric"] {padding: 4px 8px;}
  .st-key-quiz_metrics [data-testid="stMetricValue"] {font-size: 1.3rem;}
  .st-key-quiz_metrics [data-testid="stMetricLabel"] p {font-size: 0.8rem;}
  .cards {flex-wrap: nowrap !important; gap: 4px !important;}
  .stApp table .cards {flex-wrap: wrap !important;}
  .cards > :is(svg.card, figure) {flex: 0 1 auto !important; min-width: 0; height: auto;}
  .cards > figure svg.card {max-width: 100%; height: auto;}
  .play-score {font-size: 1.5rem !important;}
  .st-key-row_play_hand svg.card {max-width: 62px;}
  .st-key-row_peg_hand svg.card {max-width: 54px;}
  .st-key-row_peg_table svg.card {max-width: 44px; flex: 0 1 auto !important; min-width: 0; height: auto;}
  .pile-series svg.card {width: 46px; height: auto;}
  .pile-series > div[dir="ltr"] {flex-wrap: nowrap !important; gap: 4px !important;}
  .pile-series figure {flex: 0 1 auto; min-width: 0;}
  .pile-series figcaption {white-space: normal !important; text-align: center; font-size: 0.7rem !important;}
  .st-key-row_discard_pick [data-testid="stCheckbox"] label {justify-content: center;}
  .st-key-row_discard_pick [data-testid="stCheckbox"] label [data-testid="stMarkdownContainer"]
    {position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);}
}
"""


def _css_string(text: str) -> str:
    """``text`` as a CSS string literal (quotes, backslashes and ``<`` escaped)."""
    escaped = (
        text.replace("\\", "\\5C ").replace('"', "\\22 ").replace("<", "\\3C ").replace("\n", " ")
    )
    return f'"{escaped}"'


def _enter_hint_css(lang: str) -> str:
    """Streamlit's hint under a form's text box, "Press Enter to submit form", in ``lang``.

    Streamlit writes the hint in English whatever the page's language (its front end has no
    translations), and only while the box has the focus; Enter still submits the form (the
    quizzes' keyboard use depends on it). So the hint's own words are hidden (``visibility``
    also takes them from a screen reader) and the learner's are drawn in their place. The
    hint is the first part of the line; a box with a length limit (a PIN) may show only its
    count of characters, which is left alone."""
    if lang == DEFAULT_LANGUAGE:
        return ""
    hint = _css_string(_("Press Enter to submit form", lang))
    first = (
        '[data-testid="stTextInput"]:not(:has(input[maxlength])) [data-testid="InputInstructions"] > span:first-child, '
        '[data-testid="InputInstructions"] > span:first-child:not(:only-child)'
    )
    return (
        f":is({first}) {{font-size: 0; visibility: hidden;}}\n"
        f":is({first})::after {{content: {hint}; font-size: 0.75rem; visibility: visible;}}\n"
    )


# Streamlit 1.67 draws its hint as plain text after the box, tied to nothing (no
# aria-describedby, no live region), and only while the box has the focus; the hint in the
# learner's language drawn over it (:func:`_enter_hint_css`) is CSS generated content, which a
# screen reader may skip. So the page keeps the hint, in the learner's language, in one hidden
# element that every text box of a form names as its description (``aria-describedby``: read out
# with the box's name when it gets the focus), named again whenever Streamlit draws a box.
# Our own constant script: the hint reaches it as JSON, never as code.
_ENTER_HINT_JS: Final = """<script>
(() => {
  const hint = %s;
  let note = document.getElementById("tutor-enter-hint");
  if (!note) {
    note = document.createElement("span");
    note.id = "tutor-enter-hint";
    note.hidden = true;
    document.body.appendChild(note);
  }
  note.textContent = hint.text;
  note.lang = hint.lang;
  const describe = () => {
    for (const box of document.querySelectorAll('[data-testid="stForm"] [data-testid="stTextInput"] input')) {
      const ids = (box.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      if (!ids.includes(note.id)) box.setAttribute("aria-describedby", [...ids, note.id].join(" "));
    }
  };
  describe();
  if (!window.tutorEnterHint) {
    window.tutorEnterHint = new MutationObserver(describe);
    window.tutorEnterHint.observe(document.body, {childList: true, subtree: true});
  }
})();
</script>"""


def enter_hint(lang: str) -> None:
    """Give every text box in a form the description "Press Enter to submit form" in ``lang``,
    for a screen reader (:data:`_ENTER_HINT_JS`); nothing is drawn."""
    settings = {"text": _("Press Enter to submit form", lang), "lang": lang}
    with st.container(key="page_enter_hint"):
        st.html(_ENTER_HINT_JS % json.dumps(settings), unsafe_allow_javascript=True)
        # A mark new with every run, hidden with the hint's container: a browser test that opens
        # another address inside the app (tests/browsertools.py, ``visit``) waits for it to
        # change, as Streamlit's own run state may go from running to done in one redraw.
        st.html(f'<span data-tutor-run="{uuid.uuid4().hex}"></span>')


def page_css(lang: str) -> str:
    """The page's style sheet for ``lang``: layout, fonts, the form hint in ``lang`` and, for
    Urdu, right to left."""
    css = _CSS + _PHONE_CSS + f"{_TEXT} {{font-family: {FONT_STACK};}}\n" + _enter_hint_css(lang)
    if is_rtl(lang):
        css += _RTL_CSS
    return css + "</style>"


def due_today() -> int:
    """How many review items the current learner has due today (0 without a learner)."""
    name = current_learner()
    return open_store().due_count(name, today(), SERVED_REVIEW_KINDS) if name else 0


def link_params() -> dict[str, str]:
    """The query parameters every link carries: the learner's name and the language."""
    return {**learner_params(), LANG_KEY: current_language()}


def four_colour() -> bool:
    """Whether the learner chose the four-colour deck."""
    return bool(st.session_state.get(_FOUR_COLOUR, False))


def _remember_four_colour() -> None:
    st.session_state[_FOUR_COLOUR] = st.session_state[_FOUR_COLOUR_WIDGET]


def _remember_language() -> None:
    chosen = st.session_state[_LANG_WIDGET]
    set_language(chosen)
    remember_language(chosen)


def _remember_digits() -> None:
    st.session_state[NATIVE_DIGITS_KEY] = st.session_state[_DIGITS_WIDGET]
    forget_digits()  # this run asked already (each run asks once)


def setup_page(page_path: str, title: str) -> str:
    """Configure the page, draw the menu and options; return the current language.

    ``title`` is a msgid (the browser tab's title).
    """
    freeze_imports()  # the page's modules are imported by now: keep the collector off them
    start_warm_up()  # a new process: the rest imported and built once this first run is over
    begin_address_notes()
    asked = st.query_params.get(LANG_KEY)
    lang = settle_language(saved=saved_language)
    start_page_mentions(lang)
    app_name = _("Cribbage tutor")
    st.set_page_config(page_title=_(title) + " · " + app_name, page_icon="🃏", layout="wide")
    st.html(page_css(lang))
    enter_hint(lang)
    address_notes_here()
    pin_gate()  # a protected name in the address: say so and ask for its PIN
    if asked is not None and asked != lang:
        address_changed(
            _(
                "The language in the address is not one this app offers, so the page is in {language}."
            ).format(language=language_name(lang))
        )
    with st.sidebar:
        st.markdown("### 🃏 " + app_name)
        due = due_today()
        for page in PAGES:
            label = _(page.label)
            if page.path == REVIEW_PAGE and due:
                label = _("Review your mistakes ({n} due)").format(n=fmt_int(due))
            st.page_link(page.path, label=label, icon=page.icon, query_params=link_params())
        st.divider()
        label = _("Language")
        st.session_state[_LANG_WIDGET] = lang
        st.selectbox(
            # Also in English, so someone who landed on a language they cannot read finds it.
            f"🌐 {label}" if lang == DEFAULT_LANGUAGE else f"🌐 {label} · Language",
            available_languages(),
            format_func=language_name,
            key=_LANG_WIDGET,
            on_change=_remember_language,
        )
        if lang != DEFAULT_LANGUAGE:
            st.session_state[_DIGITS_WIDGET] = bool(st.session_state.get(NATIVE_DIGITS_KEY))
            st.toggle(
                _("Own digits ({example})").format(example=format_int(29, lang, native=True)),
                key=_DIGITS_WIDGET,
                on_change=_remember_digits,
                help=_("Show numbers in this script's own digits. Answers may use either kind."),
            )
        st.session_state[_FOUR_COLOUR_WIDGET] = four_colour()
        st.toggle(
            _("Four-colour deck"),
            key=_FOUR_COLOUR_WIDGET,
            on_change=_remember_four_colour,
            help=_("Clubs green and diamonds blue, so the four suits never look alike."),
        )
    return lang
