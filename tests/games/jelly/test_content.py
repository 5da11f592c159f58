"""District content: the built-in reconstruction's constraints, validation, user files."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from tests.games.jelly.helpers import game

from dicehall import games
from dicehall.core import CHANCE, ContentError
from dicehall.games._content import load_toml
from dicehall.games.jelly.content import (
    EITHER,
    LEFT,
    RIGHT,
    Adjacent,
    DiceCount,
    DiscardPod,
    Give,
    Jelly,
    JellyPerPod,
    Podium,
    TakePod,
    Tribute,
    parse_faces,
    parse_reward,
    reward_to_json,
)

FACES = parse_faces(load_toml("jelly", "districts")[0], "districts")


def atoms() -> list[object]:
    out: list[object] = []
    for face in FACES:
        for zone in face.zones:
            for atom in zone:
                out.append(atom)
                if isinstance(atom, DiceCount):
                    out += [*atom.few, *atom.many]
    return out


def test_sixteen_faces_on_eight_double_sided_boards_with_enough_beginner_faces() -> None:
    assert len(FACES) == 16
    assert sorted(f.board for f in FACES) == sorted(list(range(1, 9)) * 2)
    assert sum(f.beginner for f in FACES) >= 7
    assert all(len(set(f.zones)) == 3 for f in FACES)


def test_every_reward_type_of_the_rulebook_is_used() -> None:
    found = atoms()
    assert Jelly(0) in found and Jelly(7) in found and Jelly(6) in found
    for atom in (TakePod(), DiscardPod(), JellyPerPod(2), Tribute(1), Tribute(2), Give(1)):
        assert atom in found
    assert {Adjacent(LEFT), Adjacent(RIGHT), Adjacent(EITHER)} <= set(found)
    assert DiceCount(2, (Jelly(7),), (TakePod(),)) in found
    assert Podium(((Jelly(2),), (Jelly(4),)), ()) in found
    assert Podium(((Jelly(4),),), (Jelly(1),)) in found


def test_beginner_faces_keep_to_plain_jelly_pods_and_simple_gifts() -> None:
    for face in FACES:
        if face.beginner:
            for zone in face.zones:
                assert all(isinstance(a, Jelly | TakePod | Tribute) for a in zone), face.id


def test_rewards_round_trip_through_their_view_form() -> None:
    for face in FACES:
        for zone in face.zones:
            assert parse_reward(reward_to_json(zone), "test") == zone


def test_first_game_draws_only_beginner_faces_board_by_board() -> None:
    g = game(5, first_game=True)
    s = g.initial_state()
    outcomes = g.chance_outcomes(s)
    assert all(g.table.faces[o.face].beginner for o, _ in outcomes)
    assert len(outcomes) == 8 and sum(p for _, p in outcomes) == 1
    full = game(5).chance_outcomes(s)
    assert len(full) == 16 and all(p == Fraction(1, 16) for _, p in full)
    s = g.apply(s, CHANCE, outcomes[0][0])
    assert len(g.chance_outcomes(s)) == 7  # that board is in play now


def test_a_users_own_file_is_used_and_recorded_by_digest(tmp_path: Path) -> None:
    text = (Path(games.__file__).parent / "jelly" / "content" / "districts.toml").read_text()
    path = tmp_path / "mine.toml"
    path.write_text(text.replace("{ jelly = 7 }]", "{ jelly = 9 }]", 1))
    mine = game(3, content=str(path))
    assert mine.content_hash != game(3).content_hash
    assert Jelly(9) in mine.table.faces[0].zones[1]


@pytest.mark.parametrize(
    ("snippet", "problem"),
    [
        ("zones = [[{ jelly = 1 }], [{ jelly = 1 }], [{ pod = 1 }]]", "different rewards"),
        ("zones = [[{ jelly = 1 }], [{ pod = 1 }]]", "exactly 3 zones"),
        ("zones = [[{ honey = 1 }], [{ jelly = 2 }], [{ pod = 1 }]]", "unknown reward"),
        ('zones = [[{ adjacent = "up" }], [{ jelly = 2 }], [{ pod = 1 }]]', "left, right"),
        ("zones = [[{ jelly = -1 }], [{ jelly = 2 }], [{ pod = 1 }]]", "integer 0..50"),
    ],
)
def test_bad_faces_are_rejected_with_where_and_why(
    tmp_path: Path, snippet: str, problem: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(f'[[face]]\nid = "X"\nboard = 1\nname = "X"\nbeginner = true\n{snippet}\n')
    with pytest.raises(ContentError, match=problem) as info:
        games.make("jelly", players=3, content=str(path))
    assert "face[0]" in str(info.value)


def test_too_few_boards_for_the_table_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text('[[face]]\nid = "X"\nboard = 1\nname = "X"\nbeginner = true\n'
                    'zones = [[{ jelly = 1 }], [{ jelly = 2 }], [{ pod = 1 }]]\n')  # fmt: skip
    with pytest.raises(ContentError, match="5 districts need 5 boards"):
        games.make("jelly", players=3, content=str(path))
