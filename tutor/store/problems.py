"""What ``Store.problem`` may say, and :func:`describe_error`, which picks it for an error.

Used by the handle (``tutor.store.handle``, which re-exports every name here) and its
mixins; kept apart so that they need not import the handle. The log keeps the handle's
name (``tutor.store.handle``), as the docs say.
"""

from __future__ import annotations

import logging

from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError

from tutor.store.schema import SchemaTooNew

# What ``Store.problem`` may say: a fixed phrase (``tutor.frame.status`` translates each),
# never the driver's text, which can hold the database's address, a user name or a file path.
# The full error goes to the server's log for whoever runs the app.
CANNOT_OPEN = "cannot open the database"
LOCKED = "the database is busy: another program holds a lock on it"
READ_ONLY = "the database is read-only"
NOT_ANSWERING = "the database does not answer"
TOO_NEW = "the database was written by a newer version of this app"
REFUSED = "the database refused the change"
PROBLEMS = (CANNOT_OPEN, LOCKED, READ_ONLY, NOT_ANSWERING, TOO_NEW, REFUSED)

_log = logging.getLogger("tutor.store.handle")  # the name the docs give the log


def describe_error(error: BaseException) -> str:
    """One of ``PROBLEMS`` for ``error``: a phrase a visitor may read (no address, no path).

    >>> describe_error(OperationalError("INSERT", {}, Exception("attempt to write a readonly database")))
    'the database is read-only'
    """
    _log.warning(
        "progress storage: %s: %s",
        type(error).__name__,
        str(error).splitlines()[0] if str(error) else "",
    )
    text = str(getattr(error, "orig", None) or error).lower()
    if isinstance(error, SchemaTooNew):
        return TOO_NEW
    if "locked" in text or "database is busy" in text:
        return LOCKED
    if "readonly" in text or "read-only" in text or "read only" in text:
        return READ_ONLY
    if isinstance(error, (OperationalError, InterfaceError, DisconnectionError, OSError)):
        return NOT_ANSWERING
    return REFUSED
