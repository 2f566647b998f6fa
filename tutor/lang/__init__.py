"""Languages: translation (``_``, ``ngettext``), catalogs, numerals, the count said aloud, the glossary.

Pure: nothing here needs a Streamlit run (``i18n`` asks Streamlit for the page's language only
when one is running). Imports only ``cribbage_core``.
"""
