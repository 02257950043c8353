"""The mypyc build option (setup.py, ``build_backend/``): opt-in, wheels only, never beside
the sources. Whether the compiled modules give the same answers is measured by compiling
them (bench/README.md, "Compiled with mypyc"), not here: the compile takes minutes."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _backend() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "arbiter_build", ROOT / "build_backend" / "arbiter_build.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_compiled_module_sits_beside_the_sources() -> None:
    """A ``.so`` in the checkout would be imported instead of the ``.py`` being edited."""
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    tops = packages["mypy"]["packages"]
    found = [str(p.relative_to(ROOT)) for top in tops for p in (ROOT / top).rglob("*.so")]
    assert found == []


def test_an_editable_install_is_never_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.setenv("ARBITER_MYPYC", "1")
    with pytest.raises(SystemExit, match="never an editable one"):
        backend.get_requires_for_build_editable()


def test_the_compiler_is_the_pinned_mypy_and_only_when_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    backend = _backend()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pinned_mypy = next(d for d in project["optional-dependencies"]["test"] if d.startswith("mypy"))
    monkeypatch.chdir(ROOT)  # a build hook runs in the project's folder
    monkeypatch.setenv("ARBITER_MYPYC", "1")
    asked = backend.get_requires_for_build_wheel()
    assert pinned_mypy in asked  # the mypy that checks the code (test_packaging pins it)
    assert set(project["dependencies"]) <= set(asked)  # mypy follows the imports into them
    for unset in ("0", ""):
        monkeypatch.setenv("ARBITER_MYPYC", unset)
        assert not backend.compiled()  # setuptools' own answer then: setuptools alone
