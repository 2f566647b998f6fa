"""Recording quiz attempts and the session's streak and accuracy.

Attempts are kept in session state for now; :func:`record_attempt` is the one
place to wire a database later.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import streamlit as st

__all__ = ["Attempt", "record_attempt", "attempts", "QuizStats", "quiz_stats"]

_KEY: Final = "attempts"


@dataclass(frozen=True, slots=True)
class Attempt:
    """One answered question: which quiz, which deal, what was typed, what was right."""

    quiz: str  # "count", "pegging", "learn"
    seed: int
    answer: int | str
    expected: int | str
    correct: bool
    detail: dict[str, Any]


def record_attempt(attempt: Attempt) -> None:
    """Store one attempt (session state now; the progress database later)."""
    st.session_state[_KEY] = [*st.session_state.get(_KEY, []), attempt]


def attempts(quiz: str | None = None) -> list[Attempt]:
    """This session's attempts, optionally of one quiz, oldest first."""
    found: list[Attempt] = st.session_state.get(_KEY, [])
    return [a for a in found if quiz is None or a.quiz == quiz]


@dataclass(frozen=True, slots=True)
class QuizStats:
    """Answered, right, the current streak of right answers, and accuracy (0-1)."""

    answered: int
    right: int
    streak: int
    best_streak: int

    @property
    def accuracy(self) -> float:
        """Share of answers that were right (0 when nothing is answered yet)."""
        return self.right / self.answered if self.answered else 0.0


def quiz_stats(quiz: str) -> QuizStats:
    """Streak and accuracy of one quiz in this session."""
    streak = best = right = 0
    done = attempts(quiz)
    for attempt in done:
        if attempt.correct:
            right += 1
            streak += 1
            best = max(best, streak)
        else:
            streak = 0
    return QuizStats(len(done), right, streak, best)
