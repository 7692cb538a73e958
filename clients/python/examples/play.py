#!/usr/bin/env python3
"""Plays a whole two-player game with two personal access tokens, through the generated client.

The first token's account creates a game and the second's joins it; then, whichever seat the
game awaits, that seat's token asks for its legal actions and submits one of them (chosen by a
seeded generator) with `If-Match`, until the game is finished. It prints the result and exits
non-zero on any unexpected answer.

Each token needs the scopes `game:read game:play lobby:write` (create them in the web client's
settings, or with `POST /v1/me/tokens`):

    PYTHONPATH=clients/python/lords-client python3 clients/python/examples/play.py \\
        --url http://127.0.0.1:8080 --token "$TOKEN_A" --token "$TOKEN_B"
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

try:
    import lords_client  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lords-client"))

from lords_client import AuthenticatedClient
from lords_client.api.accounts import me
from lords_client.api.games import create_game, get_game, join_game, legal_actions, submit_action
from lords_client.models import CreateGameRequest, GameDto, Problem
from lords_client.models.game_status import GameStatus
from lords_client.types import Response

# No game of two players needs this many decisions; more means the loop is stuck.
MAX_STEPS = 5000


class Failed(Exception):
    """An answer the script did not expect: its status and problem code."""


def call(operation: Callable[..., Response], *args: Any, **kwargs: Any) -> Response:
    """One call of a generated operation, again after `Retry-After` while it answers 429."""
    while True:
        response = operation(*args, **kwargs)
        if response.status_code != 429:
            return response
        time.sleep(float(response.headers.get("Retry-After", "1")))


def ok(response: Response, what: str, expected: tuple[int, ...] = (200,)):
    """The parsed body of a successful answer; raises `Failed` with the problem code otherwise."""
    if response.status_code in expected and not isinstance(response.parsed, Problem):
        return response.parsed
    parsed = response.parsed
    code = parsed.code if isinstance(parsed, Problem) else response.content[:200]
    raise Failed(f"{what}: HTTP {response.status_code} {code}")


def look(client: AuthenticatedClient, game_id: UUID) -> GameDto:
    return ok(call(get_game.sync_detailed, game_id, client=client), "view")


def play(url: str, tokens: list[str], seed: int) -> None:
    clients = [AuthenticatedClient(base_url=url, token=t) for t in tokens]
    names = [ok(call(me.sync_detailed, client=c), "me").username for c in clients]
    print(f"players: {', '.join(names)}")

    created = ok(
        call(create_game.sync_detailed, client=clients[0], body=CreateGameRequest(players=2)), "create", (201,)
    )
    game_id = created.id
    joined = ok(call(join_game.sync_detailed, game_id, client=clients[1]), "join")
    if joined.status != GameStatus.ACTIVE:
        raise Failed(f"a full game is {joined.status}")
    print(f"game {game_id} started")
    seat_client = {s.seat: clients[names.index(s.username)] for s in joined.seats}

    rng = random.Random(seed)
    actions = 0
    for _ in range(MAX_STEPS):
        game = look(clients[0], game_id)
        view = game.view
        if view is None:
            raise Failed("an active game has no view")
        if view.awaiting is None:
            break
        client = seat_client[view.awaiting.seat]
        legal = ok(call(legal_actions.sync_detailed, game_id, client=client), "legal actions")
        if not legal.actions:
            raise Failed(f"seat {view.awaiting.seat} is awaited but has no legal action")
        action = rng.choice(legal.actions)
        ok(
            call(submit_action.sync_detailed, game_id, client=client, body=action, if_match=f'"{legal.version}"'),
            f"{action.type_} by seat {view.awaiting.seat}",
        )
        actions += 1
    else:
        raise Failed(f"the game did not end in {MAX_STEPS} decisions")

    final = look(clients[0], game_id)
    summary = final.game
    if summary.status != GameStatus.FINISHED or summary.result is None:
        raise Failed(f"the game is {summary.status}, not finished")
    scores = ", ".join(f"{s.username} {summary.result.scores[s.seat]}" for s in summary.seats)
    winners = ", ".join(s.username for s in summary.seats if s.seat in (summary.winners or []))
    print(f"{actions} actions; scores: {scores}; winners: {winners}")
    print(f"game {game_id} finished at version {final.version}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080", help="the server's base URL")
    parser.add_argument("--token", action="append", required=True, help="a personal token; give two")
    parser.add_argument("--seed", type=int, default=1, help="seeds the choice of actions")
    args = parser.parse_args()
    if len(args.token) != 2:
        parser.error("give exactly two --token, one per player")
    try:
        play(args.url, args.token, args.seed)
    except Failed as e:
        print(f"failed: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
