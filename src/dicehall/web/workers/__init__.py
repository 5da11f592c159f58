"""Where bots think: worker processes, the turns bot moves take on the event loop, the
expert's solved tables."""
