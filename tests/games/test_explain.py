"""Each game's log explains what a step changed (`GameParts.explain`), checked over seeded
random games against the states themselves: every change the explanation is about is
explained, at the step that made it, and nothing else is."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from dicehall import games
from dicehall.core import CHANCE, Game, sample
from dicehall.engine.explain import explain_step


def steps(game: Game[Any, Any], seed: int) -> Iterator[tuple[Any, Any, list[str]]]:
    """(before, after, the spectators' explanation) of every step of a random game."""
    rng = random.Random(seed)
    state = game.initial_state()
    while not game.is_terminal(state):
        actors = game.actors(state)
        seat = actors[0] if actors == (CHANCE,) else actors[rng.randrange(len(actors))]
        if seat == CHANCE:
            action = sample(game, state, rng)
        else:
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        after = game.apply(state, seat, action)
        yield state, after, explain_step(game, state, after, None)
        state = after


def test_puru_explains_each_players_gains_and_drips() -> None:
    """Rulebook (docs/rules/puru.md, "A turn"): "Resolve the dice" - the log says what the
    roll gave and dripped each player."""
    game = games.make("puru", players=3)
    seen = paid = 0
    for before, after, lines in steps(game, seed=4):
        if after.last is before.last:
            # "the second reroll costs 1 Jelly" (*A turn*): the one change between rolls
            r = before.roller
            cost = after.jelly[r] - before.jelly[r] if 0 <= r < 3 else 0
            assert lines == (
                [f"Player {r + 1}: {cost} Jelly (paid for a second reroll)"] if cost else []
            )
            paid += cost < 0
            continue
        for seat in range(3):
            line = next((x for x in lines if x.startswith(f"Player {seat + 1}: ")), "")
            for track, key in (("Love", "love"), ("Excitement", "excite"), ("Jelly", "jelly")):
                delta = getattr(after.last, key)[seat]
                assert (f" {delta:+d} {track}" in line) == (delta != 0), (line, track, delta)
        seen += 1
    assert seen > 5
    assert paid > 0


def test_purrramid_explains_every_turn_end_and_bust_reason() -> None:
    """Rulebook (docs/rules/purrramid.md, "A turn"): "If not, you bust" - a bust is logged
    with its reason, a safe stop with the tiles it placed."""
    game = games.make("purrramid", players=2)
    busts = stops = 0
    for before, after, lines in steps(game, seed=2):
        if after.turns == before.turns:
            assert lines == []
            continue
        (line,) = lines
        who = f"Player {after.last.seat + 1}"
        if after.last.success:
            placed = sum(a != b for a, b in zip(before.owner, after.owner, strict=True))
            assert line.startswith(f"{who} stopped safely: {after.last.tiles} tile")
            assert after.last.tiles >= placed > 0
            stops += 1
        else:
            assert re.match(rf"{who} busted: .+; no tiles placed\.$", line), line
            assert after.owner == before.owner
            busts += 1
    assert busts and stops


def test_jelly_explains_each_rounds_scoring() -> None:
    """Rulebook (docs/rules/jelly.md, "Scoring a round"): "The player with the highest total of
    counting dice controls the district and takes the reward of the zone where the Target marker
    stands" - each round's end lists every district's totals and Target, and each Jelly change."""
    game = games.make("jelly", players=3, mode="tick")
    rounds = 0
    for before, after, lines in steps(game, seed=3):
        jelly = re.findall(r"Player (\d): Jelly (\d+) → (\d+)", "\n".join(lines))
        changed = {s for s in range(3) if after.jelly[s] != before.jelly[s]}
        assert {int(p) - 1 for p, _, _ in jelly} == changed
        for p, old, new in jelly:
            assert (int(old), int(new)) == (before.jelly[int(p) - 1], after.jelly[int(p) - 1])
        if lines and lines[0].startswith("Round"):
            assert lines[0].startswith(f"Round {before.round + 1} scored")
            districts = [x for x in lines if re.match(r"[A-Z] .+: .+; Target on zone \d", x)]
            assert len(districts) == len(before.faces)
            rounds += 1
    assert rounds == 4


def test_paradice_explains_completed_stalls_and_tickets() -> None:
    """Rulebook (docs/rules/paradice.md, "Tickets"): "a player with 2 or more completed stalls
    of that type who has strictly more of them than the current holder takes it" - the log
    names each completed stall with its points and each ticket that changes hands."""
    game: Any = games.make("paradice", players=2)
    stalls = tickets = 0
    for before, after, lines in steps(game, seed=1):
        done = [
            len(b.done) != len(a.done) for b, a in zip(before.players, after.players, strict=True)
        ]
        completed = [x for x in lines if " completes a " in x]
        assert len(completed) == sum(
            len(a.done) - len(b.done) for b, a in zip(before.players, after.players, strict=True)
        )
        for seat, new in enumerate(done):
            if new:
                card = game.cfg.content.stalls[after.players[seat].done[-1]]
                assert f"Player {seat + 1} completes a" in "\n".join(completed)
                assert f"({card.points} points)" in "\n".join(completed)
        moved = sum(a != b and a >= 0 for a, b in zip(after.tickets, before.tickets, strict=True))
        assert len([x for x in lines if "Stall Ticket" in x]) == moved
        stalls += len(completed)
        tickets += moved
    assert stalls > 3 and tickets > 0


def test_paradice_explains_where_each_prize_comes_from() -> None:
    """Rulebook (docs/rules/paradice.md, *Scoring*): "The final screen shows each player's prize
    from the Prize List for the number of players" - the last step's log says which list, and
    how many points each player's prize number needs."""
    game: Any = games.make("paradice", players=2)
    last: list[str] = []
    end = None
    for _, after, lines in steps(game, seed=1):
        last, end = lines, after
    notes = game.result(end).notes
    assert any(
        x.startswith("Prizes come from the rulebook's Prize List for 2 players") for x in last
    )
    for seat in range(2):
        # "prize #23: 80s stickers", as the result says
        found = re.fullmatch(r"prize #(\d+): (.+)", notes[seat].split("; ")[-1])
        assert found is not None, notes[seat]
        number, name = found.groups()
        line = next(x for x in last if x.startswith(f"Player {seat + 1}: "))
        assert f"reach prize number {number} on that list, {name} (" in line, line
        assert line.endswith("+ points)"), line
