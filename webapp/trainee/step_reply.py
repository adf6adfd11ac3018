"""A dealer step's reply: only what the step changed (issue 15).

A table cell drawn whole is most of a step's server time, yet a step
changes little: a wrong step changes nothing on the table (the engine's
rule), a right one a seat or two, the middle and the table talk. So while
the hand goes on, a step's reply is the cell's feedback, which htmx swaps
in place of the old one (HX-Retarget), and, out of band (hx-swap-oob), the
run count, the form's counters and the parts of the table whose drawing
changed, each the same markup the whole cell draws (trainee/lessons/_table_parts.html,
_seat.html, _table_centre.html; for Casino Hold'em's boxes, _casino_parts.html).
CUTS says, for each cell template, how its table is cut into parts. Whenever
more than that changes (the hand is over, a notice, a ruling offered or
withdrawn, a table with no cut) the cell is drawn whole, as before.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from flask import render_template, request

from engine import Step

# The view's entries drawn in the middle of a poker table (trainee/lessons/_table_centre.html).
CENTRE = ("board", "boards", "kitty", "muck", "burns", "deck", "pot", "pots", "commission")


@dataclass(frozen=True)
class Before:
    """The drawn table as the page shows it, taken before the step is checked."""
    view: dict[str, Any]
    ruling: Any

    @classmethod
    def shown(cls, hand: Any, cell: Any, form: Any) -> Before | None:
        """The table the page shows: `hand` before the step, unless the page
        drew another version of the cell (its form's cell_version; a page
        that does not say is taken to show this one)."""
        if form.get("cell_version") not in (None, cell.fingerprint):
            return None
        return cls(hand.view(), hand.ruling_prompt())


@dataclass(frozen=True)
class Changed:
    """The parts of a table cell a step changed (the cut's reply template)."""
    places: list[dict[str, Any]] = field(default_factory=list)
    areas: frozenset[str] = frozenset()
    table_talk: bool = False
    steps: bool = False
    award: bool = False


def _award_seats(view: dict[str, Any]) -> list[tuple[int, Any]]:
    """The seats the award fieldset offers (trainee/lessons/_table_parts.html, award)."""
    return [(s["seat"], s.get("name")) for s in view["seats"] if not s["empty"] and not s["folded"]]


def _award_boxes(view: dict[str, Any]) -> list[tuple[int, Any]]:
    """The boxes the many-box steps' fieldsets offer (trainee/lessons/_casino_parts.html, awards)."""
    return [(b["box"], b.get("name")) for b in view["boxes"] if not b["empty"]]


@dataclass(frozen=True)
class Cut:
    """How one kind of table cell is cut into parts a reply can send again."""
    reply: str                                   # the reply's template
    places: str                                  # the view's list of places, one part each
    areas: dict[str, tuple[str, ...]]            # each other part -> the view's entries it draws
    award: Callable[[dict[str, Any]], list[tuple[int, Any]]]   # what the award fieldset offers


# Cell template -> its cut; a table whose cell template is not here is drawn whole.
CUTS: dict[str, Cut] = {
    "trainee/lessons/_table_cell.html": Cut("trainee/lessons/_table_step.html", "seats", {"centre": CENTRE}, _award_seats),
    "trainee/lessons/_casino_cell.html": Cut("trainee/lessons/_casino_step.html", "boxes",
                                     {"centre": ("board", "deck", "bank", "no_more_bets"),
                                      "dealer": ("dealer",)}, _award_boxes),
}


def changed(ctx: dict[str, Any], before: Before | None, award_step: bool) -> Changed | None:
    """What the step changed on the cell `ctx` draws, or None when the cell
    must be drawn whole. `award_step`: a right step that took ticked seats
    (the award fieldset is drawn again, its ticks cleared)."""
    after = ctx["view"]
    cut = CUTS.get(ctx["hand"].cell_template)
    if (before is None or cut is None or ctx.get("notice") or after["finished"]
            or before.ruling != ctx["ruling"]
            or len(before.view[cut.places]) != len(after[cut.places])):
        return None
    old = before.view
    return Changed(places=[p for p, o in zip(after[cut.places], old[cut.places]) if p != o],
                   areas=frozenset(area for area, keys in cut.areas.items()
                                   if any(after.get(key) != old.get(key) for key in keys)),
                   table_talk=after["log"] != old["log"], steps=after["steps"] != old["steps"],
                   award=award_step or cut.award(after) != cut.award(old))


def reply(ctx: dict[str, Any], before: Before | None, accepted: Step | None, **template: Any):
    """The reply to a step that was checked (`accepted`: the step, if it was
    right), or None when the cell must be drawn whole (or the request is
    not htmx's). `template`: more template context (the preview's url_for)."""
    if not request.headers.get("HX-Request"):
        return None
    award_step = accepted is not None and accepted.kind in ctx["cell"].engine.step_kinds["seats"]
    parts = changed(ctx, before, award_step)
    if parts is None:
        return None
    html = render_template(CUTS[ctx["hand"].cell_template].reply, c=ctx, changed=parts, **template)
    return html, 200, {"HX-Retarget": f"#cell-{ctx['cell'].id}--out", "HX-Reswap": "outerHTML"}
