"""The documents a newcomer reads name only things that exist (issue 28): every relative link
(and its #anchor), every repository path, every `python -m` module and `python -m engine`
command, every `flask --app webapp` command and every dotted engine or webapp name in
README.md, ARCHITECTURE.md and GUIDE.md. A renamed module or command fails here, not in a
reader's terminal."""
from __future__ import annotations

import glob
import importlib
import importlib.util
import re
from pathlib import Path

import click
import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ["README.md", "ARCHITECTURE.md", "GUIDE.md"]
TOP_DIRS = ("engine", "webapp", "templates", "static", "tests", "bench", "scripts", "lessons")
PLACEHOLDERS = {"NAME", "FILE", "SLUG", "TOKEN", "ID", "LINE", "PATH", "GAME", "COMMAND"}

LINK = re.compile(r"\]\(([^)\s]+)\)")
PATH = re.compile(r"(?<![\w/.~-])((?:%s)/[\w./*-]*[\w/*])" % "|".join(TOP_DIRS))
CODE_SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
PYTHON_M = re.compile(r"python -m ([\w.]+)(?: ([\w-]+))?")
FLASK = re.compile(r"flask --app webapp ([\w-]+) ([\w-]+)")
DOTTED = re.compile(r"^((?:engine|webapp)(?:\.\w+)+)(?:\(.*\))?$")


def _text(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def _code(text: str) -> list[str]:
    """Inline code spans and the lines of fenced blocks: where commands are written."""
    return CODE_SPAN.findall(FENCE.sub("", text)) + [line for block in FENCE.findall(text)
                                                     for line in block.splitlines()]


def slug(heading: str) -> str:
    """GitHub's anchor for a Markdown heading."""
    text = re.sub(r"[`*]|\[|\]\([^)]*\)", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {slug(m) for m in re.findall(r"^#+ (.+)$", text, re.M)}


@pytest.mark.parametrize("doc", DOCS)
def test_relative_links_and_their_anchors_exist(doc):
    broken = []
    for target in LINK.findall(FENCE.sub("", _text(doc))):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        path = (ROOT / doc).parent / file if file else ROOT / doc
        if not path.exists():
            broken.append(target)
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(target)
    assert not broken, f"{doc} links to what is not there: {broken}"


@pytest.mark.parametrize("doc", DOCS)
def test_repository_paths_exist(doc):
    missing = []
    for path in PATH.findall(_text(doc)):
        path = path.rstrip("/.")
        if (ROOT / path).exists() or glob.glob(str(ROOT / path)):
            continue
        if set(re.findall(r"[A-Z]{2,}", path)) & PLACEHOLDERS:
            continue
        missing.append(path)
    assert not missing, f"{doc} names paths that are not in the repository: {sorted(set(missing))}"


def engine_commands() -> set[str]:
    from engine.__main__ import build_parser
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return set(sub.choices)


@pytest.mark.parametrize("doc", DOCS)
def test_python_m_modules_and_engine_commands_exist(doc):
    wrong = []
    commands = engine_commands()
    for code in _code(_text(doc)):
        for module, word in PYTHON_M.findall(code):
            if importlib.util.find_spec(module) is None:
                wrong.append(f"python -m {module}")
            elif module == "engine" and word and word not in commands and word not in PLACEHOLDERS:
                wrong.append(f"python -m engine {word}")
    assert not wrong, f"{doc} names commands that do not exist: {wrong}"


def test_every_engine_command_is_in_the_guide_and_no_other():
    rows = re.findall(r"^\| `([\w-]+)[^|]*` \|", _text("GUIDE.md").split("## The engine's command line")[1]
                      .split("\n## ")[0], re.M)
    assert set(rows) == engine_commands()


@pytest.mark.parametrize("doc", DOCS)
def test_flask_commands_exist(doc, tmp_path):
    from webapp import create_app
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE": str(tmp_path / "t.db")})
    ctx = click.Context(app.cli)
    wrong = []
    for code in _code(_text(doc)):
        for group, command in FLASK.findall(code):
            found = app.cli.get_command(ctx, group)
            if not isinstance(found, click.Group) or found.get_command(ctx, command) is None:
                wrong.append(f"flask --app webapp {group} {command}")
    assert not wrong, f"{doc} names flask commands that do not exist: {wrong}"


def _resolve(dotted: str) -> bool:
    parts = dotted.split(".")
    for n in range(len(parts), 0, -1):
        name = ".".join(parts[:n])
        try:
            obj = importlib.import_module(name)
        except ImportError:
            continue
        for attr in parts[n:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


@pytest.mark.parametrize("doc", DOCS)
def test_dotted_engine_and_webapp_names_exist(doc):
    wrong = [m.group(1) for code in _code(_text(doc)) if (m := DOTTED.match(code.strip()))
             and not _resolve(m.group(1))]
    assert not wrong, f"{doc} names modules or objects that do not exist: {wrong}"


def test_the_checks_can_fail():
    assert not _resolve("engine.no_such_module")
    assert _resolve("engine.house.EARLIER_DEFAULTS")
    assert slug("The engine's command line") == "the-engines-command-line"
    assert slug("Hand rankings (`bench_rankings.py`)") == "hand-rankings-bench_rankingspy"


def test_the_readme_reads_in_ten_minutes():
    assert len(_text("README.md").splitlines()) <= 250
