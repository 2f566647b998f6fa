"""App-side shared code for the Streamlit pages (storage, profiles, progress statistics).

The rules live in :mod:`cribbage_core`; this package only presents and keeps them.
"""
