"""`python -m webapp`: create/migrate the database, make demo accounts on
first start, print the URL and serve with waitress."""
from __future__ import annotations

import argparse
import os

from webapp import create_app
from webapp.auth import ensure_demo_accounts
from webapp.db import get_db


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m webapp", description="Run the dealer trainer.")
    parser.add_argument("--host", default=os.environ.get("TRAINER_HOST", "127.0.0.1"),
                        help="address to listen on (0.0.0.0 for the whole network); default 127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("TRAINER_PORT", "5000")))
    args = parser.parse_args(argv)
    app = create_app()
    with app.app_context():
        made = ensure_demo_accounts(get_db())
    print(f"Database: {app.config['DATABASE']}")
    if made:
        print("Demo accounts (shown once; passwords are stored only as hashes):")
        for username, password, role in made:
            print(f"  {role:<10} user: {username:<10} password: {password}")
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print(f"Dealer trainer running at http://{shown}:{args.port}/  (Ctrl+C to stop)", flush=True)
    from waitress import serve
    serve(app, host=args.host, port=args.port, threads=8)


if __name__ == "__main__":
    main()
