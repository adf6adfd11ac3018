"""House-rule profiles: built-ins, instructors' files, and their error messages."""
from __future__ import annotations

import dataclasses

import pytest

from engine.games.registry import get_game
from engine.house import (FIELD_INFO, LIVE_CASINO, MAIN, PROFILES, SECOND, HouseFileError, HouseRules,
                          describe_fields, get_house, load_house_file, max_players_for)


def test_builtin_profiles_are_registered():
    assert set(PROFILES) >= {"main", "second", "live-casino"}
    assert get_house() is MAIN
    assert get_house("main") is MAIN
    assert get_house("second") is SECOND
    assert get_house("live-casino") is LIVE_CASINO


def test_unknown_profile_names_the_known_ones():
    with pytest.raises(KeyError) as err:
        get_house("vegas")
    assert "main" in str(err.value) and "live-casino" in str(err.value)


def test_main_follows_the_main_rulebook():
    assert MAIN.odd_chip == "button"                 # 8.1.5(a)
    assert MAIN.first_button == "right_of_dealer"    # 1.1 Dealer Button
    assert MAIN.button_movement == "dead"            # 8.2.6
    assert MAIN.seat_change_live_seats == 2          # 8.2.5
    assert MAIN.over_blinds_max == 1                 # 8.4.1(b)(i)
    assert MAIN.boxed_cards_misdeal == 5             # 1.1 Defective deck


def test_second_rulebook_gives_the_odd_chip_by_suit():
    # 11.4(d), 12.4(e), 13.4(e)
    assert SECOND.odd_chip == "suit"
    assert SECOND.stud_showing_tie == "suit"


def test_live_casino_differences():
    assert LIVE_CASINO.odd_chip == "left_of_button"
    assert LIVE_CASINO.stud_showing_tie == "position"
    assert LIVE_CASINO.first_button == "high_card"
    assert max_players_for(LIVE_CASINO, get_game("holdem")) == 10
    assert max_players_for(MAIN, get_game("holdem")) == 11      # Table 1 of 4.1


def test_max_players_rejects_a_deck_the_game_does_not_use():
    with pytest.raises(ValueError, match="4.1"):
        max_players_for(MAIN, get_game("holdem"), deck=20)


def test_every_choice_field_default_is_one_of_its_choices():
    for profile in PROFILES.values():
        for name, value, info in describe_fields(profile):
            if info and info.choices:
                assert value in info.choices, (profile.name, name, value)


def test_field_info_names_real_fields():
    names = {f.name for f in dataclasses.fields(HouseRules)}
    assert set(FIELD_INFO) <= names


def write(tmp_path, text, name="room.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_profile_file_overrides_a_base(tmp_path):
    house = load_house_file(write(tmp_path, 'base = "live-casino"\nodd_chip = "suit"\n'
                                             'button_movement = "moving"\n[max_players]\nholdem = 9\n'))
    assert house.name == "room"
    assert house.odd_chip == "suit"
    assert house.button_movement == "moving"
    assert house.first_button == "high_card"          # kept from the base
    assert max_players_for(house, get_game("holdem")) == 9


def test_get_house_accepts_a_file_path(tmp_path):
    path = write(tmp_path, 'name = "club"\nheads_up = "as_8_2_2"\n')
    house = get_house(str(path))
    assert house.name == "club" and house.heads_up == "as_8_2_2"


def test_chip_denominations_set_the_lowest_chip(tmp_path):
    house = load_house_file(write(tmp_path, "chip_denominations = [25, 5, 100]\n"))
    assert house.chip_denominations == (5, 25, 100)
    assert house.lowest_chip == 5


@pytest.mark.parametrize("text, expected", [
    ('odd_chip = "dealer"\n', "room.toml:1: field 'odd_chip': 'dealer' is not one of"),
    ('\n\nbutton_movement = 3\n', "room.toml:3: field 'button_movement' must be text"),
    ('seat_change_live_seats = -1\n', "must be at least 0 (8.2.5)"),
    ('boxed_cards_misdeal = 0\n', "must be at least 1 (1.1 Defective deck"),
    ('seat_change_live_seats = 2.5\n', "must be a whole number"),
    ('colour = "red"\n', "field 'colour' is not a house-rule field"),
    ('base = "vegas"\n', "no built-in profile 'vegas'"),
    ('[max_players]\nholdem = 12\n', "exceeds Table 1 of 4.1"),
    ('[max_players]\nbridge = 4\n', "no game 'bridge'"),
    ('chip_denominations = [1, "5"]\n', "list of positive whole numbers"),
    ('lowest_chip = 2\n', "not one of the chip denominations"),
    ('odd_chip = \n', "room.toml:1: not valid TOML"),
])
def test_profile_file_errors_name_the_place_and_the_problem(tmp_path, text, expected):
    with pytest.raises(HouseFileError) as err:
        load_house_file(write(tmp_path, text))
    assert expected in str(err.value)


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(HouseFileError, match="cannot read"):
        load_house_file(tmp_path / "nope.toml")


def test_commission_is_a_table_in_the_profile_file(tmp_path):
    house = load_house_file(write(tmp_path, '[commission]\nmethod = "fixed-hand"\nhand_fee = 1\n'
                                             'hand_fee_by_players = [[2, 1], [5, 2]]\n'))
    assert house.commission.method == "fixed-hand"
    assert house.commission.hand_fee_by_players == ((2, 1), (5, 2))


@pytest.mark.parametrize("text, expected", [
    ('[commission]\npercent = 15\n', "room.toml:1: field 'commission': a percentage commission "
                                       "must be 2% to 10%"),
    ('[commission]\nflavour = 1\n', "'flavour' is not one of its settings"),
    ('commission = 5\n', "field 'commission' must be a table"),
])
def test_commission_errors(tmp_path, text, expected):
    with pytest.raises(HouseFileError) as err:
        load_house_file(write(tmp_path, text))
    assert expected in str(err.value)


def test_house_rules_md_documents_every_described_field():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "engine" / "HOUSE_RULES.md").read_text(encoding="utf-8")
    missing = [name for name in FIELD_INFO if f"`{name}`" not in text]
    assert not missing, f"document {', '.join(missing)} in engine/HOUSE_RULES.md"
    for profile in PROFILES:
        assert f"`{profile}`" in text
