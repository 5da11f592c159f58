"""How much of a MaskablePPO step is the environment: steps per CPU-second of `train_ppo`'s
envs alone (`python scripts/ppo_env_speed.py [--steps 204800]`, needs the `train` extra).

Steps each vectorised env of `train_ppo` with uniformly random legal actions, reading the
action masks every step as MaskablePPO does: SB3's `DummyVecEnv` of 16 `DicehallEnv`s (`--env
gym`), and the batched `ppo_vector.BatchVecEnv` of 16 and of 256 games (`--env vector`).
Figures are printed, never asserted (docs/rl.md).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import DummyVecEnv

try:
    from scripts.ppo_vector import BatchVecEnv
    from scripts.train_ppo import FinalReward, Settings, make_env, progress
except ModuleNotFoundError:  # run as a script: its own folder is on the path
    from ppo_vector import BatchVecEnv  # type: ignore[no-redef]
    from train_ppo import FinalReward, Settings, make_env, progress  # type: ignore[no-redef]


def rate(env: Any, steps: int) -> float:
    """Steps (of every env together) per CPU-second."""
    rng = np.random.default_rng(0)
    env.reset()
    done = 0
    start = time.process_time()
    while done < steps:
        masks = np.stack(env.env_method("action_masks"))
        env.step(np.argmax(rng.random(masks.shape) * masks, axis=1))
        done += env.num_envs
    return done / max(time.process_time() - start, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=204_800)
    steps = parser.parse_args().steps
    settings = Settings()
    gym = DummyVecEnv([lambda i=i: FinalReward(make_env(i), settings) for i in range(16)])
    found = {
        "gym_16": round(rate(gym, steps)),
        "vector_16": round(rate(BatchVecEnv(16, 0, progress), steps)),
        "vector_256": round(rate(BatchVecEnv(256, 0, progress), steps)),
    }
    print(json.dumps(found))


if __name__ == "__main__":
    main()
