"""`python -m webapp.lessons check [PATH...]`: the lesson library checks itself.

Loads every lesson exactly as the app does (webapp.lessonfile), deals every
table cell (and each drill cell's load hand) to the end one dealer step at a time, computes every question's
answer (and compares it with the instructor's `expect`, if any) and renders
every explanation cell. Prints `file:line: what is wrong` for each problem
and exits 1 if there is any; `.ci/run` runs it over lessons/.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import click
from flask.cli import with_appcontext

from webapp.trainee import down_cells, preanswer
from webapp.lessonfile import Lesson, LessonError, read_lesson

MAX_STEPS = 2000  # far beyond any hand; a procedure that never ends is a problem


def lesson_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files += sorted(p for p in path.glob("*.md") if p.name.lower() != "readme.md")
        else:
            files.append(path)
    return files


def deal_to_the_end(lesson: Lesson, cell) -> str | None:
    """Why a table cell cannot be dealt to its end one step at a time, or None."""
    hand = cell.engine.new_hand()
    for _ in range(MAX_STEPS):
        due = hand.expected()
        if due is None:
            return None if hand.finished else "the hand stops before it is finished"
        verdict = hand.propose(due.step())
        if not verdict.ok:
            return f"the engine refuses the step it asked for ({due.kind}): {verdict.message}"
    return f"the hand is not over after {MAX_STEPS} dealer steps"


DOWN_HANDS_CHECKED = 10


def deal_the_down(cell) -> str | None:
    """Why a down cell's first hands (from the cell's seed) cannot be dealt to
    their end one step at a time, or their prompts asked, or None. A misdeal's
    hand is dealt up to its call."""
    plan = cell.engine
    seed = plan.sample.spec.seed
    for number in range(1, min(plan.sample.length, DOWN_HANDS_CHECKED) + 1):
        down_cells.prompts_of(plan.spec, seed, number)        # every prompt built, its point found
        dh = down_cells.hand_of(plan.spec, seed, number)
        hand = down_cells.table_of(plan.spec, seed, number).new_hand()
        for _ in range(dh.total_steps if dh.misdeal else MAX_STEPS):
            due = hand.expected()
            if due is None:
                break
            verdict = hand.propose(due.step())
            if not verdict.ok:
                return f"hand {number}: the engine refuses the step it asked for ({due.kind}): {verdict.message}"
        if not dh.misdeal and not hand.finished:
            return f"hand {number} stops before it is finished"
    return None


def check_file(path: Path) -> tuple[Lesson | None, list[str]]:
    """The lesson and every problem in it, each as `file:line: what is wrong`."""
    shown = str(path)
    try:
        lesson = read_lesson(path, shown)
    except LessonError as exc:
        return None, [str(exc)]
    problems = []
    for cell in lesson.cells:
        try:
            if cell.dealt:     # a table cell, or a drill's hand dealt at load
                problem = deal_to_the_end(lesson, cell)
            elif cell.kind == "question":
                question = cell.engine
                problem = None if question.check(question.answer).ok else "its own answer is not accepted"
            elif cell.kind == "sprint":
                problem = None      # its set was drawn, and every answer worked out, when it loaded
            elif cell.kind == "down":
                problem = deal_the_down(cell)
            else:
                problem = None      # rendered, and its size and time checked, when it loaded
        except Exception as exc:  # noqa: BLE001
            problem = f"{type(exc).__name__}: {exc}"
        if problem:
            problems.append(f"{shown}:{cell.line}: {cell.kind} cell {cell.id or ''}: {problem}".replace(" :", ":"))
    # Nothing on screen may answer a question before it is asked (webapp.trainee.preanswer).
    problems += [f"{shown}:{leak.line}: question cell {leak.cell_id}: answered before it is asked: {leak.what}"
                 for leak in preanswer.leaks(lesson)]
    return lesson, problems


def check(paths: list[str], out=None) -> int:
    out = out or sys.stdout
    files = lesson_files(paths)
    problems, cells, titles = [], 0, {}
    for path in files:
        lesson, found = check_file(path)
        problems += found
        if lesson is not None:
            cells += len(lesson.interactive_cells)
            if lesson.title in titles:
                problems.append(f"{path}:1: the title {lesson.title!r} is also the title of {titles[lesson.title]}")
            titles.setdefault(lesson.title, str(path))
    for line in problems:
        print(line, file=out)
    print(f"{len(files)} lesson files, {cells} interactive cells checked: "
          f"{len(problems) or 'no'} problem{'' if len(problems) == 1 else 's'}", file=out)
    return 1 if problems or not files else 0


@click.group("lessons")
def check_command() -> None:
    """Lesson library commands."""


@check_command.command("check")
@with_appcontext
@click.argument("paths", nargs=-1)
def _check_cli(paths: tuple[str, ...]) -> None:
    """`flask --app webapp lessons check [PATH...]` (default: the app's LESSONS_DIR)."""
    from flask import current_app
    raise SystemExit(check(list(paths) or [current_app.config["LESSONS_DIR"]]))


@check_command.command("export")
@with_appcontext
@click.argument("name")
@click.option("--format", "fmt", type=click.Choice(["ipynb"]), default="ipynb", show_default=True,
              help="the file format (a Jupyter notebook)")
@click.option("-o", "--output", default=None, help="the file to write (default NAME.ipynb; - for stdout)")
def _export_cli(name: str, fmt: str, output: str | None) -> None:
    """Write lessons/NAME.md as a Jupyter notebook that opens in JupyterLab."""
    from flask import current_app

    from webapp.ipynb import dumps, to_notebook
    from webapp.lessonfile import is_lesson_name
    path = Path(current_app.config["LESSONS_DIR"]) / f"{name.removesuffix('.md')}.md"
    if not is_lesson_name(path.stem) or not path.is_file():
        raise click.ClickException(f"there is no lesson {path}")
    text = dumps(to_notebook(path.read_text(encoding="utf-8")))
    if output == "-":
        click.echo(text, nl=False)
        return
    target = Path(output or f"{path.stem}.{fmt}")
    target.write_text(text, encoding="utf-8")
    click.echo(f"Wrote {target} ({fmt}) from {path}.")


@check_command.command("import")
@with_appcontext
@click.argument("notebook", type=click.Path(exists=True, dir_okay=False))
@click.option("--name", default=None, help="the lesson's file name (default: the notebook's)")
@click.option("--replace", is_flag=True, help="replace an existing lesson (its text is kept as a version)")
def _import_cli(notebook: str, name: str | None, replace: bool) -> None:
    """Turn a notebook (from `lessons export`) back into lessons/NAME.md, checked first."""
    from flask import current_app

    from webapp.instructor import drafts
    from webapp.ipynb import MAX_NOTEBOOK_BYTES, IpynbError, check_import, from_notebook, load_notebook
    from webapp.lessonfile import is_lesson_name
    slug = name or Path(notebook).stem
    if not is_lesson_name(slug):
        raise click.ClickException(f"{slug!r} is no lesson name: lower-case letters, digits and dashes "
                                   "(use --name)")
    target = Path(current_app.config["LESSONS_DIR"]) / f"{slug}.md"
    try:
        with open(notebook, "rb") as f:
            raw = f.read(MAX_NOTEBOOK_BYTES + 1)     # a bigger file is refused unread
        imported = from_notebook(load_notebook(raw, notebook), notebook)
        check_import(imported, notebook, slug, current_app.config["LESSONS_DIR"])
    except IpynbError as exc:    # too big, not JSON, a bad shape, or a lesson problem: a message
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"{notebook}: cannot be read ({exc.strerror})") from None
    if target.exists() and not replace:
        raise click.ClickException(f"{target} exists: add --replace to replace it (its text is kept as a "
                                   "version in the editor)")
    with drafts.lesson_transaction():
        before = drafts.published_text(slug)
        drafts.keep_published(slug, None)
        drafts.write_file(slug, imported.text)
        drafts.add_version(slug, imported.text, "imported", None)
        drafts.audit_line("created" if before is None else "changed", slug,
                          f"imported from {Path(notebook).name} on the command line (lessons import), trainees "
                          "see it now: " + drafts.line_changes(before, imported.text), imported.text)
    click.echo(f"Wrote {target} from {notebook}; it passes the lesson check.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m webapp.lessons",
                                     description="Check lesson files as the trainer loads them.")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("check", help="load, deal and answer every cell; print file:line for each problem")
    run.add_argument("paths", nargs="*", default=["lessons"], help="lesson files or folders (default: lessons)")
    args = parser.parse_args(argv)
    return check(args.paths)


if __name__ == "__main__":
    raise SystemExit(main())
