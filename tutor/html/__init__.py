"""HTML and SVG builders: cards, the cribbage board, the show's breakdown, a play series.

Pure string builders (no Streamlit); they word their labels through ``tutor.lang``.
"""
