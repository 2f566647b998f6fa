"""A learner's PIN on the pages: the box that asks for it, setting, changing and removing it,
the cookie that lets this browser skip the box next time, and the box where a login card's
code (``tutor.store.cards``: a PIN that also says whose it is) signs its learner in.

``setup_page`` calls :func:`pin_gate` on every page: when the name in the address is protected
and this browser has not given its PIN (``tutor.frame.profile.locked_learner``), the page says
so plainly and offers the PIN box; until then the session practises as nobody. The right PIN
grants the name in this session's store and leaves a token (``tutor.store.access``) in a
cookie, written by a line of JavaScript (Streamlit 1.67 reads cookies, ``st.context.cookies``,
but has no call to set one): a reload or a new tab in the same browser reads it and does not
ask again. The cookie is not HttpOnly (script wrote it); the app puts no one's text in a
script, and names are only ever shown as plain text. "Not you?" deletes it.
"""

from __future__ import annotations

import html
import json
import math

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutor.frame.profile import (
    PENDING_COOKIES,
    choose_learner,
    claimed_learner,
    cookie_name,
    current_learner,
    forget_learner,
    locked_learner,
    login_configured,
    set_cookie_later,
    visitor_store,
)
from tutor.frame.render import bold, plain_html
from tutor.lang.i18n import _, fmt_int, ngettext
from tutor.store import (
    MAX_PIN_LENGTH,
    MIN_PIN_LENGTH,
    CardRefused,
    CardSignIn,
    PinCheck,
    PinError,
    open_store,
)
from tutor.store.access import TOKEN_DAYS
from tutor.store.cards import CARD_LENGTH

__all__ = [
    "card_refusal_text",
    "card_sign_in",
    "pin_gate",
    "pin_settings",
    "refusal_text",
    "wait_text",
    "write_cookies",
]

_MESSAGE = "pin_message"  # (kind, text) shown once by the next box drawn
_CODE = "pin_recovery_code"  # a new PIN's recovery code, shown once


def not_owner_text() -> str:
    """Why this browser may not protect the name: another browser first used it."""
    return _(
        "This name was first used in another browser: only that browser, or someone who knows "
        "the name's PIN, can protect it. To keep your own progress safe, choose a name of your own."
    )


def wait_text(seconds: int) -> str:
    """A wait in words: seconds under two minutes, else whole minutes (rounded up)."""
    if seconds < 120:
        return ngettext("{n} second", "{n} seconds", seconds).format(n=fmt_int(seconds))
    minutes = math.ceil(seconds / 60)
    return ngettext("{n} minute", "{n} minutes", minutes).format(n=fmt_int(minutes))


def refusal_text(check: PinCheck | None) -> str:
    """Why a PIN was not taken: wrong (and how many tries are left), a wait (the name's, or this
    browser's and network's), another browser's name, or no database."""
    if check is None:
        return _("The PIN cannot be checked now: the database does not answer. Try again later.")
    if check.not_owner:
        return not_owner_text()
    if check.wait_seconds and check.from_here:
        return _("Too many wrong PINs from this browser or network: try again in {time}.").format(
            time=wait_text(check.wait_seconds)
        )
    if check.wait_seconds:
        return _("Too many wrong PINs for this name: try again in {time}.").format(
            time=wait_text(check.wait_seconds)
        )
    return ngettext(
        "That PIN is not right: {n} more try before a wait.",
        "That PIN is not right: {n} more tries before a wait.",
        check.tries_left,
    ).format(n=fmt_int(check.tries_left))


def _pin_rule() -> str:
    return _("A PIN has {low} to {high} characters.").format(
        low=fmt_int(MIN_PIN_LENGTH), high=fmt_int(MAX_PIN_LENGTH)
    )


def _remember(name: str) -> None:
    """The PIN was right: this browser keeps a token for ``name`` (written by :func:`write_cookies`)."""
    token = open_store().access_token(name)
    if token:
        set_cookie_later(cookie_name(name), token, TOKEN_DAYS * 86400)


def write_cookies() -> None:
    """Write (or delete) the cookies left pending (a PIN, "Not you?", a new browser key) with a
    line of JavaScript."""
    pending = st.session_state.pop(PENDING_COOKIES, None)
    if not isinstance(pending, dict) or not pending:
        return
    lines = []
    for cookie, (value, age) in pending.items():
        # cookie names are ASCII words and values hex or base64url digits and dots: nothing to
        # escape, but all goes through JSON so no text ever reaches the script as code
        text = json.dumps(f"{cookie}={value}; Max-Age={int(age)}; Path=/; SameSite=Lax")
        lines.append(f"document.cookie = {text} + secure;")
    # a block of its own: a page writes cookies more than once (a new browser key, then a PIN),
    # and a second top-level `const secure` in the same document is a SyntaxError
    st.html(
        "<script>{const secure = location.protocol === 'https:' ? '; Secure' : '';\n"
        + "\n".join(lines)
        + "}</script>",
        unsafe_allow_javascript=True,
    )


def _message() -> None:
    pending = st.session_state.pop(_MESSAGE, None)
    if pending:
        kind, text = pending
        (st.success if kind == "success" else st.error)(text)
    code = st.session_state.pop(_CODE, None)
    if isinstance(code, str):
        st.warning(
            _(
                "Your recovery code is below. Write it down now: it is shown only this once. If "
                "you forget the PIN, type this code in the PIN box instead: it removes the PIN."
            ),
            icon=":material/key:",
        )
        st.code(code, language=None)


def _unlock() -> None:
    name = claimed_learner()
    typed = st.session_state.get("pin_unlock_input", "")
    st.session_state["pin_unlock_input"] = ""
    if not name:
        return
    check = visitor_store().try_pin(name, typed)
    if check is not None and check.recovered:
        st.session_state[_MESSAGE] = (
            "success",
            _(
                "The recovery code is used: the PIN is removed and this browser holds the name. "
                "Set a new PIN on the progress page."
            ),
        )
    elif check is not None and check.ok:
        _remember(name)
    else:
        st.session_state[_MESSAGE] = ("error", refusal_text(check))


def pin_gate() -> None:
    """On every page: when the name in the address is protected and this browser has not given
    its PIN, say so and ask for it (nothing of that name is read or written until then)."""
    write_cookies()
    name = locked_learner()
    if name is None:
        return
    if open_store().access_unknown(name):  # fails closed: refused, and the page says why
        text = html.escape(
            _(
                "Who may use the name {name} cannot be checked now: the database does not answer. "
                "Until it can, nothing of this name's progress, answers, games or language is shown "
                "or changed; try again in a moment."
            )
        ).format(name=f"<b><bdi>{plain_html(name)}</bdi></b>")
        st.markdown(f'<div class="learner-name">⚠️ {text}</div>', unsafe_allow_html=True)
        return
    with st.container(border=True, key="pin_gate"):
        shown = f"<b><bdi>{plain_html(name)}</bdi></b>"
        text = html.escape(
            _(
                "This name is protected: {name} has a PIN. Give the PIN to practise as {name} in this "
                "browser; without it nothing of this name's progress, answers, games or language is "
                "shown or changed."
            )
        ).format(name=shown)
        st.markdown(f'<div class="learner-name">🔒 {text}</div>', unsafe_allow_html=True)
        with st.form("pin_unlock", border=False):
            st.text_input(
                _("PIN"), type="password", key="pin_unlock_input", max_chars=MAX_PIN_LENGTH
            )
            left, right = st.columns(2)
            left.form_submit_button(_("Unlock"), type="primary", on_click=_unlock)
            right.form_submit_button(_("Not you?"), on_click=forget_learner)
        _message()


def _set_pin(name: str, action: str) -> None:
    """Form handler of :func:`pin_settings`: ``action`` is "set", "change" or "remove"."""
    state = st.session_state
    current, new, again = (state.get(f"pin_{field}", "") for field in ("current", "new", "again"))
    for field in ("current", "new", "again"):
        state[f"pin_{field}"] = ""
    if action != "remove" and new != again:
        state[_MESSAGE] = ("error", _("The two PINs are not the same: nothing was changed."))
        return
    try:
        check = visitor_store().set_pin(name, None if action == "remove" else new, current or None)
    except PinError:
        state[_MESSAGE] = ("error", _pin_rule() + " " + _("Nothing was changed."))
        return
    if check is None or not check.ok:
        state[_MESSAGE] = ("error", refusal_text(check))
        return
    if action == "remove":
        set_cookie_later(cookie_name(name), "", 0)
        state[_MESSAGE] = (
            "success",
            _("The PIN is removed: anyone who types this name can use it again."),
        )
    else:
        _remember(name)
        state[_MESSAGE] = ("success", _("The PIN is set: this name is protected."))
        state[_CODE] = check.recovery_code


def pin_settings(name: str) -> None:
    """The progress page's PIN section: protect the name, or change or remove its PIN (which
    needs the current one, rate-limited like every try)."""
    if login_configured():
        return  # signed-in learners are who the sign-in says
    store = visitor_store()
    protected = store.protected(name)
    title = _("Change or remove my PIN") if protected else _("Protect my name with a PIN")
    with st.expander(title, icon=":material/lock:", expanded=_MESSAGE in st.session_state):
        _message()
        if not protected and not store.may_protect(name):
            st.caption(not_owner_text())
            return
        if protected:
            st.caption(
                _("This name is protected by a PIN. Changing or removing it needs the current PIN.")
            )
        else:
            st.caption(
                _(
                    "Anyone who opens this app with your name in the address can see and add to your "
                    "progress. With a PIN they must give it first; this browser remembers it for {n} days."
                ).format(n=fmt_int(TOKEN_DAYS))
            )
        with st.form("pin_settings", border=False):
            if protected:
                st.text_input(
                    _("Current PIN"), type="password", key="pin_current", max_chars=MAX_PIN_LENGTH
                )
            st.text_input(
                _("New PIN"),
                type="password",
                key="pin_new",
                max_chars=MAX_PIN_LENGTH,
                help=_pin_rule(),
            )
            st.text_input(
                _("The new PIN again"), type="password", key="pin_again", max_chars=MAX_PIN_LENGTH
            )
            if protected:
                left, right = st.columns(2)
                left.form_submit_button(
                    _("Change the PIN"), on_click=_set_pin, args=(name, "change")
                )
                right.form_submit_button(
                    _("Remove the PIN"), on_click=_set_pin, args=(name, "remove")
                )
            else:
                st.form_submit_button(
                    _("Set the PIN"), type="primary", on_click=_set_pin, args=(name, "set")
                )


# ---------------------------------------------------------------------------------------------
# A login card (tutor.store.cards): its code alone signs its learner in on this browser

_CARD_CODE = "pin_card_code"
_CARD_MESSAGE = "pin_card_message"  # (kind, text or name) shown once by the card's box


def card_refusal_text(found: CardSignIn | None) -> str:
    """Why a card's code signed nobody in: a wait from here, a wrong code, or no database."""
    if found is None:
        return _("The code cannot be checked now: the database does not answer. Try again later.")
    if found.check.wait_seconds:
        return _("Too many wrong codes from this browser or network: try again in {time}.").format(
            time=wait_text(found.check.wait_seconds)
        )
    return _("That code signs nobody in: check each letter and digit against your card.")


def _card_sign_in() -> None:
    typed = str(st.session_state.get(_CARD_CODE, ""))
    st.session_state[_CARD_CODE] = ""
    try:
        found = visitor_store().sign_in_with_card(typed)
    except CardRefused:
        text = _(
            "A card's code is {n} letters and digits in three groups, such as {example}. "
            "Check it against your card."
        ).format(n=fmt_int(CARD_LENGTH), example="ABCD-EFGH-JKLM")
        st.session_state[_CARD_MESSAGE] = ("error", text)
        return
    if found is None or found.learner is None:
        st.session_state[_CARD_MESSAGE] = ("error", card_refusal_text(found))
        return
    choose_learner(found.learner.name)
    _remember(found.learner.name)  # this browser keeps the sign-in, as after a PIN
    st.session_state[_CARD_MESSAGE] = ("signed_in", found.learner.name)


def card_sign_in() -> None:
    """The box where a learner types their login card's code (nothing while someone practises
    here, or with the app's sign-in); once, after a card signed in, who it was."""
    if login_configured() or get_script_run_ctx() is None:
        # no script run: the entry script imported bare (a spawned process re-imports it as
        # its main module), where a form is never closed and every later widget is "in" it
        return
    kind, text = st.session_state.pop(_CARD_MESSAGE, (None, ""))
    if kind == "signed_in":
        shown = f"<b><bdi>{plain_html(text)}</bdi></b>"
        note = html.escape(
            _("You are signed in as {name}. This browser remembers you until you press “Not you?”.")
        ).format(name=shown)
        st.html(f'<div class="learner-name">✅ {note}</div>')
    if current_learner() is not None:
        return
    with st.container(border=True, key="card_sign_in"):
        st.markdown(bold(_("Have a login card?")))
        with st.form("card_sign_in_form", border=False):
            st.text_input(
                _("The code on your card"),
                key=_CARD_CODE,
                max_chars=40,
                placeholder="ABCD-EFGH-JKLM",
                autocomplete="off",
            )
            st.form_submit_button(
                _("Sign in with the card"), type="primary", on_click=_card_sign_in
            )
        if kind == "error":
            st.error(text, icon=":material/error:")
