"""Keeping the message catalogs in step with the code (run ``python -m tutor.lang.catalogs``).

Extracts every ``_()``, ``ngettext()`` and ``N_()`` message from the app into
``locales/messages.pot``, merges it into each ``locales/<lang>/LC_MESSAGES/messages.po``
(new messages arrive untranslated, removed ones become obsolete) and fills the
English catalog with its own msgids. A file whose messages did not change is left as it is,
date line included, so a run with nothing new makes no diff (and no merge conflict).

The count said aloud has one source: the grammar tables of ``tutor/lang/spoken_count.py``.
Its entries (number words 0-31, phrase templates, separator) are written into each
catalog from :func:`tutor.lang.spoken_count.catalog_translations`; correct the wording
there, not in the ``.po`` file (a test checks the two agree).
"""

from __future__ import annotations

import copy
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from tutor.lang.i18n import DEFAULT_LANGUAGE, LOCALES_DIR, ROOT
from tutor.lang.spoken_count import catalog_translations

__all__ = ["extract", "fill_count", "update_catalogs"]

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
METHOD_MAP = [("app.py", "python"), ("pages/**.py", "python"), ("tutor/**.py", "python")]


def extract() -> Catalog:
    """Every learner-facing message in the app, as a fresh template catalog."""
    template = Catalog(project="Cribbage tutor", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT),
        METHOD_MAP,
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


#: The header lines Babel dates afresh on every write; they alone do not make a file changed.
_DATE_LINES = re.compile(rb'^"(?:POT-Creation-Date|PO-Revision-Date): [^"]*"\n', re.MULTILINE)


def _write_if_changed(
    path: Path, catalog: Catalog, *, sort_by_file: bool = False, ignore_obsolete: bool = False
) -> None:
    """Write ``catalog`` to ``path`` unless the file already says the same apart from its dates."""
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=100,
        include_lineno=False,
        sort_by_file=sort_by_file,
        ignore_obsolete=ignore_obsolete,
    )
    text = out.getvalue()
    if path.exists() and _DATE_LINES.sub(b"", path.read_bytes()) == _DATE_LINES.sub(b"", text):
        return
    path.write_bytes(text)


def update_catalogs(locales: Path = LOCALES_DIR) -> list[str]:
    """Write the template and merge it into every language; return the languages merged.

    ``locales`` is the folder of the template and the catalogs (a test passes a copy)."""
    template = extract()
    _write_if_changed(locales / "messages.pot", template, sort_by_file=True)
    updated = []
    for po_path in sorted(locales.glob("*/LC_MESSAGES/messages.po")):
        lang = po_path.parent.parent.name
        with po_path.open("rb") as src:
            catalog = read_po(src, locale=lang)
        # a copy each: update() shares the template's messages with the catalog, so the English
        # fill below would otherwise leak into the languages merged after it
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True)
        if lang == DEFAULT_LANGUAGE:
            for message in catalog:
                if message.id:
                    message.string = message.id
                    message.flags.discard("fuzzy")
        else:
            fill_count(catalog, lang)
        _write_if_changed(po_path, catalog, ignore_obsolete=True)
        updated.append(lang)
    return updated


def fill_count(catalog: Catalog, lang: str) -> None:
    """Write the count's entries of ``catalog`` from ``tutor.lang.spoken_count`` (its one source)."""
    try:
        wording = catalog_translations(lang)
    except ValueError:  # a language without a count grammar yet: its translator fills them
        return
    for msgid, text in wording.items():
        message = catalog.get(msgid)
        if message is not None:
            message.string = text
            message.flags.discard("fuzzy")


if __name__ == "__main__":
    print("updated:", ", ".join(update_catalogs()), file=sys.stderr)
