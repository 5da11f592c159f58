"""Protection against hostile or heavy clients: limits, the request guard, the HTTP and
websocket transports, strict JSON."""
