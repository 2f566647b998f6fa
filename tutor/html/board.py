"""A cribbage board drawn as inline SVG: a track per side with a front and a back peg.

Each side's track runs in holes grouped by five: in a 121 game, 1-60 left to right on the
outer street and 61-120 back right to left on the inner one, then the game hole; in a 61
game one street of 60 and the game hole at its end. The front peg stands on the score; the
back peg on the score before the latest peg (how real pegs leapfrog), so the gap between
them is the last peg's points. The board is drawn left to right (``direction:ltr``) in every
page, so its numbers keep their anchors in a right-to-left one.

>>> svg = board_svg([10, 4], [6, 0], 121, ["You", "Computer"])
>>> svg.count('class="peg front"'), 'aria-label="' in svg
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final

from tutor.lang.i18n import _, fmt_int

__all__ = ["board_svg", "PEG_COLOURS", "hole_position"]

#: Peg colours per side (the learner's first).
PEG_COLOURS: Final = ("#1e6bd6", "#d6332a", "#1f9d55", "#8e44ad")

_HOLES_PER_STREET: Final = 60
_DX: Final = 12.0
_GROUP_GAP: Final = 7.0
_LEFT: Final = 70.0
_STREET_GAP: Final = 17.0
_SIDE_GAP: Final = 16.0
_TOP: Final = 30.0


def _x(i: int) -> float:
    """x of the i-th hole (1-60) of a street, left to right."""
    return _LEFT + (i - 1) * _DX + ((i - 1) // 5) * _GROUP_GAP


_RIGHT: Final = _x(_HOLES_PER_STREET)


def hole_position(points: int, target: int, side_top: float) -> tuple[float, float]:
    """Where a peg showing ``points`` stands on a side's track whose first street is at ``side_top``.

    0 is the start hole (left of the first street); ``target`` (or more) the game hole.

    >>> hole_position(1, 121, 0.0)[0] == _x(1), hole_position(61, 121, 0.0)[0] == _x(60)
    (True, True)
    """
    if points <= 0:
        return _LEFT - 24, side_top
    streets = 2 if target > 61 else 1
    if points >= target:
        if streets == 2:
            return _LEFT - 24, side_top + _STREET_GAP
        return _RIGHT + 24, side_top
    street, i = divmod(points - 1, _HOLES_PER_STREET)
    if street == 0:
        return _x(i + 1), side_top
    return _x(_HOLES_PER_STREET - i), side_top + _STREET_GAP


def board_svg(
    front: Sequence[int],
    back: Sequence[int],
    target: int,
    names: Sequence[str],
    *,
    width: int = 900,
) -> str:
    """The board with every side's front and back pegs; ``names`` label the tracks."""
    streets = 2 if target > 61 else 1
    sides = len(front)
    side_height = streets * _STREET_GAP + _SIDE_GAP
    total_w = _RIGHT + 48
    total_h = _TOP + sides * side_height + 6
    parts = [
        f'<rect x="1" y="1" width="{total_w - 2:g}" height="{total_h - 2:g}" rx="14" '
        'fill="#c89a5c" stroke="#7a5328" stroke-width="2"/>',
        f'<rect x="8" y="8" width="{total_w - 16:g}" height="{total_h - 16:g}" rx="10" '
        'fill="none" stroke="#e2bf8a" stroke-width="1"/>',
    ]
    # numbers over the first street every 10 holes (and the inner street's, 70-120, under)
    for i in range(10, _HOLES_PER_STREET + 1, 10):
        parts.append(
            f'<text x="{_x(i):g}" y="{_TOP - 12:g}" font-size="9" text-anchor="middle" '
            f'fill="#4e3418" font-family="DejaVu Sans, Arial, sans-serif">{fmt_int(i)}</text>'
        )
    labels = []
    for side in range(sides):
        top = _TOP + side * side_height
        colour = PEG_COLOURS[side % len(PEG_COLOURS)]
        # track tint and holes
        for street in range(streets):
            y = top + street * _STREET_GAP
            parts.append(
                f'<rect x="{_LEFT - 6:g}" y="{y - 6:g}" width="{_RIGHT - _LEFT + 12:g}" height="12" '
                f'rx="6" fill="{colour}" opacity="0.13"/>'
            )
            holes = "".join(
                f'<circle cx="{_x(i):g}" cy="{y:g}" r="2.3"/>'
                for i in range(1, _HOLES_PER_STREET + 1)
            )
            parts.append(f'<g fill="#4e3418">{holes}</g>')
        start_x, start_y = hole_position(0, target, top)
        game_x, game_y = hole_position(target, target, top)
        parts.append(
            f'<circle cx="{start_x:g}" cy="{start_y:g}" r="3" fill="#4e3418"/>'
            f'<circle cx="{game_x:g}" cy="{game_y:g}" r="4.2" fill="#4e3418" stroke="#f5e3c3" stroke-width="1.2"/>'
        )
        parts.append(
            f'<text x="{_LEFT - 36:g}" y="{top + 3.5:g}" font-size="10" text-anchor="end" fill="{colour}" '
            f'font-weight="700" font-family="DejaVu Sans, Arial, sans-serif">{escape(fmt_int(front[side]))}</text>'
        )
        # pegs: back first, so the front one is on top when they share a hole
        bx, by = hole_position(back[side], target, top)
        fx, fy = hole_position(front[side], target, top)
        parts.append(
            f'<circle class="peg back" cx="{bx:g}" cy="{by:g}" r="4.6" fill="#ffffff" '
            f'stroke="{colour}" stroke-width="2.4"/>'
            f'<circle class="peg front" cx="{fx:g}" cy="{fy:g}" r="5.2" fill="{colour}" '
            'stroke="#ffffff" stroke-width="1.3"/>'
        )
        labels.append(
            _("{name}: {points} (back peg {back})").format(
                name=names[side], points=front[side], back=back[side]
            )
        )
    title = escape(
        _("Cribbage board to {target}: {pegs}").format(target=target, pegs="; ".join(labels))
    )
    height = round(width * total_h / total_w)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" class="board" aria-label="{title}" '
        f'viewBox="0 0 {total_w:g} {total_h:g}" width="100%" style="direction:ltr;max-width:{width}px;height:auto" '
        f'data-height="{height}"><title>{title}</title>{"".join(parts)}</svg>'
    )
