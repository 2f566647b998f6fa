"""The progress page's figures: the statistics of a learner's answers and games, and the words
and Altair charts that show them (no Streamlit here).

The rooms: ``stats`` (pure pandas over the frames ``tutor.store`` reads: streaks, recall,
accuracy, games by level, weak spots, themes scored as lichess scores them), ``names`` (the
stored keys in the learner's language), ``scales`` (each quiz's, category's and level's colour
and shape), ``kept`` (a chart's spec made once and kept, localised), ``charts`` (accuracy per
day, weak spots, ratings over time, each with its words) and ``skill`` (each game's skill
figure against the bots'). Every public name of the rooms is here too, so that
``from tutor.progress import ...`` finds it; all but ``skill.warm_up``, which
``tutor.frame.warm`` finds in ``tutor.progress.skill`` (here too, it would be called twice).
"""

from __future__ import annotations

from tutor.progress.charts import (
    COUNT_TITLES,
    DAY_TEXT,
    DAY_TICKS,
    LEGEND_LABEL_PX,
    LEGEND_ROW_PX,
    LEGEND_ROWS_IN_DEFAULT,
    PLOT_PX,
    accuracy_summary,
    daily_accuracy_chart,
    rating_history_chart,
    weak_spot_chart,
)
from tutor.progress.kept import ChartSpec, Drawn, kept_chart, localised
from tutor.progress.names import (
    AREA_LABELS,
    BAND_NAMES,
    QUIZ_LABELS,
    area_name,
    bot_level_name,
    level_name,
    named,
    quiz_name,
)
from tutor.progress.scales import (
    CATEGORY_COLOURS,
    FRIEND_COLOUR,
    FRIEND_SHAPE,
    LEARNER_COLOUR,
    LEVEL_COLOURS,
    LEVEL_SHAPES,
    OTHER_COLOUR,
    QUIZ_COLOURS,
    level_scale,
    level_shapes,
    series_scale,
)
from tutor.progress.skill import (
    LABEL_GAP_PX,
    SKILL_CHART_HEIGHT,
    SKILL_PICK,
    SKILL_PLOT_MIN_HEIGHT,
    bot_figures,
    bot_lines_caption,
    bot_rules,
    nice_top,
    picked_game,
    skill_chart,
    skill_frame,
    skill_summary,
    spread_labels,
)
from tutor.progress.stats import (
    GAME_DECISIONS,
    THEME_COLUMNS,
    THEME_FAILURES,
    THEME_SHARE,
    WEAK_SPOT_AREAS,
    WEAK_SPOT_COLUMNS,
    WEAK_SPOT_HALF_LIFE_DAYS,
    WEAK_SPOT_WINDOW,
    Streaks,
    category_accuracy,
    daily_accuracy,
    daily_category_accuracy,
    games_by_level,
    performance,
    recall_table,
    streaks,
    summary_by_quiz,
    theme_scores,
    weak_spot_table,
    weak_spot_weights,
    weak_spots,
    weak_spots_by_learner,
)

__all__ = [
    # stats: the statistics
    "WEAK_SPOT_HALF_LIFE_DAYS",
    "WEAK_SPOT_WINDOW",
    "WEAK_SPOT_COLUMNS",
    "GAME_DECISIONS",
    "WEAK_SPOT_AREAS",
    "Streaks",
    "streaks",
    "recall_table",
    "summary_by_quiz",
    "daily_accuracy",
    "category_accuracy",
    "daily_category_accuracy",
    "games_by_level",
    "weak_spot_weights",
    "weak_spot_table",
    "weak_spots_by_learner",
    "weak_spots",
    "THEME_FAILURES",
    "THEME_SHARE",
    "THEME_COLUMNS",
    "performance",
    "theme_scores",
    # names: the keys in words
    "BAND_NAMES",
    "QUIZ_LABELS",
    "AREA_LABELS",
    "area_name",
    "quiz_name",
    "level_name",
    "named",
    "bot_level_name",
    # scales: colours and shapes
    "QUIZ_COLOURS",
    "CATEGORY_COLOURS",
    "OTHER_COLOUR",
    "series_scale",
    "LEVEL_COLOURS",
    "LEVEL_SHAPES",
    "FRIEND_COLOUR",
    "FRIEND_SHAPE",
    "LEARNER_COLOUR",
    "level_scale",
    "level_shapes",
    # kept: specs made once
    "Drawn",
    "localised",
    "ChartSpec",
    "kept_chart",
    # charts: accuracy, weak spots, ratings
    "LEGEND_ROW_PX",
    "PLOT_PX",
    "LEGEND_ROWS_IN_DEFAULT",
    "LEGEND_LABEL_PX",
    "DAY_TICKS",
    "COUNT_TITLES",
    "DAY_TEXT",
    "daily_accuracy_chart",
    "accuracy_summary",
    "weak_spot_chart",
    "rating_history_chart",
    # skill: the skill chart
    "skill_frame",
    "SKILL_PICK",
    "bot_figures",
    "bot_lines_caption",
    "SKILL_CHART_HEIGHT",
    "SKILL_PLOT_MIN_HEIGHT",
    "LABEL_GAP_PX",
    "nice_top",
    "spread_labels",
    "bot_rules",
    "skill_chart",
    "picked_game",
    "skill_summary",
]
