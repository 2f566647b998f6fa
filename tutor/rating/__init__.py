"""Ratings: how good each learner is at each skill, and how hard each question is.

The rooms: ``glicko`` (Glicko-2 as Glickman publishes it, pure), ``skills`` (the six skills,
the learners' start, lichess's five offsets), ``features`` (a question's first rating from
what makes it hard, pure), ``finish`` (one first attempt rated as lichess rates a puzzle, and
how speed counts for counts), ``bank`` (the seeded item banks), ``service`` (rating an answer
and choosing the next question on the store) and ``simulate`` (simulated learners of known
skill: the check that the ratings find the truth). No Streamlit anywhere in the room.
"""
