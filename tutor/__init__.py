"""The app: everything the Streamlit pages use to present :mod:`cribbage_core` to a learner.

Rooms (each package's docstring says what it owns; ``tests/test_architecture.py`` keeps the
layers and forbids import cycles):

- ``lang``: translation, catalogs, numerals, the count said aloud, the glossary (pure);
- ``html``: HTML/SVG builders for cards, the board, the show's breakdown, a play series (pure);
- ``store``: SQL storage (schema and migrations, engine, records, saved games, ``Store``);
- ``frame``: the Streamlit page shell (menu, page setup, learner, URL state, status lines);
- ``quiz``: grading (pure), feedback, attempts, categories, the weak-spot drill, quiz widgets;
- ``play``: a game against the computer (session saved as its moves, wording, widgets);
- ``lessons``, ``progress``, ``seeds``: the Learn page's lessons, progress statistics, deal seeds.

The rules live in :mod:`cribbage_core`; this package only presents them.
"""
