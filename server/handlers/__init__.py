"""Request handlers, one module per resource; each is thin: parse, call the service, render."""

from server.handlers.call import Call

__all__ = ["Call"]
