#!/usr/bin/env python3
"""A small bot for a bot account: joins the games it is invited or challenged to, and plays.

It reads the account's notifications from `GET /v1/me/stream` (Server-Sent Events, read with
httpx's streaming; the generated client has no SSE reader) and, for each one:

- `invited`: joins the game (`POST /v1/games/{id}/join`, no code needed for an invitation by
  username);
- `challenge`: accepts it (`POST /v1/challenges/{id}/accept`) when it supports its options, and
  otherwise declines it with the reason (`too_fast` for a clock under `--min-turn-s`, `rated`
  for a rated game with `--casual-only`); the last acceptance creates the game, which it plays;
- `game_started`, `your_turn`: while the game awaits its seat, asks for the legal actions and
  submits one of them (chosen by a seeded generator) with `If-Match`. A seat that acted and is
  awaited again is not told again, so it looks again after each action;
- `game_ended`: prints the result; with `--games N` it stops once N games it played have ended.

The stream sends every notification after `--after` (none: from the first), so a bot that
restarts with the last id it printed carries on where it stopped; without it, old invitations
and turns are looked at again and skipped when they no longer apply. It reconnects after a
dropped stream with `Last-Event-ID`, and waits `Retry-After` on 429.

The token is the one `POST /v1/me/bot` returned (it holds `bot:play`):

    PYTHONPATH=clients/python/lords-client python3 clients/python/examples/bot.py \\
        --url http://127.0.0.1:8080 --token "$BOT_TOKEN" --games 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx

try:
    import lords_client  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lords-client"))

from lords_client import AuthenticatedClient
from lords_client.api.accounts import me
from lords_client.api.games import get_game, join_game, legal_actions, submit_action
from lords_client.api.matchmaking import accept_challenge, decline_challenge
from lords_client.models import DeclineReason, DeclineRequest, Notification, Problem
from lords_client.models.game_status import GameStatus
from lords_client.models.notification_kind import NotificationKind
from lords_client.types import Response

# The server sends a keep-alive comment after 15 s of silence by default; a read that waits
# much longer than that means the connection is gone.
STREAM_READ_TIMEOUT_S = 90.0


class Failed(Exception):
    """An answer the bot cannot go on after: its status and problem code."""


def code_of(response: Response | httpx.Response) -> str:
    """The problem+json `code` of an error answer (or the start of its body)."""
    try:
        return str(json.loads(response.content).get("code"))
    except (ValueError, AttributeError):
        return response.content[:200].decode(errors="replace")


def call(operation: Callable[..., Response], *args: Any, **kwargs: Any) -> Response:
    """One call of a generated operation, again after `Retry-After` while it answers 429."""
    while True:
        response = operation(*args, **kwargs)
        if response.status_code != 429:
            return response
        time.sleep(float(response.headers.get("Retry-After", "1")))


def ok(response: Response, what: str, expected: tuple[int, ...] = (200,)):
    if response.status_code in expected and not isinstance(response.parsed, Problem):
        return response.parsed
    raise Failed(f"{what}: HTTP {response.status_code} {code_of(response)}")


def notifications(client: AuthenticatedClient, after: int) -> Iterator[Notification]:
    """The account's notifications after `after`, for ever: reconnects when the stream ends."""
    http = client.get_httpx_client()
    timeout = httpx.Timeout(10.0, read=STREAM_READ_TIMEOUT_S)
    last = after
    while True:
        headers = {"Last-Event-ID": str(last)} if last > 0 else {}
        try:
            with http.stream("GET", "/v1/me/stream", headers=headers, timeout=timeout) as stream:
                if stream.status_code == 429:
                    time.sleep(float(stream.headers.get("Retry-After", "1")))
                    continue
                if stream.status_code != 200:
                    stream.read()
                    raise Failed(f"stream: HTTP {stream.status_code} {code_of(stream)}")
                data: list[str] = []
                for line in stream.iter_lines():
                    if line == "":
                        # A blank line ends an event; a comment alone (keep-alive) has no data.
                        if data:
                            notification = Notification.from_dict(json.loads("\n".join(data)))
                            last = notification.id
                            yield notification
                        data = []
                    elif not line.startswith(":"):
                        field, _, value = line.partition(":")
                        if field == "data":
                            data.append(value.removeprefix(" "))
        except (httpx.TransportError, httpx.StreamError) as e:
            print(f"stream interrupted ({type(e).__name__}); reconnecting after {last}", flush=True)
            time.sleep(1)


class Bot:
    def __init__(self, client: AuthenticatedClient, seed: int, min_turn_s: int = 0, casual_only: bool = False) -> None:
        self.client = client
        self.rng = random.Random(seed)
        self.played: set[UUID] = set()
        self.min_turn_s = min_turn_s
        self.casual_only = casual_only

    def why_not(self, challenge: dict[str, Any]) -> DeclineReason | None:
        """Why this bot declines a challenge (its notification's payload); None: it accepts."""
        clock = challenge.get("turn_time_limit_s")
        if clock is not None and clock < self.min_turn_s:
            return DeclineReason.TOO_FAST
        if challenge.get("rated") and self.casual_only:
            return DeclineReason.RATED
        return None

    def answer(self, challenge: dict[str, Any]) -> UUID | None:
        """Accepts or declines a challenge; the game, when this acceptance made it."""
        challenge_id = UUID(str(challenge["challenge_id"]))
        reason = self.why_not(challenge)
        if reason is not None:
            response = call(
                decline_challenge.sync_detailed,
                challenge_id,
                client=self.client,
                body=DeclineRequest(reason=reason),
            )
            print(f"declined challenge {challenge_id} ({reason.value}): {response.status_code}", flush=True)
            return None
        response = call(accept_challenge.sync_detailed, challenge_id, client=self.client)
        if response.status_code != 200:
            # Cancelled, declined by another or expired meanwhile: nothing to do.
            print(f"not accepting {challenge_id}: {code_of(response)}", flush=True)
            return None
        print(f"accepted challenge {challenge_id}", flush=True)
        game_id = response.parsed.game_id
        if isinstance(game_id, UUID):
            self.played.add(game_id)
            return game_id
        return None

    def join(self, game_id: UUID) -> None:
        response = call(join_game.sync_detailed, game_id, client=self.client)
        if response.status_code != 200:
            # Joined already, full, or the invitation was withdrawn: nothing to do.
            print(f"not joining {game_id}: {code_of(response)}", flush=True)
            return
        self.played.add(game_id)
        print(f"joined {game_id}", flush=True)

    def take_turns(self, game_id: UUID) -> None:
        """Acts while the game awaits this account's seat; returns once it awaits another."""
        while True:
            game = ok(call(get_game.sync_detailed, game_id, client=self.client), "view")
            view = game.view
            if view is None or view.awaiting is None or view.awaiting.seat != game.your_seat:
                return
            self.played.add(game_id)
            legal = ok(call(legal_actions.sync_detailed, game_id, client=self.client), "legal actions")
            if not legal.actions:
                raise Failed(f"seat {game.your_seat} of {game_id} is awaited but has no legal action")
            action = self.rng.choice(legal.actions)
            response = call(
                submit_action.sync_detailed,
                game_id,
                client=self.client,
                body=action,
                if_match=f'"{legal.version}"',
            )
            # 412: the game moved on since the legal actions were read (a clock, a resignation).
            if response.status_code != 412:
                ok(response, f"{action.type_} in {game_id}")

    def ended(self, game_id: UUID) -> bool:
        """Prints a finished game's result; whether this process played in it."""
        game = ok(call(get_game.sync_detailed, game_id, client=self.client), "view")
        if game.game.status != GameStatus.FINISHED or game_id not in self.played:
            return False
        result = game.game.result
        seat = game.your_seat
        place = result.places[seat] if result is not None and seat is not None else None
        scores = "/".join(str(s) for s in result.scores) if result is not None else "-"
        print(f"game {game_id} finished: place {place}, scores {scores}", flush=True)
        return True


def run(url: str, token: str, games: int, after: int, seed: int, min_turn_s: int, casual_only: bool) -> None:
    client = AuthenticatedClient(base_url=url, token=token)
    account = ok(call(me.sync_detailed, client=client), "me")
    print(f"{account.username} is listening", flush=True)
    bot = Bot(client, seed, min_turn_s, casual_only)
    finished = 0
    for notification in notifications(client, after):
        if notification.kind == NotificationKind.CHALLENGE:
            made = bot.answer(notification.payload.to_dict())
            if made is not None:
                bot.take_turns(made)
            continue
        game_id = notification.game_id
        if game_id is None:
            continue
        if notification.kind == NotificationKind.INVITED:
            bot.join(game_id)
            bot.take_turns(game_id)
        elif notification.kind in (NotificationKind.GAME_STARTED, NotificationKind.YOUR_TURN):
            bot.take_turns(game_id)
        elif notification.kind == NotificationKind.GAME_ENDED and bot.ended(game_id):
            finished += 1
            print(f"{finished} game(s) played; last notification {notification.id}", flush=True)
            if games and finished >= games:
                return


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080", help="the server's base URL")
    parser.add_argument("--token", required=True, help="the bot account's token")
    parser.add_argument("--games", type=int, default=0, help="stop after this many games (0: never)")
    parser.add_argument("--after", type=int, default=0, help="the last notification already handled")
    parser.add_argument("--seed", type=int, default=1, help="seeds the choice of actions")
    parser.add_argument("--min-turn-s", type=int, default=10, help="decline challenges with a faster clock (seconds)")
    parser.add_argument("--casual-only", action="store_true", help="decline rated challenges")
    args = parser.parse_args()
    try:
        run(args.url, args.token, args.games, args.after, args.seed, args.min_turn_s, args.casual_only)
    except Failed as e:
        print(f"failed: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
