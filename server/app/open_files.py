"""The process's open-files limit: raised at start as far as the system lets a process go by itself.

Every connection holds a file descriptor. Under the usual soft limit of 1,024, a thousand idle sockets
were enough to make `/healthz` and new players fail; the hard limit is usually far higher, and a
process may raise its own soft limit up to it without any privilege.
"""

import logging
import resource

log = logging.getLogger(__name__)


def raise_open_files_limit() -> int:
    """Raise the soft open-files limit to the hard one; the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft == hard:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError) as error:
        log.warning("could not raise the open-files limit from %d to %d: %s", soft, hard, error)
        return soft
    log.info("open-files limit raised from %d to %d", soft, hard)
    return hard
