"""``Store``'s methods for classes: a teacher's classes, members, tasks and login cards.

A mixin of :class:`tutor.store.handle.Store` (which composes it): a teacher's method goes
through the handle's ``_as_teacher`` (this session must have proved the name, see
``Store.may_teach``), a member's through ``_for_learner``; every rule is checked again in
``tutor.store.classes``, ``tutor.store.tasks`` and ``tutor.store.cards``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sqlalchemy.engine import Engine

from tutor.store.cards import (
    Card,
    CardHolder,
    CardSignIn,
    card_holders,
    create_accounts,
    new_card,
    prepare_accounts,
    prepare_card,
    sign_in_with_card,
)
from tutor.store.class_figures import ClassFigures, class_figures, member_attempts
from tutor.store.classes import (
    Member,
    NotATeacher,
    SchoolClass,
    add_teacher,
    archive_class,
    class_members,
    class_of,
    class_teachers,
    classes_joined,
    classes_taught,
    create_class,
    join_class,
    leave_class,
    member_learner,
    remove_class,
)
from tutor.store.handle_core import _HandleCore
from tutor.store.ratings import SkillRating, skill_ratings
from tutor.store.records import Learner
from tutor.store.tasks import (
    Task,
    TaskProgress,
    class_tasks,
    member_task_progress,
    my_tasks,
    remove_task,
    set_task,
)

if TYPE_CHECKING:
    import pandas as pd


class _ClassesHandle(_HandleCore):
    """Classes, their tasks and login cards (``tutor.store.classes``, ``tutor.store.tasks``,
    ``tutor.store.cards``)."""

    def create_class(self, teacher: str, class_name: str, language: str) -> SchoolClass | None:
        """``create_class`` (None: the database is down); raises ``ClassError``."""
        return self._as_teacher(
            teacher, lambda e, who: create_class(e, who.id, class_name, language), None, True
        )

    def classes_taught(self, teacher: str) -> list[SchoolClass]:
        """The classes ``teacher`` teaches ([]: none, not proved here, or the database down)."""
        return self._as_teacher(teacher, lambda e, who: classes_taught(e, who.id), [])

    def class_of(self, teacher: str, class_id: int) -> SchoolClass | None:
        """The class, if ``teacher`` teaches it (None otherwise)."""
        return self._as_teacher(teacher, lambda e, who: class_of(e, who.id, class_id), None)

    def class_teachers(self, teacher: str, class_id: int) -> list[str]:
        """The class's teachers' names, for one of them."""
        return self._as_teacher(teacher, lambda e, who: class_teachers(e, who.id, class_id), [])

    def add_teacher(self, teacher: str, class_id: int, other: str) -> bool | None:
        """Make ``other`` a teacher of the class too (False: one already; None: not saved);
        raises ``ClassError`` (``no_learner``: nobody has that name)."""
        found = self.learner(other)
        if found is None:
            if self.failures:
                return None
            raise NotATeacher("no_learner", "nobody has that name here")
        return self._as_teacher(
            teacher, lambda e, who: add_teacher(e, who.id, class_id, found.id), None, True
        )

    def archive_class(self, teacher: str, class_id: int, archived: bool = True) -> bool:
        """``archive_class``; False when not saved. Raises ``ClassError``."""

        def archive(engine: Engine, who: Learner) -> bool:
            archive_class(engine, who.id, class_id, archived)
            return True

        return self._as_teacher(teacher, archive, False, True)

    def remove_class(self, teacher: str, class_id: int) -> bool:
        """``remove_class`` (no learner's progress goes); False when not saved."""

        def remove(engine: Engine, who: Learner) -> bool:
            remove_class(engine, who.id, class_id)
            return True

        return self._as_teacher(teacher, remove, False, True)

    def class_members(self, teacher: str, class_id: int) -> list[Member]:
        """The class's current members, for one of its teachers ([] otherwise)."""
        return self._as_teacher(teacher, lambda e, who: class_members(e, who.id, class_id), [])

    def class_figures(
        self, teacher: str, class_id: int, now: dt.datetime | None = None
    ) -> ClassFigures | None:
        """The class table's figures, for one of its teachers (None otherwise)."""
        return self._as_teacher(
            teacher, lambda e, who: class_figures(e, who.id, class_id, now), None
        )

    def member_learner(self, teacher: str, class_id: int, learner_id: int) -> Learner | None:
        """A current member, for one of the class's teachers (None otherwise)."""
        return self._as_teacher(
            teacher, lambda e, who: member_learner(e, who.id, class_id, learner_id), None
        )

    def member_attempts(
        self, teacher: str, class_id: int, learner_id: int, columns: Sequence[str]
    ) -> pd.DataFrame | None:
        """A current member's attempts, for one of the class's teachers (None otherwise)."""
        return self._as_teacher(
            teacher,
            lambda e, who: member_attempts(e, who.id, class_id, learner_id, columns),
            None,
        )

    def member_ratings(
        self, teacher: str, class_id: int, learner_id: int
    ) -> dict[str, SkillRating] | None:
        """A current member's ratings, for one of the class's teachers (None otherwise)."""

        def read(engine: Engine, who: Learner) -> dict[str, SkillRating] | None:
            if member_learner(engine, who.id, class_id, learner_id) is None:
                return None
            return skill_ratings(engine, learner_id)

        return self._as_teacher(teacher, read, None)

    def set_task(
        self,
        teacher: str,
        class_id: int,
        kind: str,
        answers: int,
        accuracy: int,
        due_on: dt.date,
        today: dt.date,
    ) -> Task | None:
        """``set_task`` (None: not saved); raises ``ClassError``."""
        return self._as_teacher(
            teacher,
            lambda e, who: set_task(e, who.id, class_id, kind, answers, accuracy, due_on, today),
            None,
            True,
        )

    def remove_task(self, teacher: str, class_id: int, task_id: int) -> bool:
        """``remove_task``; False when not removed."""
        return self._as_teacher(
            teacher, lambda e, who: remove_task(e, who.id, class_id, task_id), False, True
        )

    def class_tasks(self, teacher: str, class_id: int) -> list[Task]:
        """The class's tasks, for one of its teachers ([] otherwise)."""
        return self._as_teacher(teacher, lambda e, who: class_tasks(e, who.id, class_id), [])

    def member_task_progress(
        self, teacher: str, class_id: int, today: dt.date
    ) -> dict[tuple[int, int], TaskProgress]:
        """Each member's progress on each task, for one of the class's teachers ({} otherwise);
        a review task as it is on ``today`` (the app's clock, which the store does not read)."""
        return self._as_teacher(
            teacher, lambda e, who: member_task_progress(e, who.id, class_id, today), {}
        )

    def my_tasks(self, learner_name: str, today: dt.date) -> list[TaskProgress]:
        """The learner's tasks from their classes, with progress ([] when none or down); a
        review task as it is on ``today``."""
        return self._for_learner(learner_name, lambda e, who: my_tasks(e, who.id, today), [])

    def join_class(self, learner_name: str, code: str) -> tuple[SchoolClass, bool] | None:
        """``join_class`` for the named learner (None: not saved, or the name is protected and
        not given here); raises ``JoinRefused``."""
        return self._for_learner(
            learner_name, lambda e, who: join_class(e, who.id, code), None, writes=True, keep=False
        )

    def leave_class(self, learner_name: str, class_id: int) -> bool:
        """``leave_class`` for the named learner; False when not a member or not saved."""
        return self._for_learner(
            learner_name,
            lambda e, who: leave_class(e, who.id, class_id),
            False,
            writes=True,
            keep=False,
        )

    def classes_joined(self, learner_name: str) -> list[SchoolClass]:
        """The classes the learner is a member of ([]: none, or the database down)."""
        return self._for_learner(learner_name, lambda e, who: classes_joined(e, who.id), [])

    # ---- login cards (see tutor.store.cards: every rule is checked there as well)

    def create_accounts(
        self, teacher: str, class_id: int, names: Sequence[str]
    ) -> list[Card] | None:
        """``create_accounts``: the cards, each with its code shown this once (None: not
        saved). Raises ``CardError`` or ``NotATeacher``; the names are checked and the codes
        hashed before the database is asked (seconds of CPU for a hundred)."""
        if not self.may_teach(teacher):
            self.refusals += 1
            raise NotATeacher("no_pin", "a teacher is a learner whose name has a PIN")
        batch = prepare_accounts(names)
        return self._as_teacher(
            teacher, lambda e, who: create_accounts(e, who.id, class_id, batch), None, True
        )

    def card_holders(self, teacher: str, class_id: int) -> list[CardHolder]:
        """The class's members with a card of it, for one of its teachers ([] otherwise)."""
        return self._as_teacher(teacher, lambda e, who: card_holders(e, who.id, class_id), [])

    def new_card(self, teacher: str, class_id: int, learner_id: int) -> Card | None:
        """``new_card`` (None: not saved); raises ``CardError`` or ``NotATeacher``. The code is
        hashed before the database is asked, outside its time limit."""
        prepared = prepare_card() if self.may_teach(teacher) else None  # a stranger: no hash
        return self._as_teacher(
            teacher, lambda e, who: new_card(e, who.id, class_id, learner_id, prepared), None, True
        )

    def sign_in_with_card(self, code: str) -> CardSignIn | None:
        """``sign_in_with_card`` from this session's browser and address; the right code
        grants its learner here (None: the database is down). Raises ``CardRefused``."""
        browser, address = self.browser, self.address
        found = self._run(
            lambda engine: sign_in_with_card(engine, code, browser, address), None, writes=True
        )
        if found is not None and found.learner is not None:
            self._learners[found.learner.name] = found.learner
            self._run_pins().pop(found.learner.id, None)
            self.grant(found.learner.name)
        return found
