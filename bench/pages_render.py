"""How fast the pairings page of a big open renders: 500 boards (1000 players).

    .venv/bin/python -m bench.pages_render [--players 1000] [--repeat 5]

Times building the page's rows and rendering the template (the handler's work after the
fold), the standings page, and for reference the API's JSON of the same round in the same
run; prints milliseconds and the ratio to the JSON answer.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from events.decisions import CreateTournament, PairManually, RegisterPlayer, decide
from events.projections import EMPTY, TournamentState, fold
from events.types import PairedBoard, PlayerId
from server.http.pages import qr, views
from server.http.pages.render import environment
from server.http.schemas import encode, round_out


def _state(players: int) -> TournamentState:
    """Registered and paired by folding each decision onto the last state (a service would
    re-read the whole stream for every player)."""
    state = fold(decide(EMPTY, CreateTournament(
        tournament_id="big", name="Big Open", rounds=9, tiebreaks="BH/C1 BH SB",
        tiebreak_rules="2026")))  # fmt: skip
    for number in range(players):
        command = RegisterPlayer(surname=f"Player{number:04d}", given_name="Test",
                                 rating=2700 - number, federation="NOR")  # fmt: skip
        state = fold(decide(state, command), state)
    boards = tuple(
        PairedBoard(white=PlayerId(number * 2 + 1), black=PlayerId(number * 2 + 2))
        for number in range(players // 2)
    )
    return fold(decide(state, PairManually(boards=boards)), state)


URL = "https://hall.example/t/big"
"""The address the page's QR code holds."""


def _time(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    state = _state(args.players)
    round_ = state.round(1)
    env = environment("en")
    common = {"state": state, "t": state.require_settings(), "events_url": "/e", "after": 0,
              "event_types": "", "updated": "12:00:00", "fragment": False, "path": "/", "signed_in": False,
              "asked": None, "url": URL}  # fmt: skip

    def pairings() -> str:
        return env.get_template("round.html").render(
            common, round=round_, boards=views.boards(state, round_),
            qr_code=qr.qr_svg(URL),
        )  # fmt: skip

    def standings() -> str:
        return env.get_template("standings.html").render(
            common, ranking=views.ranking(state), asked_round=None
        )

    reference = _time(lambda: encode(round_out(state, round_)), args.repeat)
    page = _time(pairings, args.repeat)
    table = _time(standings, args.repeat)
    print(f"{len(round_.boards)} boards, median of {args.repeat}:")
    print(f"  API JSON of the round (reference)  {reference:8.1f} ms")
    print(f"  pairings page                      {page:8.1f} ms  ({page / reference:.1f}x)")
    print(f"  standings page ({args.players} players)     {table:8.1f} ms  "
          f"({table / reference:.1f}x)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
