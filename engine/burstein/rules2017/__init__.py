"""The FIDE Burstein system as in force until 31 January 2026, in the reading of the
reference engine bbpPairings v5.0.1 (burstein.md §11).

Selected by ``PairingRequest.rules_edition == "fide-2017"`` (the ``engine.systems`` table).
"""
