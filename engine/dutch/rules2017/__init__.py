"""The FIDE (Dutch) System as approved in Baku 2016 with the Goynuk 2017 additions, in force
from 1 July 2017 to 31 January 2026 (C.04.3).

Selected by ``PairingRequest.rules_edition == "fide-2017"``; ``docs/rulings.md`` lists every
place where this text and the 2026 text differ and which module implements each.
"""
