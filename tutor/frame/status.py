"""Status lines every page may need: "progress is not being saved" when the database is down.

The reason is one of the store's fixed phrases (``tutor.store.PROBLEMS``), translated here:
a visitor never reads the database's address, a user name or a file path.
"""

from __future__ import annotations

import streamlit as st

from tutor.lang.i18n import N_, _
from tutor.store import Store

# the same phrases as tutor.store.handle.PROBLEMS (a test keeps them in step), marked for the catalogs
PROBLEM_TEXTS = (
    N_("cannot open the database"),
    N_("the database is busy: another program holds a lock on it"),
    N_("the database is read-only"),
    N_("the database does not answer"),
    N_("the database was written by a newer version of this app"),
    N_("the database refused the change"),
)


def problem_text(store: Store) -> str | None:
    """Why progress is not being saved, in the learner's language (None while it is)."""
    if not store.problem:
        return None
    return _(store.problem) if store.problem in PROBLEM_TEXTS else _("the database does not answer")


def show_status(store: Store) -> None:
    """Tell the learner, once per page, that progress is not being saved (if it is not)."""
    reason = problem_text(store)
    if reason:
        st.warning(_("Progress is not being saved: {reason}").format(reason=reason), icon="⚠️")
