"""Attack of the Jelly Monster (`jelly`): real-time dice placement for 3-5 players.

Parameters: `players` (3-5), `content` (built-in name or TOML path), `first_game` (beginner
faces only), `mode` ("realtime" with the engine's clock, or "tick"). See rules.md.
"""

from __future__ import annotations

from typing import Any

from dicehall.core.errors import ContentError
from dicehall.core.parts import GameParts
from dicehall.core.serialize import digest_text
from dicehall.games._content import load_toml
from dicehall.games.jelly.content import Face, boards, parse_faces
from dicehall.games.jelly.rules import JellyGame
from dicehall.games.jelly.spec import SPEC


def _load(name: str) -> tuple[tuple[Face, ...], str, str]:
    """Faces, digest and source of a content file; `extends = "name"` prepends built-in faces."""
    data, digest, source = load_toml("jelly", name)
    base = data.pop("extends", None)
    if base is None:
        return parse_faces(data, source), digest, source
    if not isinstance(base, str) or base == name:
        raise ContentError(source, "extends", "expected the name of other built-in content")
    base_data, base_digest, _ = load_toml("jelly", base)
    merged = {"face": [*base_data.get("face", []), *data.get("face", [])]}
    return parse_faces(merged, source), digest_text(base_digest + digest), source


PARTS = GameParts(
    greedy="bots.greedy:GreedyBot",
    search="bots.determinize:HOOKS",
    terminal="ui.terminal:HOOKS",
    checks="invariants:CHECKS",
    features="features:encode",
    state_features="features:encode_state",
    feature_names="features:names",
    web_renderer="ui/web.js",
    ticks="ticks",
    explain="explain:explain",
    guide="guide:guide",
    pause="explain:round_break",
    rl_params=(("mode", "tick"),),
    modes=tuple(
        (f"{n}p-{m}", (("players", n), ("mode", m)))
        for m in ("realtime", "tick")
        for n in (3, 4, 5)
    ),
)


def make_game(params: dict[str, Any]) -> JellyGame:
    """The rules object for resolved `params`; content is loaded and checked here."""
    faces, digest, source = _load(str(params["content"]))
    districts = int(params["players"]) + 2
    usable = boards(faces, bool(params["first_game"]))
    if len(usable) < districts:
        kind = "boards with a beginner face" if params["first_game"] else "boards"
        raise ContentError(source, "face", f"{districts} districts need {districts} {kind}")
    return JellyGame(params, faces, digest)


__all__ = ["PARTS", "SPEC", "JellyGame", "make_game"]
