"""Content files: one parameter kind (`core.ContentSource`) and one rule (`core.names_a_file`)
decide what is a file; the CLI stores such paths absolute, the web refuses them by kind."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest

from dicehall import games
from dicehall.cli.options import game_params
from dicehall.core import ContentSource, names_a_file
from dicehall.web.errors import RequestError
from dicehall.web.hall import make_game

CONTENT_PARAMS = [
    (game_id, p.name)
    for game_id in games.available()
    for p in games.spec(game_id).params
    if p.kind is ContentSource
]
BUILT_IN = {"jelly": "content/promo.toml", "paradice": "content/cards.toml"}


def test_every_parameter_that_names_content_files_says_so_by_its_kind() -> None:
    """The games that read content TOML (jelly and paradice content, the purrramid board)."""
    assert {g for g, _ in CONTENT_PARAMS} >= {"jelly", "paradice", "purrramid"}


@pytest.mark.parametrize(
    ("value", "is_file"),
    [("promo", False), ("side_b", False), ("my.toml", True), ("a/b", True), ("..\\x", True)],
)
def test_one_rule_tells_a_file_from_a_built_in_name(value: str, is_file: bool) -> None:
    assert names_a_file(value) is is_file


@pytest.mark.parametrize(("game_id", "name"), CONTENT_PARAMS)
def test_the_web_refuses_a_file_but_takes_a_name(game_id: str, name: str) -> None:
    with pytest.raises(RequestError) as info:
        make_game(game_id, {name: "boards/mine.toml"})
    assert info.value.status == 422 and "CLI only" in info.value.message
    with pytest.raises(RequestError) as info:  # a name is looked up among the built-in ones
        make_game(game_id, {name: "no_such_content"})
    assert "CLI only" not in info.value.message and "built-in" in info.value.message


@pytest.mark.parametrize(("game_id", "name"), CONTENT_PARAMS)
def test_the_cli_stores_a_relative_content_file_absolute(
    game_id: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text("", encoding="utf-8")
    params = game_params(game_id, {}, [f"{name}=mine.toml"])
    assert params[name] == str(tmp_path / "mine.toml")


def test_a_path_in_a_plain_text_parameter_is_no_file_and_gets_the_games_own_error() -> None:
    with pytest.raises(RequestError) as info:
        make_game("jelly", {"mode": "../realtime"})
    assert info.value.status == 422 and "must be one of realtime, tick" in info.value.message


def test_a_content_file_from_the_cli_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(Path(str(resources.files("dicehall.games.jelly") / BUILT_IN["jelly"])), "x.toml")
    game = games.make("jelly", **game_params("jelly", {"content": "x.toml"}))
    assert game.params["content"] == str(tmp_path / "x.toml")
