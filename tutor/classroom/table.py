"""The class table, one row a current member, from ``tutor.store.ClassFigures``. Pure.

Each skill's rating and deviation and its change over 7 and 30 days (from the rating at the
end of the last day rated before the period; a skill first rated within it changes from where
everyone starts), the quizzes' answers and accuracy, the time spent answering, games played,
the weak themes (``tutor.progress.weak_spots_by_learner``'s three heaviest, over the answers the
figures hold: the last 30 days, where older misses weigh 5% or less), whether the coached first
game was finished (as the app kept it when the learner's game reached its end) and the last day
active.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Callable, Mapping
from typing import Final

import pandas as pd

from cribbage_core.coach.performance import band_of
from tutor.progress import weak_spots_by_learner
from tutor.rating.skills import LEARNER_START, SKILLS
from tutor.store import ClassFigures

__all__ = ["CHANGE_DAYS", "FORMULA_STARTS", "class_table", "csv_safe", "table_csv"]

CHANGE_DAYS: Final = (7, 30)
#: A spreadsheet reads a cell starting with one of these as a formula (OWASP's CSV injection).
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def class_table(
    figures: ClassFigures,
    weak_names: Callable[[str, str], str] = lambda area, category: category,
    join: Callable[[list[str]], str] = ", ".join,
    now: dt.datetime | None = None,
    band_names: Callable[[str], str] = str,
    yes_no: Callable[[bool], str] = lambda done: "yes" if done else "no",
) -> pd.DataFrame:
    """One row a member, by name: ``learner_id``, ``name``, then for each skill of
    ``SKILLS`` ``{skill}``, ``{skill}_dev``, ``{skill}_7`` and ``{skill}_30`` (None: not
    rated), ``answers``, ``accuracy`` (percent, None without answers), ``minutes``,
    ``games``, ``performance`` (the games' mean skill figure, None: no game reviewed),
    ``band`` (that figure's band, named by ``band_names``; "" without one), ``weak`` (text),
    ``first_game`` (whether the coached first game was finished, in ``yes_no``'s words),
    ``last_active`` (a date, None: never).

    >>> from tutor.store import Member
    >>> m = Member(1, "Ann", dt.datetime(2026, 5, 1))
    >>> f = ClassFigures([m], [(1, "hand", 900.0, 150.0, 12)], {7: {(1, "hand"): 860.0}, 30: {}},
    ...     {1: (12, 9, 600.0, dt.datetime(2026, 5, 20))}, {}, pd.DataFrame())
    >>> row = class_table(f).iloc[0]
    >>> [float(row[k]) for k in ("hand", "hand_7", "hand_30", "accuracy", "minutes", "games")]
    [900.0, 40.0, 100.0, 75.0, 10.0, 0.0]
    >>> row["first_game"]
    'no'
    """
    ratings = {(who, skill): (r, d) for who, skill, r, d, _n in figures.ratings}
    recent = figures.recent
    weak_spots = weak_spots_by_learner(recent, now=now)
    rows = []
    for member in figures.members:
        who = member.learner_id
        row: dict[str, object] = {"learner_id": who, "name": member.name}
        for skill in SKILLS:
            found = ratings.get((who, skill))
            row[skill] = None if found is None else round(found[0])
            row[f"{skill}_dev"] = None if found is None else round(found[1])
            for days in CHANGE_DAYS:
                start = figures.before.get(days, {}).get((who, skill), LEARNER_START.rating)
                row[f"{skill}_{days}"] = None if found is None else round(found[0] - start)
        answers, right, seconds, last = figures.answers.get(who, (0, 0, 0.0, None))
        games, last_game, figure = figures.games.get(who, (0, None, None))
        row["answers"] = answers
        row["accuracy"] = round(100.0 * right / answers, 1) if answers else None
        row["minutes"] = round(seconds / 60.0, 1)
        row["games"] = games
        row["first_game"] = yes_no(who in figures.first_games)
        row["performance"] = None if figure is None else round(figure, 2)
        row["band"] = "" if figure is None else band_names(band_of(figure))
        top = sorted(weak_spots.get(who, []), key=lambda spot: -spot[2])[:3]  # stable
        row["weak"] = join([weak_names(area, category) for area, category, _w in top])
        moments = [m for m in (last, last_game) if m is not None]
        row["last_active"] = max(moments).date() if moments else None
        rows.append(row)
    columns = ["learner_id", "name"]
    for skill in SKILLS:
        columns += [skill, f"{skill}_dev", *(f"{skill}_{d}" for d in CHANGE_DAYS)]
    columns += ["answers", "accuracy", "minutes", "games", "first_game", "performance", "band"]
    columns.append("weak")
    columns.append("last_active")
    return pd.DataFrame(rows, columns=columns)


def csv_safe(value: object) -> object:
    """A cell as a spreadsheet may open it: text that would start a formula gets a leading
    apostrophe, so it is read as text (numbers are left as they are).

    >>> csv_safe("=HYPERLINK(1)"), csv_safe("-1+2"), csv_safe("@A"), csv_safe("Ann"), csv_safe(-3)
    ("'=HYPERLINK(1)", "'-1+2", "'@A", 'Ann', -3)
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def table_csv(table: pd.DataFrame, headers: Mapping[str, str]) -> str:
    """The table's columns named in ``headers`` (in that order), as CSV with every text cell
    made safe (:func:`csv_safe`) and the headers too."""
    out = io.StringIO()
    writer = csv.writer(out)
    keys = [k for k in headers if k in table.columns]
    writer.writerow([csv_safe(headers[k]) for k in keys])
    for values in table[keys].itertuples(index=False):
        writer.writerow(
            [
                "" if v is None or (isinstance(v, float) and pd.isna(v)) else csv_safe(v)
                for v in values
            ]
        )
    return out.getvalue()
