"""One module per `python -m engine` command (see engine/__main__.py)."""
