"""Marking English msgids for extraction, in modules that must not import the translator.

``N_`` returns its argument unchanged; ``python -m tutor.lang.catalogs`` (Babel's
extractor) finds every ``N_("...")`` and puts it in the catalogs, and the text is
translated later, where it is shown, with ``tutor.lang.i18n._``. It lives here, with
no imports, so the pure language modules (``numerals``, ``spoken_count``) and
the translator itself share the one marker.

>>> N_("Next hand")
'Next hand'
"""

from __future__ import annotations

__all__ = ["N_"]


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet (translate later with ``_``)."""
    return message
