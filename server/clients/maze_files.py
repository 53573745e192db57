"""`python -m server maze import|export`: maze files in the exchange formats (`server.maze.exchange`), so
the terminal, scripts and the editor read and write the same files.

`import --format F [FILE]` reads a file (or stdin) in format F and prints the JSON maze object;
`export --format F [FILE] [-o OUT]` reads a JSON maze object and writes it in format F (PNG needs `-o` or
a stdout that is not a terminal).
"""

import argparse
from typing import Any, TextIO

from server.maze.exchange import EXPORT_FORMATS, IMPORT_FORMATS, MAX_IMPORT_CHARS, export_maze, import_maze


class FileProblem(Exception):
    """A file that cannot be read or written: printed as one line, exit status 2."""


def add_file_commands(commands: Any) -> None:
    """Add `import` and `export` to the `maze` command's subparsers."""
    imported = commands.add_parser("import", help="read a maze file and print its JSON maze object")
    imported.add_argument("--format", choices=IMPORT_FORMATS, required=True)
    imported.add_argument("file", nargs="?", help="the file to read (default: stdin)")
    exported = commands.add_parser("export", help="write a JSON maze object (FILE or stdin) in a format")
    exported.add_argument("--format", choices=EXPORT_FORMATS, required=True)
    exported.add_argument("file", nargs="?", help="the JSON maze object to read (default: stdin)")
    exported.add_argument("-o", "--output", help="the file to write (default: stdout)")


def _read(path: str | None, stdin: TextIO) -> str:
    """The text of `path` (or stdin), at most one character more than an import reads, so an oversized
    file is refused by the importer without being read whole."""
    try:
        if path is None:
            return stdin.read(MAX_IMPORT_CHARS + 1)
        with open(path, encoding="utf-8", newline="") as source:
            return source.read(MAX_IMPORT_CHARS + 1)
    except UnicodeDecodeError:
        raise FileProblem(f"{path or 'stdin'} is not UTF-8 text") from None
    except OSError as error:
        raise FileProblem(f"cannot read {path}: {error.strerror}") from None


def run_import(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> None:
    """Print the JSON maze object of a maze file."""
    maze = import_maze(_read(args.file, stdin), args.format)
    out.write(export_maze(maze, "json").decode("utf-8"))


def run_export(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> None:
    """Write a JSON maze object's maze in another format."""
    maze = import_maze(_read(args.file, stdin), "json")
    data = export_maze(maze, args.format)
    if args.output is not None:
        try:
            with open(args.output, "wb") as target:
                target.write(data)
        except OSError as error:
            raise FileProblem(f"cannot write {args.output}: {error.strerror}") from None
    elif args.format != "png":
        out.write(data.decode("utf-8"))
    else:
        binary = getattr(out, "buffer", None)
        if binary is None or out.isatty():
            raise FileProblem("a PNG goes to a file: add -o FILE (or redirect stdout)")
        out.flush()
        binary.write(data)
        binary.flush()


__all__ = ["FileProblem", "add_file_commands", "run_export", "run_import"]
