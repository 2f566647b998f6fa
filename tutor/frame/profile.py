"""Who is practising: a name chosen on first visit, kept in the URL (``?learner=``).

The name in the URL is what lets several people on one machine keep separate progress (each
bookmarks their own link) and survives a reload; session state carries it from page to page.
A name is kept as it shows (``tutor.store.clean_name``: NFC, no control or direction-changing
characters, every script's letters) and only ever shown as plain text in an HTML block
(``tutor.frame.render.plain_html``), so ``<script>``, ``**bold**``, ``https://…``,
``www.…`` or ``a@b.c`` show as typed, never as markup or a link. A name in the address that
cannot be used, or that lost invisible characters, is fixed there and the page says so once.

Pages call ``learner_widget()`` near the top and get the name back (None until one is
chosen); links to other pages pass ``learner_params()`` so the name travels with them.

The learner's language is saved with the profile (``remember_language``) and used when a
learner comes back without ``?lang=`` in the address (``saved_language``).
"""

from __future__ import annotations

import html
import re
import unicodedata

from tutor.frame.render import plain_html
from tutor.frame.urlstate import address_changed
from tutor.lang.i18n import _, current_language, fmt_int
from tutor.store import MAX_NAME_LENGTH, StoreError, clean_name, open_store, visible_text

QUERY_KEY = "learner"
SESSION_KEY = "profile_learner"

_MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!|~$:])")


def escape_markdown(text: str) -> str:
    """``text`` made safe to put inside ``st.markdown``: shown literally, never as markup.

    HTML is entity-escaped (Streamlit would not run it anyway without ``unsafe_allow_html``,
    but this keeps it visible as typed) and Markdown punctuation is backslash-escaped.

    >>> escape_markdown("<script>alert(1)</script>")
    '&lt;script&gt;alert\\\\(1\\\\)&lt;/script&gt;'
    >>> escape_markdown("**Ann**")
    '\\\\*\\\\*Ann\\\\*\\\\*'
    """
    return html.escape(_MARKDOWN_SPECIALS.sub(r"\\\1", text), quote=False)


def valid_name(name: object) -> str | None:
    """The cleaned name, or None when ``name`` is not a usable learner name."""
    if not isinstance(name, str):
        return None
    try:
        return clean_name(name)
    except StoreError:
        return None


def current_learner() -> str | None:
    """The learner's name from the URL, else from this session; keeps the two in step.

    A name in the URL that cannot be used is taken out of it, one that lost invisible
    characters is put back cleaned, and the page says which (once: the URL is then clean).
    """
    import streamlit as st

    raw = st.query_params.get(QUERY_KEY)
    from_url = valid_name(raw)
    if raw is not None and from_url != raw:
        _fix_name_in_url(raw, from_url)
    if from_url:
        st.session_state[SESSION_KEY] = from_url
        return from_url
    from_session = valid_name(st.session_state.get(SESSION_KEY))
    if from_session:
        st.query_params[QUERY_KEY] = from_session  # a reload or bookmark keeps the learner
    return from_session


def _fix_name_in_url(raw: str, cleaned: str | None) -> None:
    import streamlit as st

    if cleaned is None:
        del st.query_params[QUERY_KEY]
        if len(" ".join(visible_text(raw).split())) > MAX_NAME_LENGTH:
            address_changed(
                _("The name in the address is longer than {n} characters, so it is not used: "
                  "choose a shorter one.").format(n=fmt_int(MAX_NAME_LENGTH))
            )  # fmt: skip
        elif raw.strip():
            address_changed(_("The name in the address has nothing that shows, so it is not used."))
        return
    st.query_params[QUERY_KEY] = cleaned
    if " ".join(unicodedata.normalize("NFC", raw).split()) != cleaned:
        address_changed(
            _("Characters that do not show (such as text-direction marks) were taken out of "
              "the name in the address.")
        )  # fmt: skip


def practising_html(name: str) -> str:
    """'Practising as <name>' as an HTML block, the name plain text in its own direction."""
    shown = f"<b><bdi>{plain_html(name)}</bdi></b>"
    return '<div class="learner-name">' + html.escape(_("Practising as {name}")).format(name=shown) + "</div>"


def choose_learner(name: str) -> str:
    """Make ``name`` the current learner (URL and session); raises StoreError if unusable."""
    import streamlit as st

    cleaned = clean_name(name)
    st.session_state[SESSION_KEY] = cleaned
    st.query_params[QUERY_KEY] = cleaned
    return cleaned


def forget_learner() -> None:
    """Stop practising under the current name (the next visitor chooses their own)."""
    import streamlit as st

    st.session_state.pop(SESSION_KEY, None)
    if QUERY_KEY in st.query_params:
        del st.query_params[QUERY_KEY]


def learner_params() -> dict[str, str]:
    """Query parameters that carry the current learner to another page (for ``st.page_link``)."""
    name = current_learner()
    return {QUERY_KEY: name} if name else {}


def saved_language() -> str | None:
    """The language the current learner last chose (None without a learner or a database)."""
    name = current_learner()
    return open_store().language(name) if name else None


def remember_language(code: str) -> None:
    """Save ``code`` as the current learner's language (nothing without a learner)."""
    name = current_learner()
    if name:
        open_store().set_language(name, code)


def _submit_name() -> None:
    import streamlit as st

    typed = st.session_state.get("profile_name_input", "")
    try:
        choose_learner(typed)
        remember_language(current_language())
        st.session_state.pop("profile_error", None)
    except StoreError as error:
        st.session_state["profile_error"] = str(error)


def learner_widget(ask: bool = True, compact: bool = False) -> str | None:
    """Show who is practising (with a "Not you?" button); ask for a name if nobody yet.

    Returns the current learner's name, or None while none is chosen. With ``ask=False``
    nothing is asked (for pages that work without a name). ``compact``: one narrow column
    (for the sidebar), the button under the name.
    """
    import streamlit as st

    name = current_learner()
    if name and compact:
        st.markdown(practising_html(name), unsafe_allow_html=True)
        st.button(_("Not you?"), key="profile_switch", on_click=forget_learner, type="tertiary")
        return name
    if name:
        left, right = st.columns([4, 1], vertical_alignment="center")
        left.markdown(practising_html(name), unsafe_allow_html=True)
        right.button(_("Not you?"), key="profile_switch", on_click=forget_learner)
        return name
    if not ask:
        return None
    with st.form("profile_form", border=True):
        st.markdown(_("Choose a name so your progress is kept (it goes in this page's address)."))
        st.text_input(
            _("Your name"), key="profile_name_input", max_chars=40, placeholder=_("e.g. Sam")
        )
        st.form_submit_button(_("Start"), on_click=_submit_name)
    error = st.session_state.get("profile_error")
    if error:
        st.error(_("That name cannot be used: {reason}").format(reason=error))
    return None
