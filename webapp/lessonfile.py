"""Lesson files: Markdown explanation cells with fenced interactive cells.

A lesson is plain text (see lessons/README.md). Interactive cells are
fenced blocks whose info string is `table`, `question`, `drill`, `sprint` or `down` and whose
body is TOML. Loading a lesson builds every cell's engine object once, so a broken
scenario is reported as file:line when the library loads, never in front of
a trainee; other lessons are unaffected.
"""
from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import random
import re
import stat
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from engine import (AMOUNT_KINDS, Checkpoint, CheckpointError, PhhError, QuestionError, ScenarioError,
                    amount_question, build_question, build_table, find_checkpoint, phh_loads, phh_table_cell,
                    rule_label, stand, table_prompts, without_totals)
from webapp.trainee import down_cells, drill_cells, sprint_cells
from webapp.markdown_cells import MarkdownTooBig, render_cell

CELL_TYPES = ("table", "question", "drill", "sprint", "down")
# Cells the trainee deals on the drawn table: a fixed hand, or a drill's new hand each time.
DEALT = ("table", "drill")
# Numbers in a lesson are chips, seats and percentages: far below this.
MAX_NUMBER = 10**9
MAX_DEPTH = 8
MAX_TOML_CHARS = 64 * 1024
SLUG_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")   # a lesson's file name (fullmatch)
ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
FENCE_RE = re.compile(r"^```\s*([A-Za-z]*)\s*$")
# A table cell's `phh = "hands/NAME.phh"`: a hand history inside the lessons folder.
PHH_PATH_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,79}(/[A-Za-z0-9_][A-Za-z0-9_.-]{0,79}){0,3}\.phhs?")
PHH_KEYS = ("id", "title", "prompt", "phh", "hand", "house")
# What each kind of `amounts` needs in the hand, said when the hand never gives it.
AMOUNT_WHEN = {"pot-limit-max": "a pot-limit player with a bet or raise to make, short of all in",
               "call-amount": "a player facing a bet", "side-pots": "an all-in that makes a side pot",
               "rake": "a commission taken (a `commission` table or the house's)",
               "split": "a hi-lo game's showdown", "casino": "a Casino Hold'em box that plays to the settlement"}
MAX_PHH_BYTES = 256 * 1024
WORDING = ("title", "prompt")   # a cell's words; changing them changes no hand or answer
# What one lesson may hold (issue 30): far above any lesson in lessons/ (at most
# 21 cells, 17 questions, 11 KB) and low enough that reading one, which deals
# every table and drill hand, costs well under a second. The editor, `lessons
# import` and `lessons check` all refuse more through parse_lesson.
MAX_LESSON_BYTES = 128 * 1024
MAX_CELLS = 200                 # every cell, explanation cells too
MAX_CELLS_OF_KIND = {"table": 40, "question": 80, "drill": 20, "sprint": 10, "down": 5}


class LessonError(ValueError):
    """A problem in a lesson file, located as path:line."""

    def __init__(self, path: str, line: int, message: str):
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


@dataclass
class Cell:
    kind: str                 # "markdown" | "table" | "question" | "drill" | "sprint" | "down"
    line: int
    source: str = ""
    id: str = ""
    data: dict = field(default_factory=dict)
    engine: object = None     # engine.questions.base.TableCell / Question / webapp.trainee.drill_cells.DrillCell / sprint_cells.SprintPlan / down_cells.DownPlan
    after: str = ""           # a question about a table cell's hand: that cell's id
    # `at = ...`: the point of that hand where the question is asked; the hand
    # waits there until it is answered (engine.questions.checkpoints).
    checkpoint: Checkpoint | None = None
    # An explanation cell's HTML, rendered once when the lesson is read (issue 30).
    html: str = ""
    # A question no fence writes: asked by this table cell's `amounts = [...]` (amount_cells).
    asked_by: str = ""

    @property
    def interactive(self) -> bool:
        return self.kind != "markdown"

    @property
    def dealt(self) -> bool:
        """Dealt step by step on the drawn table (a table or a drill cell)."""
        return self.kind in DEALT

    @functools.cached_property
    def fingerprint(self) -> str:
        """What the trainee's hand or answer depends on: the cell's kind and
        data without its wording (title, prompt), so a changed scenario or
        question is told apart from a corrected typo (notebook.cell_context).
        Kept: a cell is never changed once read (a changed file is read anew)."""
        data = {k: v for k, v in self.data.items() if k not in WORDING}
        text = json.dumps([self.kind, data], sort_keys=True, default=repr, ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


# The curriculum's families in the suggested order (header key `family`):
# Hold'em and the flop games first, then what every game needs (table
# procedure, hand reading, betting and money), then the other families.
FAMILIES = {
    "flop": "Flop games", "table": "Table procedure", "reading": "Hand reading",
    "money": "Betting, pots and money", "stud": "Stud games", "draw": "Draw games", "manila": "Manila games",
    "banked": "Banked games", "other": "Other lessons",
}
def suggested_order(lessons: Iterable[Lesson]) -> list[Lesson]:
    """Lessons in the order *Lessons* lists them (family by FAMILIES, then
    `order`, then file name): every page that lists lessons uses it."""
    rank = {key: i for i, key in enumerate(FAMILIES)}
    return sorted(lessons, key=lambda lesson: (rank.get(lesson.family, len(rank)), lesson.order, lesson.slug))


# A lesson without `family` is placed by its file name's first word.
FAMILY_OF_PREFIX = {"holdem": "flop", "omaha": "flop", "pineapple": "flop", "crazy": "flop", "double": "flop",
                    "flop": "flop", "stud": "stud", "razz": "stud", "manila": "manila", "draw": "draw",
                    "triple": "draw", "lowball": "draw", "casino": "banked", "table": "table"}


@dataclass
class Lesson:
    slug: str
    path: str
    title: str
    summary: str = ""
    cells: list = field(default_factory=list)
    order: int = 1000
    family: str = "other"

    @property
    def interactive_cells(self) -> list:
        return [c for c in self.cells if c.interactive]

    def cell(self, cell_id: str):
        return next((c for c in self.cells if c.interactive and c.id == cell_id), None)


def parse_lesson(text: str, path: str = "<lesson>", slug: str | None = None,
                 folder: str | Path | None = None) -> Lesson:
    """`folder`: the lessons folder on disk, where a table cell's `phh = ...`
    is looked up (default: the folder of `path`)."""
    size = len(text.encode("utf-8"))
    if size > MAX_LESSON_BYTES:
        raise LessonError(path, 1, f"a lesson may be at most {MAX_LESSON_BYTES // 1024} KB (this one is "
                                   f"{size // 1024} KB): split it into two lessons")
    lines = text.splitlines()
    home = Path(folder) if folder is not None else Path(path).parent
    meta, start = {}, 0
    if lines and lines[0].strip() == "+++":
        try:
            end = next(i for i in range(1, len(lines)) if lines[i].strip() == "+++")
        except StopIteration:
            raise LessonError(path, 1, "the header opened with +++ is never closed with +++") from None
        meta = _toml(path, 2, "\n".join(lines[1:end]))
        start = end + 1
    title = meta.get("title")
    if not isinstance(title, str) or not title.strip():
        raise LessonError(path, 1, 'the lesson needs a header with a title: +++ / title = "..." / +++')
    order = meta.get("order", 1000)
    if not isinstance(order, int):
        raise LessonError(path, 1, "order must be a whole number (lessons are listed by it, then by file name)")
    slug = slug or Path(path).stem
    family = meta.get("family", FAMILY_OF_PREFIX.get(slug.split("-")[0], "other"))
    if family not in FAMILIES:
        raise LessonError(path, 1, f"family must be one of {', '.join(FAMILIES)}, not {family!r}")
    lesson = Lesson(slug, path, title.strip(), str(meta.get("summary", "")), order=order, family=family)
    seen: dict[str, int] = {}
    buffer: list[str] = []
    buffer_line = start + 1
    i = start
    while i < len(lines):
        match = FENCE_RE.match(lines[i])
        if match and match.group(1) in CELL_TYPES:
            _flush_markdown(path, lesson, buffer, buffer_line)
            kind, open_line = match.group(1), i + 1
            _within_caps(path, lesson, kind, open_line)
            j = i + 1
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            if j == len(lines):
                raise LessonError(path, open_line, f"the ```{kind} cell is never closed with ```")
            body = "\n".join(lines[i + 1:j])
            lesson.cells.append(_interactive(path, kind, open_line, body, seen,
                                             [c for c in lesson.cells if c.dealt], home))
            if kind == "table":
                lesson.cells += amount_cells(path, lesson.cells[-1], seen)
            i = j + 1
            buffer, buffer_line = [], i + 1
            continue
        buffer.append(lines[i])
        i += 1
    _flush_markdown(path, lesson, buffer, buffer_line)
    if not lesson.interactive_cells:
        raise LessonError(path, 1, "the lesson has no ```table, ```question, ```drill, ```sprint or ```down cell")
    return lesson


def _within_caps(path: str, lesson: Lesson, kind: str, line: int) -> None:
    """Refuse the cell at `line` if it would pass a cap: checked before the
    cell is built, so an oversized lesson costs no more than a full one."""
    if len(lesson.cells) >= MAX_CELLS:
        raise LessonError(path, line, f"a lesson may hold at most {MAX_CELLS} cells (explanation cells "
                                      "included): split it into two lessons")
    cap = MAX_CELLS_OF_KIND.get(kind)
    if cap is not None and sum(1 for c in lesson.cells if c.kind == kind) >= cap:
        raise LessonError(path, line, f"a lesson may hold at most {cap} ```{kind} cells: split it into two "
                                      "lessons")


def _flush_markdown(path: str, lesson: Lesson, buffer: list[str], line: int) -> None:
    """An explanation cell, rendered here once for every view of this lesson
    version; too big or too slow to render is a LessonError at its line."""
    text = "\n".join(buffer).strip()
    if text:
        line += next(i for i, raw in enumerate(buffer) if raw.strip())   # the cell's first written line
        _within_caps(path, lesson, "markdown", line)
        try:
            html = render_cell(text)
        except MarkdownTooBig as exc:
            raise LessonError(path, line + exc.line, str(exc)) from None
        lesson.cells.append(Cell("markdown", line, source=text, html=html))


def _toml(path: str, first_line: int, body: str) -> dict:
    if len(body) > MAX_TOML_CHARS:
        raise LessonError(path, first_line, f"a cell may hold at most {MAX_TOML_CHARS // 1024} KB of TOML")
    try:
        data = tomllib.loads(body)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        offset = int(m.group(1)) - 1 if m else 0
        what = str(exc)[:m.start()].strip() if m else str(exc)
        where = f" (column {m.group(2)})" if m else ""
        raise LessonError(path, first_line + offset, f"not valid TOML: {what}{where}") from None
    except (RecursionError, ValueError) as exc:
        # tomllib recurses per nesting level and refuses integers of over 4,300 digits.
        raise LessonError(path, first_line, "not valid TOML: nested too deeply or a number far too "
                                            f"long ({type(exc).__name__})") from None
    problem = _out_of_bounds(data, 0)
    if problem:
        raise LessonError(path, first_line, problem)
    return data


def _out_of_bounds(value: object, depth: int) -> str | None:
    """Why a TOML value is nothing a lesson can mean, or None: lessons hold
    small whole numbers, short lists and tables, never inf, nan or 1e300."""
    if depth > MAX_DEPTH:
        return f"tables and lists may be nested at most {MAX_DEPTH} deep"
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value} is not a number a lesson can use"
    if isinstance(value, (int, float)) and abs(value) > MAX_NUMBER:
        return f"the number {value:.3g} is too large (at most {MAX_NUMBER:,})"
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items:
        problem = _out_of_bounds(item, depth + 1)
        if problem:
            return problem
    return None


def _interactive(path: str, kind: str, open_line: int, body: str, seen: dict, tables: list,
                 folder: Path | None = None) -> Cell:
    data = _toml(path, open_line + 1, body)
    cell_id = data.get("id")
    if not isinstance(cell_id, str) or not ID_RE.fullmatch(cell_id):
        raise LessonError(path, open_line, 'every cell needs an id of lower-case letters, digits and '
                                           'dashes, e.g. id = "deal-a-hand"')
    if cell_id in seen:
        raise LessonError(path, open_line, f"id {cell_id!r} is already used by the cell at line "
                                           f"{seen[cell_id]}")
    seen[cell_id] = open_line
    if kind == "drill":
        return _drill(path, open_line, body, cell_id, data)
    if kind == "sprint":
        return _sprint(path, open_line, body, cell_id, data)
    if kind == "down":
        return _down(path, open_line, body, cell_id, data)
    base = data.get("hand")
    after = base if kind == "question" and isinstance(base, str) else ""
    if after:
        source = next((c for c in tables if c.id == base), None)
        if source is None:
            raise LessonError(path, open_line, f"hand = {base!r} names no table cell above this one")
        if source.kind == "drill":
            raise LessonError(path, open_line + _key_line(body, "hand"),
                              f"question {cell_id!r}: hand = {base!r} is a drill cell, which deals every "
                              "trainee a new hand each time: a question cannot be about it. Ask about a "
                              "table cell's hand, or give the question a hand of its own")
        data = {**{k: v for k, v in source.data.items() if k not in ("id", "title", "prompt", "amounts")}, **data}
        del data["hand"]
    checkpoint = None
    if kind == "question" and "at" in data:
        checkpoint = _checkpoint(path, open_line + _key_line(body, "at"), cell_id, data, tables, after)
        if data.get("ask") == "first_to_act":
            data = {"street": checkpoint.street, **data}
    expected = data.pop("expect", None) if kind == "question" else None
    # Amounts the table asks as it is dealt (`amounts = [...]`): questions made by the engine, below.
    amounts = data.pop("amounts", None) if kind == "table" else None
    if kind == "table" and "phh" in data:
        data = _phh_data(path, open_line, body, cell_id, data, folder or Path(path).parent)
    try:
        engine_cell = build_table(data) if kind == "table" else build_question(data)
    except (ScenarioError, QuestionError, ValueError) as exc:
        # A message that starts with a key of the cell points at that key's line.
        key = re.match(r"\w+", str(exc))
        line = open_line + (_key_line(body, key.group()) if key and key.group() in data else 0)
        raise LessonError(path, line, f"{kind} cell {cell_id!r}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - any scenario the engine cannot build is this file's error
        raise LessonError(path, open_line, f"{kind} cell {cell_id!r} cannot be built: "
                                           f"{type(exc).__name__}: {exc}"[:300]) from None
    if expected is not None:
        _check_expected(path, open_line + _key_line(body, "expect"), cell_id, engine_cell, expected)
    if checkpoint is not None:
        _draw_at(engine_cell, next(c for c in tables if c.id == after), checkpoint)
    if amounts is not None:
        data = {**data, "amounts": amounts}
    return Cell(kind, open_line, source=body, id=cell_id, data=data, engine=engine_cell, after=after,
                checkpoint=checkpoint)


def amount_cells(path: str, table: Cell, seen: dict) -> list[Cell]:
    """The questions a table cell's `amounts = [...]` asks while its hand is
    dealt (issue 32): one per kind, at the point of the hand where a dealer
    is asked it (engine table_prompts), each an ordinary question about the
    hand (`hand`, `at`), so the hand stops there until it is answered. The
    point is chosen from the cell's id, the same for every trainee. An
    unknown kind, or one this hand never gives, is an error at the key's line."""
    kinds = table.data.get("amounts")
    if kinds is None:
        return []
    line = table.line + (_key_line(table.source, "amounts") or 0)
    if not isinstance(kinds, list) or not kinds or not all(isinstance(k, str) for k in kinds) \
            or len(set(kinds)) != len(kinds):
        raise LessonError(path, line, f"table cell {table.id!r}: amounts must list kinds of amount, each once, "
                                      f"e.g. amounts = [\"pot-limit-max\", \"rake\"]; the kinds: "
                                      f"{', '.join(AMOUNT_KINDS)}")
    unknown = [k for k in kinds if k not in AMOUNT_KINDS]
    if unknown:
        raise LessonError(path, line, f"table cell {table.id!r}: amounts: no kind {unknown[0]!r}; use "
                                      f"{', '.join(AMOUNT_KINDS)}")
    prompts = table_prompts(table.engine, kinds, random.Random(f"amounts:{table.id}"), at_most=len(kinds))
    missing = [k for k in kinds if k not in {p["amount"] for p in prompts}]
    if missing:
        raise LessonError(path, line, f"table cell {table.id!r}: amounts: this hand never gives {missing[0]!r} "
                                      f"({AMOUNT_WHEN[missing[0]]}); change the hand or leave it out")
    cells = []
    hand_data = {k: v for k, v in table.data.items() if k not in ("id", "title", "prompt", "amounts")}
    for prompt in prompts:
        cell_id = f"{table.id}-{prompt['amount']}"[:64]
        if cell_id in seen:
            raise LessonError(path, line, f"table cell {table.id!r}: amounts: its question's id {cell_id!r} is "
                                          f"already used by the cell at line {seen[cell_id]}")
        seen[cell_id] = line
        question = amount_question(table.engine, prompt)
        point = find_checkpoint(table.engine.new_hand, prompt["at"])
        _draw_at(question, table, point)
        cells.append(Cell("question", line, id=cell_id, data={**hand_data, **prompt}, engine=question,
                          after=table.id, checkpoint=point, asked_by=table.id))
    return cells


def _draw_at(question, table: Cell, point: Checkpoint) -> None:
    """A question asked at a point of a table cell's hand draws that hand as it
    stands there, as the trainee's table does: no card not yet dealt, no
    decision not yet made (a pots question's totals left out, as ever)."""
    if table.engine.kind != "poker":
        return
    view = stand(table.engine.new_hand, point.steps, point.pause)[0].view()
    question.display = {**question.display, "table": without_totals(view) if question.kind == "pots" else view}


def _checkpoint(path: str, line: int, cell_id: str, data: dict, tables: list, after: str) -> Checkpoint:
    """A question's `at`: the point of the table cell's hand it names
    (engine.questions.checkpoints), checked against the question's own keys."""
    if not after:
        raise LessonError(path, line, f"question {cell_id!r}: at = ... names a point of a table cell's hand: "
                                      'give the cell as hand = "table-cell-id" too')
    source = next(c for c in tables if c.id == after)
    try:
        point = find_checkpoint(source.engine.new_hand, data["at"])
    except (CheckpointError, ScenarioError) as exc:
        raise LessonError(path, line, f"question {cell_id!r}: {exc}") from None
    ask = data.get("ask")
    if ask == "first_to_act" and point.street is None:
        raise LessonError(path, line, f"question {cell_id!r}: a first_to_act question is asked before the "
                                      f'round it is about: at = "<round>", e.g. at = "flop"')
    if ask == "first_to_act" and data.get("street", point.street) != point.street:
        raise LessonError(path, line, f"question {cell_id!r}: street = {data.get('street')!r} but at = "
                                      f"{data['at']!r}: ask it before the round it is about")
    if ask == "largest_bet" and point.seat is None:
        raise LessonError(path, line, f'question {cell_id!r}: a largest_bet question is asked at a player\'s '
                                      'turn: at = "<round>: seat N"')
    return point


def _drill(path: str, open_line: int, body: str, cell_id: str, data: dict) -> Cell:
    """A ```drill cell: its plan and one hand dealt at load (webapp.trainee.drill_cells);
    a want the game never gives, or an unknown game or house, is reported at
    the line of the key at fault."""
    try:
        drill = drill_cells.build(data)
    except drill_cells.DrillCellError as exc:
        line = open_line + (_key_line(body, exc.key) or 0)
        raise LessonError(path, line, f"drill cell {cell_id!r}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - any drill the engine cannot deal is this file's error
        raise LessonError(path, open_line, f"drill cell {cell_id!r} cannot be built: "
                                           f"{type(exc).__name__}: {exc}"[:300]) from None
    return Cell("drill", open_line, source=body, id=cell_id, data=data, engine=drill)


def _sprint(path: str, open_line: int, body: str, cell_id: str, data: dict) -> Cell:
    """A ```sprint cell: its plan (webapp.trainee.sprint_cells), the set drawn once at
    load; a bad key or value is reported at the line of the key at fault."""
    try:
        plan = sprint_cells.build(data)
    except sprint_cells.SprintCellError as exc:
        line = open_line + (_key_line(body, exc.key) or 0)
        raise LessonError(path, line, f"sprint cell {cell_id!r}: {exc}") from None
    return Cell("sprint", open_line, source=body, id=cell_id, data=data, engine=plan)


def _down(path: str, open_line: int, body: str, cell_id: str, data: dict) -> Cell:
    """A ```down cell: the engine's down spec read and its first hand dealt
    (webapp.trainee.down_cells); a bad key (DownError names it) is reported at
    its line."""
    try:
        plan = down_cells.build(data, source=path)
    except down_cells.DownCellError as exc:
        line = open_line + (_key_line(body, exc.key) or 0)
        raise LessonError(path, line, f"down cell {cell_id!r}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - any down the engine cannot deal is this file's error
        raise LessonError(path, open_line, f"down cell {cell_id!r} cannot be dealt: "
                                           f"{type(exc).__name__}: {exc}"[:300]) from None
    return Cell("down", open_line, source=body, id=cell_id, data=data, engine=plan)


def _phh_data(path: str, open_line: int, body: str, cell_id: str, data: dict, folder: Path) -> dict:
    """A table cell's `phh = "hands/NAME.phh"` (and `hand = N`, `house`): the
    hand history read from inside the lessons folder and turned into the
    cell's seats, cards and decisions (engine.phh.replay.table_cell), so the trainee
    deals the hand as it was played. Every problem is this lesson's file:line."""
    line = open_line + (_key_line(body, "phh") or 0)
    name = data["phh"]

    def fail(message: str, at: int = line) -> LessonError:
        return LessonError(path, at, f"table cell {cell_id!r}: {message}")
    extra = sorted(set(data) - set(PHH_KEYS))
    if extra:
        raise fail(f"a cell with phh = ... takes its seats, cards and decisions from the hand history; "
                   f"it takes only {', '.join(PHH_KEYS)}, not {', '.join(extra)}")
    if not isinstance(name, str) or not PHH_PATH_RE.fullmatch(name) or ".." in name.split("/"):
        raise fail('phh must name a .phh or .phhs file inside the lessons folder, relative to it, '
                   f'e.g. phh = "hands/side-pots.phh" (not {str(name)[:80]!r})')
    shown = f"{Path(path).parent.as_posix()}/{name}" if Path(path).parent != Path(".") else name
    house = data.get("house", "main")
    if not isinstance(house, str):
        raise fail(f'house must be a house profile\'s name, e.g. house = "standard", not {house!r}',
                   open_line + _key_line(body, "house"))
    text = _read_phh(folder, name, fail)
    try:
        hands = phh_loads(text, shown)
    except PhhError as exc:
        raise fail(f"phh = {name!r}: {exc}") from None
    number = data.get("hand", 1 if len(hands) == 1 else None)
    hand_line = open_line + (_key_line(body, "hand") or 0)
    if number is None:
        raise fail(f"phh = {name!r} holds {len(hands)} hands: choose one with hand = 1 to {len(hands)}")
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(hands):
        raise fail(f"hand must be a hand's number in {name}, 1 to {len(hands)}, not {number!r}", hand_line)
    try:
        scenario = phh_table_cell(hands[number - 1], house)
    except PhhError as exc:
        raise fail(f"phh = {name!r}: {exc}") from None
    except (ScenarioError, ValueError, KeyError) as exc:
        raise fail(f"phh = {name!r} cannot be dealt: {exc}") from None
    return {**{k: v for k, v in data.items() if k in ("id", "title", "prompt")}, **scenario}


def _read_phh(folder: Path, name: str, fail: Callable[[str], LessonError]) -> str:
    """The text of `name` inside `folder`: no symlink out of the folder, a
    regular file, at most MAX_PHH_BYTES, UTF-8."""
    try:
        root = folder.resolve(strict=True)
        target = (root / name).resolve(strict=True)
    except (OSError, RuntimeError):
        raise fail(f"phh = {name!r}: there is no such file in the lessons folder") from None
    if not target.is_relative_to(root):
        raise fail(f"phh = {name!r} leads out of the lessons folder (a link): hand histories are kept "
                   "inside it")
    if target.suffix not in (".phh", ".phhs"):
        raise fail(f"phh = {name!r} is a link to a file that is not .phh or .phhs")
    try:
        fd = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise fail(f"phh = {name!r}: cannot be read ({exc.strerror})") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise fail(f"phh = {name!r} is not a file")
    with os.fdopen(fd, "rb") as f:
        raw = f.read(MAX_PHH_BYTES + 1)
    if len(raw) > MAX_PHH_BYTES:
        raise fail(f"phh = {name!r} is larger than {MAX_PHH_BYTES // 1024} KB: keep one hand, or a few, "
                   "in a file")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise fail(f"phh = {name!r} is not UTF-8 text") from None


def _key_line(body: str, key: str) -> int:
    """Lines from the fence to `key = ...` in a cell's TOML (0 if not found)."""
    return next((n for n, line in enumerate(body.splitlines(), start=1)
                 if re.match(rf"\s*{key}\s*=", line)), 0)


def _check_expected(path: str, line: int, cell_id: str, question, expected: object) -> None:
    """`expect = ...`: the answer the instructor believes right. The lesson is
    refused where the engine disagrees, so neither can be silently wrong."""
    answer = question.answer
    try:
        if isinstance(answer, dict):
            if not isinstance(expected, (dict, list)):
                raise TypeError("a table or a list of amounts")
            pairs = expected.items() if isinstance(expected, dict) else enumerate(expected)  # type: ignore[union-attr]
            # chips per seat or pot; seats per pot or half (a halves question: [] is nobody)
            value: object = {(int(k) if str(k).isdigit() else k): (tuple(sorted(v)) if isinstance(v, list) else v)
                             for k, v in pairs}
        elif isinstance(answer, tuple):
            value = tuple(sorted(expected if isinstance(expected, list) else [expected]))  # type: ignore[type-var]
        elif isinstance(answer, str):
            value = str(expected)
        else:
            value = expected
        agrees = value == answer
        shown = question.format_answer(value) if agrees or _formattable(question, value) else repr(expected)
    except (TypeError, ValueError, AttributeError):
        agrees, shown = False, repr(expected)
    if not agrees:
        raise LessonError(path, line, f"question {cell_id!r}: expect = {shown}, but the engine answers "
                                      f"{question.format_answer(answer)} (rule {rule_label(question.rule)})")


def _formattable(question, value: object) -> bool:
    try:
        question.format_answer(value)
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
    return True


@dataclass
class Library:
    """Every lesson in a folder; a broken file is listed with its error."""
    lessons: dict = field(default_factory=dict)
    errors: list = field(default_factory=list)


_cache: dict[str, tuple] = {}
_checked: dict[str, float] = {}      # folder -> when its files were last looked at (time.monotonic)


def forget(folder: str) -> None:
    """The next load_library(folder) looks at the folder, whatever `recheck` says."""
    _checked.pop(folder, None)


def is_lesson_name(slug: str) -> bool:
    return SLUG_RE.fullmatch(slug) is not None and slug != "readme"


def read_lesson(path: Path, shown: str, folder: Path | None = None) -> Lesson:
    """One lesson file as the trainer loads it; every failure, whatever its
    cause, is a LessonError located in that file (one file never takes the
    library, or the check, down)."""
    if not is_lesson_name(path.stem):
        raise LessonError(shown, 1, "a lesson file's name is lower-case letters, digits and dashes, "
                                    "e.g. holdem-03-side-pots.md")
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_LESSON_BYTES + 1)   # a bigger file is refused without reading the rest
        if len(raw) > MAX_LESSON_BYTES:
            raise LessonError(shown, 1, f"a lesson may be at most {MAX_LESSON_BYTES // 1024} KB: split it into "
                                        "two lessons")
        return parse_lesson(raw.decode("utf-8"), path=shown, slug=path.stem, folder=folder)
    except LessonError:
        raise
    except UnicodeDecodeError:
        raise LessonError(shown, 1, "the file is not UTF-8 text") from None
    except OSError as exc:
        raise LessonError(shown, 1, f"cannot be read ({exc.strerror})") from None
    except Exception as exc:  # noqa: BLE001
        raise LessonError(shown, 1, f"cannot be loaded: {type(exc).__name__}") from None


def _folder_key(folder: str) -> tuple:
    """Every entry under `folder` with its mtime and size: another key whenever a
    file is added, removed, renamed or written. Read on every request, so it
    walks with os.scandir (a quarter of what globbing and stat-ing Paths cost)."""
    entries, stack = [], [folder]
    while stack:
        here = stack.pop()
        try:
            with os.scandir(here) as found:
                for entry in found:
                    try:
                        info = entry.stat()
                    except OSError:
                        continue
                    entries.append((entry.path, info.st_mtime_ns, info.st_size))
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
        except OSError:
            continue
    return tuple(sorted(entries))


def load_library(folder: str, recheck: float = 0.0) -> Library:
    """The lessons in `folder`, read again when a file there changed. A
    library checked less than `recheck` seconds ago is trusted without
    looking at the folder (the look costs a step check about 0.25 ms);
    `forget` ends that trust at once, after the app writes a lesson file."""
    cached = _cache.get(folder)
    now = time.monotonic()
    if cached and now - _checked.get(folder, -math.inf) < recheck:
        return cached[1]
    key = _folder_key(folder)
    _checked[folder] = now
    if cached and cached[0] == key:
        return cached[1]
    directory = Path(folder)
    files = sorted(directory.glob("*.md")) if directory.is_dir() else []
    files = [f for f in files if f.name.lower() != "readme.md"]
    # After one lesson is published, only that file is read again (issue 30):
    # the others are reused while they, and every file that is no lesson (a
    # hand history a lesson may read), are unchanged.
    stamps = {entry[0]: entry[1:] for entry in key}
    others = tuple(entry for entry in key if not entry[0].endswith(".md"))
    earlier = cached[2] if cached and cached[3] == others else {}
    library, results = Library(), {}
    for f in files:
        shown = "lessons/" + f.name.encode("unicode_escape").decode()[:80]
        where = os.path.join(folder, f.name)      # as _folder_key's os.scandir names it
        stamp = stamps.get(where)
        before = earlier.get(where)
        if stamp is not None and before is not None and before[0] == stamp:
            result = before[1]
        else:
            try:
                result = read_lesson(f, shown, directory)
            except LessonError as exc:
                result = exc
        results[where] = (stamp, result)
        if isinstance(result, LessonError):
            library.errors.append(result)
        else:
            library.lessons[result.slug] = result
    library.lessons = dict(sorted(library.lessons.items(), key=lambda kv: (kv[1].order, kv[0])))
    _cache[folder] = (key, library, results, others)
    return library
