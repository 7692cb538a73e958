#!/usr/bin/env python3
"""Checks a finished game's record (lords-record-v1) without trusting the server that wrote it.

A record is what `GET /v1/games/{id}/record` and `lords export <id>` answer (docs/audit.md, "The
record"; its JSON Schema is docs/record.schema.json). This program shares no code with the
server: it is meant to be read as the specification of what a record proves. It needs Python 3.9+
and the `cryptography` package (for Ed25519), nothing else, and it reads no network.

    python3 lords_verify.py RECORD.json [--receipts RECEIPTS.json] [--key BASE64_PUBLIC_KEY]

RECEIPTS.json is a JSON list of the receipts the server gave you while you played (each
`{"version", "commitment", "signature"}`, as the game's views, action answers and `your_turn`
notifications carry them). BASE64_PUBLIC_KEY is the log's Ed25519 public key, base64 of its 32
raw bytes, as `GET /v1/transparency/key` shows it: take it from a source you trust (a copy kept
earlier, `lords log-monitor`'s state file, someone else's), not from the server you are checking.

It prints one verdict line per check, `ok`, `FAIL` or `skip`, then the check's name:

- format: the record says it is lords-record-v1 and has every top-level field.
- chain: each event's hash is SHA-256(prev_hash ‖ the event's bytes), the first prev_hash being 32
  zero bytes and each next one the hash before it; seqs run 1, 2, 3...; the head is the last
  event's seq and hash. The bytes are the event as the server stored it, compact JSON with its
  keys in the record's order, which is how this program writes each event back. So no event of
  the stream was changed, removed or reordered after the head was fixed.
- shuffles: every deck_shuffled event's commitment is SHA-256(order ‖ salt), the order as one byte
  per card id and the shuffle's salt as bytes. The commitments were shown from the start, so the
  decks were fixed before any card was dealt from them.
- receipts (with --receipts): each receipt's commitment is SHA-256(b"lords-head-v1\\x00" ‖ the
  game's salt ‖ the hash of the event at the receipt's version), and no receipt is for a version
  beyond the record. So the history you were shown while playing is a prefix of this one.
- receipt signatures (with --receipts): each receipt is the key's Ed25519 signature over
  b"lords-receipt-v1\\x00" ‖ game_id (16 bytes) ‖ version (u64 big-endian) ‖ commitment.
- log inclusion: the game's leaf, b"lords-game-v1\\x00" ‖ game_id (16 bytes) ‖ head.version (u64
  BE) ‖ head.hash, is leaf leaf_index of the signed tree: its RFC 9162 §2.1.3.2 audit path leads
  from the leaf hash SHA-256(0x00 ‖ leaf) through node hashes SHA-256(0x01 ‖ left ‖ right) to the
  tree head's root_hash.
- log signature: the tree head is the key's Ed25519 signature over b"lords-sth-v1\\x00" ‖
  tree_size (u64 BE) ‖ timestamp (u64 BE) ‖ root_hash. With the two log checks, the operator has
  published this very history, and cannot rewrite it later without a tree that is not an
  extension of this one.

Without --key nothing proves who made the record: anyone can build a chain, a Merkle tree and
receipts that agree with each other. So the signature checks are reported `skip` and the exit is
not 0. A record whose `transparency` is null (the game is not in the log yet; it is logged seconds
after its end) fails both log checks: fetch it again. A file that is not a record fails the check
that needed the missing or misshapen field, named.

What it does not prove: that the moves followed the rules (the server's `lords verify` replays
the stream through the engine; the rules are docs/rules.md), nor that the log showed this tree
head to everyone (compare it with heads others keep: `lords log-monitor`).

Exit status: 0 every check passed, signatures included; 1 a check failed; 2 nothing failed but the
signatures were not checked (no --key), or the command line was wrong.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import hashlib
import json
import re
import struct
import sys
import time
import uuid
from collections.abc import Callable
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

FORMAT = "lords-record-v1"
RECORD_FIELDS = ("format", "game_id", "options", "seats", "events", "salt", "head", "transparency")
GENESIS = bytes(32)
HEAD_PREFIX = b"lords-head-v1\x00"
RECEIPT_PREFIX = b"lords-receipt-v1\x00"
LEAF_PREFIX = b"lords-game-v1\x00"
STH_PREFIX = b"lords-sth-v1\x00"
HEX32 = re.compile(r"[0-9a-f]{64}")
HEX = re.compile(r"(?:[0-9a-f]{2})*")


class Failed(Exception):
    """The record does not prove what the check asks of it."""


class Malformed(Failed):
    """A field the check needs is missing or has the wrong shape."""


class Skipped(Exception):
    """The check could not be made with what was given."""


# Reading fields: every accessor names the field it wanted, so a malformed file gets a FAIL line
# saying what is wrong with it instead of a traceback.


def field(obj: Any, key: str, where: str) -> Any:
    if not isinstance(obj, dict):
        raise Malformed(f"{where or 'the record'} is not a JSON object")
    if key not in obj:
        raise Malformed(f"{label(key, where)} is missing")
    return obj[key]


def label(key: str, where: str) -> str:
    return f"{where}.{key}" if where else key


def integer(obj: Any, key: str, where: str) -> int:
    value = field(obj, key, where)
    # A u64 on the wire; JSON's true and false are not numbers here.
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**64:
        raise Malformed(f"{label(key, where)} is not a whole number from 0 to 2^64-1")
    return value


def array(obj: Any, key: str, where: str) -> list[Any]:
    value = field(obj, key, where)
    if not isinstance(value, list):
        raise Malformed(f"{label(key, where)} is not a list")
    return value


def hex32(obj: Any, key: str, where: str) -> bytes:
    value = field(obj, key, where)
    if not isinstance(value, str) or not HEX32.fullmatch(value):
        raise Malformed(f"{label(key, where)} is not 64 lowercase hex digits")
    return bytes.fromhex(value)


def base64_bytes(value: Any, length: int, what: str) -> bytes:
    try:
        if not isinstance(value, str):
            raise ValueError
        decoded = base64.b64decode(value, validate=True)
    except (ValueError, binascii.Error):
        raise Malformed(f"{what} is not base64") from None
    if len(decoded) != length:
        raise Malformed(f"{what} is {len(decoded)} bytes, not {length}")
    return decoded


def game_id(record: Any) -> bytes:
    value = field(record, "game_id", "")
    try:
        return uuid.UUID(value).bytes
    except (TypeError, ValueError, AttributeError):
        raise Malformed("game_id is not a UUID") from None


def u64(n: int) -> bytes:
    return struct.pack(">Q", n)


def sha256(*parts: bytes) -> bytes:
    h = hashlib.sha256()
    for part in parts:
        h.update(part)
    return h.digest()


def event_bytes(event: Any) -> bytes:
    """The bytes the event's hash covers.

    The server hashed the event as it stored it, compact JSON with its keys in the order written,
    and the record holds that text verbatim. json.load keeps key order, and the server writes no
    floats, so writing the event back compactly gives those bytes again (non-ASCII as UTF-8, as
    the server writes it).
    """
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def seq_of(e: Any, i: int) -> int:
    """An event's seq for a message, even when the seq itself is what is wrong."""
    seq = e.get("seq") if isinstance(e, dict) else None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else i + 1


def every(n: int, thing: str, verdict: str) -> str:
    return f"every {thing} {verdict} ({n})" if n else f"no {thing} to check"


def short(b: bytes) -> str:
    return b.hex()[:8] + "…"


def verify_signature(key: Ed25519PublicKey, signature: bytes, message: bytes) -> bool:
    try:
        key.verify(signature, message)
        return True
    except InvalidSignature:
        return False


# The checks. Each answers the detail of its `ok` line, or raises Failed (or Malformed) or Skipped.


def check_format(record: Any) -> str:
    for key in RECORD_FIELDS:
        field(record, key, "")
    if record["format"] != FORMAT:
        raise Failed(f"format is {record['format']!r}, not {FORMAT!r}")
    game_id(record)
    seats = array(record, "seats", "")
    return f"{FORMAT}, game {record['game_id']}, {len(seats)} seats"


def event_hashes(record: Any) -> list[bytes]:
    """The hash each event claims, in order: what receipts are checked against."""
    events = array(record, "events", "")
    return [hex32(e, "hash", f"events[{i}]") for i, e in enumerate(events)]


def check_chain(record: Any) -> str:
    events = array(record, "events", "")
    if not events:
        raise Failed("the record has no events")
    prev = GENESIS
    for i, e in enumerate(events):
        where = f"events[{i}]"
        seq = integer(e, "seq", where)
        if seq != i + 1:
            raise Failed(f"{where} has seq {seq}, not {i + 1}: the stream has a gap or is out of order")
        if hex32(e, "prev_hash", where) != prev:
            linked = "32 zero bytes" if seq == 1 else f"the hash of seq {seq - 1}"
            raise Failed(f"seq {seq}: prev_hash is not {linked}")
        recomputed = sha256(prev, event_bytes(field(e, "event", where)))
        if hex32(e, "hash", where) != recomputed:
            raise Failed(f"seq {seq} does not hash to its hash, SHA-256(prev_hash ‖ event)")
        prev = recomputed
    head = field(record, "head", "")
    version = integer(head, "version", "head")
    if version != len(events):
        raise Failed(f"head.version is {version}, but the last event is seq {len(events)}")
    if hex32(head, "hash", "head") != prev:
        raise Failed(f"head.hash is not the hash of the last event (seq {len(events)})")
    return f"{len(events)} events, head {short(prev)} at version {version}"


def check_shuffles(record: Any) -> str:
    checked = 0
    for i, e in enumerate(array(record, "events", "")):
        event = field(e, "event", f"events[{i}]")
        if not isinstance(event, dict) or event.get("type") != "deck_shuffled":
            continue
        seq, where = seq_of(e, i), f"events[{i}].event"
        order, salt = field(event, "order", where), field(event, "salt", where)
        if order is None or salt is None:
            raise Failed(f"seq {seq}: the shuffle's order and salt are not revealed")
        if not isinstance(order, list) or not all(
            isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 256 for c in order
        ):
            raise Malformed(f"{where}.order is not a list of card ids (0 to 255)")
        if not isinstance(salt, str) or not HEX.fullmatch(salt):
            raise Malformed(f"{where}.salt is not lowercase hex")
        if sha256(bytes(order), bytes.fromhex(salt)) != hex32(event, "commitment", where):
            raise Failed(f"seq {seq} does not match its commitment")
        checked += 1
    return every(checked, "shuffle", "matches its commitment")


def receipt_version(r: Any, where: str, last: int) -> int:
    version = integer(r, "version", where)
    if version == 0:
        raise Failed(f"{where} is for version 0: versions start at 1")
    if version > last:
        raise Failed(f"{where} is for version {version}, beyond the record's last, {last}")
    return version


def check_receipts(record: Any, receipts: list[Any]) -> str:
    salt = field(record, "salt", "")
    if salt is None:
        raise Failed("the record has no salt (a game from before receipts): no receipt can be checked")
    salt = hex32(record, "salt", "")
    hashes = event_hashes(record)
    for i, r in enumerate(receipts):
        where = f"receipts[{i}]"
        version = receipt_version(r, where, len(hashes))
        if hex32(r, "commitment", where) != sha256(HEAD_PREFIX, salt, hashes[version - 1]):
            raise Failed(f"{where} (version {version}) does not commit to the record's history at that version")
    return every(len(receipts), "receipt", "commits to the record's history under its salt")


def check_receipt_signatures(record: Any, receipts: list[Any], key: Ed25519PublicKey | None) -> str:
    if key is None:
        raise Skipped("not checked: no --key given")
    game = game_id(record)
    last = len(array(record, "events", ""))
    for i, r in enumerate(receipts):
        where = f"receipts[{i}]"
        version = receipt_version(r, where, last)
        commitment = hex32(r, "commitment", where)
        signature = base64_bytes(field(r, "signature", where), 64, f"{where}.signature")
        if not verify_signature(key, signature, RECEIPT_PREFIX + game + u64(version) + commitment):
            raise Failed(f"{where} (version {version}) is not signed by the key")
    return every(len(receipts), "receipt", "is signed by the key")


def logged(record: Any) -> Any:
    transparency = field(record, "transparency", "")
    if transparency is None:
        raise Failed(
            "not in the log yet (transparency is null): the log takes a game seconds after its end; "
            "fetch the record again"
        )
    return transparency


def tree_head(transparency: Any) -> tuple[int, int, bytes]:
    sth = field(transparency, "sth", "transparency")
    size = integer(sth, "tree_size", "transparency.sth")
    timestamp = integer(sth, "timestamp", "transparency.sth")
    root = base64_bytes(field(sth, "root_hash", "transparency.sth"), 32, "transparency.sth.root_hash")
    return size, timestamp, root


def root_from_path(index: int, size: int, leaf: bytes, path: list[bytes]) -> bytes | None:
    """RFC 9162 §2.1.3.2: the root that `path` leads to from leaf `index` of a tree of `size`."""
    if index >= size:
        return None
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            return None
        if fn & 1 or fn == sn:
            r = sha256(b"\x01", p, r)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            r = sha256(b"\x01", r, p)
        fn, sn = fn >> 1, sn >> 1
    return r if sn == 0 else None


def check_log_inclusion(record: Any) -> str:
    transparency = logged(record)
    index = integer(transparency, "leaf_index", "transparency")
    size, _, root = tree_head(transparency)
    path = [
        base64_bytes(p, 32, f"transparency.inclusion_path[{i}]")
        for i, p in enumerate(array(transparency, "inclusion_path", "transparency"))
    ]
    head = field(record, "head", "")
    version, head_hash = integer(head, "version", "head"), hex32(head, "hash", "head")
    leaf = sha256(b"\x00", LEAF_PREFIX, game_id(record), u64(version), head_hash)
    if root_from_path(index, size, leaf, path) != root:
        raise Failed(
            f"the path from leaf {index} (version {version}, head {short(head_hash)}) "
            f"does not lead to the root of the signed tree of size {size}"
        )
    return f"leaf {index} (version {version}, head {short(head_hash)}) is in the tree of size {size}"


def check_log_signature(record: Any, key: Ed25519PublicKey | None) -> str:
    transparency = logged(record)
    size, timestamp, root = tree_head(transparency)
    signature = base64_bytes(
        field(field(transparency, "sth", "transparency"), "signature", "transparency.sth"),
        64,
        "transparency.sth.signature",
    )
    if key is None:
        raise Skipped("not checked: no --key given")
    if not verify_signature(key, signature, STH_PREFIX + u64(size) + u64(timestamp) + root):
        raise Failed(f"the tree head of size {size} is not signed by the key")
    try:
        signed = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(timestamp // 1000))
    except (OverflowError, OSError, ValueError):  # a signed time beyond the calendar
        signed = f"at {timestamp} ms"
    return f"the tree head of size {size}, root {short(root)}, signed {signed}, by the key"


def run(name: str, check: Callable[..., str], *args: Any) -> str:
    """Runs one check, prints its verdict line, and answers the verdict."""
    try:
        verdict, detail = "ok", check(*args)
    except Failed as e:
        verdict, detail = "FAIL", str(e)
    except Skipped as e:
        verdict, detail = "skip", str(e)
    print(f"{verdict:<4} {name}: {detail}")
    return verdict


def fail(problem: Failed) -> str:
    """A check that cannot start: its input could not be read."""
    raise problem


def load_json(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise Malformed(f"{path} cannot be read: {e.strerror}") from None
    except (ValueError, RecursionError) as e:
        # ValueError covers bad UTF-8, bad JSON and a number too long to read.
        raise Malformed(f"{path} is not JSON that can be read: {e}") from None


def public_key(text: str) -> Ed25519PublicKey:
    """The --key argument; argparse turns the ValueError into a usage error (exit 2)."""
    try:
        raw = base64.b64decode(text, validate=True)
    except binascii.Error:
        raise ValueError from None
    if len(raw) != 32:
        raise ValueError
    return Ed25519PublicKey.from_public_bytes(raw)


# argparse names a type by its __name__ when it refuses an argument.
public_key.__name__ = "Ed25519 public key (base64 of 32 bytes)"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", help="the record, as GET /v1/games/{id}/record or lords export wrote it")
    parser.add_argument("--receipts", help="a JSON list of the receipts the server gave you")
    parser.add_argument("--key", type=public_key, help="the log's public key, base64 of its 32 bytes")
    args = parser.parse_args(argv)

    try:
        record = load_json(args.record)
        if not isinstance(record, dict):
            raise Malformed(f"{args.record} is not a JSON object")
    except Malformed as e:
        # Nothing else can be checked: one line, not the same reason under every check.
        run("format", fail, e)
        return 1

    verdicts = [
        run("format", check_format, record),
        run("chain", check_chain, record),
        run("shuffles", check_shuffles, record),
    ]
    if args.receipts is not None:
        try:
            receipts = load_json(args.receipts)
            if not isinstance(receipts, list):
                raise Malformed(f"{args.receipts} is not a JSON list of receipts")
        except Malformed as e:
            problem = e
            receipts = None
        if receipts is None:
            verdicts += [run(check, fail, problem) for check in ("receipts", "receipt signatures")]
        else:
            verdicts += [
                run("receipts", check_receipts, record, receipts),
                run("receipt signatures", check_receipt_signatures, record, receipts, args.key),
            ]
    verdicts += [
        run("log inclusion", check_log_inclusion, record),
        run("log signature", check_log_signature, record, args.key),
    ]
    if "FAIL" in verdicts:
        return 1
    return 2 if "skip" in verdicts else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
