"""Home: what the app teaches and the way into each page.

`streamlit run app.py` reads this file before it serves anything: it finds the ``st.App`` below
and serves the app through it, so that the process is warmed (``tutor.frame.warm.lifespan``)
before the server takes its first connection. Streamlit runs the page itself, this file and
each of ``pages/`` (found by Streamlit as before), as the module ``__main__``.
"""

from __future__ import annotations

import streamlit as st

if __name__ != "__main__":  # imported by `streamlit run app.py` to serve the app: no page run
    from tutor.frame import contention
    from tutor.frame.warm import lifespan

    contention.install()  # before st.App makes Streamlit's runtime, which keeps its wake-up
    app = st.App(__file__, lifespan=lifespan)
else:  # the home page's run
    from cribbage_core.teaching.hand_quiz import deal_hand
    from tutor.classroom.task_view import home_tasks
    from tutor.frame.menu import PAGES, REVIEW_PAGE, due_today, four_colour, link_params, setup_page
    from tutor.frame.pin import card_sign_in
    from tutor.frame.profile import current_learner
    from tutor.frame.render import bold, show_html
    from tutor.frame.urlstate import seed_from_url
    from tutor.html.cards import cards_row
    from tutor.lang.i18n import N_, _, fmt_int, say_count

    setup_page("app.py", N_("Home"))

    st.title(_("Learn cribbage, one hand at a time"))
    st.markdown(
        _(
            "Cribbage is a card game for two (or three, or four) where you score by making fifteens, "
            "pairs, runs and flushes, first while the cards are played and then by counting your hand. "
            "This tutor teaches the rules with live examples and drills the two skills that make a "
            "good player: **counting a hand** quickly and **pegging** during the play."
        )
    )

    if not current_learner():  # a first visit: one way in, then the next step
        with st.container(border=True, key="home_way_in"):
            st.markdown(
                bold(_("New to cribbage? Start with one coached deal."))
                + " "
                + _(
                    "You play both seats of one deal and the coach explains every step: the throw to "
                    "the crib, each card laid, the count. Then practise counting hands."
                )
            )
            st.page_link(
                "pages/11_First_game.py",
                label=_("First: play a coached first game"),
                icon=":material/school:",
                query_params=link_params(),
            )
            st.page_link(
                "pages/2_Count_the_hand.py",
                label=_("Then: count hands"),
                icon=":material/calculate:",
                query_params=link_params(),
            )

    card_sign_in()  # a login card from a teacher: its code signs the learner in on this browser

    seed = seed_from_url()
    example = deal_hand(seed)
    left, right = st.columns([3, 2])
    with left:
        show_html(
            cards_row(
                (*example.hand, example.starter),
                four_colour=four_colour(),
                width=70,
                captions=["", "", "", "", _("starter")],
            )
        )
    with right:
        st.markdown(bold(_("How many points does this hand count? Count it yourself first.")))
        with st.expander(_("Show the count")):
            st.markdown(bold(_("This hand counts:")))
            st.markdown(f"“{say_count(example.score.steps)}”")
            st.caption(
                _("That is {total} points. Can you see them all?").format(
                    total=fmt_int(example.score.total)
                )
            )

    if current_learner():  # the questions this learner got wrong that come back today
        with st.container(border=True, key="home_due"):
            st.markdown("## " + _("Due today: {n}").format(n=fmt_int(due_today())))
            st.page_link(
                REVIEW_PAGE,
                label=_("Review now"),
                icon=":material/replay:",
                query_params=link_params(),
            )
        home_tasks(str(current_learner()))  # the tasks of the learner's classes, with progress

    st.divider()
    st.header(_("Where to start"))
    entries = PAGES[1:]
    for row_start in range(0, len(entries), 3):
        row = entries[row_start : row_start + 3]
        for column, page in zip(st.columns(3), row):
            with column.container(border=True):
                st.markdown("### " + _(page.label))
                st.write(_(page.blurb))
                st.page_link(page.path, label=_("Open"), icon=page.icon, query_params=link_params())

    st.caption(
        _(
            "New to the game? Start with the lessons. Know the rules? Go straight to the quizzes: "
            "every deal has a number in the address bar, so you can share it."
        )
    )
