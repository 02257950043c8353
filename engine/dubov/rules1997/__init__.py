"""The Dubov system as approved by the 1997 FIDE General Assembly (C.04.4.1, old numbering;
the text of seed 001), in force until 31 January 2026 in the handbook's 1997 wording.

Selected by ``PairingRequest.rules_edition == "fide-1997"`` (the ``engine.systems`` table).
It shares the 2026 edition's player facts (:mod:`engine.dubov.players`) and legality test
(:class:`engine.dubov.brackets.BracketRules`); the procedure is the 1997 one: downfloaters
(Art. 6.4, 8), transfers by rating and ARO (Art. 7.1-7.4), columns of Art. 6.2-6.3, the bye
of Art. 4 and the colours of Art. 3. ``docs/rulings.md`` ("Dubov 1997") lists each reading.
"""
