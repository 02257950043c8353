"""Title norms as printouts: the list of who has a norm or how far each player is, and the
norm certificate with the fields of FIDE's form IT1 (certificate of title result).

Both read :func:`events.norms.tournament_norms`; the words come from the pages' catalogue
through the :class:`~server.printouts.Language` passed in, like every other sheet.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from babel.dates import format_date

from engine.messages import Message
from engine.model import Colour, RoundKind
from events.errors import InvalidCommand
from events.norms import (
    SWISS_TITLES,
    Assessment,
    NormReport,
    NormTitle,
    PlayerNorm,
    Regulations,
    least_score,
    swiss_field,
    tournament_norms,
)
from events.projections import PlayerState, TournamentState
from server.printouts import ENGLISH, Language, Printout, event_dates, heading, template
from server.printouts.legend import SYSTEM_NAMES

__all__ = [
    "EXEMPTIONS",
    "Certificate",
    "chief_arbiter",
    "exemption_words",
    "norm_certificate",
    "norm_list",
    "norm_status",
    "render_certificate",
]

RULES = {
    "games": "games",
    "federations": "foreign federations",
    "own-federation": "opponents of the player's federation",
    "one-federation": "opponents of one federation",
    "title-holders": "title-holders",
    "level-titles": "opponents with the norm's titles",
    "average": "average rating of opponents",
    "score": "score",
    "performance": "performance",
}
"""Each check's rule key, as the catalogue words it."""


EXEMPTIONS = {
    "1.4.3a": "%(article)s: the final stage of a national championship, exempt from the "
    "foreigner requirement for the host federation's players",
    "1.4.3b": "%(article)s: a national team championship, exempt from the foreigner requirement "
    "for the host federation's players",
    "1.4.3c": "%(article)s: a zonal or sub-zonal tournament, exempt from the foreigner requirement",
    "1.4.3d": "%(article)s: Swiss exemption from the foreigner requirement",
}
"""Each exemption from the foreigner requirement (B.01 1.4.3a-d, 2024 numbering), as the
catalogue words it; :func:`exemption_words` fills in the edition's own number."""


def exemption_words(regulations: Regulations, article: str, language: Language) -> str:
    """The exemption an edition's ``article`` names (1.43e in 2017, 1.43d in 2022, 1.4.3d in 2024),
    worded with that number."""
    key = next(key for key in EXEMPTIONS if regulations.article(key) == article)
    return language(EXEMPTIONS[key], article=article)


_RESULTS = {Fraction(1): "a win", Fraction(1, 2): "a draw", Fraction(0): "a loss"}


def _titles(norm: PlayerNorm, language: Language) -> str:
    need = norm.next_game[0].titles if norm.next_game else None
    if need is None:
        return ""
    return language("holding %(titles)s", titles=", ".join(sorted(need)))


def norm_status(norm: PlayerNorm, language: Language = ENGLISH) -> str:
    """One line saying where the player stands: the norm and its round, what the last round
    must bring, that it is still open, or which requirements it misses."""
    _ = language
    if norm.achieved_after is not None:
        return _("norm made after round %(round)s", round=norm.achieved_after)
    if norm.next_game:
        options = []
        for need in reversed(norm.next_game):
            result = _(_RESULTS[need.score])
            text = (
                _("%(score)s against an opponent rated at least %(rating)s", score=result,
                  rating=need.min_rating)
                if need.min_rating
                else _("%(score)s against any opponent", score=result)
            )  # fmt: skip
            details = [_titles(norm, language)] if need.titles else []
            if need.not_from:
                details.append(_("not from %(federations)s", federations=", ".join(need.not_from)))
            options.append(f"{text} ({'; '.join(details)})" if details else text)
        return _("needs in the last round: %(options)s", options=_(" or ").join(options))
    if norm.reachable:
        return _("still possible: %(rounds)s rounds left", rounds=norm.rounds_left)
    playable = norm.assessment.games + norm.rounds_left
    missing = ", ".join(
        _(RULES[check.rule])
        for check in norm.assessment.failed
        if check.rule != "games" or playable < int(check.needed)
    )
    return _("out of reach: %(missing)s", missing=missing) if missing else _("out of reach")


def norm_list(
    state: TournamentState, *, after_round: int | None = None, language: Language = ENGLISH
) -> Printout:
    """Norms made, then norms still open, then the rest: one row per player and norm."""
    _ = language
    report = tournament_norms(state, after_round=after_round)
    order = {id(norm): i for i, norm in enumerate(report.achieved + report.open)}
    rows = [
        (norm.name, norm.player_id, norm.title.value, norm.assessment.games,
         _.number(norm.assessment.score), norm.assessment.average or "",
         norm.assessment.performance or "", norm_status(norm, language))
        for norm in sorted(report.players, key=lambda n: order.get(id(n), len(order)))
    ]  # fmt: skip
    header = (_("name"), "id", _("norm"), _("games"), _("pts"), "Ra", "Rp", _("status"))
    notes = (
        _("FIDE Title Regulations (B.01), edition %(edition)s.", edition=report.regulations.name),
        _("Host federation: %(federation)s.", federation=report.host or "-"),
        *(
            [exemption_words(report.regulations, report.event_exemption, language)]
            if report.event_exemption
            else []
        ),
    )
    return Printout(
        _("title norms after round %(round)s", round=report.after_round),
        header,
        rows,
        event=state.require_settings().name,
        heading=heading(state, language),
        notes=notes,
        right={1, 3, 4, 5, 6},
        language=language.code,
    )


@dataclass(frozen=True, slots=True)
class Certificate:
    """What the certificate prints, in the order of FIDE's form IT1 (docs/rulings.md, "The
    certificate"): a value left empty is a line the arbiter fills by hand."""

    language: str
    title: NormTitle
    norms: tuple[tuple[str, bool], ...]
    """The four titles a norm is for, the one made marked."""
    player: tuple[tuple[str, str], ...]
    event: tuple[tuple[str, str], ...]
    games: tuple[tuple[object, ...], ...]
    games_header: tuple[str, ...]
    opponents: tuple[tuple[str, str], ...]
    by_title: tuple[tuple[str, int], ...]
    """How many opponents hold each title IT1 counts."""
    summary: tuple[tuple[str, str], ...]
    by_hand: tuple[tuple[str, str], ...]
    """Lines only the arbiter and the federation can fill (their values empty)."""
    signatures: tuple[str, ...]


def _find(report: NormReport, player_id: int, title: NormTitle | None) -> PlayerNorm:
    """The norm ``title`` the player made (None: the strongest one made).

    :raises InvalidCommand: when the player has not made it.
    """
    for norm in report.achieved:
        if norm.player_id == player_id and title in (None, norm.title):
            return norm
    facts = {"player": player_id, "round": report.after_round}
    reason = (
        Message("player %(player)s has not made a norm after round %(round)s", **facts)
        if title is None
        else Message("player %(player)s has not made a %(title)s norm after round %(round)s",
                     title=title.value, **facts)
    )  # fmt: skip
    raise InvalidCommand(reason, field="player")


def _exceptions(found: Assessment, edition: Regulations, language: Language) -> str:
    """The exceptions of B.01 the norm used, each with its article; "-" when none."""
    _ = language
    games_rule = next(check.article for check in found.checks if check.rule == "games")
    federations = next(check for check in found.checks if check.rule == "federations")
    exceptions = [
        _("%(article)s: eight games in nine rounds", article=games_rule)
        if games_rule == edition.article("1.4.1c") else "",
        _("%(article)s: an overscore counted as games", article=games_rule)
        if games_rule == edition.article("1.4.1d") else "",
        _("%(article)s: the last round's forfeit win counted as a lost game", article=games_rule)
        if games_rule == edition.article("1.4.2c") else "",
        exemption_words(edition, federations.article, language)
        if federations.found == "exempt" else "",
        _("%(article)s: won games left out in rounds %(rounds)s", article=edition.article("1.4.1f"),
          rounds=", ".join(map(str, found.dropped)))
        if found.dropped else "",
    ]  # fmt: skip
    return "; ".join(e for e in exceptions if e) or "-"


def _opponent_lines(
    found: Assessment, met: list[PlayerState], own: str, host: str, language: Language
) -> tuple[tuple[str, str], ...]:
    """IT1's counts of the opponents the norm counts (the host's empty when none is set)."""
    _ = language
    by_rule = {check.rule: check for check in found.checks}
    rated = sum(1 for other in met if other.rating)
    games = f"{found.games}" + (f" ({found.counts_as})" if found.counts_as != found.games else "")
    return (
        (_("Games counted"), games),
        (_("Federations of the opponents"), str(len({o.federation for o in met if o.federation}))),
        (_("Opponents not from the player's federation"),
         str(sum(1 for o in met if o.federation != own))),
        (_("Opponents from the host federation"),
         str(sum(1 for o in met if o.federation == host)) if host else ""),
        (_("Rated opponents"), str(rated)),
        (_("Unrated opponents"), str(len(met) - rated)),
        (_("Title-holders"), by_rule["title-holders"].found),
        (_("Opponents with the norm's titles"), by_rule["level-titles"].found),
        (_("Foreign federations"), by_rule["federations"].found),
    )  # fmt: skip


def _swiss_lines(
    state: TournamentState, norm: PlayerNorm, edition: Regulations, language: Language
) -> tuple[tuple[str, str], ...]:
    """IT1's lines for the Swiss exemption (1.4.3d): the foreigners it counted, their
    federations and how many hold GM, IM, WGM or WIM; "-" when the norm did not use it."""
    _ = language
    article = edition.article("1.4.3d")
    used = any(
        check.rule == "federations" and check.article == article and check.found == "exempt"
        for check in norm.assessment.checks
    )
    field = swiss_field(state, norm.achieved_after or 0, edition) if used else []
    values = (
        (str(len({p.federation for p in field})), str(len(field)),
         str(sum(1 for p in field if p.title in SWISS_TITLES)))
        if used else ("-", "-", "-")
    )  # fmt: skip
    labels = (
        _("%(article)s: federations", article=article),
        _("%(article)s: rated foreigners", article=article),
        _("%(article)s: of them GM, IM, WGM, WIM", article=article),
    )
    return tuple(zip(labels, values, strict=True))


def _counted_rating(rating: int, raised: tuple[str, int, int] | None, name: str) -> int:
    """The rating the average counts (1.4.6): the floor for the one opponent raised to it."""
    return raised[2] if raised and (name, rating) == raised[:2] else rating


def norm_certificate(
    state: TournamentState,
    player_id: int,
    title: NormTitle | None = None,
    *,
    after_round: int | None = None,
    language: Language = ENGLISH,
) -> Certificate:
    """The certificate of a norm made (``title`` None: the strongest); the games are those
    the norm counts.

    :raises InvalidCommand: when the player has not made that norm.
    """
    _ = language
    report = tournament_norms(state, after_round=after_round)
    norm = _find(report, player_id, title)
    settings = state.require_settings()
    edition = report.regulations
    player = state.player(player_id)
    found = norm.assessment
    counted = set(found.rounds)
    dated = settings.round_dates
    games, met = [], []
    for record in player.rounds:
        if record.round_no in counted and record.opponent is not None and record.result:
            other = state.player(record.opponent)
            met.append(other)
            white = record.colour is Colour.WHITE
            mine = record.result.white if white else record.result.black
            # 1.4.2c counts a last-round forfeit win as a lost game (docs/rulings.md).
            score = Fraction(0) if record.kind is RoundKind.FORFEIT_WIN else mine.score
            day = dated[record.round_no - 1] if record.round_no <= len(dated) else None
            rating = other.rating or edition.unrated_rating
            games.append(
                (record.round_no, *([_date(day, language.code)] if dated else []), other.name,
                 other.title, other.federation, other.fide_id or "", other.rating or _("unrated"),
                 _counted_rating(rating, found.raised, other.name), _.number(score))
            )  # fmt: skip
    raised = (
        _("%(name)s raised from %(rating)s to %(floor)s", name=found.raised[0],
          rating=found.raised[1], floor=found.raised[2])
        if found.raised else "-"
    )  # fmt: skip
    titles = Counter(other.title for other in met)
    required = least_score(found.average, found.games, norm.title) if found.average else None
    above = "-" if required is None else _.number(found.score - required)
    born = _date(player.birth_date, language.code) or str(player.birth_year or "")
    lists = sorted({p.rating_list for p in (player, *met) if p.rating_list})
    arbiter, arbiter_id = chief_arbiter(settings.chief_arbiter)
    return Certificate(
        language=language.code,
        title=norm.title,
        norms=tuple((t.value, t is norm.title) for t in NormTitle),
        player=(
            (_("Family name"), player.surname),
            (_("Given name"), player.given_name),
            (_("FIDE ID"), str(player.fide_id or "")),
            (_("Federation"), player.federation),
            (_("Date of birth"), born),
        ),
        event=(
            (_("Event"), settings.name),
            (_("Place"), settings.place),
            (_("Dates"), event_dates(state, language.code)),
            (_("Host federation"), settings.federation),
            (_("Chief arbiter"), arbiter),
            (_("Chief arbiter's FIDE ID"), arbiter_id),
            (_("Rate of play"), settings.time_control),
            (_("System"), _(SYSTEM_NAMES.get(settings.system, settings.system))),
            (_("Rounds"), str(settings.rounds)),
            (_("Players"), str(len(state.order))),
            (_("FIDE rating list"), ", ".join(lists)),
            (_("Regulations"), _.said(edition.source)),
        ),
        games=tuple(games),
        games_header=(_("round"), *([_("date")] if dated else []), _("opponent"), _("title"),
                      _("fed"), _("FIDE ID"), _("rtg"), _("rtg counted"), _("result")),
        opponents=(
            *_opponent_lines(found, met, player.federation, settings.federation, language),
            *_swiss_lines(state, norm, edition, language),
        ),
        by_title=tuple((t, titles[t]) for t in ("GM", "IM", "WGM", "WIM", "FM", "WFM")),
        summary=(
            (_("Average rating of opponents (Ra)"), str(found.average)),
            (_("Rating floor"), raised),
            (_("Score required"), _.number(required) if required is not None else "-"),
            (_("Points"), _.number(found.score)),
            (_("Points above the norm"), above),
            (_("Performance (Rp)"), str(found.performance)),
            (_("Norm made after round"), str(norm.achieved_after)),
            (_("Exceptions"), _exceptions(found, edition, language)),
        ),
        by_hand=((_("Remarks"), ""), (_("Federation confirming the result"), ""),
                 (_("Name of the federation official"), "")),
        signatures=(_("Chief arbiter"), _("Federation rating officer or president")),
    )  # fmt: skip


_ID_AFTER = re.compile(r"(?P<name>.*?)\s*\((?P<id>\d{4,10})\)")
_ID_FIRST = re.compile(r"(?P<id>\d{4,10})\s+(?P<name>.*)")


def chief_arbiter(text: str) -> tuple[str, str]:
    """The chief arbiter's name and FIDE id, split the two ways TRF line 102 is written
    (``IA Name (FIDE-ID)``, or the id first): the certificate gives each its own line. A
    text with no id in either place is all name, and the id is left to fill by hand."""
    text = text.strip()
    found = _ID_AFTER.fullmatch(text) or _ID_FIRST.fullmatch(text)
    return (found["name"], found["id"]) if found else (text, "")


def _date(value: date | None, code: str) -> str:
    return format_date(value, format="short", locale=code) if value else ""


def render_certificate(certificate: Certificate, language: Language = ENGLISH) -> str:
    """The certificate as one HTML page for A4."""
    return template("certificate.html").render(c=certificate, _=language)
