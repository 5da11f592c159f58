"""Pig's batched step under `jax.jit` against numpy: player actions per CPU-second.

`python scripts/jax_pig.py [--batch 4096] [--steps 200] [--runs 3]` (needs jax, an optional
extra: `pip install jax`; dicehall and its Pig plug-in on the path). Three loops play random
legal actions (Roll with chance 1/2 where Roll is legal) on B games of Pig:

- `PigBatch`, the numpy batched form (`dicehall.batch.make("pig")`);
- `functional.step` under numpy, faces from numpy's generator;
- `functional.step` under `jax.jit` on the default device (CPU here), `steps` steps inside one
  compiled `lax.fori_loop`, faces from `jax.random`.

Each is timed in CPU seconds of the process, medians of `runs` runs (the first jax call, which
compiles, is not timed). Figures are printed, never asserted (docs/performance.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

import numpy as np


def timed(run: Callable[[], int], runs: int) -> float:
    rates = []
    for _ in range(runs):
        start = time.process_time()
        actions = run()
        rates.append(actions / max(time.process_time() - start, 1e-9))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    b, steps = args.batch, args.steps

    import jax
    import jax.numpy as jnp
    from dicehall_pig.batch import functional as fn

    from dicehall import batch

    env = batch.make("pig", batch=b)
    rules = fn.Rules(2, env.game.target, env.game.horizon)
    rng = np.random.default_rng(0)

    def numpy_batch() -> int:
        for _ in range(steps):
            roll = env.legal_mask()[:, 0] & (rng.random(b) < 0.5)
            env.step(np.where(roll, 0, 1))
        return b * steps

    state = fn.initial(np, b, rules)

    def numpy_functional() -> int:
        nonlocal state
        for _ in range(steps):
            roll = fn.may_roll(np, state, rules) & (rng.random(b) < 0.5)
            state, _, _ = fn.step(np, state, np.where(roll, 0, 1), rng.integers(1, 7, b), rules)
        return b * steps

    def body(
        _: int, carry: tuple[fn.State, jax.Array, jax.Array]
    ) -> tuple[fn.State, jax.Array, jax.Array]:
        s, key, wins = carry
        key, k1, k2 = jax.random.split(key, 3)
        roll = fn.may_roll(jnp, s, rules) & (jax.random.uniform(k1, (b,)) < 0.5)
        faces = jax.random.randint(k2, (b,), 1, 7)
        s, _, returns = fn.step(jnp, s, jnp.where(roll, 0, 1), faces, rules)
        return s, key, wins + returns.sum(axis=0)

    loop = jax.jit(lambda s, key: jax.lax.fori_loop(0, steps, body, (s, key, jnp.zeros(2))))
    carry = loop(fn.initial(jnp, b, rules), jax.random.key(0))
    jax.block_until_ready(carry)  # compiled

    def jax_functional() -> int:
        nonlocal carry
        carry = loop(carry[0], carry[1])
        jax.block_until_ready(carry)
        return b * steps

    found = {
        "batch": b, "steps": steps, "device": str(jax.devices()[0]),
        "numpy_batch": round(timed(numpy_batch, args.runs)),
        "numpy_functional": round(timed(numpy_functional, args.runs)),
        "jax_jit": round(timed(jax_functional, args.runs)),
    }  # fmt: skip
    print(json.dumps(found))


if __name__ == "__main__":
    main()
