"""Every engine module imports a name from the module that defines it (issue 28): no
module re-exports another's names, so each thing has one name. Only engine/__init__.py,
the public API for the web app, gathers names from elsewhere."""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def _name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _defined(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Name)) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias) and not node.name.startswith("engine"):
            names.add((node.asname or node.name).split(".")[0])
    return names


def reexports() -> list[str]:
    trees = {_name(p): ast.parse(p.read_text(encoding="utf-8")) for p in ENGINE.rglob("*.py")}
    defined = {name: _defined(tree) for name, tree in trees.items()}
    found = []
    for name, tree in trees.items():
        if name == "engine":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine"):
                for alias in node.names:
                    if f"{node.module}.{alias.name}" in trees:
                        continue                     # a module
                    if alias.name not in defined.get(node.module or "", set()):
                        found.append(f"{name} imports {alias.name} from {node.module}, which does not define it")
    return found


def test_every_engine_import_names_the_defining_module():
    assert reexports() == []


def test_the_api_imports_from_defining_modules_too():
    tree = ast.parse((ENGINE / "__init__.py").read_text(encoding="utf-8"))
    sources = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module != "__future__"]
    assert sources and all(s and s.startswith("engine.") for s in sources)
