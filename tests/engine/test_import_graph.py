"""Imports among engine modules run one way (issue 10): no module imports,
even inside a function, a module that imports it back, directly or not."""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """engine module -> the engine modules it imports, at any depth of its code."""
    modules = {_module_name(p): p for p in ENGINE.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                if target in modules and target != name:
                    graph[name].add(target)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as a list of modules (the first repeated at the end), or None."""
    state: dict[str, int] = {}          # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_graph_sees_function_level_imports():
    graph = import_graph()
    # engine.questions became a package: its modules hold the imports the test looks for
    assert "engine.hand.machine" in graph["engine.questions.showdown"]    # at the top
    assert "engine.table.events" in graph["engine.questions.table"]      # inside a function
    assert "engine.commands" in graph["engine.__main__"]       # from engine import commands


def test_find_cycle_reports_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_engine_imports_have_no_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "engine modules import each other in a cycle: " + " -> ".join(cycle or [])


def test_house_imports_nothing_that_deals():
    """House profiles are settings: they sit below every module that deals."""
    upward = {"engine.hand.machine", "engine.casino.round", "engine.table.events", "engine.questions", "engine.phh",
              "engine.sprints"}
    assert not import_graph()["engine.house"] & upward


def test_sprints_sit_above_the_rules_they_drill():
    """engine.sprints draws items and asks the engine for their answers: no
    rules module imports it back, and its targets (a house setting) import no
    sprint module. The one question that does, the amount asked at the table
    (issue 32), works its answer out with the sprints' own workings, by design."""
    graph = import_graph()
    sprints = {name for name in graph if name == "engine.sprints" or name.startswith("engine.sprints.")}
    assert {"engine.sprints.items", "engine.sprints.readiness", "engine.sprints.pots"} <= sprints
    importers = {name for name, targets in graph.items() if targets & sprints} - sprints
    assert importers <= {"engine.commands.sprint", "engine", "engine.questions.at_table"}, importers  # engine: the public API
    assert not graph["engine.sprint_targets"] & sprints
