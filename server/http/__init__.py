"""The HTTP edge: an aiohttp application over :class:`~server.service.TournamentService`.

``app`` builds it, ``routes`` holds the one routes table the handlers, the request checks and
the OpenAPI document are all made from; ``handlers/`` turns requests into service calls.
"""
