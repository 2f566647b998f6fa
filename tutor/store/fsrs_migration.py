"""The migration that moves review items from the old day ladder onto FSRS, frozen history.

Before it, an item's schedule was SM-2-like: an interval of 1, 3, then the last times an
``ease`` (2.5, less 0.2 a miss) days. FSRS (``tutor.quiz.schedule``) keeps instead a
*stability* (days until the chance of recall falls to 90%) and a *difficulty* (1 to 10). Each
item keeps its due day, so nothing due today vanishes and nothing jumps, and becomes the card
FSRS would schedule there:

* stability: its interval in days, for FSRS at 90% retention schedules the next review
  exactly one stability after the last; a retired item (no due day) keeps none;
* difficulty: that of a new card missed as often as the item was (its ``lapses``), for the
  old ease fell with each miss as FSRS's difficulty rises with each "Again".

The ``ease`` column then goes. It checks first, so it can be renumbered when merged.
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from fsrs import Card, Rating, Scheduler
from sqlalchemy.engine import Connection

__all__ = ["difficulty_after_misses", "move_reviews_to_fsrs"]


def difficulty_after_misses(lapses: int) -> float:
    """FSRS's difficulty of a new card answered "Again" ``lapses`` times (at least once).

    >>> difficulty_after_misses(1) < difficulty_after_misses(3) <= 10
    True
    """
    scheduler = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    card = Card(card_id=0)
    day = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
    for n in range(max(1, min(int(lapses), 20))):  # past 20 misses it no longer moves
        card, _log = scheduler.review_card(card, Rating.Again, day + dt.timedelta(days=n))
    return float(card.difficulty or 0.0)


def move_reviews_to_fsrs(conn: Connection) -> None:
    """Add the FSRS columns, fill them from each item's old schedule, drop ``ease``."""
    found = {c["name"] for c in sa.inspect(conn).get_columns("review_items")}
    if "stability" not in found:
        conn.exec_driver_sql("ALTER TABLE review_items ADD COLUMN stability FLOAT")
    if "difficulty" not in found:
        conn.exec_driver_sql(
            "ALTER TABLE review_items ADD COLUMN difficulty FLOAT NOT NULL DEFAULT 5.0"
        )
    if "ease" not in found:
        return
    rows = conn.execute(sa.text("SELECT id, interval_days, due_on, lapses FROM review_items"))
    known: dict[int, float] = {}
    for item_id, interval_days, due_on, lapses in rows.all():
        misses = max(1, int(lapses))
        if misses not in known:
            known[misses] = difficulty_after_misses(misses)
        stability = float(max(1, int(interval_days))) if due_on is not None else None
        conn.execute(
            sa.text("UPDATE review_items SET stability = :s, difficulty = :d WHERE id = :id"),
            {"s": stability, "d": known[misses], "id": item_id},
        )
    conn.exec_driver_sql("ALTER TABLE review_items DROP COLUMN ease")
