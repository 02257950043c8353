"""Tournaments: create, list, get, close; the standings and the title norms as of any round."""

from __future__ import annotations

from aiohttp import web

from events.bounds import to_decimal
from events.decisions import CloseTournament, CreateTournament
from events.norms import NormReport, tournament_norms
from events.projections import TournamentState
from events.rating_changes import RatingChanges, tournament_rating_changes
from events.tiebreaks import tournament_standings
from events.types import TournamentCreated
from server.http.handlers.call import Call, as_of_round, respond
from server.http.paging import Listing, listing
from server.http.schemas import (
    NextGameOut,
    NormCheckOut,
    NormsOut,
    NormsQuery,
    PlayerNormOut,
    RoundQuery,
    StandingOut,
    StandingsOut,
    StandingsQuery,
    TournamentList,
    TournamentSummary,
    WriteResult,
    encode,
    rating_changes_out,
    tournament_out,
)
from server.service import TournamentService

__all__ = [
    "close_tournament",
    "create_tournament",
    "get_norms",
    "get_rating_changes",
    "get_standings",
    "get_tournament",
    "list_tournaments",
    "norms_out",
    "summaries",
]


def summaries(service: TournamentService) -> TournamentList:
    """Each tournament from its first event only: listing never folds a stream."""
    listed = []
    for tournament_id in service.tournament_ids():
        created = service.history(tournament_id, limit=1)[0].event
        assert isinstance(created, TournamentCreated)
        listed.append(
            TournamentSummary(
                tournament_id=tournament_id,
                name=created.name,
                rounds=created.rounds,
                system=created.system,
                version=service.version(tournament_id),
            )
        )
    return TournamentList(tournaments=listed)


async def list_tournaments(call: Call[None, None]) -> web.Response:
    return respond(await call.read(summaries, call.service))


def _tournament(service: TournamentService, tournament_id: str, version: int) -> bytes:
    return encode(tournament_out(service.load(tournament_id, to_version=version)))


async def get_tournament(call: Call[None, None]) -> web.Response:
    return await call.view(_tournament)


async def create_tournament(call: Call[CreateTournament, None]) -> web.Response:
    def location(written: WriteResult) -> str:
        return call.url("tournament", tournament_id=written.tournament_id)

    return await call.command(call.service.create, call.body, status=201, location=location)


async def close_tournament(call: Call[CloseTournament, None]) -> web.Response:
    return await call.command(call.service.execute, call.tournament_id, call.body)


def _standings(
    service: TournamentService, tournament_id: str, version: int, query: StandingsQuery
) -> Listing:
    state = as_of_round(service, tournament_id, version, query.round)
    changes = service.derived(tournament_id, state, tournament_rating_changes)
    return listing(_ranked(state, query, changes), "rows")


def _ranked(state: TournamentState, query: StandingsQuery, changes: RatingChanges) -> StandingsOut:
    """Ranked over complete rounds by the declared (or requested) C.07 tie-breaks, else by
    score alone, with each player's rating change."""
    ranked = tournament_standings(state, tiebreaks=query.tiebreaks, rules=query.tiebreak_rules)
    labels = [label for label in ranked.labels if label != "PTS"]
    rows = []
    for row in ranked.rows:
        player = row.player
        assert player.player_id is not None  # a stored tournament's players all have one
        rows.append(
            StandingOut(
                rank=row.rank,
                player_id=player.player_id,
                pairing_number=row.pairing_number,
                name=player.name,
                rating=player.rating or 0,
                score=row.points,
                withdrawn=player.withdrawn,
                tiebreaks={label: row.values[label] for label in labels},
                rating_change=changes.player(row.pairing_number).change,
            )
        )
    return StandingsOut(
        tournament_id=state.require_settings().tournament_id,
        after_round=ranked.rounds,
        tiebreaks=labels,
        edition=ranked.edition.value if ranked.edition else None,
        warnings=list(ranked.warnings),
        rows=rows,
        total=len(rows),
        next=None,
    )


async def get_standings(call: Call[None, StandingsQuery]) -> web.Response:
    return await call.view(_standings, call.query.whole(), paged=call.query)


def _rating_changes(
    service: TournamentService, tournament_id: str, version: int, query: RoundQuery
) -> Listing:
    state = as_of_round(service, tournament_id, version, query.round)
    changes = service.derived(tournament_id, state, tournament_rating_changes)
    return listing(rating_changes_out(state, changes), "players")


async def get_rating_changes(call: Call[None, RoundQuery]) -> web.Response:
    return await call.view(_rating_changes, call.query.whole(), paged=call.query)


def norms_out(tournament_id: str, report: NormReport) -> NormsOut:
    """The report as the API gives it."""
    return NormsOut(
        total=len(report.players),
        next=None,
        tournament_id=tournament_id,
        after_round=report.after_round,
        regulations=report.regulations.name,
        host_federation=report.host,
        exempt=report.exempt,
        event_exemption=report.event_exemption,
        players=[
            PlayerNormOut(
                player_id=norm.player_id,
                name=norm.name,
                norm=norm.title.value,
                achieved_after=norm.achieved_after,
                games=norm.assessment.games,
                counts_as=norm.assessment.counts_as,
                score=to_decimal(norm.assessment.score),
                average=norm.assessment.average,
                performance=norm.assessment.performance,
                rounds_left=norm.rounds_left,
                reachable=norm.reachable,
                dropped=list(norm.assessment.dropped),
                checks=[
                    NormCheckOut(rule=c.rule, article=c.article, met=c.met, found=c.found,
                                 needed=c.needed)
                    for c in norm.assessment.checks
                ],
                next_game=[
                    NextGameOut(score=to_decimal(n.score), min_rating=n.min_rating,
                                titles=sorted(n.titles) if n.titles else None,
                                not_from=list(n.not_from))
                    for n in norm.next_game
                ],
            )
            for norm in report.players
        ],
    )  # fmt: skip


def _norms(
    service: TournamentService, tournament_id: str, version: int, query: NormsQuery
) -> Listing:
    state = service.load(tournament_id, to_version=version)
    report = service.derived(tournament_id, state, tournament_norms, query.round)  # the page's
    return listing(norms_out(tournament_id, report), "players")


async def get_norms(call: Call[None, NormsQuery]) -> web.Response:
    return await call.view(_norms, call.query.whole(), paged=call.query)
