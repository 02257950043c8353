"""Helpers of the round-trip property (issue 18 item 1): events made by Arbiter's own
decisions, and the check that exporting a tournament as of a round and importing the file
gives the same tournament."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal as D

from engine import pair
from events.decisions import (
    Command,
    CorrectPlayerDetails,
    CorrectResult,
    CreateTournament,
    PairRound,
    RecordResult,
    RegisterPlayer,
    RequestBye,
    WithdrawPlayer,
    decide,
    pairing_request,
)
from events.errors import CommandRejected
from events.projections import TournamentState, fold, state_after_round
from events.results import Result
from events.tiebreaks import Standings, tournament_standings
from events.tiebreaks.tournament import annulled_players
from events.types import ByeKind, Event, PointValues
from trf import read_trf, write_trf
from trf.export import Profile, export_document, export_warnings
from trf.mapping import import_events

RESULTS = (
    [Result.WHITE_WINS] * 4 + [Result.BLACK_WINS] * 3 + [Result.DRAW] * 3
    + [Result.WHITE_WINS_BY_FORFEIT, Result.BLACK_WINS_BY_FORFEIT, Result.DOUBLE_FORFEIT]
)  # fmt: skip
BYES = (ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL)
TIEBREAKS = "BH/C1,BH,SB,DE,WIN,BPG,AOB"
"""Computed on every state compared, declared or not: the unplayed rounds' kinds count here."""


def generated_events(
    seed: int,
    players: int,
    rounds: int,
    *,
    three_one: bool = False,
    tiebreaks: bool = True,
    corrections: bool = True,
) -> list[Event]:
    """A tournament run through :func:`events.decisions.decide` as an arbiter would: players
    registered before round 1 and late entries after it, byes of every kind requested one to
    three rounds ahead, withdrawals announced ahead, rounds paired by the Dutch engine,
    results with forfeits and double forfeits, and (unless ``corrections`` is false)
    corrections of earlier results and of ratings after a round was paired."""
    dice = random.Random(seed)
    events: list[Event] = []
    state = fold([])

    def do(command: Command) -> bool:
        nonlocal state
        try:
            new = decide(state, command, engine=lambda request: pair(request, "dutch"))
        except CommandRejected:
            return False
        events.extend(new)
        state = fold(new, state)
        return True

    points = PointValues()
    if three_one:
        points = PointValues(win=D(3), draw=D(1), forfeit_win=D(3), pab=D(3), full_bye=D(3),
                             half_bye=D(1))  # fmt: skip
    assert do(CreateTournament(tournament_id="t", name=f"Generated {seed}", rounds=rounds,
                        full_point_byes=True, points=points,
                        tiebreaks="BH/C1,SB,DE" if tiebreaks else "",
                        tiebreak_rules="2026" if tiebreaks else ""))  # fmt: skip
    for number in range(1, players + 1):
        do(_registration(dice, number))
    for round_no in range(1, rounds + 1):
        for _ in range(dice.randint(0, 2)):  # late entries, joining now or later
            if round_no > 1:
                do(_registration(dice, len(state.players) + 1, dice.randint(round_no, rounds)))
        for _ in range(dice.choice([0, 0, 1, 2, 3])):
            player = dice.randint(1, len(state.players))
            ahead = dice.randint(round_no, min(rounds, round_no + dice.choice([0, 0, 2])))
            do(RequestBye(player_id=player, round_no=ahead, kind=dice.choice(BYES)))
        if dice.random() < 0.2:
            player = dice.randint(1, len(state.players))
            do(WithdrawPlayer(player_id=player, from_round=dice.randint(round_no, rounds)))
        if not do(PairRound()):
            break
        for board in range(1, len(state.round(round_no).boards) + 1):
            do(RecordResult(round_no=round_no, board=board, result=dice.choice(RESULTS)))
        if corrections and round_no > 1 and dice.random() < 0.4:
            earlier = dice.randint(1, round_no - 1)
            board = dice.randint(1, max(1, len(state.round(earlier).boards)))
            do(CorrectResult(round_no=earlier, board=board, result=dice.choice(RESULTS),
                             reason="score sheet"))  # fmt: skip
        if corrections and dice.random() < 0.3:
            player = dice.randint(1, len(state.players))
            do(CorrectPlayerDetails(player_id=player, rating=dice.randint(1400, 2700),
                                    reason="rating list"))  # fmt: skip
    return events


def _registration(dice: random.Random, number: int, joins: int | None = None) -> RegisterPlayer:
    return RegisterPlayer(
        surname=f"Player{number:03d}",
        given_name=dice.choice(["Anna", "Ben", "Chloé", "Dmitri"]),
        rating=dice.choice([0, *range(1400, 2700, 37)]),
        federation=dice.choice(["", "AUT", "GER", "FRA"]),
        fide_id=dice.choice([None, 1000 + number]),
        sex=dice.choice(["", "m", "f"]),
        joins_round=joins,
    )


def round_trip(state: TournamentState, profile: Profile) -> tuple[str, TournamentState]:
    """The file of ``state`` and the tournament an import of it gives."""
    text = write_trf(export_document(state, profile=profile))
    doc, problems = read_trf(text)
    assert [p for p in problems if p.severity == "error"] == []
    return text, fold(import_events(doc, tournament_id="t")[0])


def assert_round_trips_at_every_round(
    events: Sequence[Event], profiles: Sequence[Profile], *, sample: int | None = None
) -> None:
    """For every round r: export as of r, import, and the tournament is the same: next
    pairing request, standings, tie-breaks, and its own export byte for byte. Where TRF16
    cannot carry something, :func:`export_warnings` says so, and only the file is compared.
    ``sample`` keeps that many rounds, spread from the first to the last (large fields)."""
    rounds = list(range(fold(events).rounds_paired + 1))
    if sample is not None and len(rounds) > sample:
        rounds = sorted({rounds[i * (len(rounds) - 1) // (sample - 1)] for i in range(sample)})
    for round_no in rounds:
        state = state_after_round(events, round_no)
        expected: tuple[object, ...] | None = None  # the state's facts, once for all profiles
        for profile in profiles:
            text, back = round_trip(state, profile)
            where = f"as of round {round_no}, {profile}"
            again = write_trf(export_document(back, profile=profile))
            if annulled_players(back) != annulled_players(state):
                # The file cannot say who withdrew (export_warnings says so), so the import
                # cannot annul a round-robin's results (C.05): the rank column, which ranks
                # as the standings do, is the one part that may read back otherwise.
                text, again = _without_ranks(text), _without_ranks(again)
            assert again == text, f"{where}: the re-export differs"
            if export_warnings(state, profile=profile):
                continue
            if expected is None:
                expected = facts(state)
            assert facts(back) == expected, where


def _without_ranks(text: str) -> str:
    """``text`` with the rank field (columns 86-89) of every ``001`` line blanked."""
    return "\n".join(
        line[:85] + "    " + line[89:] if line.startswith("001") else line
        for line in text.split("\n")
    )


def facts(state: TournamentState) -> tuple[object, ...]:
    """What must survive a round trip: the next pairing request (when a round is left), the
    standings and the tie-breaks, each player named by pairing number (the file carries no
    internal id)."""
    request = (
        pairing_request(state) if state.next_round <= state.require_settings().rounds else None
    )
    declared = tournament_standings(state)
    computed = tournament_standings(state, tiebreaks=TIEBREAKS, rules="2026")
    return request, _by_number(declared), _by_number(computed)


def _by_number(standings: Standings) -> Standings:
    """The standings with each player known by pairing number only."""
    rows = tuple(replace(row, player=replace(row.player, player_id=None)) for row in standings.rows)
    return replace(standings, rows=rows)
