"""The FIDE (Dutch) System as agreed in Istanbul 2012, in force until 1 July 2017 (C.04.3.1).

Selected by ``PairingRequest.rules_edition == "fide-2012"``; ``docs/dutch-2012.md`` restates the
text and says which module holds which article.
"""
