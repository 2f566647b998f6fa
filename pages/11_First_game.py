"""A coached first game: one scripted deal played from both seats, each step explained."""

from __future__ import annotations

import streamlit as st

from tutor.first_game.view import run
from tutor.frame.menu import four_colour, setup_page
from tutor.lang.i18n import N_, _

PAGE = "pages/11_First_game.py"

setup_page(PAGE, N_("A coached first game"))
st.title(_("A coached first game"))
st.caption(
    _(
        "One deal from the cut to the crib. The rules are the game's own; the cards are "
        "dealt the same way every time, so the play shows a go and a thirty-one."
    )
)
run(four_colour())
