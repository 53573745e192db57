"""`python -m server.clients.terminal ...` is `python -m server play ...`: the same entry point."""

import sys

from server.clients.terminal.entry import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
