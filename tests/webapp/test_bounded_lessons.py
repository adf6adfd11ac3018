"""Issue 30, Deliver 2: lessons bounded (size, cells per lesson and per kind),
checked by the editor, `lessons import` and `lessons check` alike; a preview
parsed once per token and never inside a write transaction; after a publish
only the changed file is read again; `lessons import` refuses bad JSON
shapes with a message, never a traceback."""
from __future__ import annotations

import io
import json
import re

import pytest

from webapp.instructor import authoring
from webapp import lessonfile
from webapp.ipynb import MAX_JSON_DEPTH, MAX_NOTEBOOK_BYTES, to_notebook
from webapp.lessonfile import LessonError, parse_lesson
from webapp.lessons import check

from .conftest import HX, step_form
from .test_editor import QUESTION, TABLE, V1, V2, login, post


def question(n: int) -> str:
    return QUESTION.replace('id = "split"', f'id = "q{n}"')


def many(kind_block, count: int) -> str:
    return '+++\ntitle = "Big"\n+++\n\n' + "\n".join(kind_block(i) for i in range(count))


def test_too_many_cells_of_a_kind_is_refused_at_the_first_one_over(monkeypatch):
    calls = []
    real = lessonfile._interactive
    monkeypatch.setattr(lessonfile, "_interactive", lambda *a: calls.append(1) or real(*a))
    text = many(question, 85)
    with pytest.raises(LessonError) as err:
        parse_lesson(text, "lessons/big.md")
    assert "at most 80 ```question cells" in err.value.message
    assert err.value.line == text.splitlines().index('id = "q80"')          # the 81st cell's fence
    assert len(calls) == 80                                                 # none built past the cap


def test_too_many_cells_in_all_is_refused(monkeypatch):
    monkeypatch.setitem(lessonfile.MAX_CELLS_OF_KIND, "question", 1000)
    text = many(lambda i: f"Text {i}.\n\n{question(i)}", 110)
    with pytest.raises(LessonError, match="at most 200 cells"):
        parse_lesson(text, "lessons/big.md")


def test_a_lesson_over_the_size_cap_is_refused_by_check_editor_and_loader(app, lessons, tmp_path):
    big = V1 + ("\n\n" + "Filler words. " * 500) * 20        # about 140 KB of paragraphs
    assert len(big.encode()) > lessonfile.MAX_LESSON_BYTES
    path = tmp_path / "big.md"
    path.write_text(big)
    out = io.StringIO()
    assert check([str(path)], out=out) == 1 and f"{path}:1: a lesson may be at most 128 KB" in out.getvalue()
    teacher = login(app)
    r = teacher.post("/author/-preview", data={"slug": "big", "text": big}, headers=HX)
    assert "a lesson may be at most 128 KB" in r.get_data(as_text=True)
    (lessons / "big.md").write_text(big)                 # put there by hand: the library lists it as broken
    lessonfile.forget(str(lessons))
    assert any("a lesson may be at most 128 KB" in str(e) for e in lessonfile.load_library(str(lessons)).errors)


def test_the_editor_refuses_too_many_cells_with_the_line(app, lessons):
    teacher = login(app)
    text = many(question, 81)
    r = teacher.post("/author/-preview", data={"slug": "big", "text": text}, headers=HX)
    page = r.get_data(as_text=True)
    assert "at most 80 ```question cells" in page.replace("&#96;", "`")


def test_a_preview_is_parsed_once_per_token_and_never_under_the_write_lock(app, lessons, monkeypatch):
    (lessons / "drill.md").write_text(V1)
    teacher = login(app)
    parses = []
    real = authoring.parse_lesson

    def counted(*args, **kwargs):
        from webapp.db import get_db
        parses.append(get_db().conn.in_transaction)
        return real(*args, **kwargs)
    monkeypatch.setattr(authoring, "parse_lesson", counted)
    html = teacher.post("/author/-preview", data={"slug": "drill", "text": V2}, headers=HX).get_data(as_text=True)
    step_url = re.search(r'hx-post="(/author/-preview/[0-9a-f]+/cells/deal/step)"', html).group(1)
    hand = parse_lesson(V2, slug="drill").cell("deal").engine.new_hand()
    for at in range(3):
        step = hand.expected().step()
        assert teacher.post(step_url, data={**step_form(step), "at": str(at)}, headers=HX).status_code == 200
        hand.propose(step)
    teacher.post(step_url.replace("/deal/step", "/split/answer"), data={"amount-2": "5", "amount-7": "10"},
                 headers=HX)
    teacher.post(step_url.replace("/step", "/reset"), headers=HX)
    teacher.post("/author/-preview", data={"slug": "drill", "text": V2}, headers=HX)   # the same text again
    assert parses == [False]          # once for the token, outside any transaction


def test_after_a_publish_only_the_changed_lesson_is_read_again(app, lessons, monkeypatch):
    (lessons / "drill.md").write_text(V1)
    (lessons / "other.md").write_text(V1.replace("Editor drill", "Other drill"))
    trainee, teacher = login(app, "trainee"), login(app)
    assert trainee.get("/lessons/drill").status_code == 200
    read = []
    real = lessonfile.read_lesson
    monkeypatch.setattr(lessonfile, "read_lesson", lambda path, *a: read.append(path.name) or real(path, *a))
    assert post(teacher, "drill", V2, "publish").status_code == 302
    assert "Deal it, citing" in trainee.get("/lessons/drill").get_data(as_text=True)
    assert "Other drill" in trainee.get("/lessons/other").get_data(as_text=True)
    assert read == ["drill.md"]
    (lessons / "hands").mkdir()                  # any other file changed: everything is read again
    lessonfile.forget(str(lessons))
    trainee.get("/lessons/drill")
    assert sorted(read[1:]) == ["drill.md", "other.md"]


@pytest.fixture
def lessons(empty_lessons):
    return empty_lessons


def run_import(app, tmp_path, content: bytes | str, name="nb.ipynb"):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return app.test_cli_runner().invoke(args=["lessons", "import", str(path), "--name", "imported"])


@pytest.mark.parametrize("content, message", [
    ("[" * 100_000 + "]" * 100_000, f"nested more than {MAX_JSON_DEPTH} deep"),
    (json.dumps({"a": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}),
     f"nested more than {MAX_JSON_DEPTH} deep"),
    ('{"nbformat": 4, "cells": [], "metadata": []}', "the notebook's metadata must be a JSON object"),
    ('{"nbformat": 4, "cells": [], "metadata": {"dealer_trainer": [1]}}', "must be a JSON object"),
    ('{"nbformat": 4, "cells": [{"cell_type": "raw", "metadata": [], "source": "x"}]}',
     "cell 1: the cell's metadata must be a JSON object"),
    ('{"nbformat": 4, "cells": [{"cell_type": "markdown", "source": [1, 2]}]}', "cell 1: the cell's source must"),
    ('{"nbformat": 4, "cells": [{"cell_type": "raw", "metadata": {"dealer_trainer": {"kind": ["table"]}}}]}',
     "a raw cell needs metadata"),
    ("not json at all", "not valid JSON"),
    (b"\xff\xfe{}", "not UTF-8"),
    ("[]", "not a Jupyter notebook"),
    (" " * (MAX_NOTEBOOK_BYTES + 1), "a notebook may be at most 1024 KB"),
])
def test_lessons_import_refuses_bad_shapes_with_a_message(app, lessons, tmp_path, content, message):
    r = run_import(app, tmp_path, content)
    assert r.exit_code == 1 and message in r.output, r.output
    assert "Traceback" not in r.output and isinstance(r.exception, SystemExit)
    assert not (lessons / "imported.md").exists()


def test_lessons_import_refuses_a_lesson_over_the_caps(app, lessons, tmp_path):
    r = run_import(app, tmp_path, json.dumps(to_notebook(many(question, 81))))
    assert r.exit_code == 1 and "at most 80 ```question cells" in r.output
    assert not (lessons / "imported.md").exists()
    r = run_import(app, tmp_path, json.dumps(to_notebook(V1)))
    assert r.exit_code == 0 and (lessons / "imported.md").read_text() == V1
