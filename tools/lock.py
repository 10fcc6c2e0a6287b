"""What requirements.lock is made from, and whether it still matches pyproject.toml.

``requirements.lock`` pins every Python package the project installs (direct
and transitive, with their hashes); ``make lock`` writes it with ``uv pip
compile`` from pyproject.toml's ranges.  This script, standard library only
but for ``packaging`` (which the lock installs), does the rest:

    python tools/lock.py tools        the packages beside the project's own
                                      dependencies: pip and [build-system] requires
    python tools/lock.py stamp LOCK   record in LOCK the digest of the inputs it was made from
    python tools/lock.py check LOCK   exit 1, saying what to run, when pyproject.toml's
                                      requirements changed since LOCK was made, or a
                                      requirement is not met by its pin

tests/test_lock.py holds the same check, and also that the running environment
is the lock's.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"

TOOLS = ("pip>=23",)
"""Installed with the project but named by no requirement of it: the installer itself."""

STAMP = "# made from pyproject.toml's requirements with digest sha256:"
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def inputs(pyproject: Path = PYPROJECT) -> dict[str, object]:
    """Everything in pyproject.toml that decides what the lock holds."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    project = data["project"]
    return {"requires-python": project.get("requires-python", ""),
            "dependencies": project.get("dependencies", []),
            "optional-dependencies": project.get("optional-dependencies", {}),
            "build-system": data.get("build-system", {}).get("requires", []),
            "tools": list(TOOLS)}


def tools(pyproject: Path = PYPROJECT) -> list[str]:
    """The requirements ``uv pip compile`` reads beside pyproject.toml's own."""
    return [*inputs(pyproject)["build-system"], *TOOLS]  # type: ignore[misc]


def digest(pyproject: Path = PYPROJECT) -> str:
    return hashlib.sha256(json.dumps(inputs(pyproject), sort_keys=True).encode()).hexdigest()


def recorded(lock: Path) -> str | None:
    """The digest a lock was stamped with, or None."""
    for line in lock.read_text(encoding="utf-8").splitlines():
        if line.startswith(STAMP):
            return line.removeprefix(STAMP).strip()
    return None


def stamp(lock: Path, pyproject: Path = PYPROJECT) -> None:
    """Write the inputs' digest into the lock, under uv's header."""
    lines = [line for line in lock.read_text(encoding="utf-8").splitlines()
             if not line.startswith(STAMP)]
    header = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    lines.insert(header, STAMP + digest(pyproject))
    lock.write_text("\n".join(lines) + "\n", encoding="utf-8")


def pins(lock: Path) -> list[tuple[str, str, str]]:
    """(name, version, marker) of every package the lock pins; marker '' if none."""
    found = []
    for line in lock.read_text(encoding="utf-8").splitlines():
        if match := _PIN.match(line):
            found.append((match[1], match[2], (match[3] or "").strip()))
    return found


def problems(lock: Path, pyproject: Path = PYPROJECT) -> list[str]:
    """Why the lock no longer matches pyproject.toml, each with what to do; [] if it does."""
    from packaging.markers import Marker
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    if not lock.is_file():
        return [f"{lock.name} is missing: run `make lock`"]
    if recorded(lock) != digest(pyproject):
        return [f"pyproject.toml's requirements changed since {lock.name} was made: "
                "run `make lock` and commit both files"]
    here = {canonicalize_name(name): version for name, version, marker in pins(lock)
            if not marker or Marker(marker).evaluate()}
    found = []
    wanted = inputs(pyproject)
    extras = wanted["optional-dependencies"]
    assert isinstance(extras, dict)
    for text in [*wanted["dependencies"], *wanted["build-system"],  # type: ignore[misc]
                 *TOOLS, *(r for group in extras.values() for r in group)]:
        requirement = Requirement(text)
        if requirement.marker and not requirement.marker.evaluate():
            continue
        version = here.get(canonicalize_name(requirement.name))
        if version is None:
            found.append(f"{requirement.name} is not in {lock.name}: run `make lock`")
        elif not requirement.specifier.contains(version, prereleases=True):
            found.append(f"{lock.name} pins {requirement.name} {version}, outside "
                         f"pyproject.toml's {requirement}: run `make lock`")
    return found


def main(argv: list[str]) -> int:
    command, *rest = argv or ["help"]
    if command == "tools" and not rest:
        print("\n".join(tools()))
        return 0
    if command == "stamp" and len(rest) == 1:
        stamp(Path(rest[0]))
        return 0
    if command == "check" and len(rest) == 1:
        found = problems(Path(rest[0]))
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
