"""A generated tournament (:mod:`engine.generator`) as the TRF document other programs read.

Both profiles write one ``001`` line per player with every round, the points column equal to
the results under the tournament's point system (bbpPairings refuses a file where they
differ), and ``XXR`` / ``XXC white1|black1``. ``trf16`` gives forbidden pairs as ``XXP`` and
acceleration as ``XXA`` lines (JaVaFo's extensions, which bbpPairings also reads); ``trf26``
gives them as ``260`` and ``250`` records and adds ``142``/``152``/``162``. A non-default
point system is also written as ``XXS`` and ``BB?`` lines, as :mod:`trf.export` does. The
``092`` line names the system and the rules edition, which ``arbiter check`` reads back.
"""

from __future__ import annotations

from fractions import Fraction

from engine import systems
from engine.generator import GeneratedPlayer, GeneratedTournament
from engine.model import Colour, PairingNumber, PointSystem
from events.bounds import to_decimal
from events.types import PointValues
from trf.codes import result_code
from trf.export import Profile, bb_lines, point_grid, xxs_line
from trf.model import (
    AcceleratedRounds,
    EngineOptions,
    ForbiddenPairs,
    Header,
    InitialColour,
    Player,
    Record,
    RoundEntry,
    TotalRounds,
    TrfDocument,
    XxaAcceleration,
)

__all__ = ["generated_document"]


def generated_document(tournament: GeneratedTournament, profile: Profile = "trf16") -> TrfDocument:
    """The TRF document of a generated tournament.

    >>> from engine import generate
    >>> from engine.generator import GeneratorSettings
    >>> doc = generated_document(generate(GeneratorSettings(players=4, rounds=2), seed=3))
    >>> doc.total_rounds, len(doc.players), doc.header("092")
    (2, 4, 'Individual: Swiss-System (FIDE Dutch), rules fide-2026')
    """
    settings = tournament.settings
    points = settings.points
    records: list[Record] = [
        Header(code="012", value=f"Random tournament, seed {tournament.seed}"),
        Header(code="062", value=str(settings.players)),
        Header(
            code="092",
            value=f"{systems.tournament_type(settings.system)}, rules {settings.rules_edition}",
        ),
    ]
    event_points = PointValues.from_engine(points)
    if profile == "trf26":
        records += [
            TotalRounds(code="142", rounds=settings.rounds),
            InitialColour(colour="W" if tournament.initial_colour is Colour.WHITE else "B"),
        ]
        if points != PointSystem():
            records.append(point_grid(event_points))
    ranks = _ranks(tournament)
    records += [_player(p, points, ranks[p.number]) for p in tournament.players]
    records += _constraints(tournament, profile)
    first = "white1" if tournament.initial_colour is Colour.WHITE else "black1"
    records += [TotalRounds(code="XXR", rounds=settings.rounds), EngineOptions(words=(first,))]
    if points != PointSystem():
        records += [xxs_line(event_points), *bb_lines(event_points)]
    return TrfDocument(records=tuple(records))


def _ranks(tournament: GeneratedTournament) -> dict[int, int]:
    """Final rank by score, then pairing number (no tie-breaks: the column is informative)."""
    points = tournament.settings.points
    order = sorted(tournament.players, key=lambda p: (-p.score(points), p.number))
    return {p.number: rank for rank, p in enumerate(order, start=1)}


def _player(player: GeneratedPlayer, points: PointSystem, rank: int) -> Player:
    return Player(
        pairing_no=player.number,
        name=player.name,
        rating=player.rating,
        points=to_decimal(player.score(points)),
        rank=rank,
        rounds=tuple(
            RoundEntry(
                opponent=slot.opponent,
                colour="-" if slot.colour is None else slot.colour.value,
                result=result_code(slot.outcome or slot.kind),
            )
            for slot in player.slots
        ),
    )


def _constraints(tournament: GeneratedTournament, profile: Profile) -> list[Record]:
    """Forbidden pairs and acceleration, in the profile's notation."""
    rounds = tournament.settings.rounds
    records: list[Record] = []
    for a, b in tournament.forbidden_pairs:
        if profile == "trf26":
            records.append(ForbiddenPairs(code="260", ids=(a, b), first_round=1, last_round=rounds))
        else:
            records.append(ForbiddenPairs(code="XXP", ids=(a, b)))
    for player in tournament.players:
        if not player.acceleration:
            continue
        if profile == "trf16":
            values = [player.acceleration.get(r) for r in range(1, max(player.acceleration) + 1)]
            records.append(
                XxaAcceleration(
                    pairing_no=player.number,
                    points=tuple(None if v is None else to_decimal(v) for v in values),
                )
            )
        else:
            records += _ranges(player.number, player.acceleration)
    return records


def _ranges(number: PairingNumber, acceleration: dict[int, Fraction]) -> list[Record]:
    """``250`` records for one player: one per run of rounds with the same virtual points."""
    records: list[Record] = []
    rounds = sorted(acceleration)
    start = rounds[0]
    for index, round_no in enumerate(rounds):
        following = rounds[index + 1] if index + 1 < len(rounds) else None
        value = acceleration[round_no]
        if following != round_no + 1 or acceleration[following] != value:
            records.append(
                AcceleratedRounds(
                    first_round=start,
                    last_round=round_no,
                    first_id=number,
                    last_id=number,
                    game_points=to_decimal(value),
                )
            )
            if following is not None:
                start = following
    return records
