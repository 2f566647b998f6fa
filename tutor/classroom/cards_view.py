"""The Class page's login cards: a teacher makes a class's accounts from a list of names, gives a
learner a new code, and prints the cards (a sheet of its own, with print styles).

Each card holds the learner's name, the class, the app's address and the code to type on its
home page. The code is not put in a link: an address is kept in the browser's history (on a
classroom's shared computer the next child would be offered it), in synced bookmarks and in
servers' logs, and this app's addresses are meant to be shared. The codes are shown once, on
the sheet: the store keeps only their hashes. Every rule is the store's
(``tutor.store.cards``); a refusal comes back as a ``CardError`` worded here.
"""

from __future__ import annotations

import html

import streamlit as st

from tutor.frame.profile import visitor_store
from tutor.frame.render import plain_html
from tutor.lang.i18n import _, fmt_int, list_text
from tutor.lang.languages import html_attributes
from tutor.store import MAX_ACCOUNTS, MAX_NAME_LENGTH, Card, ClassError, SchoolClass, Store

__all__ = ["SHEET_KEY", "accounts_part", "card_refusal_text", "cards_sheet", "names_from_text"]

#: {"teacher": name, "class": name, "language": code, "cards": [(name, code)]}
SHEET_KEY = "class_cards_sheet"
_MESSAGE = "class_cards_message"
_NAMES = "class_cards_names"
MAX_TEXT = MAX_ACCOUNTS * (MAX_NAME_LENGTH + 2) * 2  # a generous text area's limit


def names_from_text(text: str) -> list[str]:
    """The names in a text area, one a line, blank lines left out (the store checks the rest).

    >>> names_from_text("Asha\\n\\n  Ravi \\r\\n\\n")
    ['Asha', '  Ravi ']
    """
    return [line for line in str(text).splitlines() if line.strip()]


def card_refusal_text(error: ClassError) -> str:
    """Why the store refused the list, in the teacher's words (the names at fault are shown
    apart, as plain text)."""
    texts = {
        "count": _("Give {low} to {n} names, one a line. Nothing was made.").format(
            low=fmt_int(1), n=fmt_int(MAX_ACCOUNTS)
        ),
        "name": _("A name has {low} to {n} characters that show. Nothing was made.").format(
            low=fmt_int(1), n=fmt_int(MAX_NAME_LENGTH)
        ),
        "formula": _(
            "A name may not begin with = + - or @ (a spreadsheet reads it as a formula). "
            "Nothing was made."
        ),
        "duplicate": _("These names are in the list twice. Nothing was made."),
        "taken": _(
            "These names are used here already: choose others (for example with a class "
            "name or an initial). Nothing was made."
        ),
        "full": _(
            "A class has at most {n} learners: these accounts would make it more. Nothing was made."
        ).format(n=fmt_int(MAX_ACCOUNTS)),
        "archived": _("This class is archived: it takes no new learners. Nothing was made."),
        "not_card": _("That learner has no card of this class. Nothing was changed."),
    }
    return texts.get(error.reason, _("That was refused. Nothing was changed."))


def _show_sheet(teacher: str, klass: SchoolClass, made: list[Card]) -> None:
    st.session_state[SHEET_KEY] = {
        "teacher": teacher,
        "class": klass.name,
        "language": klass.language,
        "cards": [(card.name, card.code) for card in made],
    }


def _make(teacher: str, klass: SchoolClass) -> None:
    text = str(st.session_state.get(_NAMES, ""))
    names = names_from_text(text)
    if len(text) > MAX_TEXT:
        names = names[: MAX_ACCOUNTS + 1]  # the store refuses more than MAX_ACCOUNTS anyway
    try:
        made = visitor_store().create_accounts(teacher, klass.id, names)
    except ClassError as error:
        st.session_state[_MESSAGE] = (card_refusal_text(error), getattr(error, "names", ()))
        return
    if made is None:
        st.session_state[_MESSAGE] = (
            _("The accounts were not made: your progress is not being saved."),
            (),
        )
        return
    st.session_state[_NAMES] = ""
    _show_sheet(teacher, klass, made)


def _new_code(teacher: str, klass: SchoolClass, learner_id: int) -> None:
    try:
        made = visitor_store().new_card(teacher, klass.id, learner_id)
    except ClassError as error:
        st.session_state[_MESSAGE] = (card_refusal_text(error), ())
        return
    if made is not None:
        _show_sheet(teacher, klass, [made])


def accounts_part(db: Store, teacher: str, klass: SchoolClass) -> None:
    """The teacher's "Make accounts" section: the list of names, and a new code for a card."""
    refused = st.session_state.pop(_MESSAGE, None)
    with st.expander(
        _("Make accounts and print login cards"), icon=":material/badge:", expanded=bool(refused)
    ):
        if refused:
            text, names = refused
            st.error(text, icon=":material/error:")
            if names:  # as typed, plain text (never markup or a link), each in its direction
                shown = list_text([f"<bdi>{plain_html(str(n))}</bdi>" for n in names])
                st.html(
                    '<div class="learner-name">'
                    + html.escape(_("At fault: {names}")).format(names=shown)
                    + "</div>"
                )
        st.caption(
            _(
                "Type up to {n} names, one a line. Each learner gets an account already in this "
                "class and a card with a code that signs them in. The codes are shown once only, "
                "to print: the app keeps only a scrambled form of each."
            ).format(n=fmt_int(MAX_ACCOUNTS))
        )
        with st.form("class_cards_form", border=False):
            st.text_area(_("Names, one a line"), key=_NAMES, max_chars=MAX_TEXT, height=160)
            st.form_submit_button(
                _("Make the accounts"), type="primary", on_click=_make, args=(teacher, klass)
            )
        holders = db.card_holders(teacher, klass.id)
        if holders:
            st.markdown(
                "**" + _("Learners with a card ({n})").format(n=fmt_int(len(holders))) + "**"
            )
            st.caption(_("A lost card? A new code ends the old one."))
        for holder in holders:
            left, right = st.columns([3, 1], vertical_alignment="center")
            left.html(f"<bdi>{plain_html(holder.name)}</bdi>")
            right.button(
                _("New code"),
                key=f"class_card_new_{holder.learner_id}",
                on_click=_new_code,
                args=(teacher, klass, holder.learner_id),
            )


def app_address() -> str:
    """The app's address, for the cards (its home page)."""
    try:
        base = str(st.context.url or "")
    except Exception:  # noqa: BLE001 - no request (a test run)
        base = ""
    if "://" not in base:
        return "/"
    root = base.split("?", 1)[0].split("#", 1)[0]
    scheme, rest = root.split("://", 1)
    return f"{scheme}://{rest.split('/', 1)[0]}/"


_SHEET_CSS = """<style>
.login-cards {display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr));
  gap: 0.75rem;}
.login-card {border: 2px dashed #555; border-radius: 0.6rem; padding: 0.8rem 1rem;
  break-inside: avoid; page-break-inside: avoid; background: #fff; color: #111;}
.login-card .card-class {font-size: 0.85rem; color: #444;}
.login-card .card-name {font-size: 1.35rem; font-weight: 700; margin: 0.2rem 0 0.4rem;
  overflow-wrap: anywhere;}
.login-card .card-code {font-family: ui-monospace, "DejaVu Sans Mono", monospace;
  font-size: 1.5rem; font-weight: 700; letter-spacing: 0.08em; direction: ltr;
  unicode-bidi: isolate; white-space: nowrap;}
.login-card .card-how {font-size: 0.8rem; margin-top: 0.4rem;}
.login-card .card-address {font-family: ui-monospace, monospace; direction: ltr;
  unicode-bidi: isolate; overflow-wrap: anywhere;}
@media print {
  @page {margin: 1cm;}
  [data-testid="stSidebar"], [data-testid="stHeader"], [data-testid="stToolbar"],
  [data-testid="stSidebarCollapsedControl"], [data-testid="stDecoration"] {display: none !important;}
  [data-testid="stVerticalBlock"] > :not(:has(.login-cards)) {display: none !important;}
  [data-testid="stMain"], [data-testid="stMainBlockContainer"] {padding: 0 !important;
    margin: 0 !important; max-width: none !important;}
  .login-cards {grid-template-columns: repeat(2, 1fr); gap: 0.5cm;}
  .login-card {border-color: #000;}
}
</style>"""


def _card_html(name: str, code: str, class_name: str, lang: str, address: str) -> str:
    """One card: the class, the learner's name, the code and how to use it, in ``lang``."""
    shown_class = f"<bdi>{plain_html(class_name)}</bdi>"
    shown_address = f'<bdi class="card-address" dir="ltr">{plain_html(address)}</bdi>'
    how = _("Open {address} and type this code under “Have a login card?”.", lang=lang)
    class_line = html.escape(_("Class: {name}", lang=lang)).format(name=shown_class)
    return (
        f'<div class="login-card" {html_attributes(lang)}>'
        f'<div class="card-class">{class_line}</div>'
        f'<div class="card-name"><bdi>{plain_html(name)}</bdi></div>'
        f'<div class="card-code">{plain_html(code)}</div>'
        f'<div class="card-how">{html.escape(how).format(address=shown_address)}</div>'
        "</div>"
    )


def _done() -> None:
    st.session_state.pop(SHEET_KEY, None)


def cards_sheet(name: str) -> bool:
    """The sheet of cards ``name`` just made (True: shown, the page shows nothing else), in the
    class's language, with print styles: cards in a grid, no menu, no buttons. Anyone else
    practising in this session (the teacher pressed "Not you?") never sees it: it is dropped."""
    sheet = st.session_state.get(SHEET_KEY)
    if not isinstance(sheet, dict):
        return False
    if sheet.get("teacher") != name:
        st.session_state.pop(SHEET_KEY, None)
        return False
    made = [(str(name), str(code)) for name, code in sheet.get("cards", [])]
    with st.container(key="class_cards_controls"):
        st.warning(
            _(
                "Print these cards now, or write the codes down: they are shown only this once. "
                "A lost code can be replaced with a new one from the class."
            ),
            icon=":material/print:",
        )
        st.caption(
            _("Use your browser's Print ({keys}): only the cards are printed.").format(
                keys="Ctrl+P"
            )
        )
        st.button(_("Done: back to the class"), key="class_cards_done", on_click=_done)
    address = app_address()
    lang = str(sheet.get("language", "en"))
    cards = "".join(
        _card_html(name, code, str(sheet.get("class", "")), lang, address) for name, code in made
    )
    st.html(_SHEET_CSS + f'<div class="login-cards">{cards}</div>')
    return True
