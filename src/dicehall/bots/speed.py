"""Speed profiles: how long a bot takes to act in real-time games (simulated seconds).

A reaction time is drawn from a log-normal distribution around the profile's mean for the
kind of action: "quick" (a forced move such as rolling the dice) or "decide" (a real choice,
such as which die to place where). Sampling uses the caller's seeded rng only.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

QUICK, DECIDE = "quick", "decide"


@dataclass(frozen=True, slots=True)
class SpeedProfile:
    name: str
    quick: float  # mean seconds of a forced action (roll)
    decide: float  # mean seconds of a decision (place a die, lock, flip)
    spread: float = 0.35  # sigma of the log-normal
    minimum: float = 0.15  # nobody acts faster than this

    def sample(self, rng: random.Random, kind: str = DECIDE) -> float:
        """One reaction time in seconds for an action of `kind`."""
        mean = self.quick if kind == QUICK else self.decide
        mu = math.log(mean) - self.spread**2 / 2  # so the mean is `mean`
        return max(self.minimum, rng.lognormvariate(mu, self.spread))


PROFILES: dict[str, SpeedProfile] = {
    "human": SpeedProfile("human", quick=1.2, decide=2.6),
    "fast": SpeedProfile("fast", quick=0.7, decide=1.4),
    "slow": SpeedProfile("slow", quick=1.8, decide=4.2),
}
DEFAULT = "human"


def profile(name_or_profile: str | SpeedProfile | None) -> SpeedProfile:
    """A profile by name ("human" when None); raises KeyError naming the known ones."""
    if isinstance(name_or_profile, SpeedProfile):
        return name_or_profile
    name = name_or_profile or DEFAULT
    if name not in PROFILES:
        raise KeyError(f"unknown speed profile {name!r}; known: {', '.join(PROFILES)}")
    return PROFILES[name]
