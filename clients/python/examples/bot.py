#!/usr/bin/env python3
"""A small bot for a bot account: joins the games it is invited or challenged to, and plays.

It follows the account's stream with `lords_client.Session` and, for each event:

- the `state` that opens the stream (when started without `--after`): joins the games it is
  invited to, answers the challenges made to it and plays the games awaiting its decision, so a
  restarted bot picks up where things stand without reading its history;
- `invited`: joins the game (`POST /v1/games/{id}/join`, no code needed for an invitation by
  username);
- `challenge`: accepts it when it supports its options, and otherwise declines it with the
  reason (`too_fast` for a clock under `--min-turn-s`, `rated` for a rated game with
  `--casual-only`); the last acceptance creates the game;
- `your_turn`: submits one of the legal actions it carries (chosen by a seeded generator), with
  one request: `If-Match` on its version and an `Idempotency-Key`;
- `game_ended`: prints the result; with `--games N` it stops once N games have ended;
- `tournament_round` and `tournament_ended`: prints them (the round's game then comes as any
  other, by `your_turn`).

With `--tournament ID` it first registers in that tournament (`POST /v1/tournaments/{id}/join`;
the tournament must allow bot accounts), then plays its games as they come.

With `--after ID` (the last notification id it printed) it resumes exactly after that
notification instead. The session reconnects a dropped stream with `Last-Event-ID` and waits
`Retry-After` on 429 and 503.

The token is the one `POST /v1/me/bot` returned (it holds `bot:play`):

    PYTHONPATH=clients/python/lords-client python3 clients/python/examples/bot.py \\
        --url http://127.0.0.1:8080 --token "$BOT_TOKEN" --games 1
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any
from uuid import UUID

try:
    import lords_client  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lords-client"))

from lords_client import Action, ApiError, Session, State, Turn
from lords_client.api.accounts import me
from lords_client.api.games import join_game
from lords_client.api.matchmaking import accept_challenge, decline_challenge
from lords_client.api.tournaments import join_tournament
from lords_client.models import DeclineReason, DeclineRequest, Notification, NotificationKind


class Bot:
    def __init__(self, session: Session, seed: int, min_turn_s: int = 0, casual_only: bool = False) -> None:
        self.session = session
        self.rng = random.Random(seed)
        self.min_turn_s = min_turn_s
        self.casual_only = casual_only

    def why_not(self, turn_time_limit_s: int | None, rated: bool) -> DeclineReason | None:
        """Why this bot declines a challenge with these options; None: it accepts."""
        if turn_time_limit_s is not None and turn_time_limit_s < self.min_turn_s:
            return DeclineReason.TOO_FAST
        if rated and self.casual_only:
            return DeclineReason.RATED
        return None

    def answer(self, challenge_id: UUID, turn_time_limit_s: int | None, rated: bool) -> None:
        """Accepts or declines a challenge."""
        reason = self.why_not(turn_time_limit_s, rated)
        try:
            if reason is not None:
                self.session.call(decline_challenge.sync_detailed, challenge_id, body=DeclineRequest(reason=reason))
                print(f"declined challenge {challenge_id} ({reason.value})", flush=True)
                return
            self.session.call(accept_challenge.sync_detailed, challenge_id)
            print(f"accepted challenge {challenge_id}", flush=True)
        except ApiError as e:
            # Cancelled, answered already or expired meanwhile: nothing to do.
            print(f"not answering challenge {challenge_id}: {e.code}", flush=True)

    def join(self, game_id: UUID) -> None:
        try:
            self.session.call(join_game.sync_detailed, game_id)
        except ApiError as e:
            # Joined already, full, or the invitation was withdrawn: nothing to do.
            print(f"not joining {game_id}: {e.code}", flush=True)
            return
        print(f"joined {game_id}", flush=True)

    def choose(self, turn: Turn) -> Action:
        return self.rng.choice(turn.actions)

    def play(self, turn: Turn) -> None:
        try:
            self.session.decide(turn, self.choose)
        except ApiError as e:
            # Refused (no longer seated, a rule broken): said, and the bot plays on elsewhere.
            print(f"not acting in {turn.game_id} at version {turn.version}: {e.code}", flush=True)

    def start(self, state: State) -> None:
        """Takes up what awaits the account as the stream opens."""
        print(
            f"state at notification {state.id}: {len(state.games)} game(s) awaiting, "
            f"{len(state.invitations)} invitation(s), {len(state.challenges)} challenge(s)",
            flush=True,
        )
        for invitation in state.invitations:
            self.join(invitation.game.id)
        for challenge in state.challenges:
            self.answer(challenge.id, challenge.turn_time_limit_s, challenge.rated)
        for turn in state.games:
            self.play(turn)

    def handle(self, notification: Notification) -> bool:
        """Acts on one notification; whether it says a game ended."""
        payload: dict[str, Any] = notification.payload.additional_properties
        turn = Turn.of(notification)
        if turn is not None:
            self.play(turn)
        elif notification.kind == NotificationKind.CHALLENGE:
            self.answer(UUID(payload["challenge_id"]), payload.get("turn_time_limit_s"), bool(payload.get("rated")))
        elif notification.kind == NotificationKind.INVITED and notification.game_id is not None:
            self.join(notification.game_id)
        elif notification.kind == NotificationKind.TOURNAMENT_ROUND:
            what = "a bye" if payload.get("bye") else f"game {payload.get('game_id')}"
            print(f"tournament {payload.get('name')!r}: round {payload.get('round')}, {what}", flush=True)
        elif notification.kind == NotificationKind.TOURNAMENT_ENDED:
            print(
                f"tournament {payload.get('name')!r} ended: rank {payload.get('rank')}, {payload.get('points')} points",
                flush=True,
            )
        elif notification.kind == NotificationKind.GAME_ENDED:
            scores = "/".join(str(s) for s in payload.get("scores", [])) or "-"
            print(f"game {notification.game_id} finished: place {payload.get('place')}, scores {scores}", flush=True)
            return True
        return False


def run(
    url: str,
    token: str,
    games: int,
    after: int | None,
    seed: int,
    min_turn_s: int,
    casual_only: bool,
    tournament: UUID | None = None,
) -> None:
    with Session(url, token) as session:
        account = session.call(me.sync_detailed)
        if tournament is not None:
            joined = session.call(join_tournament.sync_detailed, tournament)
            print(f"registered in tournament {joined.name!r} ({len(joined.players)} players)", flush=True)
        print(f"{account.username} is listening", flush=True)
        bot = Bot(session, seed, min_turn_s, casual_only)
        finished = 0
        for event in session.stream_me(last_event_id=after):
            if isinstance(event, State):
                bot.start(event)
            elif bot.handle(event):
                finished += 1
                print(f"{finished} game(s) played; last notification {event.id}", flush=True)
                if games and finished >= games:
                    return


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080", help="the server's base URL")
    parser.add_argument("--token", required=True, help="the bot account's token")
    parser.add_argument("--games", type=int, default=0, help="stop after this many games (0: never)")
    parser.add_argument(
        "--after", type=int, default=None, help="resume after this notification (none: from the state as it is now)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the choice of actions")
    parser.add_argument("--min-turn-s", type=int, default=10, help="decline challenges with a faster clock (seconds)")
    parser.add_argument("--casual-only", action="store_true", help="decline rated challenges")
    parser.add_argument("--tournament", type=UUID, default=None, help="register in this tournament first")
    args = parser.parse_args()
    try:
        run(
            args.url,
            args.token,
            args.games,
            args.after,
            args.seed,
            args.min_turn_s,
            args.casual_only,
            args.tournament,
        )
    except ApiError as e:
        print(f"failed: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
