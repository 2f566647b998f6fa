"""The Class page's room: a teacher's classes, joining and leaving one, and the class table.

``table`` (pure): the class table built from the store's figures (``tutor.store.classes``),
one row a member, and its formula-safe CSV. ``view``: the page's parts (creating a class, its
join code and link, other teachers, joining with a code and leaving, the table, a member's
progress read-only); ``task_view``: a class's tasks (set, removed, each learner's progress, the
table's task columns, the home page's list); ``cards_view``: login cards; ``messages``: refusals
in words and the message a callback leaves. Every rule of who sees what is the store's; these
only draw.
"""
