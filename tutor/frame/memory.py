"""Keep the server's garbage collection short: freeze what the imported code keeps alive.

Streamlit runs a full garbage collection after every script run (``runner.postScriptGC``,
on by default, so memory never creeps up between runs). A full collection walks every
container object the process holds, and nearly all of them belong to imported code
(Streamlit, SQLAlchemy, pandas and Altair's schema classes, the app's modules): about
150,000 objects, 100-130 ms of CPU per run on the development machine, most of the
server's CPU per answer. They live as long as the process, so :func:`freeze_imports`
moves them out of the collector's sight with :func:`gc.freeze` after a full collection,
whenever a run finds modules imported since the last freeze (each page's first visit;
a handful of times per process). What a session creates later (its state, its deals) is
still collected after each run as before. The cost of freezing: whatever is alive at a
freeze and later becomes cyclic garbage is never freed; that is the few sessions open at
those few moments, a bounded amount per process.
"""

from __future__ import annotations

import gc
import sys
import threading

__all__ = ["freeze_imports", "frozen_objects"]

_lock = threading.Lock()
_modules_at_freeze = 0


def freeze_imports() -> bool:
    """Freeze the long-lived objects if modules were imported since the last freeze.

    Cheap when nothing new was imported (one length compared); returns whether it froze.
    """
    global _modules_at_freeze
    if len(sys.modules) == _modules_at_freeze:
        return False
    with _lock:
        modules = len(sys.modules)
        if modules == _modules_at_freeze:
            return False
        gc.collect()  # garbage first, so only what is alive is frozen
        gc.freeze()
        _modules_at_freeze = modules
    return True


def frozen_objects() -> int:
    """How many objects the collector no longer looks at (:func:`gc.get_freeze_count`)."""
    return gc.get_freeze_count()
