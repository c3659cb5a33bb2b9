"""The message reader and the rate limiter on their own: any text becomes a message or a
ProtocolError, never anything else."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.server import protocol as p
from cardtable.server.connection import RateLimiter


def test_messages_are_read_into_their_classes() -> None:
    read = p.parse_message
    assert read('{"type":"hello","seq":0,"table":"t1"}') == p.Hello(seq=0, table="t1")
    assert read('{"type":"hello","seq":3,"table":"t1","token":"k"}') == p.Hello(
        seq=3, table="t1", token="k"
    )
    assert read('{"type":"play","seq":4,"action":"play Ac","version":12}') == p.Play(
        seq=4, action="play Ac", version=12
    )
    assert read('{"type":"play","seq":5,"action":"pass","version":0,"token":"k","seat":2}') == (
        p.Play(seq=5, action="pass", version=0, token="k", seat=2)
    )
    assert read('{"type":"sync","seq":6}') == p.Sync(seq=6)
    assert read('{"type":"ping","seq":7,"extra":[1]}') == p.Ping(seq=7)
    assert read('{"type":"hint","seq":8}') == p.HintRequest(seq=8)


@pytest.mark.parametrize(
    ("data", "code", "seq"),
    [
        ({"type": "ping"}, p.Code.BAD_MESSAGE, None),
        ({"type": "ping", "seq": -1}, p.Code.BAD_MESSAGE, None),
        ({"type": "ping", "seq": 2**53}, p.Code.BAD_MESSAGE, None),
        ({"type": "ping", "seq": 1.5}, p.Code.BAD_MESSAGE, None),
        ({"type": "ping", "seq": "1"}, p.Code.BAD_MESSAGE, None),
        ({"type": 5, "seq": 1}, p.Code.BAD_MESSAGE, 1),
        ({"type": "hello", "seq": 1}, p.Code.BAD_MESSAGE, 1),
        ({"type": "hello", "seq": 1, "table": "x" * 65}, p.Code.BAD_MESSAGE, 1),
        ({"type": "hello", "seq": 1, "table": "t", "token": 5}, p.Code.BAD_MESSAGE, 1),
        ({"type": "play", "seq": 1, "action": "pass", "version": -1}, p.Code.BAD_MESSAGE, 1),
        ({"type": "play", "seq": 1, "action": "pass", "version": False}, p.Code.BAD_MESSAGE, 1),
        ({"type": "play", "seq": 1, "action": " ", "version": 0}, p.Code.BAD_MESSAGE, 1),
        ({"type": "play", "seq": 1, "action": "x" * 401, "version": 0}, p.Code.BAD_MESSAGE, 1),
        (
            {"type": "play", "seq": 1, "action": "pass", "version": 0, "seat": "0"},
            p.Code.BAD_MESSAGE,
            1,
        ),
    ],
)
def test_bad_messages_name_the_problem(data: dict[str, Any], code: str, seq: int | None) -> None:
    with pytest.raises(p.ProtocolError) as e:
        p.parse_message(json.dumps(data))
    assert e.value.code == code and e.value.seq == seq and e.value.message


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
fields = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["hello", "play", "sync", "ping", "x"]) | json_values,
        "seq": st.integers(-3, 2**54) | json_values,
        "table": st.text(max_size=70) | json_values,
        "token": st.text(max_size=130) | json_values,
        "action": st.text(max_size=410) | json_values,
        "version": st.integers(-3, 2**54) | json_values,
        "seat": json_values,
    },
)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_a_message_or_a_protocol_error(text: str) -> None:
    try:
        msg = p.parse_message(text)
    except p.ProtocolError as e:
        assert e.code in (p.Code.BAD_JSON, p.Code.BAD_MESSAGE)
        json.dumps(e.to_json())
    else:
        assert isinstance(msg, p.Hello | p.Play | p.Sync | p.Ping)


@settings(max_examples=400, deadline=None)
@given(fields)
def test_any_object_is_a_message_or_a_protocol_error(data: dict[str, Any]) -> None:
    try:
        msg = p.parse_message(json.dumps(data))
    except p.ProtocolError as e:
        assert e.code == p.Code.BAD_MESSAGE
        assert e.seq is None or e.seq == data.get("seq")
    else:
        assert msg.seq == data["seq"] and 0 <= msg.seq < 2**53
        if isinstance(msg, p.Play):
            assert isinstance(msg.action, str) and isinstance(msg.version, int)


def test_rate_limiter_allows_a_burst_then_the_rate() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=10, burst=5, clock=lambda: now[0])
    assert [limiter.allow() for _ in range(7)] == [True] * 5 + [False] * 2
    now[0] += 0.1  # one more token
    assert [limiter.allow() for _ in range(2)] == [True, False]
    now[0] += 10.0  # never more than the burst
    assert sum(limiter.allow() for _ in range(10)) == 5
