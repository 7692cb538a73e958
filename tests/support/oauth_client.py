"""A third-party app doing the OAuth 2.0 flow against the server with a real client library
(authlib, the version .ci/run pins): tests/it/oauth.rs runs it.

Usage: oauth_client.py BASE_URL SESSION_TOKEN USERNAME

The session token is a first-party access token: the script approves the request through
POST /v1/oauth/authorizations with it, as the web client's consent page does. Prints a JSON
report on success; fails (non-zero exit) on anything unexpected.
"""

import json
import sys
from urllib.parse import parse_qsl, urlsplit

import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session

CLIENT_ID = "authlib test app"
REDIRECT_URI = "http://127.0.0.1:9/callback"


def main():
    base, session_token, username = sys.argv[1], sys.argv[2], sys.argv[3]
    metadata = requests.get(f"{base}/.well-known/oauth-authorization-server", timeout=10).json()
    assert "S256" in metadata["code_challenge_methods_supported"], metadata

    client = OAuth2Session(
        client_id=CLIENT_ID,
        redirect_uri=REDIRECT_URI,
        scope="account:read game:read",
        code_challenge_method="S256",
        token_endpoint_auth_method="none",
    )
    verifier = generate_token(64)
    # The server's own endpoints: the metadata names them on the public URL, which tests
    # point elsewhere.
    url, state = client.create_authorization_url(f"{base}/oauth/authorize", code_verifier=verifier)
    request = dict(parse_qsl(urlsplit(url).query))
    assert request["code_challenge_method"] == "S256", request
    assert request["state"] == state, request

    # The consent page: check, then approve with the session signed in with a password.
    consent = requests.get(f"{base}/v1/oauth/consent", params=request, timeout=10)
    assert consent.status_code == 200, consent.text
    assert [s["scope"] for s in consent.json()["scopes"]] == ["account:read", "game:read"]
    approved = requests.post(
        f"{base}/v1/oauth/authorizations",
        json={**request, "approve": True},
        headers={"Authorization": f"Bearer {session_token}"},
        timeout=10,
    )
    assert approved.status_code == 201, approved.text
    redirect_to = approved.json()["redirect_to"]

    # authlib parses the redirect (checking the state) and sends the verifier.
    token = client.fetch_token(
        f"{base}/oauth/token",
        authorization_response=redirect_to,
        code_verifier=verifier,
    )
    assert token["token_type"] == "Bearer", token
    assert token["access_token"].startswith("lords_oat_"), token
    first_refresh = token["refresh_token"]

    me = client.get(f"{base}/v1/me", timeout=10)
    assert me.status_code == 200, me.text
    assert me.json()["username"] == username, me.text

    refreshed = client.refresh_token(f"{base}/oauth/token")
    assert refreshed["refresh_token"] != first_refresh, refreshed
    me = client.get(f"{base}/v1/me", timeout=10)
    assert me.status_code == 200, me.text

    revoked_token = refreshed["access_token"]
    res = client.revoke_token(
        f"{base}/oauth/revoke", token=revoked_token, token_type_hint="access_token"
    )
    assert res.status_code == 200, res.text
    refused = requests.get(
        f"{base}/v1/me", headers={"Authorization": f"Bearer {revoked_token}"}, timeout=10
    )
    assert refused.status_code == 401, refused.text
    assert refused.json()["code"] == "invalid_token", refused.text

    print(
        json.dumps(
            {
                "username": me.json()["username"],
                "revoked_status": refused.status_code,
                "first_refresh_token": first_refresh,
                "second_refresh_token": refreshed["refresh_token"],
            }
        )
    )


if __name__ == "__main__":
    main()
