"""The coached first game (Learn page): one scripted deal played from both seats, each step
explained as it happens (``text``: the words, pure; ``view``: the page's parts, Streamlit).
The deal and the coach's choices are :mod:`cribbage_core.teaching.first_game`."""
