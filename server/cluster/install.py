"""Install the Debian packages the cluster needs when they are missing, as `make test` does for
chromium: with apt-get, as root or through sudo. Nothing is installed when everything is there."""

import os
import shutil
import subprocess
from collections.abc import Callable, Iterable
from dataclasses import dataclass

SEARCH_PATH = os.pathsep.join((os.environ.get("PATH", ""), "/usr/sbin", "/usr/bin", "/sbin"))
"""nginx lives in /usr/sbin, which is not on every user's PATH."""


@dataclass(frozen=True)
class Package:
    """A Debian package and the program it provides."""

    name: str
    program: str


REDIS = Package("redis-server", "redis-server")
SENTINEL = Package("redis-sentinel", "redis-sentinel")
NGINX = Package("nginx-light", "nginx")


class InstallError(RuntimeError):
    """The packages could not be installed; the message says what to do."""


def find_program(program: str) -> str | None:
    """Where `program` is installed, looking in the sbin directories too."""
    return shutil.which(program, path=SEARCH_PATH)


def missing(packages: Iterable[Package], find: Callable[[str], str | None] = find_program) -> list[Package]:
    """The packages whose program is not installed."""
    return [package for package in packages if find(package.program) is None]


def install_command(names: list[str], is_root: bool) -> list[list[str]]:
    """The apt-get commands that install `names` (through sudo unless root)."""
    sudo = [] if is_root else ["sudo"]
    return [
        [*sudo, "apt-get", "update", "-qq"],
        [*sudo, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", *names],
    ]


def ensure_installed(packages: Iterable[Package]) -> list[str]:
    """Install what is missing; the names installed. `InstallError` when apt-get is not there or fails."""
    needed = missing(packages)
    if not needed:
        return []
    names = [package.name for package in needed]
    is_root = os.geteuid() == 0
    if find_program("apt-get") is None or (not is_root and find_program("sudo") is None):
        raise InstallError(
            f"install {' '.join(names)} first (no apt-get{'' if is_root else ' or sudo'} here)"
        )
    for command in install_command(names, is_root):
        if subprocess.run(command, check=False).returncode != 0:
            raise InstallError(f"could not install {' '.join(names)}: {' '.join(command)} failed")
    still = missing(needed)
    if still:
        raise InstallError(f"{', '.join(p.program for p in still)} still missing after installing")
    return names
