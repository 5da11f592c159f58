"""`BatchGame`: B games of one parameter set stepped together as numpy arrays.

A game's batched form subclasses it (its package's `batch` subpackage, beside its rules). The
surface is the same for every game:

- `reset(seed)` starts all B games (their first chance draws included);
- `legal_mask()` is a bool array `[B, num_actions]` of the legal actions of the player to move
  in each game, with the action ids of the Gymnasium environment (`Game.encode`);
- `step(actions)` applies one action per game, then every chance draw that follows, up to the
  next decision; a game that ends sets `done[i]`, its `returns[i]` (`Game.returns`: 1 shared
  among the winners) and `scores[i]` (`Result.scores`), and starts again in place, so that
  every game always waits for a decision;
- `current_player` (int `[B]`), `observations()` (the Gymnasium environment's features of the
  player to move, float32 `[B, F]`) and `actions_taken` (player actions stepped so far);
- `load(states)` starts the B games from rules-engine states instead (search leaves).

The rules engine stays the reference: with `record()` on, every action and chance outcome of
every game is kept (`Recorder`), so tests replay the trajectories through the rules engine;
`script(...)` feeds chance outcomes in, so that the rules engine's trajectories replay here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from dicehall import games
from dicehall.batch.recorder import Recorder
from dicehall.core import DicehallError, Game, IllegalActionError, competition_ranks

BOUND = 10.0
"""Observations are clipped to -10..10, as the Gymnasium environment's Box."""

IntArray = np.ndarray[Any, np.dtype[np.int64]]


class BatchUnsupportedError(DicehallError):
    """A game, or a parameter set of one, that has no batched form."""


class BatchGame:
    """The shared machinery: results of ended games, legality checks, recording and scripts.

    A subclass sets its state arrays in `_start(idx)` (the games `idx` at their initial state,
    before any chance), applies actions in `_act(actions)` and draws chance in `_settle()`
    (through `_chance`), calls `_end(idx, scores)` for games that end, and implements
    `legal_mask`, `current_player`, `chance_outcome`, `chance_code` and `to_state`.
    """

    def __init__(self, game: Game[Any, Any], batch: int) -> None:
        if not isinstance(batch, int) or not 1 <= batch <= MAX_BATCH:
            raise ValueError(f"batch must be an int from 1 to {MAX_BATCH:,}, got {batch!r}")
        self.game = game
        self.game_id = game.id
        self.batch = batch
        self.num_actions = game.num_actions
        self.num_players = game.num_players
        self.rng = np.random.default_rng(0)
        self.done = np.zeros(batch, dtype=bool)
        self.returns = np.zeros((batch, self.num_players), dtype=np.float64)
        self.scores = np.zeros((batch, self.num_players), dtype=np.float64)
        self.actions_taken = 0
        self.games_ended = 0
        self.recorder: Recorder | None = None
        self._script: list[deque[int]] | None = None
        self._tracking = False  # recording or scripted: the slow path of chance draws
        self._features: Callable[[Any, int], Sequence[float]] | None = None
        self._all = np.arange(batch)
        self._masks: np.ndarray | None = None
        self._lists: np.ndarray | None = None
        self._counts = np.zeros(0, dtype=np.int64)
        self._key_cache: IntArray | None = None
        self.finals: dict[int, Any] | None = None
        """With `keep_finals()`: the final state of each game that ended in the last step."""

    # --- the surface -----------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        """Start all B games afresh; chance comes from a generator seeded with `seed`."""
        self.rng = np.random.default_rng(seed)
        self.actions_taken = self.games_ended = 0
        self._clear()
        if self.recorder is not None:
            self.recorder.starting()
        self._start(self._all)
        self._settle()
        self._key_cache = None
        self.done[:] = False

    def load(self, states: Sequence[Any]) -> None:
        """Start the B games from given rules-engine states, one per game (B copies of one
        position, the leaves of a search): each must wait for one player's decision, as every
        game of a batch does between steps. Chance comes from the batch's generator as before
        (`reset` reseeds it); `done`, `returns` and `scores` are cleared."""
        if len(states) != self.batch:
            raise ValueError(f"load takes one state per game: {self.batch} of them")
        game = self.game
        for i, state in enumerate(states):
            actors = game.actors(state)
            if len(actors) != 1 or actors[0] < 0:
                raise ValueError(
                    f"state {i}: a batch starts from a state where one player decides, "
                    f"not where {actors or 'nobody (a finished game)'} acts"
                )
        self._clear()
        self._start(self._all)  # every array back to its initial shape, then the states
        self._load(self._all, states)
        self._key_cache = None
        if self.recorder is not None:
            self.recorder.starting()

    def step(self, actions: Any) -> None:
        """One action per game (ids as in `legal_mask`), then chance up to the next decision."""
        acts = np.asarray(actions)
        if acts.shape != (self.batch,) or acts.dtype.kind not in "iu":
            raise ValueError(f"actions must be an int array of shape ({self.batch},)")
        acts = acts.astype(np.int64, copy=False)
        if acts.min() < 0 or acts.max() >= self.num_actions:
            raise IllegalActionError(f"action ids run from 0 to {self.num_actions - 1}")
        legal = self._legal(acts)
        if not legal.all():
            i = int(np.argmin(legal))
            raise IllegalActionError(f"game {i}: action {int(acts[i])} is not legal now")
        self._clear()
        if self.recorder is not None:
            self.recorder.actions(self.current_player, acts)
        self._key_cache = None
        self._act(acts)
        self._settle()
        self._key_cache = None
        self.actions_taken += self.batch

    def legal_mask(self) -> np.ndarray:
        """Bool `[B, num_actions]`: the legal actions of the player to move in each game."""
        if self._masks is None:
            raise NotImplementedError
        return self._masks[self._keys()]

    def random_actions(self, rng: np.random.Generator | None = None) -> IntArray:
        """A uniformly random legal action per game (from `rng`, else the batch's own)."""
        rng = rng or self.rng
        if self._lists is None:
            mask = self.legal_mask()
            chosen: IntArray = np.argmax(rng.random(mask.shape) * mask, axis=1)
            return chosen
        keys = self._keys()
        pick = (rng.random(self.batch) * self._counts[keys]).astype(np.int64)
        found: IntArray = self._lists[keys, pick]
        return found

    bot_levels: tuple[str, ...] = ("random",)
    """The bot levels with a batched form (`bot_actions`)."""

    def bot_actions(self, level: str, rng: np.random.Generator | None = None) -> IntArray:
        """The action of bot `level` in every game (the same decisions as the game's own bot
        of that level; `random`: `random_actions`)."""
        if level != "random":
            raise BatchUnsupportedError(
                f"{self.game_id}: no batched {level!r} bot; batched: {', '.join(self.bot_levels)}"
            )
        return self.random_actions(rng)

    def _legal(self, actions: IntArray) -> np.ndarray:
        if self._masks is None:
            return self.legal_mask()[self._all, actions]
        found: np.ndarray = self._masks[self._keys(), actions]
        return found

    def _keys(self) -> IntArray:
        """Per game, the row of `_masks` that holds its legal actions (games whose legal
        actions take few distinct forms keep them in one table, set by `_mask_table`);
        remembered until the next step."""
        if self._key_cache is None:
            self._key_cache = self._mask_keys()
        return self._key_cache

    def _mask_keys(self) -> IntArray:
        raise NotImplementedError

    def _mask_table(self, masks: np.ndarray) -> None:
        """Legal actions by `_keys()` row; the rows' lists of ids, for `random_actions`."""
        self._masks = masks
        self._counts = masks.sum(axis=1)
        width = max(1, int(self._counts.max()))
        lists = np.zeros((len(masks), width), dtype=np.int64)
        for row, mask in enumerate(masks):
            ids = np.flatnonzero(mask)
            lists[row, : len(ids)] = ids
        self._lists = lists

    @property
    def current_player(self) -> IntArray:
        raise NotImplementedError

    def observations(self) -> np.ndarray:
        """The Gymnasium environment's observation of the player to move, per game (float32
        `[B, F]`), made by the game's RL features from each game's state (`to_state`)."""
        features = self._features or self._feature_function()
        seats = self.current_player
        rows = [features(self.to_state(i), int(seats[i])) for i in range(self.batch)]
        out = np.asarray(rows, dtype=np.float32)
        return np.clip(out, -BOUND, BOUND, out=out)

    def _feature_function(self) -> Callable[[Any, int], Sequence[float]]:
        game = self.game
        by_state = games.part(game.id, "state_features")
        if by_state is not None:
            self._features = lambda state, seat: by_state(game, state, seat)
        else:
            by_view = games.part(game.id, "features")
            if by_view is None:
                raise NotImplementedError(f"{game.id} has no RL features")
            self._features = lambda state, seat: by_view(game, game.observe(state, seat))
        return self._features

    # --- results of ended games (simulations read them after a step) -----------------------
    def outcome_reason(self, i: int) -> str:
        """Why game `i`, which just ended, ended (`Result.reason`)."""
        return ""

    def outcome_ranks(self, i: int) -> tuple[int, ...]:
        """The competition ranks of game `i`, which just ended (`Result.ranks`)."""
        return competition_ranks(self.scores[i].tolist())

    # --- the rules engine's reference ------------------------------------------------------
    def to_state(self, i: int) -> Any:
        """Game `i`'s state as the rules engine's state object."""
        raise NotImplementedError

    def chance_outcome(self, code: int) -> Any:
        """The rules engine's chance outcome that a recorded chance code stands for."""
        raise NotImplementedError

    def chance_code(self, outcome: Any) -> int:
        """The code of a rules engine's chance outcome (`script` takes codes)."""
        raise NotImplementedError

    def record(self, on: bool = True) -> Recorder | None:
        """Keep every game's actions and chance outcomes from now on (`Recorder`)."""
        self.recorder = Recorder(self.batch) if on else None
        self._tracking = on or self._script is not None
        return self.recorder

    def script(self, codes: Sequence[Sequence[int]] | None) -> None:
        """Chance codes each game draws, in order, before drawing at random again."""
        self._script = None if codes is None else [deque(c) for c in codes]
        if codes is not None and len(codes) != self.batch:
            raise ValueError(f"one script per game: {self.batch} of them")
        self._tracking = self._script is not None or self.recorder is not None

    # --- for subclasses --------------------------------------------------------------------
    def keep_finals(self, on: bool = True) -> None:
        """Keep the final states (`to_state`) of the games that end in each step, in `finals`
        by game index (a reward that reads the end position; off by default: costs a state
        object per ended game)."""
        self.finals = {} if on else None

    def _clear(self) -> None:
        self.done[:] = False
        self.returns[:] = 0.0
        if self.finals is not None:
            self.finals = {}

    def _chance(self, idx: IntArray, codes: IntArray) -> IntArray:
        """The chance codes drawn for games `idx`: scripted ones replace the random ones."""
        if self._script is not None:
            codes = codes.copy()
            for j, i in enumerate(idx.tolist()):
                queue = self._script[i]
                if queue:
                    codes[j] = queue.popleft()
        if self.recorder is not None:
            self.recorder.chance(idx, codes)
        return codes

    def _end(self, idx: IntArray, scores: np.ndarray, winners: np.ndarray | None = None) -> None:
        """Games `idx` ended with `scores` `[len(idx), players]` and `winners` (a bool array of
        the same shape; by default `_winners` of the scores); they start again in place."""
        if winners is None:
            winners = self._winners(idx, scores)
        count = winners.sum(axis=1, keepdims=True)
        self.done[idx] = True
        self.scores[idx] = scores
        self.returns[idx] = np.where(winners, 1.0 / np.maximum(count, 1), 0.0)
        self.games_ended += len(idx)
        if self.recorder is not None:
            self.recorder.end(idx, scores, winners)
        if self.finals is not None:
            self.finals.update((i, self.to_state(i)) for i in idx.tolist())
        self._start(idx)

    def _winners(self, idx: IntArray, scores: np.ndarray) -> np.ndarray:
        """The winners of games ended with `scores`: the best score, ties share."""
        best: np.ndarray = scores == scores.max(axis=1, keepdims=True)
        return best

    def _start(self, idx: IntArray) -> None:
        raise NotImplementedError

    def _load(self, idx: IntArray, states: Sequence[Any]) -> None:
        """Games `idx` (just `_start`ed) take the rules-engine decision `states`."""
        raise BatchUnsupportedError(f"{self.game_id}: this batched form does not load states")

    def _act(self, actions: IntArray) -> None:
        raise NotImplementedError

    def _settle(self) -> None:
        """Draw chance until every game waits for a player (games that end start again)."""
        raise NotImplementedError


MAX_BATCH = 1 << 22
"""The largest batch (about 4 million games): a bound on the memory one `make` takes."""
