"""One player's games against one norm (B.01 1.4.1-1.4.9), pure: games in, checks out.

A game here is one played over the board (1.4.2c: forfeits and byes are no games, but a
last-round forfeit win the candidate needed counts as a lost game, see :class:`Terms`); the
caller has left the others out. Each :class:`Check` names its article as the edition
judging the games numbers it (:meth:`Regulations.article`: 1.43e in 2017, 1.43d in 2022,
1.4.3d in 2024) and carries what was found and what is needed, so that a page or a
certificate can say both in its language.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction

from events.norms.regulations import TITLE_HOLDERS, NormTitle, Regulations
from events.tiebreaks.ratings import rating_difference
from events.tiebreaks.rounding import round_half_up

__all__ = [
    "Assessment",
    "Check",
    "Game",
    "Opponent",
    "Terms",
    "assess",
    "best_assessment",
    "is_foreign",
    "least_score",
]

MIN_GAMES = 9
"""1.4.1a; 1.4.1c lets eight do in a nine-round tournament, 1.4.1d counts an overscore as
games (see :func:`assess`)."""

NO_FEDERATION = "FID"
"""Players FIDE registers under no member federation: accepted opponents, but of no
federation for 1.4.3-1.4.4 (docs/rulings.md)."""


@dataclass(frozen=True, slots=True)
class Opponent:
    """What the norm reads of an opponent: ``rating`` None is unrated; ``federation`` empty
    is unknown."""

    name: str
    rating: int | None
    title: str = ""
    federation: str = ""


@dataclass(frozen=True, slots=True)
class Game:
    """A game played over the board: the round, the opponent, the candidate's 1-½-0 score."""

    round_no: int
    opponent: Opponent
    score: Fraction


@dataclass(frozen=True, slots=True)
class Check:
    """One requirement: ``rule`` is a stable key (``games``, ``federations``,
    ``own-federation``, ``one-federation``, ``title-holders``, ``level-titles``, ``average``,
    ``score``, ``performance``); ``found`` and ``needed`` are the values compared (``found``
    is ``"exempt"`` under an exemption, ``"unknown"`` when a federation is not recorded)."""

    rule: str
    article: str
    """In the numbering of the edition that judged the games."""
    met: bool
    found: str
    needed: str


@dataclass(frozen=True, slots=True)
class Assessment:
    """The games used (``rounds``), what they give, and every check; ``met`` when all are."""

    title: NormTitle
    rounds: tuple[int, ...]
    games: int
    counts_as: int
    score: Fraction
    average: int | None
    performance: int | None
    raised: tuple[str, int, int] | None
    """(opponent, rating, floor) when 1.4.6c raised one opponent's rating to the floor."""
    checks: tuple[Check, ...]
    dropped: tuple[int, ...] = ()
    """Rounds of won games left out under 1.4.1f."""

    @property
    def met(self) -> bool:
        return all(check.met for check in self.checks)

    @property
    def failed(self) -> tuple[Check, ...]:
        return tuple(check for check in self.checks if not check.met)


def is_foreign(federation: str, own: str) -> bool:
    """A federation that counts as foreign to ``own`` for 1.4.3 (known, not FID, not own)."""
    return bool(federation) and federation not in (own, NO_FEDERATION)


def _ceil(numerator: int, denominator: int) -> int:
    return -(-numerator // denominator)


def adjusted_ratings(
    opponents: list[Opponent], title: NormTitle, regulations: Regulations
) -> tuple[list[int], tuple[str, int, int] | None]:
    """Opponents' ratings for the average (1.4.6): unrated ones at the edition's rating, and
    the lowest one below the floor raised to it (only one, 1.4.6c).

    >>> from events.norms.regulations import EDITIONS
    >>> low = [Opponent("a", 2100), Opponent("b", None), Opponent("c", 2500)]
    >>> adjusted_ratings(low, NormTitle.GM, EDITIONS[-1])
    ([2100, 2200, 2500], ('b', 1400, 2200))
    """
    ratings = [o.rating if o.rating is not None else regulations.unrated_rating for o in opponents]
    if not ratings:
        return ratings, None
    lowest = min(range(len(ratings)), key=ratings.__getitem__)
    if ratings[lowest] >= title.floor:
        return ratings, None
    raised = (opponents[lowest].name, ratings[lowest], title.floor)
    ratings[lowest] = title.floor
    return ratings, raised


def _mix_checks(opponents: list[Opponent], n: int, terms: Terms) -> list[Check]:
    """1.4.3-1.4.5 for ``n`` games (``n`` may exceed the opponents: 1.4.1c); the terms'
    exemption, if any, waives 1.4.3-1.4.4. Articles in 2024 numbering (see :func:`assess`)."""
    title, own, exemption = terms.title, terms.federation, terms.exemption
    checks: list[Check] = []
    unknown = not own or any(not o.federation for o in opponents)
    if exemption:
        checks.append(Check("federations", exemption, True, "exempt", "2"))
    elif unknown:
        checks.append(Check("federations", "1.4.3", False, "unknown", "2"))
    else:
        foreign = {o.federation for o in opponents if is_foreign(o.federation, own)}
        checks.append(Check("federations", "1.4.3", len(foreign) >= 2, str(len(foreign)), "2"))
    if not exemption:
        own_cap, one_cap = 3 * n // 5, 2 * n // 3
        if unknown:
            checks.append(Check("own-federation", "1.4.4", False, "unknown", str(own_cap)))
            checks.append(Check("one-federation", "1.4.4", False, "unknown", str(one_cap)))
        else:
            same = sum(1 for o in opponents if o.federation == own)
            feds = Counter(o.federation for o in opponents if o.federation != NO_FEDERATION)
            most = max(feds.values(), default=0)
            checks.append(
                Check("own-federation", "1.4.4", same <= own_cap, str(same), str(own_cap))
            )
            checks.append(
                Check("one-federation", "1.4.4", most <= one_cap, str(most), str(one_cap))
            )
    holders = sum(1 for o in opponents if o.title in TITLE_HOLDERS)
    needed_holders = _ceil(n, 2)
    checks.append(
        Check(
            "title-holders", "1.4.5a", holders >= needed_holders, str(holders), str(needed_holders)
        )
    )
    level = sum(1 for o in opponents if o.title in title.level_titles)
    needed_level = max(3, _ceil(n, 3))
    article = {"GM": "1.4.5b", "IM": "1.4.5c", "WGM": "1.4.5d", "WIM": "1.4.5e"}[title.value]
    checks.append(
        Check("level-titles", article, level >= needed_level, str(level), str(needed_level))
    )
    return checks


def _performance(average: int, score: Fraction, n: int) -> int:
    """Rp = Ra + dp, p the score per game rounded to whole percents, 0.5 up (1.4.8-1.4.9)."""
    return average + rating_difference(int(round_half_up(100 * score / n, "1")))


def least_score(average: int, n: int, title: NormTitle) -> Fraction | None:
    """The least score in ``n`` games against an average of ``average`` that gives the title
    result: at least 35% (1.4.8b) and a performance of the title's (1.4.8); None when even
    ``n`` points do not (the "score required" of the certificate and of the Annex's tables).

    The Annex's nine-round GM column: 7 for Ra 2380-2433, 6½ from 2434; 9/9 gives Rp
    Ra + 800 (1.4.9), short of 2600 below 1800.

    >>> least_score(2433, 9, NormTitle.GM), least_score(2434, 9, NormTitle.GM)
    (Fraction(7, 1), Fraction(13, 2))
    >>> least_score(1799, 9, NormTitle.GM) is None
    True
    """
    for halves in range(2 * n + 1):
        trial = Fraction(halves, 2)
        if trial >= Fraction(35, 100) * n and _performance(average, trial, n) >= title.performance:
            return trial
    return None


def _overscore(average: int, score: Fraction, n: int, title: NormTitle) -> int:
    """Full points above the least score that gives the title result (1.4.1d); 0 when the
    score gives none."""
    least = least_score(average, n, title)
    return 0 if least is None or least > score else int(score - least)


@dataclass(frozen=True, slots=True)
class Terms:
    """What a norm check reads besides the games: the norm, the candidate's federation, the
    edition, and what the tournament allows.

    ``exemption``: the article of 1.4.3 (``1.4.3a`` ... ``1.4.3d``, 2024 numbering) that
    exempts the candidate from the foreigner requirement, which waives 1.4.4 too; empty:
    none. ``eight_of_nine``: a nine-round tournament in which the candidate's one missing
    game is a forfeit win or a pairing-allocated bye (1.4.1c): eight games then do, and the
    norm counts as nine games, whose opponent mix it must have. ``overscore``: each full
    point above the score the title result needs counts as one more game (1.4.1d; the caller
    says when, docs/rulings.md), the mix being that of the games played. ``forfeit_loss``:
    the last game is the last round's forfeit win, counted as a loss because the candidate
    needed it for the number of games (1.4.2c); the games check then cites 1.4.2c.
    """

    title: NormTitle
    federation: str
    regulations: Regulations
    exemption: str = ""
    eight_of_nine: bool = False
    overscore: bool = False
    forfeit_loss: bool = False


def _games_article(terms: Terms, *, overscored: bool) -> str:
    """The article (2024 numbering) the games check cites: the exception that let the
    games count, else the rule of nine games."""
    if terms.eight_of_nine:
        return "1.4.1c"  # eight games of nine, the ninth a forfeit win or a PAB
    if overscored:
        return "1.4.1d"  # an overscore counted as games (fewer than nine rounds)
    if terms.forfeit_loss:
        return "1.4.2c"  # a last-round forfeit win counted as a lost game
    return "1.4.1a"


def assess(games: list[Game], terms: Terms) -> Assessment:
    """Check ``games`` against the norm ``terms`` name; the checks cite the articles as the
    terms' edition numbers them.

    >>> from events.norms.regulations import EDITIONS
    >>> rows = [("GER", "GM"), ("FRA", "GM"), ("NED", "GM"), ("ESP", "IM"), ("ESP", "")] * 2
    >>> played = [Game(r, Opponent(f"o{r}", 2450, t, f), Fraction(1, 2))
    ...           for r, (f, t) in enumerate(rows[:9], 1)]
    >>> found = assess(played, Terms(NormTitle.IM, "ESP", EDITIONS[-1]))
    >>> found.average, found.performance, found.met
    (2450, 2450, True)
    >>> [c.article for c in assess(played, Terms(NormTitle.IM, "ESP", EDITIONS[0])).checks][:3]
    ['1.41a', '1.43', '1.44']
    """
    title, regulations = terms.title, terms.regulations
    opponents = [game.opponent for game in games]
    n = len(games)
    score = sum((game.score for game in games), Fraction(0))
    ratings, raised = adjusted_ratings(opponents, title, regulations)
    average = performance = None
    if ratings:
        average = int(round_half_up(Fraction(sum(ratings), len(ratings)), "1"))
        performance = _performance(average, score, n)
    extra = 0
    if terms.overscore and average is not None and average >= title.average:
        extra = _overscore(average, score, n, title)
    eight_of_nine = terms.eight_of_nine
    counts_as = MIN_GAMES if eight_of_nine and n == MIN_GAMES - 1 else n + extra
    needed_games = MIN_GAMES - 1 if eight_of_nine else MIN_GAMES
    played = counts_as if extra else n
    article = _games_article(terms, overscored=bool(extra))
    checks = [Check("games", article, played >= needed_games, str(played), str(needed_games))]
    mix_games = n if extra else max(counts_as, 1)
    checks += _mix_checks(opponents, max(mix_games, 1), terms)
    checks.append(
        Check(
            "average",
            "1.4.8a",
            (average or 0) >= title.average,
            str(average or "-"),
            str(title.average),
        )
    )
    minimum = Fraction(35, 100) * n
    checks.append(Check("score", "1.4.8b", n > 0 and score >= minimum, str(score), str(minimum)))
    checks.append(
        Check(
            "performance",
            "1.4.8",
            (performance or 0) >= title.performance,
            str(performance if performance is not None else "-"),
            str(title.performance),
        )
    )
    return Assessment(
        title=title,
        rounds=tuple(game.round_no for game in games),
        games=n,
        counts_as=counts_as,
        score=score,
        average=average,
        performance=performance,
        raised=raised,
        checks=tuple(replace(c, article=regulations.article(c.article)) for c in checks),
    )


def best_assessment(games: list[Game], terms: Terms) -> Assessment:
    """:func:`assess` on all ``games``, or with won games left out when that makes a norm
    (1.4.1f): the lowest-rated defeated opponents first, one more at a time, while enough
    games remain. The assessment of all the games when nothing makes a norm.
    """
    full = assess(games, terms)
    if full.met:
        return full
    unrated = terms.regulations.unrated_rating
    wins = sorted(
        (game for game in games if game.score == 1),
        key=lambda game: game.opponent.rating if game.opponent.rating is not None else unrated,
    )
    needed = MIN_GAMES - 1 if terms.eight_of_nine else MIN_GAMES
    for count in range(1, len(games) - needed + 1):
        if count > len(wins):
            break
        left_out = wins[:count]
        trial = assess([game for game in games if game not in left_out], terms)
        if trial.met:
            return replace(trial, dropped=tuple(sorted(game.round_no for game in left_out)))
    return full
