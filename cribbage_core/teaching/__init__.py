"""Questions and scripted deals for the tutor: the hand, pegging and discard quizzes, the
pegging trainer's positions, the combinations of a hand, and the coached first game."""
