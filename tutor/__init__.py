"""The app: everything the Streamlit pages use to present :mod:`cribbage_core` to a learner.

Rooms (each package's docstring says what it owns; the README's "Architecture" says which may
import which, and ``tests/test_architecture.py`` keeps to it and forbids import cycles):

- ``lang``: translation, catalogs, numerals, the count said aloud, the glossary (pure);
- ``html``: HTML/SVG builders for cards, the board, the show's breakdown, a play series (pure);
- ``store``: SQL storage (schema and migrations, engine, records, saved games, ``Store``);
- ``frame``: the Streamlit page shell (menu, page setup, learner, URL state, status lines);
- ``quiz``: grading (pure), feedback, attempts, categories, the weak-spot drill, quiz widgets;
- ``play``: a game against the computer (session saved as its moves, wording, widgets);
- ``review``: a game's review (the save analysed, each hand's analysis kept, reasons in words);
- ``first_game``: the Learn page's coached first game (its words, its page's parts);
- ``lessons``, ``progress``, ``seeds``, ``clock``: the Learn page's lessons, progress statistics,
  deal seeds, today's date;
- ``run_memo``: a value kept for one script run, below every room.

The rules live in :mod:`cribbage_core`; this package only presents them.
"""
