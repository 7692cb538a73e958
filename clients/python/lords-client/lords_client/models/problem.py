from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_code import ProblemCode

T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """A problem report (RFC 9457). `code` is the stable, machine-readable reason; branch on it,
    never on `title` or `detail`. `title` and `detail` are in English, or in French when the
    request's `Accept-Language` prefers `fr` (the response's `Content-Language` says which); the
    `code` is the same in every language.

        Attributes:
            code (ProblemCode): The stable reason code. Codes of the HTTP layer:

                - `malformed_json` (400): Malformed JSON body
                - `invalid_path` (400): Invalid path parameter
                - `invalid_query` (400): Invalid query string
                - `unsupported_media_type` (415): Unsupported media type
                - `invalid_character` (400): Invalid character
                - `unauthorized` (401): Authentication required
                - `invalid_token` (401): Invalid token
                - `insufficient_scope` (403): Insufficient scope
                - `first_party_only` (403): For a signed-in session only
                - `invalid_credentials` (401): Invalid credentials
                - `not_found` (404): Not found
                - `method_not_allowed` (405): Method not allowed
                - `username_taken` (409): Username taken
                - `payload_too_large` (413): Payload too large
                - `invalid_username` (422): Invalid username
                - `invalid_password` (422): Invalid password
                - `rate_limited` (429): Too many attempts
                - `internal_error` (500): Internal server error
                - `service_unavailable` (503): Service unavailable
                - `migrations_pending` (503): Database migrations pending
                - `bad_request` (400): Bad request
                - `invalid_action` (422): Invalid action
                - `invalid_options` (422): Invalid game options
                - `invalid_header` (400): Invalid header
                - `invalid_cursor` (400): Invalid cursor
                - `not_seated` (403): Not seated in this game
                - `game_not_found` (404): Game not found
                - `already_seated` (409): Already seated
                - `game_full` (409): Game full
                - `game_not_open` (409): Game not open
                - `game_not_finished` (409): Game not finished
                - `idempotency_key_reused` (409): Idempotency key reused
                - `version_conflict` (409): Version conflict
                - `version_mismatch` (412): Stale version
                - `invalid_refresh_token` (401): Invalid refresh token
                - `invalid_current_password` (403): Wrong current password
                - `too_many_open_games` (409): Too many open games
                - `request_timeout` (408): Request body too slow
                - `invalid_invitation` (422): Invalid invitation
                - `invalid_bots` (422): Invalid bots
                - `seat_taken` (409): Seat taken
                - `invalid_webhook` (422): Invalid webhook
                - `webhook_url_forbidden` (422): Webhook address not allowed
                - `too_many_webhooks` (409): Too many webhooks
                - `webhook_not_found` (404): Webhook not found
                - `invalid_push_subscription` (422): Invalid push subscription
                - `too_many_push_subscriptions` (409): Too many push subscriptions
                - `push_subscription_not_found` (404): Push subscription not found
                - `too_many_pending_invitations` (409): Too many pending invitations
                - `too_many_invitations` (429): Too many invitations
                - `too_many_bot_games` (409): Too many games with bots
                - `too_many_bot_account_games` (409): Too many games for a bot account
                - `seat_reserved` (409): Seat reserved
                - `invitation_not_found` (404): Invitation not found
                - `invalid_hints` (422): Invalid hints
                - `not_enough_vacation_days` (422): Not enough vacation days
                - `vacation_in_progress` (409): Vacation in progress
                - `not_on_vacation` (404): Not on vacation
                - `deadline_passed` (409): Deadline passed
                - `too_many_streams` (429): Too many streams
                - `too_many_stream_tickets` (429): Too many stream tickets
                - `invalid_email` (422): Invalid address
                - `email_taken` (409): Address taken
                - `token_expired` (410): Link expired
                - `token_not_found` (404): Link not found
                - `invalid_notification_settings` (422): Invalid notification settings
                - `invalid_chat_text` (422): Invalid chat text
                - `invalid_note_text` (422): Invalid note text
                - `chat_rate_limited` (429): Too many chat lines
                - `chat_silenced` (403): Chat silenced
                - `player_not_found` (404): Player not found
                - `log_not_ready` (503): Transparency log not ready
                - `invalid_log_range` (422): Invalid range of log entries
                - `tree_size_beyond_log` (422): Tree size beyond the log
                - `game_not_in_log` (404): Game not in the log
                - `invalid_consistency_range` (422): Invalid consistency range
                - `cannot_mute_yourself` (422): Cannot mute yourself
                - `chat_line_not_found` (404): Chat line not found
                - `invalid_report` (422): Invalid report
                - `too_many_requests` (429): Too many requests
                - `invalid_request` (422): Invalid authorization request
                - `authorization_not_found` (404): Authorization not found
                - `too_many_authorizations` (409): Too many authorizations
                - `invalid_token_name` (422): Invalid token name
                - `invalid_scope` (422): Invalid scope
                - `invalid_expiry` (422): Invalid expiry
                - `too_many_tokens` (409): Too many personal tokens
                - `personal_token_not_found` (404): Personal token not found
                - `account_has_played` (409): Account has played
                - `bot_account` (403): Bot account
                - `bot_account_cannot_create_games` (403): Bot accounts do not create games
                - `too_many_seeks` (409): Too many open seeks
                - `seek_not_found` (404): Seek not found
                - `invalid_seek` (422): Invalid seek
                - `invalid_challenge` (422): Invalid challenge
                - `challenge_refused` (403): Challenge refused
                - `challenge_not_found` (404): Challenge not found
                - `challenge_not_open` (409): Challenge not open
                - `too_many_challenges` (409): Too many open challenges
                - `too_many_challenges_today` (429): Too many challenges today
                - `invalid_tournament` (422): Invalid tournament
                - `tournament_not_found` (404): Tournament not found
                - `tournament_not_open` (409): Tournament not open
                - `tournament_full` (409): Tournament full
                - `tournament_over` (409): Tournament over
                - `not_in_tournament` (409): Not in the tournament
                - `not_tournament_creator` (403): Not the tournament's creator
                - `too_few_tournament_players` (409): Too few players
                - `bot_accounts_not_allowed` (403): Bot accounts not allowed
                - `bot_account_cannot_create_tournaments` (403): Bot accounts cannot create tournaments

                Rule violations (422), returned by game actions:

                - `invalid_player_count` (422): a game needs 2 to 5 players
                - `invalid_target_score` (422): the target score must be between 10 and 100
                - `game_not_started` (422): the game has not started yet
                - `game_over` (422): the game is over
                - `no_such_seat` (422): there is no such seat in this game
                - `not_your_turn` (422): it is not your decision
                - `unexpected_action` (422): this action does not answer the decision awaited from you
                - `hand_full` (422): you cannot recruit with ten or more cards in hand
                - `no_such_recruit_slot` (422): there is no such recruit slot (slots are 0 to 4)
                - `recruit_slot_empty` (422): that recruit slot is empty
                - `card_not_in_hand` (422): that card is not in your hand
                - `face_down_has_no_power` (422): a card mustered face-down cannot use its power
                - `power_not_eligible` (422): the card is not eligible to use its power: another face-up Follower blocks it
                - `power_has_no_target` (422): the power has no legal target
                - `pass_not_allowed` (422): you may pass only with an empty hand and no recruit to take
                - `no_such_follower` (422): there is no such Follower
                - `target_is_self` (422): the power cannot target the card that uses it
                - `target_not_opponent` (422): the target must be a Follower in an opponent's army
                - `copy_target_face_down` (422): only a face-up Follower's power can be copied
                - `copy_target_is_scott` (422): a Scott cannot copy another Scott
                - `supporter_not_in_row` (422): that card is not in the Supporter row
                - `invalid_turn_time_limit` (422): the time limit per decision must be between 5 seconds and 14 days, or null
                - `invalid_max_timeouts` (422): the number of timeouts before a seat is abandoned must be between 1 and 10
                - `seat_resigned` (422): this seat has resigned or been abandoned: a bot plays it to the end Example:
                invalid_credentials.
            detail (str): What went wrong with this request. Example: the username or password is wrong.
            status (int): The HTTP status code. Example: 401.
            title (str): A short summary of the code. Example: Invalid credentials.
            type_ (str): `/problems/<code>`. Example: /problems/invalid_credentials.
    """

    code: ProblemCode
    detail: str
    status: int
    title: str
    type_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        detail = self.detail

        status = self.status

        title = self.title

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "detail": detail,
                "status": status,
                "title": title,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = ProblemCode(d.pop("code"))

        detail = d.pop("detail")

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        problem = cls(
            code=code,
            detail=detail,
            status=status,
            title=title,
            type_=type_,
        )

        problem.additional_properties = d
        return problem

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
