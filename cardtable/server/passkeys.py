"""Passkeys (WebAuthn, through the ``webauthn`` library): a signed-in player adds one, and a
browser signs in with it (a discoverable credential: no name to type). Offered where the room
is served over HTTPS or on localhost, as browsers require.

Each ceremony's challenge is stored (hashed, five minutes, single use) so that any node can
finish what another began and an old answer cannot be replayed.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from cardtable.server.people_rows import ChallengeRow, PasskeyRow, PlayerRow
from cardtable.server.players import Player, add_key

CHALLENGE_MINUTES = 5
RP_NAME = "cardtable"
MAX_PASSKEYS = 10  # per player


class PasskeyError(Exception):
    """A ceremony refused (a catalogue key and an English sentence)."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key, self.message = key, message


def origin_of(base_url: str) -> tuple[str, str]:
    """The relying party's id (the host name) and the origin; PasskeyError unless HTTPS or
    localhost (browsers offer passkeys nowhere else)."""
    parts = urlsplit(base_url)
    host = parts.hostname or ""
    if parts.scheme != "https" and host != "localhost":
        raise PasskeyError("passkey.unavailable", "Passkeys need the room on HTTPS or on localhost")
    return host, f"{parts.scheme}://{parts.netloc}"


def _hash(challenge: bytes) -> str:
    return hashlib.sha256(challenge).hexdigest()


def _keep(s: Session, challenge: bytes, player_id: str | None, purpose: str, at: datetime) -> None:
    s.execute(delete(ChallengeRow).where(ChallengeRow.expires_at < at))
    s.add(
        ChallengeRow(
            challenge_hash=_hash(challenge),
            player_id=player_id,
            purpose=purpose,
            expires_at=at + timedelta(minutes=CHALLENGE_MINUTES),
        )
    )


def _spend(s: Session, challenge: bytes, purpose: str, at: datetime) -> ChallengeRow:
    row = s.get(ChallengeRow, _hash(challenge))
    if row is None or row.purpose != purpose:
        raise PasskeyError("passkey.failed", "That passkey answer is not one this room asked for")
    s.delete(row)
    expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=at.tzinfo)
    if expires < at:
        raise PasskeyError("passkey.failed", "The passkey request expired; try again")
    return row


def _challenge_of(credential: dict[str, Any]) -> bytes:
    from webauthn.helpers import base64url_to_bytes

    try:
        client = json.loads(base64url_to_bytes(credential["response"]["clientDataJSON"]))
        return base64url_to_bytes(client["challenge"])
    except (KeyError, TypeError, ValueError):
        raise PasskeyError("passkey.failed", "That is not a passkey answer") from None


def register_options(engine: Engine, player: Player, base_url: str, at: datetime) -> str:
    """The options of adding a passkey. The player's passkeys are listed to be excluded, so a
    device that holds one already refuses to make another (the page says so) rather than
    filling the player's list with copies."""
    rp_id, _ = origin_of(base_url)
    with Session(engine) as s, s.begin():
        held = list(s.scalars(select(PasskeyRow.credential_id).where(
            PasskeyRow.player_id == player.id)))  # fmt: skip
        if len(held) >= MAX_PASSKEYS:
            raise PasskeyError("passkey.too_many", f"At most {MAX_PASSKEYS} passkeys a player")
        options = generate_registration_options(
            rp_id=rp_id,
            rp_name=RP_NAME,
            user_name=player.name,
            user_id=player.id.encode(),
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in held
            ],
        )
        _keep(s, options.challenge, player.id, "register", at)
    return options_to_json(options)


def register(
    engine: Engine, player: Player, credential: dict[str, Any], base_url: str, at: datetime
) -> None:
    rp_id, origin = origin_of(base_url)
    challenge = _challenge_of(credential)
    with Session(engine) as s, s.begin():
        row = _spend(s, challenge, "register", at)
        if row.player_id != player.id:
            raise PasskeyError("passkey.failed", "That passkey request was someone else's")
        try:
            verified = verify_registration_response(
                credential=credential,
                expected_challenge=challenge,
                expected_rp_id=rp_id,
                expected_origin=origin,
            )
        except Exception as e:  # the library's own refusals, said in English
            raise PasskeyError("passkey.failed", f"The passkey was not accepted: {e}") from None
        s.add(
            PasskeyRow(
                credential_id=bytes_to_base64url(verified.credential_id),
                player_id=player.id,
                public_key=verified.credential_public_key,
                sign_count=verified.sign_count,
                created_at=at,
            )
        )


def signin_options(engine: Engine, base_url: str, at: datetime) -> str:
    rp_id, _ = origin_of(base_url)
    options = generate_authentication_options(
        rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED
    )
    with Session(engine) as s, s.begin():
        _keep(s, options.challenge, None, "signin", at)
    return options_to_json(options)


def signin(
    engine: Engine, credential: dict[str, Any], base_url: str, at: datetime
) -> tuple[Player, str]:
    """The player the passkey belongs to and a new key for this browser."""
    rp_id, origin = origin_of(base_url)
    challenge = _challenge_of(credential)
    with Session(engine) as s, s.begin():
        _spend(s, challenge, "signin", at)
        found = s.get(PasskeyRow, str(credential.get("id", ""))[:512])
        player = None if found is None else s.get(PlayerRow, found.player_id)
        if found is None or player is None:
            raise PasskeyError("passkey.unknown", "This room does not know that passkey")
        try:
            verified = verify_authentication_response(
                credential=credential,
                expected_challenge=challenge,
                expected_rp_id=rp_id,
                expected_origin=origin,
                credential_public_key=found.public_key,
                credential_current_sign_count=found.sign_count,
            )
        except Exception as e:
            raise PasskeyError("passkey.failed", f"The passkey was not accepted: {e}") from None
        found.sign_count = verified.new_sign_count
        return Player(player.id, player.name, player.created_at), add_key(s, player.id, at)
