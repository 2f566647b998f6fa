"""The app's clock: today's date for the review schedule and the daily five, settable for tests.

The review schedule and the daily five count in whole days (UTC). A test that needs
tomorrow cannot wait a day, so the clock reads two environment variables, both for tests
and demonstrations (a server started with them keeps them):

* ``CRIBBAGE_TUTOR_TODAY``: a fixed date, ``2026-12-01`` (ISO);
* ``CRIBBAGE_TUTOR_DAY_OFFSET``: whole days added to the real (or fixed) date, e.g. ``1``.

Unit tests pass ``today`` explicitly instead (every function that needs the date takes it).
Pure: no Streamlit, no other ``tutor`` module.

>>> today({"CRIBBAGE_TUTOR_TODAY": "2026-12-01", "CRIBBAGE_TUTOR_DAY_OFFSET": "2"})
datetime.date(2026, 12, 3)
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Mapping
from typing import Final

__all__ = ["DAY_OFFSET_ENV", "TODAY_ENV", "ClockSettingError", "today"]

TODAY_ENV: Final = "CRIBBAGE_TUTOR_TODAY"
DAY_OFFSET_ENV: Final = "CRIBBAGE_TUTOR_DAY_OFFSET"


class ClockSettingError(ValueError):
    """The clock's environment variables do not spell a date or a whole number of days."""


def today(environ: Mapping[str, str] | None = None) -> dt.date:
    """Today's date in UTC, as set by ``CRIBBAGE_TUTOR_TODAY`` / ``_DAY_OFFSET`` if given.

    >>> today({}) == dt.datetime.now(dt.UTC).date()
    True
    >>> today({"CRIBBAGE_TUTOR_DAY_OFFSET": "soon"})
    Traceback (most recent call last):
    ...
    tutor.clock.ClockSettingError: CRIBBAGE_TUTOR_DAY_OFFSET is a whole number of days such as 1, not 'soon'
    """
    env = os.environ if environ is None else environ
    fixed = env.get(TODAY_ENV, "").strip()
    offset = env.get(DAY_OFFSET_ENV, "").strip()
    try:
        base = dt.date.fromisoformat(fixed) if fixed else dt.datetime.now(dt.UTC).date()
    except ValueError:
        raise ClockSettingError(
            f"{TODAY_ENV} is a date such as 2026-12-01, not {fixed!r}"
        ) from None
    if not offset:
        return base
    if not offset.lstrip("-").isdigit() or len(offset) > 6:
        raise ClockSettingError(
            f"{DAY_OFFSET_ENV} is a whole number of days such as 1, not {offset!r}"
        )
    return base + dt.timedelta(days=int(offset))
