"""A hand a trainee dealt before the uncalled bet became its own dealer step
(1.1 Pot; 7.5: *Return the uncalled bet* before the collect) still opens
and goes on: its stored steps, recorded under the old procedure, replay on
the procedure they were made under; a fresh hand asks for the return."""
from __future__ import annotations

from pathlib import Path

from engine.steps import Step
from webapp import ROOT, store
from webapp.trainee import hands
from webapp.db import get_db
from webapp.lessonfile import load_library

from .conftest import HX, step_form

LIBRARY = load_library(str(Path(ROOT) / "lessons"))
SLUG, CELL = "topic-05-betting-structures", "bb-option"

# topic-05 `bb-option` dealt to the end by the engine before the step existed
# (commit 1210fe3): Fay's flop bet of 10, which nobody called, collected with
# the bets (the second collect_bets) and handed back at the award.
OLD_STEPS = [
    {"kind": "move_button", "seat": 2, "seats": []}, {"kind": "post_blind", "seat": 4, "seats": []},
    {"kind": "post_blind", "seat": 6, "seats": []}, {"kind": "pitch", "seat": 4, "seats": []},
    {"kind": "pitch", "seat": 6, "seats": []}, {"kind": "pitch", "seat": 8, "seats": []},
    {"kind": "pitch", "seat": 2, "seats": []}, {"kind": "pitch", "seat": 4, "seats": []},
    {"kind": "pitch", "seat": 6, "seats": []}, {"kind": "pitch", "seat": 8, "seats": []},
    {"kind": "pitch", "seat": 2, "seats": []}, {"kind": "collect_bets", "seat": None, "seats": []},
    {"kind": "burn", "seat": None, "seats": []}, {"kind": "deal_flop", "seat": None, "seats": []},
    {"kind": "turn_flop", "seat": None, "seats": []}, {"kind": "collect_bets", "seat": None, "seats": []},
    {"kind": "award", "seat": None, "seats": [6]}]
FINAL = {2: 198, 4: 192, 6: 218, 8: 192}


def user_id(name="trainee") -> int:
    return get_db().execute("select id from users where username = ?", [name]).fetchone()[0]


def test_the_new_procedure_refuses_the_old_steps_and_returns_the_bet():
    engine = LIBRARY.lessons[SLUG].cell(CELL).engine
    hand = engine.new_hand()
    for step in OLD_STEPS[:15]:
        assert hand.propose(Step.from_dict(step)).ok
    refused = hand.propose(Step.from_dict(OLD_STEPS[15]))
    assert not refused.ok and refused.rule == "1.1 (Pot); 7.5"
    exp = hand.expected()
    assert (exp.kind, exp.seat, exp.detail["amount"]) == ("return_uncalled", 6, 10)
    assert hand.propose(exp.step()).ok and hand.pot == 26 and hand.expected().kind == "award"
    hand.autoplay()
    assert {s: p.stack for s, p in hand.players.items()} == FINAL


def test_old_stored_steps_replay_to_the_same_chips():
    engine = LIBRARY.lessons[SLUG].cell(CELL).engine
    hands.clear()
    done = hands.replay(engine, OLD_STEPS)
    assert done.finished and not done.returns_uncalled
    assert {s: p.stack for s, p in done.players.items()} == FINAL


def test_a_cell_stored_under_the_old_procedure_opens_and_goes_on(app, client, auth):
    cell = LIBRARY.lessons[SLUG].cell(CELL)
    # Stored after the flop's collect (the uncalled 10 in the pot), before the award.
    with app.app_context():
        with store.cell_transaction(user_id(), SLUG, CELL) as state:
            state["steps"], state["fingerprint"] = OLD_STEPS[:16], cell.fingerprint
            store.save_state(state)
    hands.clear()
    auth.login()
    page = client.get(f"/lessons/{SLUG}").get_data(as_text=True)
    section = page.split(f'id="cell-{CELL}"', 1)[1].split("</section>", 1)[0]
    assert "changed by your instructor" not in section and "16 of " in section
    r = client.post(f"/lessons/{SLUG}/cells/{CELL}/step", data=step_form(Step.from_dict(OLD_STEPS[16]), at="16"),
                    headers=HX)
    assert r.status_code == 200 and "✔" in r.get_data(as_text=True), r.get_data(as_text=True)
    with app.app_context():
        state = store.get_state(user_id(), SLUG, CELL)
    assert state["done"] and state["steps"] == OLD_STEPS
    hands.clear()
    page = client.get(f"/lessons/{SLUG}").get_data(as_text=True)
    assert "changed by your instructor" not in page.split(f'id="cell-{CELL}"', 1)[1].split("</section>", 1)[0]


def test_a_fresh_cell_offers_the_step_and_takes_it(app, client, auth):
    engine = LIBRARY.lessons[SLUG].cell(CELL).engine
    auth.login()
    page = client.get(f"/lessons/{SLUG}").get_data(as_text=True)
    section = page.split(f'id="cell-{CELL}"', 1)[1].split("</section>", 1)[0]
    assert f'id="cell-{CELL}--tool-return_uncalled"' in section and "Return the uncalled bet" in section
    hand = engine.new_hand()
    for n in range(15):
        step = hand.expected().step()
        hand.propose(step)
        r = client.post(f"/lessons/{SLUG}/cells/{CELL}/step", data=step_form(step, at=str(n)), headers=HX)
        assert "✔" in r.get_data(as_text=True)
    r = client.post(f"/lessons/{SLUG}/cells/{CELL}/step", data=step_form(Step("collect_bets"), at="15"), headers=HX)
    text = r.get_data(as_text=True)
    assert "✘" in text and "1.1 (Pot); 7.5" in text and "back to its owner" in text
    r = client.post(f"/lessons/{SLUG}/cells/{CELL}/step", data=step_form(Step("return_uncalled", 6), at="15"),
                    headers=HX)
    text = r.get_data(as_text=True)
    assert "✔" in text and "The uncalled 10 goes back to seat 6" in text
