"""The quizzes: grading and feedback (pure), recording attempts, categories, the weak-spot drill,
each quiz's page parts, the review schedule, the daily five and serving a question anywhere.

Pure (no Streamlit): ``grading`` (a typed or chosen answer against the right one),
``feedback`` (the verdict in words), ``categories``, ``drill``, ``discard_text``,
``combo_text`` (counting by combinations in words), ``peg_text`` (the pegging trainer's words
and table), ``positions`` (the address parameters that deal a question again), ``schedule``
(when a missed question comes back) and ``daily`` (the daily five's questions from the date).
On the page: ``attempts`` (session and store), ``drill_view``, ``frame`` (options in the URL,
the score row, notes, the footer every quiz page shares), each quiz's parts (``count_view`` and
``combo_view`` for Count the hand, ``pegging_view``, ``discard_view``, ``peg_view``),
``serve`` (a question of any kind served at its position, for the Review page and the daily
five), ``review_view`` and ``daily_view`` (those two pages' own parts) and ``progress_view``
(the progress page's parts about the quizzes: answers, recall, weak spots and their drills).
"""
