"""One table of rule names (engine/rule_names.py, issue 29 finding 6): every
rule number the engine or a lesson cites has a short name, by itself or by a
section prefix at least as specific as "8.17"."""
from __future__ import annotations

import pathlib
import re

import pytest

from engine.rule_names import RULE_NAMES, rule_label, rule_name

ROOT = pathlib.Path(__file__).resolve().parents[2]
CITED = re.compile(r"(?<![\d.])((?:1[0-3]|[1-9])\.[1-9]\d*(?:\.\d+)*)(?:\([a-z]+\))*")
GARBLED = {"8.221"}      # a garbled number of the extracted rulebook (rules README), not a citation


def cited() -> set[str]:
    found: set[str] = set()
    for path in [*ROOT.glob("engine/**/*.py"), *ROOT.glob("lessons/*.md")]:
        if path.name == "rule_names.py":
            continue
        for match in CITED.finditer(path.read_text()):
            found.add(match.group(1))
    return found - GARBLED


def test_the_engine_and_lessons_cite_many_rules():
    assert len(cited()) > 150


@pytest.mark.parametrize("number", sorted(cited()))
def test_every_cited_rule_has_a_name_at_its_section_or_finer(number):
    parts = number.split(".")
    assert any(".".join(parts[:n]) in RULE_NAMES for n in range(len(parts), 1, -1)), number
    assert rule_name(number + "(a)")


def test_names_by_prefix_and_labels():
    assert rule_name("8.17.1(a)") == "Hold'em: before the deal"
    assert rule_name("8.24.6(d)") == "Omaha hi-lo: the river, final betting round and showdown"
    assert rule_name("1.1 Side pot(s); standard practice (house award_order)") == "definitions"
    assert rule_name("CH ¶4") == "Casino Hold'em"
    assert rule_name("standard practice (house button_rule)").startswith("standard practice")
    assert rule_name("") == "" and rule_name("nonsense") == ""
    assert rule_label("8.2.2(a)") == "8.2.2(a) — who posts the blinds"
