"""Lessons as Jupyter notebooks: every lesson in lessons/ exports to a valid
nbformat 4 notebook and imports back to the same lesson; a broken notebook
is refused with its cell number."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import nbformat
import pytest

from webapp import create_app
from webapp.ipynb import KEY, IpynbError, check_import, dumps, from_notebook, to_notebook
from webapp.lessonfile import CELL_TYPES, parse_lesson

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p for p in (ROOT / "lessons").glob("*.md") if p.name != "README.md")


def cells_of(lesson) -> list:
    return [(c.kind, c.id, c.source, c.data, c.after) for c in lesson.cells]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_round_trips_through_a_valid_notebook(path):
    text = path.read_text(encoding="utf-8")
    written = dumps(to_notebook(text))
    notebook = nbformat.reads(written, as_version=4)
    nbformat.validate(notebook)                                    # opens in JupyterLab
    lesson = parse_lesson(text, path=str(path), slug=path.stem, folder=ROOT / "lessons")
    assert notebook.metadata[KEY]["title"] == lesson.title
    raw = [c for c in notebook.cells if c.cell_type == "raw"]
    # One raw cell per fenced cell (the questions a table's `amounts` asks are its own, issue 32).
    assert [(c.metadata[KEY]["kind"], c.id) for c in raw] == [(c.kind, c.id) for c in lesson.interactive_cells
                                                              if not c.asked_by]
    assert {c.cell_type for c in notebook.cells} <= {"markdown", "raw"}
    imported = from_notebook(json.loads(written), "x.ipynb")
    back = check_import(imported, str(path), path.stem, ROOT / "lessons")
    assert cells_of(back) == cells_of(lesson)
    assert (back.title, back.summary, back.order, back.family) == (lesson.title, lesson.summary, lesson.order,
                                                                   lesson.family)
    assert imported.text == text                                   # the very same file, in fact


def test_kinds_are_handled_generically():
    """Every kind the lesson format has is a raw cell with its kind."""
    text = LESSONS[0].read_text(encoding="utf-8")
    kinds = {c.metadata[KEY]["kind"] for c in nbformat.reads(dumps(to_notebook(text)), 4).cells
             if c.cell_type == "raw"}
    assert kinds <= set(CELL_TYPES)


def notebook_of(name: str) -> dict:
    return to_notebook((ROOT / "lessons" / f"{name}.md").read_text(encoding="utf-8"))


def test_a_notebook_edited_in_jupyter_with_a_list_source_imports():
    nb = notebook_of("holdem-01-dealing-a-hand")
    for cell in nb["cells"]:
        cell["source"] = cell["source"].splitlines(keepends=True)   # as Jupyter saves it
    nb["cells"][0]["source"].append("\n\nA sentence added in JupyterLab.")
    imported = from_notebook(nb, "x.ipynb")
    lesson = check_import(imported, "x.ipynb", "x", ROOT / "lessons")
    assert "A sentence added in JupyterLab." in lesson.cells[0].source


@pytest.mark.parametrize("change, where", [
    (lambda nb: nb["cells"].__setitem__(1, {**nb["cells"][1], "cell_type": "code", "outputs": [],
                                            "execution_count": None}), "cell 2: a code cell"),
    (lambda nb: nb["cells"][3]["metadata"][KEY].update(kind="poem"), "cell 4: a raw cell needs metadata"),
    (lambda nb: nb["cells"][3].update(source=nb["cells"][3]["source"] + "\npot = = 3"), "cell 4: line"),
    (lambda nb: nb["metadata"][KEY].update(header='title = ""'), "needs a header with a title"),
    (lambda nb: nb["metadata"][KEY].update(header='title = "T"\norder = = 1'), "the lesson header"),
])
def test_a_broken_notebook_is_refused_with_its_cell_number(change, where):
    nb = notebook_of("holdem-01-dealing-a-hand")
    assert nb["cells"][3]["cell_type"] == "raw"
    change(nb)
    with pytest.raises(IpynbError) as caught:
        check_import(from_notebook(nb, "x.ipynb"), "x.ipynb", "x", ROOT / "lessons")
    assert where in str(caught.value) and str(caught.value).startswith("x.ipynb")


def test_the_cli_exports_and_imports(tmp_path):
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", lessons)
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "t.db"),
                      "LESSONS_DIR": str(lessons)})
    runner = app.test_cli_runner()
    out = tmp_path / "h.ipynb"
    r = runner.invoke(args=["lessons", "export", "holdem-01-dealing-a-hand", "--format", "ipynb", "-o", str(out)])
    assert r.exit_code == 0, r.output
    nbformat.validate(nbformat.read(str(out), as_version=4))
    r = runner.invoke(args=["lessons", "import", str(out), "--name", "holdem-01-dealing-a-hand"])
    assert r.exit_code == 1 and "--replace" in r.output                    # never overwrites in silence
    r = runner.invoke(args=["lessons", "import", str(out), "--name", "copy-of-holdem"])
    assert r.exit_code == 0, r.output
    assert (lessons / "copy-of-holdem.md").read_text() == (lessons / "holdem-01-dealing-a-hand.md").read_text()
    bad = json.loads(out.read_text())
    bad["cells"][3]["source"] = "id = \"x\"\nask = 3\n"
    (tmp_path / "bad.ipynb").write_text(json.dumps(bad))
    r = runner.invoke(args=["lessons", "import", str(tmp_path / "bad.ipynb")])
    assert r.exit_code == 1 and "bad.ipynb: cell 4" in r.output and not (lessons / "bad.md").exists()
    r = runner.invoke(args=["lessons", "export", "no-such-lesson"])
    assert r.exit_code == 1 and "no lesson" in r.output
