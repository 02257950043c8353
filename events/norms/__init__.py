"""Title norms (FIDE Handbook B.01, 1.4), pure: a player's games in, each requirement out.

:func:`assess` checks a list of over-the-board games against one norm under one edition of
the regulations (:func:`edition_for` a tournament's start date); :func:`tournament_norms`
does it for every player of a folded tournament after any complete round, with the Swiss
exemption (1.4.3d), the games after a norm ignored (1.4.1e), won games left out (1.4.1f) and
what the last round must bring; the kinds of event exempt from the foreigner requirement
(1.4.3a-c) are the tournament's ``norm_event``.
"""

from events.norms.assess import Assessment, Check, Game, Opponent, Terms, assess, least_score
from events.norms.regulations import NormTitle, Regulations, edition_for
from events.norms.tournament import (
    SWISS_TITLES,
    NormReport,
    PlayerNorm,
    swiss_field,
    tournament_norms,
)

__all__ = [
    "SWISS_TITLES",
    "Assessment",
    "Check",
    "Game",
    "NormReport",
    "NormTitle",
    "Opponent",
    "PlayerNorm",
    "Regulations",
    "Terms",
    "assess",
    "edition_for",
    "least_score",
    "swiss_field",
    "tournament_norms",
]
