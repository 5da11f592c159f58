"""Paradice's Super Achievements (docs/rules/paradice.md, *Super Achievements*).

The rulebook ends with challenges to mark "with your name and the date you earned them".
`detect` finds every one the game can observe by replaying a finished match's log (pure: the
rules object and the logged actions in, the achievements of each seat out); `from_results`
finds "win 3 games in a row" in a player's sequence of results. The others only a person can
attest (playing at a fair, sharing a photo): `ATTESTED`, self-declared on the profile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dicehall.games.paradice.actions import Roulette, StoreMove
from dicehall.games.paradice.rules import ParadiceGame
from dicehall.games.paradice.spec import BLACK
from dicehall.games.paradice.state import ParadiceState


@dataclass(frozen=True)
class Achievement:
    key: str
    text: str  # the rulebook's line
    how: str  # "log": detected in one match; "history": over a player's matches; "attested"


ACHIEVEMENTS = (
    Achievement("dark_blue", "Play with the Dispensing Machine in the dark blue color", "log"),
    Achievement("light_blue", "Play with the Dispensing Machine in the light blue color", "log"),
    Achievement("steal_ticket", "Steal a Ticket from the rest of the visitors", "log"),
    Achievement(
        "wild_finish", "Finish the game by advancing a Storehouse token with a Wild die", "log"
    ),
    Achievement("roulette_5", "Use the Roulette Move 5 times in a row in the same game", "log"),
    Achievement("win_3_in_a_row", "Win 3 games in a row", "history"),
    Achievement("win_bare", "Win a game without Tickets or Surprise Bag cards", "log"),
    Achievement("finish_and_win", "Finish and win the game", "log"),
    Achievement("class_or_work", "Play Paradice in class or at work", "attested"),
    Achievement("at_a_fair", "Play Paradice at a fair", "attested"),
    Achievement("two_wilds", "Get 2 Wild dice on your turn", "log"),
    Achievement("all_stall_tickets", "Get all the Stall Tickets in the same game", "log"),
    Achievement("six_powers", "Use 6 powers in the same turn", "log"),
    Achievement(
        "photo_best_game", "Share the photo of your best game, tagging Zacatrus and Paradice",
        "attested",
    ),
    Achievement("photo_master", 'Share the photo proving you are "Master of Paradice"', "attested"),
)  # fmt: skip
ATTESTED = frozenset(a.key for a in ACHIEVEMENTS if a.how == "attested")
COLOUR_KEYS = {"dark blue": "dark_blue", "light blue": "light_blue"}
ROULETTE_STREAK = 5
POWERS_IN_A_TURN = 6
WILDS_IN_A_TURN = 2
WINS_IN_A_ROW = 3


class Watcher:
    """Watches a match step by step (each step a state, an action and the next state, as the
    rules made it) and collects what each seat earned in `earned`."""

    def __init__(self, game: ParadiceGame) -> None:
        self.game = game
        self.earned: dict[int, set[str]] = {}
        self.turn_key = -1  # `ParadiceState.turns` of the turn being watched
        self.roulette_now = False  # the current turn's basic action was a Roulette
        self.streak: dict[int, int] = {}  # Roulette turns in a row by seat
        self.powers_used = 0  # in the current turn
        self.wilds = 0  # black dice obtained in the current turn

    def earn(self, seat: int, key: str) -> None:
        self.earned.setdefault(seat, set()).add(key)

    def step(self, before: ParadiceState, seat: int, action: Any, after: ParadiceState) -> None:
        mover = before.turn
        if before.turns != self.turn_key:  # a new turn: close the last one
            self._close_turn()
            self.turn_key, self.roulette_now = before.turns, False
            self.powers_used = self.wilds = 0
        if seat == mover:
            self._mover_step(before, action, after)
        if before.turns == after.turns:
            self.wilds += max(0, _blacks(after.pending) - _blacks(before.pending))
            if self.wilds >= WILDS_IN_A_TURN:
                self.earn(mover, "two_wilds")  # "Get 2 Wild dice on your turn"
        for kind, holder in enumerate(after.tickets):
            was = before.tickets[kind]
            if holder >= 0 and was >= 0 and holder != was:
                # "Steal a Ticket from the rest of the visitors"
                self.earn(holder, "steal_ticket")
        first = after.tickets[0]
        if first >= 0 and all(t == first for t in after.tickets):
            self.earn(first, "all_stall_tickets")  # "Get all the Stall Tickets in the same game"

    def _mover_step(self, before: ParadiceState, action: Any, after: ParadiceState) -> None:
        mover = before.turn
        if isinstance(action, Roulette):
            self.roulette_now = True
        used = sum(before.players[mover].powers) - sum(after.players[mover].powers)
        self.powers_used += max(0, used)
        if self.powers_used >= POWERS_IN_A_TURN:
            self.earn(mover, "six_powers")  # "Use 6 powers in the same turn"
        ends = before.second_out < 0 <= after.second_out
        if isinstance(action, StoreMove) and action.step > 0 and ends:
            # "Finish the game by advancing a Storehouse token with a Wild die"
            self.earn(mover, "wild_finish")

    def _close_turn(self) -> None:
        """A seat's turn ended: its Roulette streak goes on or starts again."""
        if self.turn_key < 1:
            return
        seat = (self.turn_key - 1) % self.game.num_players  # turn 1 is seat 0's; play passes left
        streak = self.streak.get(seat, 0) + 1 if self.roulette_now else 0
        self.streak[seat] = streak
        if streak >= ROULETTE_STREAK:
            # "Use the Roulette Move 5 times in a row in the same game"
            self.earn(seat, "roulette_5")

    def end(self, state: ParadiceState) -> None:
        """The match is over: its last turn, the machine's colour, and the winners."""
        self._close_turn()
        self.turn_key = -1
        game = self.game
        colour = COLOUR_KEYS[game.params["machine_colour"]]
        winners = game.result(state).winners
        for seat in range(game.num_players):
            # "Play with the Dispensing Machine in the dark (light) blue color"
            self.earn(seat, colour)
            if seat not in winners:
                continue
            self.earn(seat, "finish_and_win")  # "Finish and win the game"
            tickets = state.golden == seat or seat in state.tickets
            if not tickets and not state.players[seat].bag:
                # "Win a game without Tickets or Surprise Bag cards"
                self.earn(seat, "win_bare")


def detect(game: ParadiceGame, entries: Sequence[tuple[int, Any]]) -> dict[int, set[str]]:
    """The achievements each seat earned in the match logged as `(seat, action JSON)` entries
    (a match that has not ended earns none of those decided at the end)."""
    watcher = Watcher(game)
    state = game.initial_state()
    for seat, action_json in entries:
        action = game.action_from_json(action_json)
        after = game.apply(state, seat, action)
        watcher.step(state, seat, action, after)
        state = after
    if game.is_terminal(state):
        watcher.end(state)
    return watcher.earned


def _blacks(dice: tuple[int, ...]) -> int:
    return sum(1 for d in dice if d // 10 == BLACK)


def from_results(won: Sequence[bool]) -> set[str]:
    """Achievements over a player's finished matches, oldest first: "Win 3 games in a row"."""
    streak = 0
    for result in won:
        streak = streak + 1 if result else 0
        if streak >= WINS_IN_A_ROW:
            return {"win_3_in_a_row"}
    return set()
