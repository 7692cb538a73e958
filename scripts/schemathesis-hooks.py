# schemathesis hooks for scripts/schemathesis (loaded through SCHEMATHESIS_HOOKS): generated
# `POST /v1/games/{id}/actions` requests go to a real game in progress, at the fuzzer's turn, and
# generated `POST /v1/games/{id}/join` requests to an open game the fuzzer can join.
#
# Before each generated action request whose path was generated as valid data, the hook (most of
# the time) puts the game in play into `{id}`, and plays the other seat's turns with legal actions
# until the fuzzer's seat (0) is awaited; every few requests it also plays one legal action for
# the fuzzer, so that the fuzzed actions meet the game at many points. A finished game is
# replaced by a new one. The request itself (body, headers, If-Match) is left as generated.
#
# Environment: LORDS_ST_BASE (server), LORDS_ST_TOKENS ("<fuzzer>,<opponent>"), LORDS_ST_GAME
# (the game in play, the fuzzer at seat 0), LORDS_ST_HOOK_STATS (a file the hook keeps its own
# action requests' statuses in (JSON: status -> count), so that the script can tell them from generated ones).
import json
import os
import random
import threading
import urllib.error
import urllib.request

import schemathesis
from schemathesis.core.parameters import ParameterLocation

BASE = os.environ["LORDS_ST_BASE"]
TOKENS = os.environ["LORDS_ST_TOKENS"].split(",")
STATS = os.environ.get("LORDS_ST_HOOK_STATS")
ACTIONS = "/v1/games/{id}/actions"
JOIN = "/v1/games/{id}/join"
# Share of generated action requests sent to the game in play (the rest keep their generated id).
TO_GAME = 0.9
# Every this many generated action requests, the hook also plays one for the fuzzer.
FUZZER_MOVES_EVERY = 4

_lock = threading.Lock()
_rng = random.Random(int(os.environ.get("LORDS_ST_SEED", "10")))
_state = {"game": os.environ["LORDS_ST_GAME"], "calls": 0, "open": None}
_own = {}  # status -> count of the hook's own action requests


def _call(method, path, token, body=None):
    req = urllib.request.Request(
        BASE + path, method=method, data=None if body is None else json.dumps(body).encode()
    )
    req.add_header("content-type", "application/json")
    req.add_header("authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return res.status, json.load(res)
    except urllib.error.HTTPError as e:
        return e.code, None


def _act(game, seat):
    """Plays a random legal action for `seat`; counted as the hook's own request."""
    _, legal = _call("GET", f"/v1/games/{game}/legal-actions", TOKENS[seat])
    actions = (legal or {}).get("actions") or []
    if not actions:
        return
    status, _ = _call("POST", f"/v1/games/{game}/actions", TOKENS[seat], _rng.choice(actions))
    _own[str(status)] = _own.get(str(status), 0) + 1
    if STATS:
        with open(STATS, "w") as f:
            json.dump(_own, f)


def _awaited(game):
    status, body = _call("GET", f"/v1/games/{game}", TOKENS[0])
    if status != 200:
        return None
    awaiting = body["game"]["awaiting"]
    return None if awaiting is None else awaiting["seat"]


def _new_game():
    status, created = _call("POST", "/v1/games", TOKENS[0], {"players": 2})
    if status != 201:
        raise RuntimeError(f"the hooks could not create a game: {status} {created}")
    _call("POST", f"/v1/games/{created['id']}/join", TOKENS[1], {})
    return created["id"]


def _game_at_fuzzers_turn(play_for_fuzzer):
    """The game in play, advanced until seat 0 is awaited (a new game when it ends)."""
    for _ in range(200):
        game = _state["game"]
        seat = _awaited(game)
        if seat is None:
            _state["game"] = _new_game()
            continue
        if seat == 0 and not play_for_fuzzer:
            return game
        _act(game, seat)
        if seat == 0:
            play_for_fuzzer = False
    return _state["game"]


def _open_game():
    """An open game the opponent created (the last one, while nobody has joined it)."""
    game = _state["open"]
    if game is not None:
        status, body = _call("GET", f"/v1/games/{game}", TOKENS[1])
        if status == 200 and body["game"]["status"] == "open":
            return game
    status, created = _call("POST", "/v1/games", TOKENS[1], {"players": 2})
    if status != 201:
        return game
    _state["open"] = created["id"]
    return created["id"]


def _path_is_generated_valid(case):
    meta = getattr(case, "meta", None)
    return meta is None or not meta.is_negative_at(ParameterLocation.PATH)


def _fill_null_links(case):
    """A stateful link from a field that is null in its answer (a seek not paired yet has
    `game_id` null) reaches the next request as Python's None: sent as the text "None" in a path,
    or left out of a query. Such a value is no schema-valid request; the game in play is sent
    instead."""
    path = case.path_parameters or {}
    if path.get("id") is None or path.get("id") == "None":
        if "{id}" in case.operation.path:
            case.path_parameters = {**path, "id": _state["game"]}
    query = case.query or {}
    nulls = [k for k, v in query.items() if v is None]
    if nulls:
        case.query = {**query, **{k: _state["game"] for k in nulls}}


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    _fill_null_links(case)
    if case.operation.method.upper() != "POST" or case.operation.path not in (ACTIONS, JOIN):
        return
    if not _path_is_generated_valid(case) or _rng.random() >= TO_GAME:
        return
    with _lock:
        if case.operation.path == JOIN:
            game = _open_game()
            if game is None:
                return
        else:
            _state["calls"] += 1
            game = _game_at_fuzzers_turn(_state["calls"] % FUZZER_MOVES_EVERY == 0)
    case.path_parameters = {**(case.path_parameters or {}), "id": game}
