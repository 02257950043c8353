"""The build option ``ARBITER_MYPYC=1``: the pairing path compiled with mypyc into a wheel
(bench/README.md, "Compiled with mypyc"; the build backend in ``build_backend/`` installs the
compiler for it and refuses an editable install). Without it, the default, Arbiter is pure
Python and this file adds nothing to pyproject.toml.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "engine/assignment.py",
    "engine/common.py",
    "engine/dutch/colours.py",
    "engine/dutch/players.py",
    "engine/dutch/system.py",
    "trf/checker.py",
    "trf/codes.py",
    "trf/engine_request.py",
    "trf/reader.py",
    "trf/scoring.py",
    "trf/validate.py",
]
"""The modules a pairing of a file runs that compile and behave as interpreted today. The
rest of the engine needs changes first: an interpreted class cannot subclass a compiled one
(the 2012 and 2017 Dutch pairers and weights subclass ``dutch/bracket.py``'s and
``dutch/weights.py``'s), compiled frozen dataclasses cannot be pickled or deep-copied
(``model.py``'s cross to the pairing workers; the 2012 pairer copies ``dutch/round_graph.py``'s
graph), and a wrong annotation or stub becomes a ``TypeError`` (rustworkx's
``add_edges_from`` in ``matching.py``). ``trf/model.py``'s msgspec structs do not compile."""

if os.environ.get("ARBITER_MYPYC") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, group_name="arbiter"))
else:
    setup()
