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

**Whose progress this session may use.** The name in the address is a *claim*
(:func:`claimed_learner`). :func:`current_learner`, which every read and write of progress
goes through, gives it back only when this browser may use it: the name has no PIN, or the
PIN was given in this session, or a token from an earlier right PIN is in this browser's
cookie (``tutor.store.access``; the cookie is written by ``tutor.frame.pin``). A protected
name without the PIN is :func:`locked_learner`: the page says so and offers the PIN box, and
the session practises as nobody (nothing of that name is read or written; the ``Store``
refuses it too). With Streamlit's sign-in configured (``[auth]`` in secrets), the learner is
the signed-in identity instead (:func:`identity_name`), and the address names nobody.
"""

from __future__ import annotations

import hashlib
import html
import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from tutor.frame.render import plain_html
from tutor.frame.urlstate import address_changed
from tutor.lang.i18n import _, current_language, fmt_int
from tutor.run_memo import RunMemo
from tutor.store import (
    MAX_NAME_LENGTH,
    Store,
    StoreError,
    clean_name,
    open_store,
    visible_text,
)

QUERY_KEY = "learner"
SESSION_KEY = "profile_learner"
COOKIE_PREFIX = "cribbage_pin_"
PENDING_COOKIES = (
    "profile_pending_cookies"  # {cookie: (value, max age)}, written by tutor.frame.pin
)

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


_login_configured: RunMemo[bool] = RunMemo()


def login_configured() -> bool:
    """Whether Streamlit's sign-in (``st.login``, OpenID Connect) is set up: ``[auth]`` in secrets.

    Asked a score of times a page run (every link carries the learner); without a secrets file
    Streamlit looks for one each time (0.2 ms), so the answer is kept for the run.
    """
    return _login_configured.here(_auth_in_secrets)


def _auth_in_secrets() -> bool:
    import streamlit as st

    try:
        return "auth" in st.secrets
    except Exception:  # noqa: BLE001 - no secrets file, or an unreadable one: no sign-in
        return False


def login_provider() -> str | None:
    """The identity provider ``st.login`` uses: the one named section of ``[auth]`` (e.g.
    ``[auth.microsoft]``), else None (the settings sit in ``[auth]`` itself)."""
    import streamlit as st

    try:
        named = [key for key, value in st.secrets["auth"].items() if isinstance(value, Mapping)]
    except Exception:  # noqa: BLE001 - no [auth] at all
        return None
    return named[0] if len(named) == 1 else None


def identity_name(user: Mapping[str, Any]) -> str | None:
    """The learner's name for a signed-in identity (``st.user``): its e-mail address, else its
    name, else its subject id, the first that can be a name; None when nobody is signed in.

    >>> identity_name({"is_logged_in": True, "email": "sam@school.example", "name": "Sam"})
    'sam@school.example'
    >>> identity_name({"is_logged_in": True, "email": "x" * 50 + "@a.b", "name": " Sam  Lee "})
    'Sam Lee'
    >>> identity_name({"is_logged_in": False, "email": "sam@school.example"}) is None
    True
    """
    if user.get("is_logged_in") is not True:
        return None
    for key in ("email", "name", "sub"):
        name = valid_name(user.get(key))
        if name:
            return name
    return None


def _signed_in() -> str | None:
    """The signed-in identity's learner (sign-in mode), granted in this session's store."""
    import streamlit as st

    name = identity_name(st.user.to_dict())
    if QUERY_KEY in st.query_params and st.query_params.get(QUERY_KEY) != name:
        del st.query_params[QUERY_KEY]  # the address names nobody: the sign-in does
        address_changed(_("This app uses sign-in, so the name in the address is not used."))
    if name:
        open_store().grant(name, identity=True)
    return name


def cookie_name(name: str) -> str:
    """The cookie that keeps this browser's token for ``name`` (ASCII, whatever the name).

    >>> cookie_name("Sam")
    'cribbage_pin_4ecde249d747d51d'
    """
    return COOKIE_PREFIX + hashlib.sha256(name.encode("utf-8")).hexdigest()[:16]


def may_use(name: str) -> bool:
    """Whether this session may read and write ``name``'s progress: no PIN, or the PIN given
    here, or a token from this browser's cookie that is still good."""
    store = visitor_store()
    return store.may_use(name) or store.accept_token(name, browser_cookie(name))


def visitor_store() -> Store:
    """This session's store, told who the visitor is: the hash of this browser's key (a new
    name is bound to it) and the client's address (PIN tries are counted against both)."""
    store = open_store()
    if store.browser is None:
        store.browser = browser_owner()
        store.address = _request_address()
    return store


def _request_address() -> str | None:
    import streamlit as st

    try:
        peer = st.context.ip_address
        forwarded = st.context.headers.get("X-Forwarded-For")
    except Exception:  # noqa: BLE001 - no browser (a script or test run): no address
        return None
    return client_address(peer, forwarded)


def client_address(peer: str | None, forwarded: str | None) -> str | None:
    """The client's address: the connection's own (``peer``), or, when that is a proxy on this
    machine or a private network (None: localhost), the last address ``X-Forwarded-For``
    names: the one our proxy saw (``proxy_add_x_forwarded_for`` appends it; earlier entries
    are the client's to invent).

    >>> client_address("93.184.216.34", "198.51.100.1")  # a public peer: its own address
    '93.184.216.34'
    >>> client_address("127.0.0.1", "198.51.100.1, 203.0.113.7"), client_address(None, None)
    ('203.0.113.7', None)
    """
    import ipaddress

    def parsed(text: str | None) -> str | None:
        try:
            return str(ipaddress.ip_address((text or "").strip()))
        except ValueError:
            return None

    direct = parsed(peer)
    behind_proxy = direct is None or ipaddress.ip_address(direct).is_private
    if behind_proxy and forwarded:
        last = parsed(forwarded.split(",")[-1])
        if last is not None:
            return last
    return direct


def browser_cookie(name: str) -> str | None:
    """The token this browser keeps for ``name`` (sent with the page's first request), if any."""
    return read_cookie(cookie_name(name))


def read_cookie(cookie: str) -> str | None:
    """The cookie ``cookie`` as this browser sent it with the page's first request, if any."""
    import streamlit as st

    try:
        value = st.context.cookies.get(cookie)
    except Exception:  # noqa: BLE001 - no browser (a script or test run): no cookie
        return None
    return value if isinstance(value, str) else None


def set_cookie_later(cookie: str, value: str, max_age: int) -> None:
    """Have the next page run write ``cookie`` (``max_age`` 0 deletes it): ``tutor.frame.pin.write_cookies``."""
    import streamlit as st

    pending = st.session_state.setdefault(PENDING_COOKIES, {})
    pending[cookie] = (value, max_age)


BROWSER_COOKIE = "cribbage_browser"
_BROWSER_KEY = "profile_browser_key"
_HEX = frozenset("0123456789abcdef")


def browser_key() -> str:
    """This browser's own key (128 random bits, hex): it owns the games started here without a
    learner. Kept in the session and in a cookie, so a reload or another tab of the same
    browser is the same visitor; only its hash is ever stored (:func:`browser_owner`)."""
    import secrets

    import streamlit as st

    key = st.session_state.get(_BROWSER_KEY)
    if isinstance(key, str):
        return key
    kept = read_cookie(BROWSER_COOKIE)
    if kept and len(kept) == 32 and set(kept) <= _HEX:
        key = kept
    else:
        key = secrets.token_hex(16)
        set_cookie_later(BROWSER_COOKIE, key, 365 * 86400)
    st.session_state[_BROWSER_KEY] = key
    return key


def browser_owner() -> str:
    """What a game started here keeps as its owner: a hash of :func:`browser_key`."""
    return owner_hash(browser_key())


def owner_hash(key: str) -> str:
    """The hash of a browser key that a game keeps as its owner (the key itself is never stored)."""
    return hashlib.sha256(("cribbage-browser\n" + key).encode("utf-8")).hexdigest()


def current_learner() -> str | None:
    """The learner whose progress this session reads and writes, or None.

    The name in the address (:func:`claimed_learner`) when this browser may use it; with
    sign-in configured, the signed-in identity.
    """
    if login_configured():
        return _signed_in()
    name = claimed_learner()
    return name if name is not None and may_use(name) else None


def locked_learner() -> str | None:
    """The name in the address when it is protected by a PIN this browser has not given."""
    if login_configured():
        return None
    name = claimed_learner()
    return name if name is not None and not may_use(name) else None


def claimed_learner() -> str | None:
    """The learner's name from the URL, else from this session; keeps the two in step.

    A name in the URL that cannot be used is taken out of it, one that lost invisible
    characters is put back cleaned, and the page says which (once: the URL is then clean).
    Whether this session may use the name is :func:`current_learner`'s question.
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
                _(
                    "The name in the address is longer than {n} characters, so it is not used: "
                    "choose a shorter one."
                ).format(n=fmt_int(MAX_NAME_LENGTH))
            )
        elif raw.strip():
            address_changed(_("The name in the address has nothing that shows, so it is not used."))
        return
    st.query_params[QUERY_KEY] = cleaned
    if " ".join(unicodedata.normalize("NFC", raw).split()) != cleaned:
        address_changed(
            _(
                "Characters that do not show (such as text-direction marks) were taken out of "
                "the name in the address."
            )
        )


def practising_html(name: str) -> str:
    """'Practising as <name>' as an HTML block, the name plain text in its own direction."""
    shown = f"<b><bdi>{plain_html(name)}</bdi></b>"
    return (
        '<div class="learner-name">'
        + html.escape(_("Practising as {name}")).format(name=shown)
        + "</div>"
    )


def choose_learner(name: str) -> str:
    """Make ``name`` the current learner (URL and session); raises StoreError if unusable."""
    import streamlit as st

    cleaned = clean_name(name)
    st.session_state[SESSION_KEY] = cleaned
    st.query_params[QUERY_KEY] = cleaned
    return cleaned


def forget_learner() -> None:
    """Stop practising under the current name (the next visitor chooses their own); this
    browser forgets the name's PIN too (session and cookie)."""
    import streamlit as st

    name = valid_name(st.session_state.get(SESSION_KEY)) or valid_name(
        st.query_params.get(QUERY_KEY)
    )
    if name:
        open_store().forget(name, browser_cookie(name))
        set_cookie_later(cookie_name(name), "", 0)
    st.session_state.pop(SESSION_KEY, None)
    if QUERY_KEY in st.query_params:
        del st.query_params[QUERY_KEY]


def learner_params() -> dict[str, str]:
    """Query parameters that carry the learner's name to another page (for ``st.page_link``);
    a protected name goes on too, so the next page asks for its PIN again."""
    if login_configured():
        return {}
    name = claimed_learner()
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
    signing_in = login_configured()
    leave = (_("Log out"), st.logout) if signing_in else (_("Not you?"), forget_learner)
    if name and compact:
        st.markdown(practising_html(name), unsafe_allow_html=True)
        st.button(leave[0], key="profile_switch", on_click=leave[1], type="tertiary")
        return name
    if name:
        left, right = st.columns([4, 1], vertical_alignment="center")
        left.markdown(practising_html(name), unsafe_allow_html=True)
        right.button(leave[0], key="profile_switch", on_click=leave[1])
        return name
    if not ask or locked_learner():  # a protected name: the page's PIN box asks (tutor.frame.pin)
        return None
    if signing_in:
        with st.container(border=True):
            st.markdown(_("Log in with your school or club account so your progress is kept."))
            st.button(
                _("Log in"),
                key="profile_login",
                on_click=st.login,
                args=(login_provider(),),
                type="primary",
            )
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
