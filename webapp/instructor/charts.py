"""Bar charts drawn on the server as inline SVG (templates/instructor/cohorts/_chart.html).

Only geometry is computed here; the template draws it with role="img", a
<title> and a <desc>, and the page puts the same numbers in a table beside
it, so a screen reader (or anyone) can read the values. No script, no CDN.
"""
from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT = 600, 220
MARGIN_LEFT, MARGIN_BOTTOM, MARGIN_TOP = 44, 28, 12
LABEL_LINE, LABELLED_ROW, LABEL_GAP = 14, 40, 4   # a horizontal bar's label line above it, the whole row, its left edge


@dataclass(frozen=True)
class Bar:
    label: str
    text: str           # the value as the table beside shows it
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Chart:
    id: str
    title: str
    summary: str        # the SVG's description: what it shows, in words
    horizontal: bool
    width: int
    height: int
    bars: tuple[Bar, ...]
    ticks: tuple[tuple[float, str], ...]   # (y or x position, label) of the scale


def _scale_top(values: list[float], fixed: float | None) -> float:
    return fixed if fixed is not None else max([v for v in values] + [1])


def columns(chart_id: str, title: str, summary: str, points: list[tuple[str, float, str]],
            top: float | None = None) -> Chart:
    """Vertical bars, one per (label, value, text), left to right (e.g. one per day)."""
    scale = _scale_top([v for _, v, _ in points], top)
    inner_w, inner_h = WIDTH - MARGIN_LEFT - 8, HEIGHT - MARGIN_BOTTOM - MARGIN_TOP
    step = inner_w / max(len(points), 1)
    bars = []
    for i, (label, value, text) in enumerate(points):
        h = inner_h * max(value, 0) / scale
        bars.append(Bar(label, text, MARGIN_LEFT + i * step + step * 0.15, MARGIN_TOP + inner_h - h, step * 0.7, h))
    ticks = tuple((MARGIN_TOP + inner_h * (1 - f), _number(scale * f)) for f in (0, 0.5, 1))
    return Chart(chart_id, title, summary, False, WIDTH, HEIGHT, tuple(bars), ticks)


def rows(chart_id: str, title: str, summary: str, points: list[tuple[str, float, str]]) -> Chart:
    """Horizontal bars, one per (label, value, text), top to bottom (e.g. rules missed). Each
    label is a line of its own above its bar, the chart's whole width, so a rule's number and
    short name fit beside each other (issue 29 finding 6)."""
    scale = _scale_top([v for _, v, _ in points], None)
    inner_w = WIDTH - LABEL_GAP - 50
    bars = tuple(Bar(label, text, LABEL_GAP, MARGIN_TOP + LABEL_LINE + i * LABELLED_ROW,
                     inner_w * max(value, 0) / scale, LABELLED_ROW - LABEL_LINE - 8)
                 for i, (label, value, text) in enumerate(points))
    return Chart(chart_id, title, summary, True, WIDTH, MARGIN_TOP * 2 + LABELLED_ROW * max(len(points), 1), bars, ())


def _number(value: float) -> str:
    return f"{value:.0f}" if value >= 10 or value == int(value) else f"{value:.1f}"
