"""Request handlers, one module per resource; each is thin: parse, call the service, render."""

from server.http.handlers.call import Call

__all__ = ["Call"]
