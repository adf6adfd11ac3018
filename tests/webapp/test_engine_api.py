"""The web app uses the engine through its public API only (issue 28): every
webapp module imports engine names from `engine` (engine/__init__.py), never an
engine submodule, so the engine's packages can move without touching the web app."""
from __future__ import annotations

import ast
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[2]


def _engine_submodules_imported(path: Path, root: Path = ROOT) -> list[str]:
    found = []
    where = path.relative_to(root)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if node.module.startswith("engine."):
                found.append(f"{where}:{node.lineno} from {node.module}")
            elif node.module == "engine":
                for alias in node.names:
                    sub = ROOT / "engine" / alias.name
                    if sub.is_dir() or sub.with_suffix(".py").exists():
                        found.append(f"{where}:{node.lineno} engine.{alias.name}")
        elif isinstance(node, ast.Import):
            found += [f"{where}:{node.lineno} import {a.name}" for a in node.names if a.name.startswith("engine.")]
    return found


def test_the_webapp_imports_the_engine_only_through_its_api():
    found = [hit for path in sorted((ROOT / "webapp").rglob("*.py"))
             for hit in _engine_submodules_imported(path)]
    assert not found, "webapp imports engine submodules (use `from engine import NAME`):\n" + "\n".join(found)


def test_the_check_sees_a_submodule_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from engine.house import get_house\nfrom engine import house, Hand\n"
                     "import engine.steps\n", encoding="utf-8")
    assert len(_engine_submodules_imported(probe, tmp_path)) == 3


def test_every_exported_name_is_there_once():
    assert len(engine.__all__) == len(set(engine.__all__))
    missing = [name for name in engine.__all__ if not hasattr(engine, name)]
    assert not missing


def test_the_api_is_documented():
    """Each exported name appears in the package's docstring, grouped by what it is for."""
    doc = engine.__doc__ or ""
    assert [name for name in engine.__all__ if name not in doc] == []
