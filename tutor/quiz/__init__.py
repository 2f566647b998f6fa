"""The quizzes: grading and feedback (pure), recording attempts, categories, the weak-spot drill.

Pure (no Streamlit): ``grading`` (a typed or chosen answer against the right one),
``feedback`` (the verdict in words), ``categories``, ``drill``, ``discard_text``,
``positions`` (the address parameters that deal a question again) and ``schedule`` (when a
missed question comes back). On the page:
``attempts`` (session and store), ``drill_view``, ``frame`` (options in the URL, the score row,
notes, the footer every quiz page shares), ``count_view`` and ``discard_view``; ``progress_view``
(the progress page's parts about the quizzes: answers, recall, weak spots and their drills).
"""
