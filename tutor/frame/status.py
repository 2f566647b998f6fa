"""Status lines every page may need: "progress is not being saved" when the database is down."""

from __future__ import annotations

import streamlit as st

from tutor.lang.i18n import _
from tutor.store import Store


def show_status(store: Store) -> None:
    """Tell the learner, once per page, that progress is not being saved (if it is not)."""
    if store.problem:
        st.warning(
            _("Progress is not being saved: {reason}").format(reason=store.problem), icon="⚠️"
        )
