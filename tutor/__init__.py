"""App-side shared code for the Streamlit pages: translation, cards, menu, answers, attempts.

The rules live in :mod:`cribbage_core`; this package only presents them.
"""
