"""``_HandleCore``: what the Store handle's room mixins use of its core, declared once.

The room mixins (``handle_records``, ``handle_games``, ``handle_reviews``, ``handle_classes``)
call the handle's state and core methods, which :class:`tutor.store.handle.Store` defines (and
composes the mixins into). Each mixin inherits this base, so that a type checker knows what
``self`` has; at run time the base adds nothing: its attributes are bare annotations (the
dataclass ``Store`` makes the fields) and its methods are declared for type checkers only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy.engine import Engine

from tutor.store.records import Learner

T = TypeVar("T")


class _HandleCore:
    """The handle's core as its room mixins see it; ``tutor.store.handle.Store`` defines it all."""

    # The handle's state (fields of the dataclass Store; see its docstring)
    engine: Engine | None  # None: the database could not be opened
    problem: str | None  # None while all is well, else a short reason
    failures: int  # calls that failed so far
    refusals: int  # calls refused: a name protected and not granted here, or not a teacher
    browser: str | None  # the hash of this session's browser's key
    address: str | None  # the client's address
    _learners: dict[str, Learner]  # learners looked up in this session, by clean name

    if TYPE_CHECKING:  # defined by tutor.store.handle.Store

        def _run(
            self,
            work: Callable[[Engine], T],
            fallback: T,
            writes: bool = False,
            keep: bool = False,
        ) -> T:
            """``work(engine)``, or ``fallback`` when the database is down or the work fails;
            ``keep``: a write that failed for a busy moment is kept and written later."""
            ...

        def _for_learner(
            self,
            name: str,
            work: Callable[[Engine, Learner], T],
            fallback: T,
            writes: bool = False,
            keep: bool = True,
        ) -> T:
            """``work(engine, learner)`` for the learner called ``name`` if this session may use
            the name (a write creates the learner first); ``fallback`` otherwise."""
            ...

        def _as_teacher(
            self,
            name: str,
            work: Callable[[Engine, Learner], T],
            fallback: T,
            writes: bool = False,
        ) -> T:
            """``work(engine, teacher)`` when this session may teach as ``name``; ``fallback``
            otherwise (a refused write raises ``NotATeacher``)."""
            ...

        def _run_pins(self) -> dict[int, str | None]:
            """The PIN hashes read in this script run, by learner id."""
            ...

        def learner(self, name: str, create: bool = False) -> Learner | None:
            """The learner called ``name`` (created first if ``create``), or None."""
            ...

        def may_use(self, name: str) -> bool:
            """Whether this session may read and write ``name``'s progress (fails closed)."""
            ...

        def access_unknown(self, name: str) -> bool:
            """Whether the last check of who may use ``name`` could not be made."""
            ...

        def may_teach(self, name: str) -> bool:
            """Whether this session may act as ``name`` the teacher (fails closed)."""
            ...

        def grant(self, name: str, identity: bool = False) -> None:
            """Let this session use ``name`` (``identity``: the app's sign-in says so)."""
            ...
