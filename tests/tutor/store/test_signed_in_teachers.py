"""A teacher signed in by the app's sign-in (``st.login``): a name nobody can type may teach.

The class rules are the store's (``tutor.store.classes``): a teacher is a learner with a PIN,
or one whose name the sign-in vouched for (``learners.identity_at``); the session says whether
this browser is that learner (``Store.grant(name, identity=True)``). Runs on SQLite and, under
``scripts/with_postgres.sh``, PostgreSQL.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor import store
from tutor.store import class_figures, classes
from tutor.store.access import vouch_identity
from tutor.store.classes import NotATeacher
from tutor.store.schema import LEARNERS


def identity_at(engine: Engine, learner_id: int) -> object:
    with engine.connect() as conn:
        return conn.scalar(sa.select(LEARNERS.c.identity_at).where(LEARNERS.c.id == learner_id))


def test_a_name_the_sign_in_vouched_for_may_teach_without_a_pin(engine: Engine) -> None:
    kim = store.create_learner(engine, "kim@school.example")
    with pytest.raises(NotATeacher) as refused:
        classes.create_class(engine, kim.id, "Chess club", "en")
    assert refused.value.reason == "no_pin"
    vouch_identity(engine, kim.id)
    first = identity_at(engine, kim.id)
    assert first is not None
    vouch_identity(engine, kim.id)  # once: the first sign-in's moment stays
    assert identity_at(engine, kim.id) == first
    made = classes.create_class(engine, kim.id, "Chess club", "en")
    assert classes.classes_taught(engine, kim.id) == [made]
    pupil = store.create_learner(engine, "Pupil")
    classes.join_class(engine, pupil.id, made.join_code)
    figures = class_figures.class_figures(engine, kim.id, made.id)
    assert [m.name for m in figures.members] == ["Pupil"]
    # another signed-in name may be added as a teacher; a plain typed name may not
    lee = store.create_learner(engine, "lee@school.example")
    with pytest.raises(NotATeacher):
        classes.add_teacher(engine, kim.id, made.id, lee.id)
    vouch_identity(engine, lee.id)
    classes.add_teacher(engine, kim.id, made.id, lee.id)
    assert [c.id for c in classes.classes_taught(engine, lee.id)] == [made.id]


def test_only_a_session_signed_in_as_the_name_may_teach_as_it(engine: Engine) -> None:
    signed_in = store.store_for_engine(engine)
    signed_in.grant("kim@school.example", identity=True)  # as the page does for st.user
    assert signed_in.may_teach("kim@school.example")
    kim = store.learner_by_name(engine, "kim@school.example")
    assert kim is not None and identity_at(engine, kim.id) is not None
    made = signed_in.create_class("kim@school.example", "Chess club", "en")
    assert made is not None and [c.id for c in signed_in.classes_taught("kim@school.example")] == [
        made.id
    ]
    # the same name typed in another session, with no sign-in: not a teacher, sees nothing
    typed = store.store_for_engine(engine)
    assert not typed.may_teach("kim@school.example")
    assert typed.classes_taught("kim@school.example") == []
    with pytest.raises(NotATeacher):
        typed.create_class("kim@school.example", "Other club", "en")
    # a session granted the name for another reason (not the sign-in) needs the PIN as before
    granted = store.store_for_engine(engine)
    granted.grant("sam")
    store.create_learner(engine, "sam")
    assert not granted.may_teach("sam")
