"""The quizzes' logic: recording attempts, scoring categories, the weak-spot drill, discard wording.
"""
