"""Rubrics for observed table tests (issue 33): parsing, checking and scoring.

Pure (no Flask, no database): a rubric is house data, a TOML text like a
house-rule profile (engine/house.py), and every rule about it lives here so
the editor, the test form and the tests read one definition. The format is
in rubrics/README.md; the default rubric is rubrics/dealing.toml.

Rulebooks are silent on grading a dealer: the 1-4 scale, the default
categories and "pass_level or better in every must-pass category" are
standard dealer-school practice, each a field an admin can change.
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LEVELS = (1, 2, 3, 4)
DEFAULT_FILE = Path(__file__).resolve().parent.parent / "rubrics" / "dealing.toml"
MAX_CATEGORIES = 20
MAX_TEXT = 500
TOP_KEYS = ("title", "pass_level", "second_sign_off", "category")
CATEGORY_KEYS = ("key", "title", "must_pass", "levels")


class RubricError(ValueError):
    """A rubric text that cannot be used: the message names the line and key, and the fix."""


@dataclass(frozen=True)
class Category:
    key: str
    title: str
    must_pass: bool
    levels: tuple[str, str, str, str]      # the descriptor of scores 1, 2, 3 and 4

    def descriptor(self, score: int) -> str:
        return self.levels[score - 1]


@dataclass(frozen=True)
class Rubric:
    title: str
    pass_level: int
    second_sign_off: bool
    categories: tuple[Category, ...]

    def category(self, key: str) -> Category | None:
        return next((c for c in self.categories if c.key == key), None)


@dataclass(frozen=True)
class Outcome:
    """What the scores say: passed only if every category is scored and every
    must-pass one reaches the pass level."""
    passed: bool
    unscored: tuple[str, ...]       # category titles with no score
    below: tuple[str, ...]          # must-pass category titles under the pass level
    total: int
    most: int

    @property
    def percent(self) -> int:
        return round(100 * self.total / self.most) if self.most else 0

    def why(self, pass_level: int) -> str:
        if self.unscored:
            return "Not every category is scored yet: " + ", ".join(self.unscored) + "."
        if self.below:
            return f"Below {pass_level} in a must-pass category: " + ", ".join(self.below) + "."
        return f"Every must-pass category at {pass_level} or better."


def _line_of(text: str, key: str, after: int = 0) -> int | None:
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if number > after and (stripped.startswith(f"{key} ") or stripped.startswith(f"{key}=")
                               or stripped == f"[[{key}]]"):
            return number
    return None


def parse(text: str, source: str = "rubric") -> Rubric:
    """The rubric a TOML text describes, or RubricError naming where and why."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RubricError(f"{source}: not valid TOML: {exc}") from None
    except (RecursionError, ValueError) as exc:
        # tomllib recurses per nesting level and refuses integers of over 4,300 digits.
        raise RubricError(f"{source}: not valid TOML: nested too deeply or a number far too long "
                          f"({type(exc).__name__})") from None
    return from_dict(data, source, text)


def from_dict(data: Mapping[str, Any], source: str = "rubric", text: str = "") -> Rubric:
    def where(key: str, after: int = 0) -> str:
        line = _line_of(text, key, after)
        return f"{source}:{line}: {key!r}" if line else f"{source}: {key!r}"

    for key in data:
        if key not in TOP_KEYS:
            raise RubricError(f"{where(key)} is not a rubric field; known fields: {', '.join(TOP_KEYS)} "
                              "(see rubrics/README.md)")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip() or len(title) > 200:
        raise RubricError(f"{where('title')}: give the rubric a title (text, at most 200 characters)")
    pass_level = data.get("pass_level", 3)
    if isinstance(pass_level, bool) or pass_level not in LEVELS:
        raise RubricError(f"{where('pass_level')} must be one of 1, 2, 3, 4 (the score a must-pass "
                          "category needs)")
    second = data.get("second_sign_off", False)
    if not isinstance(second, bool):
        raise RubricError(f"{where('second_sign_off')} must be true or false")
    raw = data.get("category")
    if not isinstance(raw, list) or not raw:
        raise RubricError(f"{source}: no categories: add [[category]] tables with key, title, must_pass, levels")
    if len(raw) > MAX_CATEGORIES:
        raise RubricError(f"{source}: at most {MAX_CATEGORIES} categories, not {len(raw)}")
    categories: list[Category] = []
    after = 0
    for number, entry in enumerate(raw, 1):
        after = _line_of(text, "category", after) or after
        here = f"{source}:{after}: category {number}" if after else f"{source}: category {number}"
        categories.append(_category(entry, here))
    keys = [c.key for c in categories]
    doubled = sorted({k for k in keys if keys.count(k) > 1})
    if doubled:
        raise RubricError(f"{source}: category key {doubled[0]!r} is used twice; each key names one category")
    if not any(c.must_pass for c in categories):
        raise RubricError(f"{source}: no category has must_pass = true: a test could never fail")
    return Rubric(title.strip(), int(pass_level), second, tuple(categories))


def _category(entry: Any, here: str) -> Category:
    if not isinstance(entry, dict):
        raise RubricError(f"{here}: must be a [[category]] table")
    for key in entry:
        if key not in CATEGORY_KEYS:
            raise RubricError(f"{here}: {key!r} is not a category field; known: {', '.join(CATEGORY_KEYS)}")
    key = entry.get("key")
    if not isinstance(key, str) or not key or len(key) > 40 or not key.replace("_", "").isalnum() \
            or not key.isascii() or key != key.lower():
        raise RubricError(f"{here}: 'key' must be lower-case letters, digits and _ (e.g. \"pot_and_rake\")")
    title = entry.get("title")
    if not isinstance(title, str) or not title.strip() or len(title) > 100:
        raise RubricError(f"{here} ({key}): give it a 'title' (text, at most 100 characters)")
    must_pass = entry.get("must_pass", False)
    if not isinstance(must_pass, bool):
        raise RubricError(f"{here} ({key}): 'must_pass' must be true or false")
    levels = entry.get("levels")
    if (not isinstance(levels, list) or len(levels) != len(LEVELS)
            or not all(isinstance(d, str) and d.strip() and len(d) <= MAX_TEXT for d in levels)):
        raise RubricError(f"{here} ({key}): 'levels' must be {len(LEVELS)} descriptors, one per score "
                          f"1 to {len(LEVELS)}, each text of at most {MAX_TEXT} characters")
    return Category(key, title.strip(), must_pass, (levels[0].strip(), levels[1].strip(), levels[2].strip(),
                                                    levels[3].strip()))


def default_text() -> str:
    return DEFAULT_FILE.read_text(encoding="utf-8")


def score(rubric: Rubric, scores: Mapping[str, int]) -> Outcome:
    """Pass or fail from the scores, by the rubric's must-pass categories."""
    unscored = tuple(c.title for c in rubric.categories if scores.get(c.key) not in LEVELS)
    below = tuple(c.title for c in rubric.categories
                  if c.must_pass and scores.get(c.key) in LEVELS and scores[c.key] < rubric.pass_level)
    total = sum(scores.get(c.key, 0) for c in rubric.categories if scores.get(c.key) in LEVELS)
    return Outcome(not unscored and not below, unscored, below, total, len(LEVELS) * len(rubric.categories))


def read_scores(rubric: Rubric, form: Mapping[str, str]) -> dict[str, int]:
    """Each category's score from a form's `score-KEY` fields; anything but 1-4 is left out (unscored)."""
    found: dict[str, int] = {}
    for c in rubric.categories:
        raw = (form.get(f"score-{c.key}") or "").strip()
        if raw in {str(level) for level in LEVELS}:
            found[c.key] = int(raw)
    return found


# --- the combined pass status (the cohort dashboard) -----------------------------------------

WEIGHT_PARTS = (("written", "Written (lesson answers right)"), ("drills", "Drills (sprint readiness)"),
                ("audition", "Audition (best score)"), ("table_test", "Table test (rubric score)"))


@dataclass(frozen=True)
class Weights:
    """How the four parts weigh into one mark (percent each, summing to 100), and the mark that passes.
    The default is dealer-school practice (the live table test and the audition count most)."""
    written: int = 20
    drills: int = 20
    audition: int = 30
    table_test: int = 30
    pass_mark: int = 75

    def parts(self) -> dict[str, int]:
        return {key: int(getattr(self, key)) for key, _ in WEIGHT_PARTS}


def read_weights(form: Mapping[str, str]) -> Weights:
    """Weights from a form, or RubricError saying what to fix."""
    values: dict[str, int] = {}
    for key, label in (*WEIGHT_PARTS, ("pass_mark", "Pass mark")):
        raw = (form.get(key) or "").strip()
        if not raw.isascii() or not raw.isdigit() or int(raw) > 100:
            raise RubricError(f"{label}: a whole number from 0 to 100, not {raw[:20]!r}.")
        values[key] = int(raw)
    weights = Weights(**values)
    if sum(weights.parts().values()) != 100:
        raise RubricError(f"The four weights add up to {sum(weights.parts().values())}; they must add up to 100.")
    return weights


@dataclass(frozen=True)
class Standing:
    """A trainee's combined status: each part's mark (None: not done yet) and the verdict."""
    marks: dict[str, int | None]
    combined: int | None
    status: str         # "pass", "below the mark", "table test failed", "not complete"


def standing(weights: Weights, marks: Mapping[str, int | None], table_test_passed: bool | None) -> Standing:
    """Combined mark = the weighted mean of the parts (0-100). A part with a
    weight that is not done yet leaves the status "not complete"; a failed
    table test fails whatever the mark (the regulator's table test must be
    passed, issue 33)."""
    parts = weights.parts()
    shown = {key: marks.get(key) for key in parts}
    if any(parts[k] and shown[k] is None for k in parts):
        return Standing(shown, None, "not complete")
    combined = round(sum(parts[k] * (shown[k] or 0) for k in parts) / 100)
    if parts["table_test"] and table_test_passed is False:
        return Standing(shown, combined, "table test failed")
    return Standing(shown, combined, "pass" if combined >= weights.pass_mark else "below the mark")
