"""`lords_client.Session` against a scripted HTTP server: what a real server rarely does on cue
(a dropped stream, a 429, a 503, an end for good). tests/it/python_client.rs runs these; the
happy path against the real server is tested there too."""

from __future__ import annotations

import json
import sys
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

try:
    import lords_client  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lords-client"))

from lords_client import ApiError, Session, State, Turn
from lords_client.models import AwaitedGame, ChatLine, EventDto, Notification
from lords_client.session import SseParser

GAME = "0195f3c2-6f1e-7a4b-9c1d-2f8e5a7b3c10"
TURN = {
    "version": 3,
    "seat": 1,
    "decision": {"kind": "turn"},
    "deadline": None,
    "actions": [{"type": "pass"}],
    "continuation": True,
}

EMPTY: dict[str, list[Any]] = {"games": [], "invitations": [], "challenges": [], "chat": []}
EMPTY_STATE = f"id: 1\nevent: state\ndata: {json.dumps(EMPTY)}\n\n"


def notification(id: int, kind: str = "your_turn", payload: dict[str, Any] | None = None) -> str:
    body = {"id": id, "kind": kind, "game_id": GAME, "created_at": "2026-03-14T18:09:47Z", "payload": payload or TURN}
    return f"id: {id}\nevent: notification\ndata: {json.dumps(body)}\n\n"


class Answer:
    """One scripted answer: a status, headers and a body written as is (then the connection closes)."""

    def __init__(self, status: int, body: str = "", headers: dict[str, str] | None = None) -> None:
        self.status, self.body, self.headers = status, body, headers or {}


class Server:
    """Answers requests with the scripted answers in turn, and keeps each request's headers."""

    def __init__(self, answers: list[Answer]) -> None:
        self.answers = answers
        self.requests: list[tuple[str, dict[str, str]]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def answer(self) -> None:
                server.requests.append((f"{self.command} {self.path}", dict(self.headers)))
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                answer = server.answers.pop(0)
                self.send_response(answer.status)
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.send_header("Connection", "close")
                if answer.status != 200 or "Content-Type" in answer.headers:
                    self.send_header("Content-Length", str(len(answer.body.encode())))
                self.end_headers()
                self.wfile.write(answer.body.encode())

            do_GET = answer
            do_POST = answer

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.http.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.http.server_port}"

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


def stream(body: str) -> Answer:
    return Answer(200, body, {"Content-Type": "text/event-stream"})


def problem(status: int, code: str, headers: dict[str, str] | None = None) -> Answer:
    body = {"type": f"/problems/{code}", "title": code, "status": status, "detail": code, "code": code}
    return Answer(status, json.dumps(body), {"Content-Type": "application/problem+json", **(headers or {})})


class SessionTest(unittest.TestCase):
    def session(self, answers: list[Answer]) -> tuple[Session, Server, list[float]]:
        server = Server(answers)
        self.addCleanup(server.close)
        session = Session(server.url, "token")
        self.addCleanup(session.close)
        slept: list[float] = []
        session.sleep = slept.append
        transport: Any = session.http._transport
        transport.sleep = slept.append
        return session, server, slept

    def test_the_parser_joins_data_lines_and_skips_comments(self) -> None:
        parser = SseParser()
        lines = ["retry: 1500", ": a comment", "id: 7", "event: x", "data: a", "data:b", "data", ""]
        events = [e for e in map(parser.feed, lines) if e is not None]
        self.assertEqual([(e.event, e.data, e.id) for e in events], [("x", "a\nb\n", "7")])
        self.assertEqual(parser.retry_ms, 1500)

    def test_an_event_cut_before_its_blank_line_is_not_seen_and_its_id_not_kept(self) -> None:
        parser = SseParser()
        for line in ["id: 4", "data: {}", "", "id: 5", "data: cut"]:
            parser.feed(line)
        self.assertEqual(parser.last_id, "4")

    def test_the_stream_reconnects_after_a_drop_with_the_last_id_waiting_its_retry(self) -> None:
        state = f'id: 4\nevent: state\ndata: {{"games": [{json.dumps({**TURN, "game_id": GAME})}], "invitations": [],\n'
        state += 'data: "challenges": [],\n'
        state += f'data: "chat": [{{"game_id": "{GAME}", "unread": 2}}]}}\n\n'
        session, server, slept = self.session(
            [
                stream("retry: 10\n\n" + state + "event: heartbeat\ndata: {}\n\n"),
                stream(notification(5) + "id: 6\ndata: cut before its end"),
                Answer(204),
            ]
        )
        events = list(session.stream_me())
        self.assertIsInstance(events[0], State)
        assert isinstance(events[0], State)
        self.assertEqual((events[0].id, events[0].chat[0].unread, events[0].games[0].version), (4, 2, 3))
        assert isinstance(events[1], Notification)
        turn = Turn.of(events[1])
        assert turn is not None
        self.assertEqual((turn.version, turn.seat, turn.continuation, len(turn.actions)), (3, 1, True, 1))
        self.assertEqual(len(events), 2)
        self.assertEqual([headers.get("Last-Event-ID") for _, headers in server.requests], [None, "4", "5"])
        self.assertEqual(len(slept), 2)
        self.assertTrue(all(0.01 <= s <= 0.012 for s in slept), slept)

    def test_failures_in_a_row_wait_longer_each_time(self) -> None:
        session, server, slept = self.session([Answer(502), Answer(502), Answer(502), Answer(204)])
        self.assertEqual(list(session.stream_me(last_event_id=9)), [])
        self.assertEqual([int(s // 2.0) for s in slept], [1, 2, 4])
        self.assertEqual({headers.get("Last-Event-ID") for _, headers in server.requests}, {"9"})

    def test_the_game_stream_ends_after_game_ended_without_reconnecting(self) -> None:
        ended = {"type": "game_ended", "scores": [40, 38], "winners": [0]}
        event = {"seq": 1, "seat": None, "hash": None, "prev_hash": None, "recorded_at": None, "event": ended}
        chat = {"id": 1, "seat": 0, "username": "ailsa", "text": "gg", "sent_at": "2026-03-14T18:09:47Z"}
        body = f"event: chat\ndata: {json.dumps(chat)}\n\nid: 1\nevent: game\ndata: {json.dumps(event)}\n\n"
        session, server, _ = self.session([stream(body)])
        events = list(session.stream_game(GAME))
        self.assertEqual([type(e) for e in events], [ChatLine, EventDto])
        self.assertEqual(len(server.requests), 1)

    def test_429_and_503_are_retried_after_retry_after_then_answered(self) -> None:
        session, server, slept = self.session(
            [
                Answer(429, "{}", {"Retry-After": "3"}),
                Answer(503, "{}"),
                stream(EMPTY_STATE),
            ]
        )
        first = next(iter(session.stream_me()))
        self.assertIsInstance(first, State)
        self.assertEqual(slept, [3.0, 2.0])

    def test_retries_are_bounded_and_an_error_carries_its_problem_code(self) -> None:
        answers = [problem(429, "too_many_streams", {"Retry-After": "1"})] * 6
        session, _, slept = self.session(answers)
        with self.assertRaises(ApiError) as raised:
            next(iter(session.stream_me()))
        self.assertEqual((raised.exception.status, raised.exception.code), (429, "too_many_streams"))
        self.assertEqual(len(slept), 5)

    def test_an_action_sends_if_match_and_an_idempotency_key_and_412_is_no_error(self) -> None:
        session, server, _ = self.session([problem(412, "version_mismatch")])
        turn = Turn.of_awaited(AwaitedGame.from_dict({**TURN, "game_id": GAME}))
        self.assertIsNone(session.decide(turn, first_action))
        self.assertIsNone(session.decide(turn, first_action), "a turn is taken once")
        [(request, headers)] = server.requests
        self.assertEqual(request, f"POST /v1/games/{GAME}/actions")
        self.assertEqual(headers["If-Match"], '"3"')
        self.assertTrue(headers["Idempotency-Key"])


def first_action(turn: Turn) -> Any:
    return turn.actions[0]


if __name__ == "__main__":
    unittest.main()
