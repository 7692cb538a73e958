"""Contains all the data models used in inputs/outputs"""

from .account_deletion import AccountDeletion
from .account_dto import AccountDto
from .action_result import ActionResult
from .archive_result import ArchiveResult
from .archive_status import ArchiveStatus
from .archived_game import ArchivedGame
from .archived_seat import ArchivedSeat
from .armies_scored_event import ArmiesScoredEvent
from .armies_scored_event_type import ArmiesScoredEventType
from .army_score import ArmyScore
from .army_strength import ArmyStrength
from .authorization_decision import AuthorizationDecision
from .authorization_dto import AuthorizationDto
from .authorization_list import AuthorizationList
from .authorization_server_metadata import AuthorizationServerMetadata
from .awaited_game import AwaitedGame
from .awaiting import Awaiting
from .bot_acted_event import BotActedEvent
from .bot_acted_event_type import BotActedEventType
from .bot_conversion import BotConversion
from .bot_level import BotLevel
from .bot_seat import BotSeat
from .card_drawn_event import CardDrawnEvent
from .card_drawn_event_type import CardDrawnEventType
from .card_dto import CardDto
from .cards_response import CardsResponse
from .challenge_answer import ChallengeAnswer
from .challenge_dto import ChallengeDto
from .challenge_list import ChallengeList
from .challenge_request import ChallengeRequest
from .challenge_state import ChallengeState
from .challenged_dto import ChallengedDto
from .chat_line import ChatLine
from .chat_page import ChatPage
from .chat_request import ChatRequest
from .claim import Claim
from .claim_right import ClaimRight
from .claim_supporter_action import ClaimSupporterAction
from .claim_supporter_action_type import ClaimSupporterActionType
from .claim_supporter_decision import ClaimSupporterDecision
from .claim_supporter_decision_kind import ClaimSupporterDecisionKind
from .clan import Clan
from .cockburn_swap_decision import CockburnSwapDecision
from .cockburn_swap_decision_kind import CockburnSwapDecisionKind
from .consent_dto import ConsentDto
from .consistency_proof import ConsistencyProof
from .copy_power_action import CopyPowerAction
from .copy_power_action_type import CopyPowerActionType
from .create_bot_seat import CreateBotSeat
from .create_game_request import CreateGameRequest
from .credentials import Credentials
from .decision_requested_event import DecisionRequestedEvent
from .decision_requested_event_type import DecisionRequestedEventType
from .decision_timed_out_event import DecisionTimedOutEvent
from .decision_timed_out_event_type import DecisionTimedOutEventType
from .deck_shuffled_event import DeckShuffledEvent
from .deck_shuffled_event_type import DeckShuffledEventType
from .decline_reason import DeclineReason
from .decline_request import DeclineRequest
from .delivery_state import DeliveryState
from .discard_follower_action import DiscardFollowerAction
from .discard_follower_action_type import DiscardFollowerActionType
from .edition_id import EditionId
from .email_choice import EmailChoice
from .email_request import EmailRequest
from .email_state import EmailState
from .event_dto import EventDto
from .event_page import EventPage
from .fergusson_swap_decision import FergussonSwapDecision
from .fergusson_swap_decision_kind import FergussonSwapDecisionKind
from .follower_discarded_event import FollowerDiscardedEvent
from .follower_discarded_event_type import FollowerDiscardedEventType
from .follower_ref import FollowerRef
from .follower_view import FollowerView
from .followers_revealed_event import FollowersRevealedEvent
from .followers_revealed_event_type import FollowersRevealedEventType
from .followers_swapped_event import FollowersSwappedEvent
from .followers_swapped_event_type import FollowersSwappedEventType
from .game_dto import GameDto
from .game_ended_event import GameEndedEvent
from .game_ended_event_type import GameEndedEventType
from .game_link import GameLink
from .game_options import GameOptions
from .game_page import GamePage
from .game_record import GameRecord
from .game_result import GameResult
from .game_started_event import GameStartedEvent
from .game_started_event_type import GameStartedEventType
from .game_status import GameStatus
from .game_summary_dto import GameSummaryDto
from .hand_dealt_event import HandDealtEvent
from .hand_dealt_event_type import HandDealtEventType
from .health import Health
from .hints import Hints
from .inclusion_proof import InclusionProof
from .invitation_dto import InvitationDto
from .invitation_list import InvitationList
from .invitation_request import InvitationRequest
from .join_request import JoinRequest
from .kind_channels import KindChannels
from .language import Language
from .last_skirmish import LastSkirmish
from .leaderboard_entry import LeaderboardEntry
from .leaderboard_page import LeaderboardPage
from .legal_actions import LegalActions
from .listed_awaiting import ListedAwaiting
from .log_entries import LogEntries
from .log_entry_dto import LogEntryDto
from .logout_request import LogoutRequest
from .makgill_muster_decision import MakgillMusterDecision
from .makgill_muster_decision_kind import MakgillMusterDecisionKind
from .me_dto import MeDto
from .muster_action import MusterAction
from .muster_action_type import MusterActionType
from .mustered_event import MusteredEvent
from .mustered_event_type import MusteredEventType
from .muted_dto import MutedDto
from .muted_list import MutedList
from .my_seeks import MySeeks
from .notes import Notes
from .notes_request import NotesRequest
from .notification import Notification
from .notification_kind import NotificationKind
from .notification_kinds import NotificationKinds
from .notification_payload import NotificationPayload
from .notification_settings import NotificationSettings
from .o_auth_error import OAuthError
from .o_auth_error_code import OAuthErrorCode
from .o_auth_revoke_request import OAuthRevokeRequest
from .o_auth_token_request import OAuthTokenRequest
from .o_auth_token_response import OAuthTokenResponse
from .openapi_json_response_200 import OpenapiJsonResponse200
from .options_request import OptionsRequest
from .pass_action import PassAction
from .pass_action_type import PassActionType
from .passed_event import PassedEvent
from .passed_event_type import PassedEventType
from .password_change import PasswordChange
from .password_reset_confirm import PasswordResetConfirm
from .password_reset_request import PasswordResetRequest
from .personal_token_created import PersonalTokenCreated
from .personal_token_dto import PersonalTokenDto
from .personal_token_list import PersonalTokenList
from .personal_token_request import PersonalTokenRequest
from .placed import Placed
from .player_games_page import PlayerGamesPage
from .player_view import PlayerView
from .power_activated_event import PowerActivatedEvent
from .power_activated_event_type import PowerActivatedEventType
from .power_copied_event import PowerCopiedEvent
from .power_copied_event_type import PowerCopiedEventType
from .power_rule import PowerRule
from .problem import Problem
from .problem_code import ProblemCode
from .profile import Profile
from .push_keys import PushKeys
from .push_subscription_dto import PushSubscriptionDto
from .push_subscription_request import PushSubscriptionRequest
from .quick_seek_request import QuickSeekRequest
from .rating_history import RatingHistory
from .rating_history_entry import RatingHistoryEntry
from .rating_summary import RatingSummary
from .receipt import Receipt
from .received_invitation_dto import ReceivedInvitationDto
from .record_event import RecordEvent
from .record_head import RecordHead
from .record_inclusion import RecordInclusion
from .record_seat import RecordSeat
from .recruit_action import RecruitAction
from .recruit_action_type import RecruitActionType
from .recruit_dealt_event import RecruitDealtEvent
from .recruit_dealt_event_type import RecruitDealtEventType
from .recruit_revealed_event import RecruitRevealedEvent
from .recruit_revealed_event_type import RecruitRevealedEventType
from .recruit_state import RecruitState
from .recruit_view import RecruitView
from .recruited_event import RecruitedEvent
from .recruited_event_type import RecruitedEventType
from .redirect_to import RedirectTo
from .refresh_request import RefreshRequest
from .report_request import ReportRequest
from .revealed_follower import RevealedFollower
from .scope import Scope
from .scope_description import ScopeDescription
from .scott_copy_decision import ScottCopyDecision
from .scott_copy_decision_kind import ScottCopyDecisionKind
from .seat_abandoned_event import SeatAbandonedEvent
from .seat_abandoned_event_type import SeatAbandonedEventType
from .seat_away_event import SeatAwayEvent
from .seat_away_event_type import SeatAwayEventType
from .seat_back_event import SeatBackEvent
from .seat_back_event_type import SeatBackEventType
from .seat_dto import SeatDto
from .seat_resigned_event import SeatResignedEvent
from .seat_resigned_event_type import SeatResignedEventType
from .seek_dto import SeekDto
from .seek_page import SeekPage
from .seek_request import SeekRequest
from .signed_tree_head import SignedTreeHead
from .skirmish_ended_event import SkirmishEndedEvent
from .skirmish_ended_event_type import SkirmishEndedEventType
from .skirmish_started_event import SkirmishStartedEvent
from .skirmish_started_event_type import SkirmishStartedEventType
from .status import Status
from .stream_state import StreamState
from .stream_ticket import StreamTicket
from .supporter_claimed_event import SupporterClaimedEvent
from .supporter_claimed_event_type import SupporterClaimedEventType
from .supporter_dealt_event import SupporterDealtEvent
from .supporter_dealt_event_type import SupporterDealtEventType
from .supporter_swapped_event import SupporterSwappedEvent
from .supporter_swapped_event_type import SupporterSwappedEventType
from .supporters_discarded_event import SupportersDiscardedEvent
from .supporters_discarded_event_type import SupportersDiscardedEventType
from .swap_follower_action import SwapFollowerAction
from .swap_follower_action_type import SwapFollowerActionType
from .swap_supporter_action import SwapSupporterAction
from .swap_supporter_action_type import SwapSupporterActionType
from .tie_break import TieBreak
from .timeouts_cleared_event import TimeoutsClearedEvent
from .timeouts_cleared_event_type import TimeoutsClearedEventType
from .timing import Timing
from .token_response import TokenResponse
from .tournament import Tournament
from .tournament_format import TournamentFormat
from .tournament_me import TournamentMe
from .tournament_page import TournamentPage
from .tournament_request import TournamentRequest
from .tournament_round import TournamentRound
from .tournament_standing import TournamentStanding
from .tournament_status import TournamentStatus
from .tournament_summary import TournamentSummary
from .tournament_table import TournamentTable
from .tournament_table_player import TournamentTablePlayer
from .transparency_key import TransparencyKey
from .turn_decision import TurnDecision
from .turn_decision_kind import TurnDecisionKind
from .turn_started_event import TurnStartedEvent
from .turn_started_event_type import TurnStartedEventType
from .unrated_reason import UnratedReason
from .unread_chat import UnreadChat
from .vacation_dto import VacationDto
from .vacation_ended import VacationEnded
from .vacation_request import VacationRequest
from .vacation_started import VacationStarted
from .vapid_public_key import VapidPublicKey
from .verify_email_request import VerifyEmailRequest
from .view import View
from .visibility import Visibility
from .webhook import Webhook
from .webhook_attempt_dto import WebhookAttemptDto
from .webhook_attempt_result import WebhookAttemptResult
from .webhook_created import WebhookCreated
from .webhook_delivery_dto import WebhookDeliveryDto
from .webhook_delivery_list import WebhookDeliveryList
from .webhook_list import WebhookList
from .webhook_request import WebhookRequest
from .wemyss_discard_decision import WemyssDiscardDecision
from .wemyss_discard_decision_kind import WemyssDiscardDecisionKind

__all__ = (
    "AccountDeletion",
    "AccountDto",
    "ActionResult",
    "ArchivedGame",
    "ArchivedSeat",
    "ArchiveResult",
    "ArchiveStatus",
    "ArmiesScoredEvent",
    "ArmiesScoredEventType",
    "ArmyScore",
    "ArmyStrength",
    "AuthorizationDecision",
    "AuthorizationDto",
    "AuthorizationList",
    "AuthorizationServerMetadata",
    "AwaitedGame",
    "Awaiting",
    "BotActedEvent",
    "BotActedEventType",
    "BotConversion",
    "BotLevel",
    "BotSeat",
    "CardDrawnEvent",
    "CardDrawnEventType",
    "CardDto",
    "CardsResponse",
    "ChallengeAnswer",
    "ChallengedDto",
    "ChallengeDto",
    "ChallengeList",
    "ChallengeRequest",
    "ChallengeState",
    "ChatLine",
    "ChatPage",
    "ChatRequest",
    "Claim",
    "ClaimRight",
    "ClaimSupporterAction",
    "ClaimSupporterActionType",
    "ClaimSupporterDecision",
    "ClaimSupporterDecisionKind",
    "Clan",
    "CockburnSwapDecision",
    "CockburnSwapDecisionKind",
    "ConsentDto",
    "ConsistencyProof",
    "CopyPowerAction",
    "CopyPowerActionType",
    "CreateBotSeat",
    "CreateGameRequest",
    "Credentials",
    "DecisionRequestedEvent",
    "DecisionRequestedEventType",
    "DecisionTimedOutEvent",
    "DecisionTimedOutEventType",
    "DeckShuffledEvent",
    "DeckShuffledEventType",
    "DeclineReason",
    "DeclineRequest",
    "DeliveryState",
    "DiscardFollowerAction",
    "DiscardFollowerActionType",
    "EditionId",
    "EmailChoice",
    "EmailRequest",
    "EmailState",
    "EventDto",
    "EventPage",
    "FergussonSwapDecision",
    "FergussonSwapDecisionKind",
    "FollowerDiscardedEvent",
    "FollowerDiscardedEventType",
    "FollowerRef",
    "FollowersRevealedEvent",
    "FollowersRevealedEventType",
    "FollowersSwappedEvent",
    "FollowersSwappedEventType",
    "FollowerView",
    "GameDto",
    "GameEndedEvent",
    "GameEndedEventType",
    "GameLink",
    "GameOptions",
    "GamePage",
    "GameRecord",
    "GameResult",
    "GameStartedEvent",
    "GameStartedEventType",
    "GameStatus",
    "GameSummaryDto",
    "HandDealtEvent",
    "HandDealtEventType",
    "Health",
    "Hints",
    "InclusionProof",
    "InvitationDto",
    "InvitationList",
    "InvitationRequest",
    "JoinRequest",
    "KindChannels",
    "Language",
    "LastSkirmish",
    "LeaderboardEntry",
    "LeaderboardPage",
    "LegalActions",
    "ListedAwaiting",
    "LogEntries",
    "LogEntryDto",
    "LogoutRequest",
    "MakgillMusterDecision",
    "MakgillMusterDecisionKind",
    "MeDto",
    "MusterAction",
    "MusterActionType",
    "MusteredEvent",
    "MusteredEventType",
    "MutedDto",
    "MutedList",
    "MySeeks",
    "Notes",
    "NotesRequest",
    "Notification",
    "NotificationKind",
    "NotificationKinds",
    "NotificationPayload",
    "NotificationSettings",
    "OAuthError",
    "OAuthErrorCode",
    "OAuthRevokeRequest",
    "OAuthTokenRequest",
    "OAuthTokenResponse",
    "OpenapiJsonResponse200",
    "OptionsRequest",
    "PassAction",
    "PassActionType",
    "PassedEvent",
    "PassedEventType",
    "PasswordChange",
    "PasswordResetConfirm",
    "PasswordResetRequest",
    "PersonalTokenCreated",
    "PersonalTokenDto",
    "PersonalTokenList",
    "PersonalTokenRequest",
    "Placed",
    "PlayerGamesPage",
    "PlayerView",
    "PowerActivatedEvent",
    "PowerActivatedEventType",
    "PowerCopiedEvent",
    "PowerCopiedEventType",
    "PowerRule",
    "Problem",
    "ProblemCode",
    "Profile",
    "PushKeys",
    "PushSubscriptionDto",
    "PushSubscriptionRequest",
    "QuickSeekRequest",
    "RatingHistory",
    "RatingHistoryEntry",
    "RatingSummary",
    "Receipt",
    "ReceivedInvitationDto",
    "RecordEvent",
    "RecordHead",
    "RecordInclusion",
    "RecordSeat",
    "RecruitAction",
    "RecruitActionType",
    "RecruitDealtEvent",
    "RecruitDealtEventType",
    "RecruitedEvent",
    "RecruitedEventType",
    "RecruitRevealedEvent",
    "RecruitRevealedEventType",
    "RecruitState",
    "RecruitView",
    "RedirectTo",
    "RefreshRequest",
    "ReportRequest",
    "RevealedFollower",
    "Scope",
    "ScopeDescription",
    "ScottCopyDecision",
    "ScottCopyDecisionKind",
    "SeatAbandonedEvent",
    "SeatAbandonedEventType",
    "SeatAwayEvent",
    "SeatAwayEventType",
    "SeatBackEvent",
    "SeatBackEventType",
    "SeatDto",
    "SeatResignedEvent",
    "SeatResignedEventType",
    "SeekDto",
    "SeekPage",
    "SeekRequest",
    "SignedTreeHead",
    "SkirmishEndedEvent",
    "SkirmishEndedEventType",
    "SkirmishStartedEvent",
    "SkirmishStartedEventType",
    "Status",
    "StreamState",
    "StreamTicket",
    "SupporterClaimedEvent",
    "SupporterClaimedEventType",
    "SupporterDealtEvent",
    "SupporterDealtEventType",
    "SupportersDiscardedEvent",
    "SupportersDiscardedEventType",
    "SupporterSwappedEvent",
    "SupporterSwappedEventType",
    "SwapFollowerAction",
    "SwapFollowerActionType",
    "SwapSupporterAction",
    "SwapSupporterActionType",
    "TieBreak",
    "TimeoutsClearedEvent",
    "TimeoutsClearedEventType",
    "Timing",
    "TokenResponse",
    "Tournament",
    "TournamentFormat",
    "TournamentMe",
    "TournamentPage",
    "TournamentRequest",
    "TournamentRound",
    "TournamentStanding",
    "TournamentStatus",
    "TournamentSummary",
    "TournamentTable",
    "TournamentTablePlayer",
    "TransparencyKey",
    "TurnDecision",
    "TurnDecisionKind",
    "TurnStartedEvent",
    "TurnStartedEventType",
    "UnratedReason",
    "UnreadChat",
    "VacationDto",
    "VacationEnded",
    "VacationRequest",
    "VacationStarted",
    "VapidPublicKey",
    "VerifyEmailRequest",
    "View",
    "Visibility",
    "Webhook",
    "WebhookAttemptDto",
    "WebhookAttemptResult",
    "WebhookCreated",
    "WebhookDeliveryDto",
    "WebhookDeliveryList",
    "WebhookList",
    "WebhookRequest",
    "WemyssDiscardDecision",
    "WemyssDiscardDecisionKind",
)
