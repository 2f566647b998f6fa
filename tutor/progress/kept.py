"""A chart's Vega-Lite spec made once and kept (:func:`kept_chart`, :class:`ChartSpec`), and a
chart localised to the learner's language and digits (:func:`localised`): what every Altair
chart of the progress page and the game review goes through."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import altair as alt
import pandas as pd

from tutor.lang import i18n
from tutor.lang.i18n import chart_locale

Drawn = TypeVar("Drawn", alt.Chart, alt.LayerChart)


def localised(chart: Drawn) -> Drawn:
    """``chart`` writing its dates and numbers as the rest of the page does: month and weekday
    names in the learner's language, numbers in their digits (:func:`chart_locale`). The last
    step before it is drawn: a chart so configured can no longer be layered."""
    configured: Drawn = chart.configure(locale=chart_locale())
    return configured


@dataclass(frozen=True)
class ChartSpec:
    """A chart as Vega-Lite: its spec, made by Altair once for what shapes it and kept
    (:func:`kept_chart`), and this run's data by name. Building and checking a layered Altair
    chart costs a page run about 0.1-0.2 s of CPU; a kept spec costs a dict copy, and the data
    goes to the browser as Arrow, as Altair's would.

    ``vega_lite()`` is what ``st.vega_lite_chart(spec=...)`` takes; ``to_dict()`` is the spec
    with its data as rows, as Altair's ``to_dict`` writes it."""

    spec: Mapping[str, Any]  # shared by every run that draws this shape: never changed
    data: Mapping[str, pd.DataFrame]
    description: str = ""

    def described(self, text: str) -> ChartSpec:
        """The chart with its text alternative (its label in the browser)."""
        return replace(self, description=text)

    def vega_lite(self) -> dict[str, Any]:
        spec = {**self.spec, "datasets": dict(self.data)}
        if self.description:
            spec["description"] = self.description
        return spec

    def to_dict(self) -> dict[str, Any]:
        spec = self.vega_lite()
        spec["datasets"] = {name: rows.to_dict("records") for name, rows in self.data.items()}
        return spec


@functools.lru_cache(maxsize=256)
def _kept_spec(
    build: Callable[..., alt.Chart | alt.LayerChart],
    language: str,
    native: bool,
    shape: tuple[Hashable, ...],
) -> Mapping[str, Any]:
    spec: dict[str, Any] = build(*shape).configure(locale=chart_locale()).to_dict()  # localised
    return spec


def kept_chart(
    build: Callable[..., alt.Chart | alt.LayerChart],
    shape: tuple[Hashable, ...],
    data: Mapping[str, pd.DataFrame],
) -> ChartSpec:
    """The chart ``build(*shape)`` draws (its data named, ``alt.NamedData``), localised, with
    ``data`` by those names. Its spec is made once a language, a choice of digits and a
    ``shape``: everything but the data it draws must come in through ``shape``."""
    spec = _kept_spec(build, i18n.current_language(), i18n.native_digits(), shape)
    return ChartSpec(spec, data)
