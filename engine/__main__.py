"""`python -m engine COMMAND ...`: instructors' and checkers' command line.

Each command lives in its own module under engine/commands/ and provides
`HELP`, `add_arguments(parser)` and `run(args) -> int`.
"""
from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys

from engine import commands


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine",
                                     description="The dealer trainer's rules engine.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"engine.commands.{info.name}")
        name = getattr(module, "NAME", info.name)
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    code: int = args.run(args)
    return code


# Exit status when the reader of standard output goes away (128 + SIGPIPE,
# what a shell reports for a program killed by the broken pipe).
BROKEN_PIPE_STATUS = 141


def entry(argv: list[str] | None = None) -> int:
    """`main` for the command line. Every command may be piped into a reader
    that stops early (`| head`): the broken pipe ends the command quietly, as
    the Python documentation recommends (signal, "Note on SIGPIPE"): standard
    output is pointed at devnull so the interpreter's last flush cannot fail
    again, and no traceback is printed."""
    try:
        code = main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return BROKEN_PIPE_STATUS
    return code


if __name__ == "__main__":
    sys.exit(entry())
