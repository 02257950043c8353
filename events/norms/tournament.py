"""Title norms of a stored tournament after any complete round: who has one, who can still.

Reads the folded state: each player's title, federation, sex and rating (the rating in force
at the start, 1.4.6a), the tournament's federation as the host federation, its start date
for the edition. A Swiss tournament may ignore the games after a norm was made (1.4.1e), so
a norm made after round 9 stands whatever round 10 brings: every complete round from the
seventh game on (1.4.1c-d) is tried, and the first that makes the norm is reported.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction

from engine.model import Colour, RoundKind
from events.norms.assess import (
    MIN_GAMES,
    NO_FEDERATION,
    Assessment,
    Game,
    Opponent,
    Terms,
    assess,
    best_assessment,
    is_foreign,
)
from events.norms.regulations import TITLE_HOLDERS, NormTitle, Regulations, edition_for
from events.projections.state import PlayerState, TournamentState
from events.tiebreaks.tournament import completed_rounds
from events.types import PlayerId

__all__ = [
    "EVENT_EXEMPTIONS",
    "SWISS_TITLES",
    "NextGame",
    "NormReport",
    "PlayerNorm",
    "event_exemption",
    "swiss_exemption",
    "swiss_field",
    "tournament_norms",
]

EVENT_EXEMPTIONS = {
    "national-championship": "1.4.3a",
    "national-team-championship": "1.4.3b",
    "zonal": "1.4.3c",
}
"""The kinds of event exempt from the foreigner requirement whatever their field (the
tournament's ``norm_event``), by the article of 1.4.3 that exempts them (2024 numbering)."""
_HOST_PLAYERS_ONLY = frozenset({"1.4.3a", "1.4.3b"})
"""The exemptions that apply "only to players from the federation which registers the
event" (B.01 2022 1.43a-b, 2024 1.4.3a-b)."""

_SWISS_FOREIGNERS = 20
_SWISS_FEDERATIONS = 3
_SWISS_TITLED = 10
SWISS_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})
"""The titles 1.4.3d asks ten of the foreigners to hold."""
_PRESENT = frozenset({RoundKind.PLAYED, RoundKind.FORFEIT_WIN, RoundKind.PAB})
_EIGHT_OF_NINE = frozenset({RoundKind.FORFEIT_WIN, RoundKind.PAB})
_NEW_FEDERATION = "*"
"""A federation none of the candidate's opponents has: the hypothetical last opponent's."""
_BEST_RATING = 3500


@dataclass(frozen=True, slots=True)
class NextGame:
    """What the last round must bring: ``score`` against an opponent rated at least
    ``min_rating`` holding one of ``titles`` (None: any) and from none of ``not_from``."""

    score: Fraction
    min_rating: int
    titles: frozenset[str] | None
    not_from: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayerNorm:
    """One player against one norm.

    ``assessment`` is the norm's when ``achieved_after`` names the round it was made in;
    otherwise that of all the games so far. ``reachable`` says whether the rounds left can
    still bring the games and the titled opponents the norm needs; ``next_game`` lists, when
    one round is left, each result that would make the norm and against whom.
    """

    player_id: int
    name: str
    title: NormTitle
    federation: str
    assessment: Assessment
    achieved_after: int | None
    rounds_left: int
    reachable: bool
    next_game: tuple[NextGame, ...] = ()


@dataclass(frozen=True, slots=True)
class NormReport:
    regulations: Regulations
    host: str
    after_round: int
    rounds: int
    exempt: bool
    """Whether the field makes the tournament exempt from the foreigner requirement
    (1.4.3d) over the rounds counted."""
    players: tuple[PlayerNorm, ...]
    event_exemption: str = ""
    """The article of 1.4.3a-c the kind of event falls under (1.4.3b: for the host
    federation's players only), as the edition numbers it (1.43a in 2017); empty: none."""

    @property
    def achieved(self) -> tuple[PlayerNorm, ...]:
        return tuple(p for p in self.players if p.achieved_after is not None)

    @property
    def open(self) -> tuple[PlayerNorm, ...]:
        """Norms not made yet that the rounds left can still bring."""
        return tuple(p for p in self.players if p.achieved_after is None and p.reachable)


@dataclass(frozen=True, slots=True)
class _Field:
    """The players still in the tournament (in the order, not withdrawn) and their titles,
    counted once per report: a candidate's opponents not yet met are the field less the
    candidate and the ones met, which costs the candidate's rounds, not the field's size."""

    ids: frozenset[PlayerId]
    titles: Counter[str]

    @classmethod
    def of(cls, state: TournamentState) -> _Field:
        field = [state.player(pid) for pid in state.order]
        field = [p for p in field if p.withdrawn_from is None]
        return cls(frozenset(p.player_id for p in field), Counter(p.title for p in field))

    def unmet(self, state: TournamentState, player: PlayerState, titles: frozenset[str]) -> int:
        """How many of the field holding one of ``titles`` ``player`` has not met."""
        met = (player.opponents | {player.player_id}) & self.ids
        total = sum(count for title, count in self.titles.items() if title in titles)
        return total - sum(1 for pid in met if state.player(pid).title in titles)


def _eligible(player: PlayerState) -> tuple[NormTitle, ...]:
    """The norms worth showing: women's norms for women only, none for a title held or
    below one held (GM > IM > WGM > WIM; docs/rulings.md)."""
    order = list(NormTitle)
    held = [t for t in order if t.value == player.title]
    below = order[order.index(held[0]) :] if held else []
    return tuple(t for t in order if t not in below and (player.sex == "f" or not t.women_only))


def _opponent(state: TournamentState, player_id: int) -> Opponent:
    other = state.player(player_id)
    return Opponent(other.name, other.rating or None, other.title, other.federation)


def _games(state: TournamentState, player: PlayerState, upto: int) -> list[Game]:
    games = []
    for record in player.rounds:
        if (
            record.round_no <= upto
            and record.kind is RoundKind.PLAYED
            and record.opponent
            and record.result
        ):
            side = record.result.white if record.colour is Colour.WHITE else record.result.black
            games.append(Game(record.round_no, _opponent(state, record.opponent), side.score))
    return games


def _kind(player: PlayerState, round_no: int) -> RoundKind | None:
    """The player's round record's kind; None when the player has none for the round."""
    return next((r.kind for r in player.rounds if r.round_no == round_no), None)


def swiss_field(state: TournamentState, upto: int, regulations: Regulations) -> list[PlayerState]:
    """The players 1.4.3d counts over rounds 1..``upto``: FIDE-rated, from outside the host
    federation, and from 2022 only those who missed at most one of those rounds (PABs aside).
    Empty without a host federation (the foreigners cannot be told apart)."""
    host = state.settings.federation if state.settings else ""
    if not host or upto < 1:
        return []
    pool = [
        state.player(pid)
        for pid in state.order
        if state.player(pid).rating and is_foreign(state.player(pid).federation, host)
    ]
    if regulations.swiss_exemption_counts_absentees:
        return pool
    return [
        p for p in pool if sum(1 for r in range(1, upto + 1) if _kind(p, r) not in _PRESENT) <= 1
    ]


def swiss_exemption(state: TournamentState, upto: int, regulations: Regulations) -> bool:
    """1.4.3d: every round 1..``upto`` had at least 20 of the :func:`swiss_field`, of at least
    3 federations, 10 of them GM, IM, WGM or WIM.

    No host federation recorded: no exemption (the foreigners cannot be told apart).
    """
    pool = swiss_field(state, upto, regulations)
    if not pool:
        return False
    for round_no in range(1, upto + 1):
        present = [p for p in pool if _kind(p, round_no) in _PRESENT]
        if (
            len(present) < _SWISS_FOREIGNERS
            or len({p.federation for p in present}) < _SWISS_FEDERATIONS
            or sum(1 for p in present if p.title in SWISS_TITLES) < _SWISS_TITLED
        ):
            return False
    return True


def event_exemption(state: TournamentState, player: PlayerState) -> str:
    """The article of 1.4.3a-c that exempts ``player`` by the kind of event: a zonal or
    sub-zonal (c) for everyone; the final stage of a national championship (a) and a national
    team championship (b) for the players of the federation that registered it, the host
    federation (B.01 2022 1.43a-b, 2024 1.4.3a-b; docs/rulings.md); empty: none.
    """
    settings = state.require_settings()
    article = EVENT_EXEMPTIONS.get(settings.norm_event, "")
    if article in _HOST_PLAYERS_ONLY and (
        not settings.federation or player.federation != settings.federation
    ):
        return ""
    return article


def _eight_of_nine(state: TournamentState, player: PlayerState, upto: int) -> bool:
    """1.4.1c: a nine-round tournament whose one missing game is a forfeit win or a PAB."""
    if state.require_settings().rounds != 9 or upto != 9:
        return False
    unplayed = [_kind(player, r) for r in range(1, upto + 1)]
    unplayed = [kind for kind in unplayed if kind is not RoundKind.PLAYED]
    return len(unplayed) == 1 and unplayed[0] in _EIGHT_OF_NINE


def _overscore(state: TournamentState, player: PlayerState, upto: int) -> bool:
    """1.4.1d counts an overscore as games in a tournament of fewer than nine rounds, all
    played by the candidate (the QC's 2023 review: an overscore does not make up for a round
    lost by forfeit; docs/rulings.md)."""
    rounds = state.require_settings().rounds
    return rounds < 9 and upto == rounds and _played_all(player, upto)


def _forfeit_as_loss(
    state: TournamentState, player: PlayerState, played: list[Game], upto: int
) -> Game | None:
    """1.4.2c: the last round's forfeit win as a game lost against the opponent who forfeited,
    when the tournament's last round is ``upto`` and the candidate needed that game to reach
    nine ("the norm shall still count if the player must play in order to have the required
    number of games, but can afford to lose"); None otherwise."""
    if upto != state.require_settings().rounds or len(played) != MIN_GAMES - 1:
        return None
    last = next((r for r in player.rounds if r.round_no == upto), None)
    if last is None or last.kind is not RoundKind.FORFEIT_WIN or last.opponent is None:
        return None
    return Game(upto, _opponent(state, last.opponent), Fraction(0))


def _played_all(player: PlayerState, upto: int) -> bool:
    return all(_kind(player, r) is RoundKind.PLAYED for r in range(1, upto + 1))


def _reachable(
    state: TournamentState,
    field: _Field,
    player: PlayerState,
    assessment: Assessment,
    rounds_left: int,
    short: bool,
) -> bool:
    """Whether some number of further games (all of them at most) could still give the games
    and the titled opponents the norm asks for (1.4.1a, 1.4.5), whatever the ratings: the
    titled opponents must be in the field, not yet met and not withdrawn. ``short``: an
    overscore may still make up the games (1.4.1d), when all of them are played."""
    spare_holders = field.unmet(state, player, TITLE_HOLDERS)
    spare_level = field.unmet(state, player, assessment.title.level_titles)
    found = {check.rule: check for check in assessment.checks}
    holders = int(found["title-holders"].found)
    level = int(found["level-titles"].found)
    n = assessment.games
    for extra in range(rounds_left + 1):
        m = n + extra
        enough = m >= 9 or (short and extra == rounds_left)
        if (
            enough
            and holders + min(extra, spare_holders) >= -(-m // 2)
            and level + min(extra, spare_level) >= max(3, -(-m // 3))
        ):
            return True
    return False


def _next_game(games: list[Game], player: PlayerState, terms: Terms) -> tuple[NextGame, ...]:
    """The results of one more game that make the norm under ``terms``, each with the
    weakest opponent that does: the titles and federations the mix needs, the lowest rating
    (found by bisection: the average cannot fall when one opponent's rating rises,
    1.4.6-1.4.7)."""
    title = terms.title
    level = min(title.level_titles)
    holder = min(TITLE_HOLDERS - title.level_titles)
    round_no = max((g.round_no for g in games), default=0) + 1

    def made(score: Fraction, rating: int, opponent_title: str, federation: str) -> bool:
        extra = Game(round_no, Opponent("", rating, opponent_title, federation), score)
        return assess([*games, extra], terms).met

    options = []
    for score in (Fraction(0), Fraction(1, 2), Fraction(1)):
        if not made(score, _BEST_RATING, level, _NEW_FEDERATION):
            continue
        low, high = 0, _BEST_RATING
        while low < high:
            middle = (low + high) // 2
            if made(score, middle, level, _NEW_FEDERATION):
                high = middle
            else:
                low = middle + 1
        titles: frozenset[str] | None = None
        if not made(score, _BEST_RATING, "", _NEW_FEDERATION):
            good_holder = made(score, _BEST_RATING, holder, _NEW_FEDERATION)
            titles = TITLE_HOLDERS if good_holder else title.level_titles
        met = {g.opponent.federation for g in games if g.opponent.federation} | {player.federation}
        not_from = tuple(
            sorted(f for f in met - {NO_FEDERATION} if not made(score, _BEST_RATING, level, f))
        )
        options.append(NextGame(score, low, titles, not_from))
    return tuple(options)


def _player_norm(
    state: TournamentState,
    field: _Field,
    player: PlayerState,
    played: list[Game],
    title: NormTitle,
    upto: int,
    regulations: Regulations,
    exemptions: list[bool],
) -> PlayerNorm:
    """``played``: the player's games up to round ``upto``, read once for every norm."""
    rounds_left = state.require_settings().rounds - upto
    by_event = event_exemption(state, player)

    def terms(k: int) -> Terms:
        """The terms after round ``k``: the exemption by the kind of event, else by the
        field over rounds 1..k (1.4.3d)."""
        swiss = "1.4.3d" if k and exemptions[k - 1] else ""
        return Terms(
            title,
            player.federation,
            regulations,
            exemption=by_event or swiss,
            eight_of_nine=_eight_of_nine(state, player, k),
            overscore=_overscore(state, player, k),
        )

    for k in range(1, upto + 1):
        games = [game for game in played if game.round_no <= k]
        if len(games) < 7:
            continue
        found = best_assessment(games, terms(k))
        if found.met:
            return PlayerNorm(
                player.player_id, player.name, title, player.federation, found, k, rounds_left, True
            )
    forfeited = _forfeit_as_loss(state, player, played, upto)
    if forfeited is not None:
        lost = replace(terms(upto), eight_of_nine=False, forfeit_loss=True)
        found = best_assessment([*played, forfeited], lost)
        if found.met:
            return PlayerNorm(
                player.player_id, player.name, title, player.federation, found, upto, 0, True
            )
    current = assess(played, terms(upto))
    rounds = state.require_settings().rounds
    short = rounds < 9 and _played_all(player, upto)
    reachable = rounds_left > 0 and _reachable(state, field, player, current, rounds_left, short)
    following = (
        _next_game(played, player, replace(terms(upto), eight_of_nine=False, overscore=short))
        if rounds_left == 1 and reachable
        else ()
    )
    return PlayerNorm(
        player.player_id,
        player.name,
        title,
        player.federation,
        current,
        None,
        rounds_left,
        reachable and (rounds_left != 1 or bool(following)),
        following,
    )


def tournament_norms(state: TournamentState, after_round: int | None = None) -> NormReport:
    """Every player's norms after ``after_round`` (default: the last complete round);
    positional too, so the service keeps one report per version and round for the API and
    the page alike (``Queries.derived``).

    >>> from events.projections import EMPTY
    >>> from events.types import TournamentCreated
    >>> from events.projections.tournament import apply
    >>> state = apply(EMPTY, TournamentCreated(tournament_id="t", name="T", rounds=9))
    >>> report = tournament_norms(state)
    >>> report.regulations.name, report.after_round, report.players
    ('2024', 0, ())
    """
    settings = state.require_settings()
    counted = completed_rounds(state)
    upto = counted if after_round is None else max(0, min(after_round, counted))
    regulations = edition_for(settings.start_date or settings.end_date)
    exemptions = [swiss_exemption(state, k, regulations) for k in range(1, upto + 1)]
    event = EVENT_EXEMPTIONS.get(settings.norm_event, "")
    field = _Field.of(state)
    players: list[PlayerNorm] = []
    for pid in state.order:
        player = state.player(pid)
        played = _games(state, player, upto)
        if not played:
            continue
        players.extend(
            _player_norm(state, field, player, played, title, upto, regulations, exemptions)
            for title in _eligible(player)
        )
    return NormReport(
        regulations=regulations,
        host=settings.federation,
        after_round=upto,
        rounds=settings.rounds,
        exempt=exemptions[-1] if exemptions else False,
        players=tuple(players),
        event_exemption=regulations.article(event) if event else "",
    )
