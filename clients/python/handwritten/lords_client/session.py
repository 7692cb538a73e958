# Hand-written (scripts/generate-python-client copies it in): the generator writes no SSE reader, retries or bot loop.
"""`Session`: a bot's or a script's way in, over the generated API and httpx.

The account's and a game's Server-Sent Events streams as typed events (reconnecting with
`Last-Event-ID`), `Retry-After` honoured on every request, errors raised with their problem+json
`code`, and the decision loop of a bot at exactly one request per decision.
"""

from __future__ import annotations

import email.utils
import json
import random
import time
import uuid
from collections.abc import Callable, Generator, Iterator, Mapping
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeAlias, TypeVar
from uuid import UUID

import httpx

from .api.games import submit_action
from .client import AuthenticatedClient
from .models import (
    ActionResult,
    AwaitedGame,
    ChallengeDto,
    ChatLine,
    ClaimSupporterAction,
    ClaimSupporterDecision,
    CockburnSwapDecision,
    CopyPowerAction,
    DiscardFollowerAction,
    EventDto,
    FergussonSwapDecision,
    MakgillMusterDecision,
    MusterAction,
    Notification,
    NotificationKind,
    PassAction,
    Problem,
    ReceivedInvitationDto,
    RecruitAction,
    ScottCopyDecision,
    StreamState,
    SwapFollowerAction,
    SwapSupporterAction,
    TurnDecision,
    UnreadChat,
    WemyssDiscardDecision,
)
from .types import Response

Action: TypeAlias = (
    ClaimSupporterAction
    | CopyPowerAction
    | DiscardFollowerAction
    | MusterAction
    | PassAction
    | RecruitAction
    | SwapFollowerAction
    | SwapSupporterAction
)
Decision: TypeAlias = (
    ClaimSupporterDecision
    | CockburnSwapDecision
    | FergussonSwapDecision
    | MakgillMusterDecision
    | ScottCopyDecision
    | TurnDecision
    | WemyssDiscardDecision
)
T = TypeVar("T")
_KINDS = frozenset(kind.value for kind in NotificationKind)

# The server sends a heartbeat after 15 s of silence by default: a read that waits this long
# means the connection is gone.
STREAM_READ_TIMEOUT_S = 60.0
# The SSE reconnection delay until the server sets one with `retry:`; failures in a row double it.
DEFAULT_RETRY_MS = 2000
MAX_RECONNECT_DELAY_S = 60.0
# How many times an action is sent when the connection fails before its answer.
ACT_ATTEMPTS = 3


class ApiError(Exception):
    """An answer that is no success: its HTTP status and problem+json `code` (branch on the code)."""

    def __init__(self, status: int, code: str | None, detail: str | None, problem: Mapping[str, Any]) -> None:
        super().__init__(f"HTTP {status} {code or ''}: {detail or ''}".strip())
        self.status = status
        self.code = code
        self.detail = detail
        self.problem = problem

    @classmethod
    def of(cls, status: int, content: bytes) -> ApiError:
        try:
            problem = json.loads(content)
        except ValueError:
            problem = None
        if not isinstance(problem, dict):
            return cls(status, None, content[:200].decode(errors="replace"), {})
        code, detail = problem.get("code"), problem.get("detail")
        return cls(status, str(code) if code is not None else None, str(detail) if detail else None, problem)


def retry_after_s(value: str | None) -> float | None:
    """A `Retry-After` header in seconds (it is a number of seconds or an HTTP date)."""
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


class RetryAfter(httpx.BaseTransport):
    """Sends a request again after a 429 or 503 answer, once its `Retry-After` has passed (1 s,
    then doubling, without one), at most `retries` times; then the answer is the caller's."""

    def __init__(
        self,
        inner: httpx.BaseTransport,
        retries: int = 5,
        max_wait_s: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.inner = inner
        self.retries = retries
        self.max_wait_s = max_wait_s
        self.sleep = sleep

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        attempt = 0
        while True:
            response = self.inner.handle_request(request)
            if response.status_code not in (429, 503) or attempt >= self.retries:
                return response
            wait = retry_after_s(response.headers.get("Retry-After"))
            response.read()
            response.close()
            self.sleep(min(wait if wait is not None else 2.0**attempt, self.max_wait_s))
            attempt += 1

    def close(self) -> None:
        self.inner.close()


@dataclass(frozen=True)
class ServerSentEvent:
    event: str
    data: str
    id: str | None


class SseParser:
    """The `text/event-stream` format (HTML Living Standard, "Server-sent events"), line by line:
    `data:` lines joined with newlines, `event:` (default `message`), `id:`, `retry:`, comments."""

    def __init__(self) -> None:
        self.last_id: str | None = None
        self.retry_ms: int | None = None
        self._id: str | None = None
        self._event = ""
        self._data: list[str] = []

    def feed(self, line: str) -> ServerSentEvent | None:
        """Takes one line (without its end); the event a blank line completes, if any."""
        if line == "":
            self.last_id = self._id
            event = ServerSentEvent(self._event or "message", "\n".join(self._data), self.last_id)
            has_data = bool(self._data)
            self._event, self._data = "", []
            return event if has_data else None
        if line.startswith(":"):
            return None
        name, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value
        elif name == "id" and "\0" not in value:
            self._id = value
        elif name == "retry" and value.isascii() and value.isdigit():
            self.retry_ms = int(value)
        return None


@dataclass(frozen=True)
class Turn:
    """A decision awaited from the caller's seat: a `your_turn` notification, or a game of the
    `state` event. `actions` are the seat's legal actions at `version`; submit one with `act`."""

    game_id: UUID
    version: int
    seat: int
    decision: Decision
    deadline: datetime | None
    actions: list[Action]
    continuation: bool = False

    @classmethod
    def of_awaited(cls, awaited: AwaitedGame, continuation: bool = False) -> Turn:
        return cls(
            awaited.game_id,
            awaited.version,
            awaited.seat,
            awaited.decision,
            awaited.deadline,
            awaited.actions,
            continuation,
        )

    @classmethod
    def of(cls, notification: Notification) -> Turn | None:
        """The turn a `your_turn` notification announces; None for any other notification."""
        if notification.kind != NotificationKind.YOUR_TURN or notification.game_id is None:
            return None
        # The payload is an awaited game's fields but its id, and `receipt` and `continuation`.
        payload = notification.payload.additional_properties
        awaited = AwaitedGame.from_dict({"actions": [], **payload, "game_id": str(notification.game_id)})
        return cls.of_awaited(awaited, bool(payload.get("continuation", False)))


@dataclass(frozen=True)
class State:
    """The event that opens `stream_me()` when no id is given: where the account stands as of
    notification `id` (the stream goes on with every notification after it). `StreamState`,
    with its games as turns."""

    id: int
    games: list[Turn]
    invitations: list[ReceivedInvitationDto]
    challenges: list[ChallengeDto]
    chat: list[UnreadChat]

    @classmethod
    def of(cls, id: int, state: StreamState) -> State:
        games = [Turn.of_awaited(game) for game in state.games]
        return cls(id, games, state.invitations, state.challenges, state.chat)


class Session:
    """One account's token on one server. `client` is the generated API's client, for every
    operation (`lords_client.api...`); its requests wait out 429 and 503 too.

        with Session("http://127.0.0.1:8080", token) as session:
            for event in session.stream_me():
                ...
    """

    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        timeout_s: float = 30.0,
        stream_timeout_s: float = STREAM_READ_TIMEOUT_S,
        retries: int = 5,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.client = AuthenticatedClient(
            base_url=base_url.rstrip("/"),
            token=token,
            timeout=httpx.Timeout(timeout_s, connect=10.0),
            httpx_args={"transport": RetryAfter(transport or httpx.HTTPTransport(), retries=retries)},
        )
        self.http: httpx.Client = self.client.get_httpx_client()
        self.stream_timeout = httpx.Timeout(10.0, read=stream_timeout_s)
        self.sleep: Callable[[float], None] = time.sleep
        self._acted: dict[UUID, int] = {}

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.http.close()

    def call(self, operation: Callable[..., Response[T | Problem]], *args: Any, **kwargs: Any) -> T:
        """One generated operation's `sync_detailed` with this session's client: its parsed
        answer, or ApiError. `session.call(get_game.sync_detailed, game_id)`."""
        response = operation(*args, client=self.client, **kwargs)
        parsed = response.parsed
        if 200 <= response.status_code < 300 and parsed is not None and not isinstance(parsed, Problem):
            return parsed
        raise ApiError.of(int(response.status_code), response.content)

    def stream_me(self, last_event_id: int | None = None) -> Iterator[State | Notification]:
        """The account's stream: without `last_event_id`, a `State` then every notification after
        it; with one, every notification after it. Never ends while the token is good."""
        start = None if last_event_id is None else str(last_event_id)
        with closing(self._events("/v1/me/stream", start, final=lambda _: False)) as events:
            for sse in events:
                if sse.event == "heartbeat":
                    continue
                data = json.loads(sse.data)
                if sse.event == "state":
                    yield State.of(int(sse.id or 0), StreamState.from_dict(data))
                elif isinstance(data, dict) and data.get("kind") in _KINDS:
                    # A kind newer than this client is skipped (the stream still moves past it).
                    yield Notification.from_dict(data)

    def stream_game(self, game_id: UUID | str, last_event_id: int | None = None) -> Iterator[EventDto | ChatLine]:
        """A game's events after `last_event_id` (all without), and its chat lines for a seated
        player; ends after the game's `game_ended` event."""
        start = None if last_event_id is None else str(last_event_id)
        with closing(self._events(f"/v1/games/{game_id}/stream", start, final=_game_ended)) as events:
            for sse in events:
                if sse.event == "chat":
                    yield ChatLine.from_dict(json.loads(sse.data))
                elif sse.event in ("game", "message"):
                    yield EventDto.from_dict(json.loads(sse.data))

    def act(self, turn: Turn, action: Action) -> ActionResult | None:
        """Submits `action` for `turn`: one `POST /v1/games/{id}/actions` with `If-Match` on the
        turn's version and an `Idempotency-Key`, sent again with the same key when the connection
        fails before the answer (the server answers a repeat with the original result). None
        when the game moved on meanwhile (412: a clock ran out, someone resigned)."""
        key = str(uuid.uuid4())
        for attempt in range(ACT_ATTEMPTS):
            try:
                return self.call(
                    submit_action.sync_detailed,
                    turn.game_id,
                    body=action,
                    if_match=f'"{turn.version}"',
                    idempotency_key=key,
                )
            except ApiError as e:
                if e.status == 412:
                    return None
                raise
            except httpx.TransportError:
                if attempt + 1 == ACT_ATTEMPTS:
                    raise
                self.sleep(2.0**attempt)
        return None

    def decide(self, turn: Turn, choose: Callable[[Turn], Action]) -> ActionResult | None:
        """`act(turn, choose(turn))` once per decision: a turn at a version this session already
        acted at or beyond (the state event and a notification may both carry it) is skipped."""
        if self._acted.get(turn.game_id, -1) >= turn.version or not turn.actions:
            return None
        self._acted[turn.game_id] = turn.version
        return self.act(turn, choose(turn))

    def play(
        self, game_id: UUID | str, choose: Callable[[Turn], Action], last_event_id: int | None = None
    ) -> Notification | None:
        """Plays the caller's seat in a game that has not ended: each awaited decision is
        `choose(turn)`, submitted with one request. Returns the game's `game_ended` notification
        (None if the stream ends for good first)."""
        wanted = UUID(str(game_id))
        for event in self.stream_me(last_event_id):
            if isinstance(event, State):
                for turn in event.games:
                    if turn.game_id == wanted:
                        self.decide(turn, choose)
            elif event.game_id == wanted:
                announced = Turn.of(event)
                if announced is not None:
                    self.decide(announced, choose)
                elif event.kind == NotificationKind.GAME_ENDED:
                    return event
        return None

    def _events(
        self, path: str, last_id: str | None, final: Callable[[ServerSentEvent], bool]
    ) -> Generator[ServerSentEvent, None, None]:
        """A stream's events, across reconnections: after a dropped connection, an end of the
        stream or a 5xx, it reconnects with `Last-Event-ID` set to the last id seen, waiting
        `retry:` (doubled for each failure in a row, up to a minute). It ends after an event
        `final` accepts, or on 204 (the server's "do not reconnect"); a 4xx raises ApiError."""
        retry_ms, failures = DEFAULT_RETRY_MS, 0
        while True:
            headers = {"Accept": "text/event-stream", "Cache-Control": "no-cache"}
            if last_id is not None:
                headers["Last-Event-ID"] = last_id
            parser = SseParser()
            try:
                with self.http.stream("GET", path, headers=headers, timeout=self.stream_timeout) as response:
                    if response.status_code == 204:
                        return
                    if response.status_code != 200:
                        response.read()
                        if response.status_code < 500:
                            raise ApiError.of(response.status_code, response.content)
                    else:
                        for line in response.iter_lines():
                            event = parser.feed(line)
                            retry_ms = parser.retry_ms if parser.retry_ms is not None else retry_ms
                            last_id = parser.last_id if parser.last_id is not None else last_id
                            if event is None:
                                continue
                            failures = 0
                            yield event
                            if final(event):
                                return
            except httpx.TransportError:
                pass  # dropped or silent for too long: reconnect
            failures += 1
            delay = min(retry_ms / 1000 * 2 ** (failures - 1), MAX_RECONNECT_DELAY_S)
            self.sleep(delay * random.uniform(1.0, 1.2))


def _game_ended(sse: ServerSentEvent) -> bool:
    """Whether this is a game stream's `game_ended` event, after which the server ends it."""
    if sse.event not in ("game", "message"):
        return False
    event = json.loads(sse.data).get("event")
    return isinstance(event, dict) and event.get("type") == "game_ended"
