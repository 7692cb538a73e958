from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.armies_scored_event import ArmiesScoredEvent
    from ..models.bot_acted_event import BotActedEvent
    from ..models.card_drawn_event import CardDrawnEvent
    from ..models.decision_requested_event import DecisionRequestedEvent
    from ..models.decision_timed_out_event import DecisionTimedOutEvent
    from ..models.deck_shuffled_event import DeckShuffledEvent
    from ..models.follower_discarded_event import FollowerDiscardedEvent
    from ..models.followers_revealed_event import FollowersRevealedEvent
    from ..models.followers_swapped_event import FollowersSwappedEvent
    from ..models.game_ended_event import GameEndedEvent
    from ..models.game_started_event import GameStartedEvent
    from ..models.hand_dealt_event import HandDealtEvent
    from ..models.mustered_event import MusteredEvent
    from ..models.passed_event import PassedEvent
    from ..models.power_activated_event import PowerActivatedEvent
    from ..models.power_copied_event import PowerCopiedEvent
    from ..models.recruit_dealt_event import RecruitDealtEvent
    from ..models.recruit_revealed_event import RecruitRevealedEvent
    from ..models.recruited_event import RecruitedEvent
    from ..models.seat_abandoned_event import SeatAbandonedEvent
    from ..models.seat_away_event import SeatAwayEvent
    from ..models.seat_back_event import SeatBackEvent
    from ..models.seat_resigned_event import SeatResignedEvent
    from ..models.skirmish_ended_event import SkirmishEndedEvent
    from ..models.skirmish_started_event import SkirmishStartedEvent
    from ..models.supporter_claimed_event import SupporterClaimedEvent
    from ..models.supporter_dealt_event import SupporterDealtEvent
    from ..models.supporter_swapped_event import SupporterSwappedEvent
    from ..models.supporters_discarded_event import SupportersDiscardedEvent
    from ..models.timeouts_cleared_event import TimeoutsClearedEvent
    from ..models.turn_started_event import TurnStartedEvent


T = TypeVar("T", bound="RecordEvent")


@_attrs_define
class RecordEvent:
    """One event as stored.

    Attributes:
        event (ArmiesScoredEvent | BotActedEvent | CardDrawnEvent | DecisionRequestedEvent | DecisionTimedOutEvent |
            DeckShuffledEvent | FollowerDiscardedEvent | FollowersRevealedEvent | FollowersSwappedEvent | GameEndedEvent |
            GameStartedEvent | HandDealtEvent | MusteredEvent | PassedEvent | PowerActivatedEvent | PowerCopiedEvent |
            RecruitDealtEvent | RecruitedEvent | RecruitRevealedEvent | SeatAbandonedEvent | SeatAwayEvent | SeatBackEvent |
            SeatResignedEvent | SkirmishEndedEvent | SkirmishStartedEvent | SupporterClaimedEvent | SupporterDealtEvent |
            SupportersDiscardedEvent | SupporterSwappedEvent | TimeoutsClearedEvent | TurnStartedEvent): A fact of the game,
            past tense, picked by `type`; a game is the list of its events. Events are
            redacted for the viewer ([RULES](/docs/rules) §8): a card, shuffle order or salt the viewer may not see is
            `null`, and is never `null` in the full stream (nor for anyone once the game is over).
        hash_ (str): Hex.
        prev_hash (str): The previous event's hash, hex (zeros for the first).
        recorded_at (datetime.datetime):
        seq (int): Its position in the stream, from 1.
    """

    event: (
        ArmiesScoredEvent
        | BotActedEvent
        | CardDrawnEvent
        | DecisionRequestedEvent
        | DecisionTimedOutEvent
        | DeckShuffledEvent
        | FollowerDiscardedEvent
        | FollowersRevealedEvent
        | FollowersSwappedEvent
        | GameEndedEvent
        | GameStartedEvent
        | HandDealtEvent
        | MusteredEvent
        | PassedEvent
        | PowerActivatedEvent
        | PowerCopiedEvent
        | RecruitDealtEvent
        | RecruitedEvent
        | RecruitRevealedEvent
        | SeatAbandonedEvent
        | SeatAwayEvent
        | SeatBackEvent
        | SeatResignedEvent
        | SkirmishEndedEvent
        | SkirmishStartedEvent
        | SupporterClaimedEvent
        | SupporterDealtEvent
        | SupportersDiscardedEvent
        | SupporterSwappedEvent
        | TimeoutsClearedEvent
        | TurnStartedEvent
    )
    hash_: str
    prev_hash: str
    recorded_at: datetime.datetime
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.armies_scored_event import ArmiesScoredEvent  # noqa: PLC0415
        from ..models.bot_acted_event import BotActedEvent  # noqa: PLC0415
        from ..models.card_drawn_event import CardDrawnEvent  # noqa: PLC0415
        from ..models.decision_requested_event import DecisionRequestedEvent  # noqa: PLC0415
        from ..models.decision_timed_out_event import DecisionTimedOutEvent  # noqa: PLC0415
        from ..models.deck_shuffled_event import DeckShuffledEvent  # noqa: PLC0415
        from ..models.follower_discarded_event import FollowerDiscardedEvent  # noqa: PLC0415
        from ..models.followers_revealed_event import FollowersRevealedEvent  # noqa: PLC0415
        from ..models.followers_swapped_event import FollowersSwappedEvent  # noqa: PLC0415
        from ..models.game_ended_event import GameEndedEvent  # noqa: PLC0415
        from ..models.game_started_event import GameStartedEvent  # noqa: PLC0415
        from ..models.hand_dealt_event import HandDealtEvent  # noqa: PLC0415
        from ..models.mustered_event import MusteredEvent  # noqa: PLC0415
        from ..models.passed_event import PassedEvent  # noqa: PLC0415
        from ..models.power_activated_event import PowerActivatedEvent  # noqa: PLC0415
        from ..models.power_copied_event import PowerCopiedEvent  # noqa: PLC0415
        from ..models.recruit_dealt_event import RecruitDealtEvent  # noqa: PLC0415
        from ..models.recruit_revealed_event import RecruitRevealedEvent  # noqa: PLC0415
        from ..models.recruited_event import RecruitedEvent  # noqa: PLC0415
        from ..models.seat_abandoned_event import SeatAbandonedEvent  # noqa: PLC0415
        from ..models.seat_away_event import SeatAwayEvent  # noqa: PLC0415
        from ..models.seat_resigned_event import SeatResignedEvent  # noqa: PLC0415
        from ..models.skirmish_ended_event import SkirmishEndedEvent  # noqa: PLC0415
        from ..models.skirmish_started_event import SkirmishStartedEvent  # noqa: PLC0415
        from ..models.supporter_claimed_event import SupporterClaimedEvent  # noqa: PLC0415
        from ..models.supporter_dealt_event import SupporterDealtEvent  # noqa: PLC0415
        from ..models.supporter_swapped_event import SupporterSwappedEvent  # noqa: PLC0415
        from ..models.supporters_discarded_event import SupportersDiscardedEvent  # noqa: PLC0415
        from ..models.timeouts_cleared_event import TimeoutsClearedEvent  # noqa: PLC0415
        from ..models.turn_started_event import TurnStartedEvent  # noqa: PLC0415

        event: dict[str, Any]
        if isinstance(self.event, GameStartedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, DeckShuffledEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, HandDealtEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, SkirmishStartedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, RecruitDealtEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, SupporterDealtEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, SupportersDiscardedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, TurnStartedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, RecruitRevealedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, RecruitedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, MusteredEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, PassedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, PowerActivatedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, CardDrawnEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, PowerCopiedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, DecisionRequestedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, SupporterSwappedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, FollowersSwappedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, FollowerDiscardedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, FollowersRevealedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, ArmiesScoredEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, SupporterClaimedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, SkirmishEndedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, GameEndedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, SeatResignedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, DecisionTimedOutEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, SeatAbandonedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, BotActedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, TimeoutsClearedEvent):
            event = self.event.to_dict()
        elif isinstance(self.event, SeatAwayEvent):
            event = self.event.to_dict()
        else:
            event = self.event.to_dict()

        hash_ = self.hash_

        prev_hash = self.prev_hash

        recorded_at = self.recorded_at.isoformat()

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "hash": hash_,
                "prev_hash": prev_hash,
                "recorded_at": recorded_at,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.armies_scored_event import ArmiesScoredEvent  # noqa: PLC0415
        from ..models.bot_acted_event import BotActedEvent  # noqa: PLC0415
        from ..models.card_drawn_event import CardDrawnEvent  # noqa: PLC0415
        from ..models.decision_requested_event import DecisionRequestedEvent  # noqa: PLC0415
        from ..models.decision_timed_out_event import DecisionTimedOutEvent  # noqa: PLC0415
        from ..models.deck_shuffled_event import DeckShuffledEvent  # noqa: PLC0415
        from ..models.follower_discarded_event import FollowerDiscardedEvent  # noqa: PLC0415
        from ..models.followers_revealed_event import FollowersRevealedEvent  # noqa: PLC0415
        from ..models.followers_swapped_event import FollowersSwappedEvent  # noqa: PLC0415
        from ..models.game_ended_event import GameEndedEvent  # noqa: PLC0415
        from ..models.game_started_event import GameStartedEvent  # noqa: PLC0415
        from ..models.hand_dealt_event import HandDealtEvent  # noqa: PLC0415
        from ..models.mustered_event import MusteredEvent  # noqa: PLC0415
        from ..models.passed_event import PassedEvent  # noqa: PLC0415
        from ..models.power_activated_event import PowerActivatedEvent  # noqa: PLC0415
        from ..models.power_copied_event import PowerCopiedEvent  # noqa: PLC0415
        from ..models.recruit_dealt_event import RecruitDealtEvent  # noqa: PLC0415
        from ..models.recruit_revealed_event import RecruitRevealedEvent  # noqa: PLC0415
        from ..models.recruited_event import RecruitedEvent  # noqa: PLC0415
        from ..models.seat_abandoned_event import SeatAbandonedEvent  # noqa: PLC0415
        from ..models.seat_away_event import SeatAwayEvent  # noqa: PLC0415
        from ..models.seat_back_event import SeatBackEvent  # noqa: PLC0415
        from ..models.seat_resigned_event import SeatResignedEvent  # noqa: PLC0415
        from ..models.skirmish_ended_event import SkirmishEndedEvent  # noqa: PLC0415
        from ..models.skirmish_started_event import SkirmishStartedEvent  # noqa: PLC0415
        from ..models.supporter_claimed_event import SupporterClaimedEvent  # noqa: PLC0415
        from ..models.supporter_dealt_event import SupporterDealtEvent  # noqa: PLC0415
        from ..models.supporter_swapped_event import SupporterSwappedEvent  # noqa: PLC0415
        from ..models.supporters_discarded_event import SupportersDiscardedEvent  # noqa: PLC0415
        from ..models.timeouts_cleared_event import TimeoutsClearedEvent  # noqa: PLC0415
        from ..models.turn_started_event import TurnStartedEvent  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_event(
            data: object,
        ) -> (
            ArmiesScoredEvent
            | BotActedEvent
            | CardDrawnEvent
            | DecisionRequestedEvent
            | DecisionTimedOutEvent
            | DeckShuffledEvent
            | FollowerDiscardedEvent
            | FollowersRevealedEvent
            | FollowersSwappedEvent
            | GameEndedEvent
            | GameStartedEvent
            | HandDealtEvent
            | MusteredEvent
            | PassedEvent
            | PowerActivatedEvent
            | PowerCopiedEvent
            | RecruitDealtEvent
            | RecruitedEvent
            | RecruitRevealedEvent
            | SeatAbandonedEvent
            | SeatAwayEvent
            | SeatBackEvent
            | SeatResignedEvent
            | SkirmishEndedEvent
            | SkirmishStartedEvent
            | SupporterClaimedEvent
            | SupporterDealtEvent
            | SupportersDiscardedEvent
            | SupporterSwappedEvent
            | TimeoutsClearedEvent
            | TurnStartedEvent
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_0 = GameStartedEvent.from_dict(data)

                return componentsschemas_event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_1 = DeckShuffledEvent.from_dict(data)

                return componentsschemas_event_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_2 = HandDealtEvent.from_dict(data)

                return componentsschemas_event_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_3 = SkirmishStartedEvent.from_dict(data)

                return componentsschemas_event_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_4 = RecruitDealtEvent.from_dict(data)

                return componentsschemas_event_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_5 = SupporterDealtEvent.from_dict(data)

                return componentsschemas_event_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_6 = SupportersDiscardedEvent.from_dict(data)

                return componentsschemas_event_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_7 = TurnStartedEvent.from_dict(data)

                return componentsschemas_event_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_8 = RecruitRevealedEvent.from_dict(data)

                return componentsschemas_event_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_9 = RecruitedEvent.from_dict(data)

                return componentsschemas_event_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_10 = MusteredEvent.from_dict(data)

                return componentsschemas_event_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_11 = PassedEvent.from_dict(data)

                return componentsschemas_event_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_12 = PowerActivatedEvent.from_dict(data)

                return componentsschemas_event_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_13 = CardDrawnEvent.from_dict(data)

                return componentsschemas_event_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_14 = PowerCopiedEvent.from_dict(data)

                return componentsschemas_event_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_15 = DecisionRequestedEvent.from_dict(data)

                return componentsschemas_event_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_16 = SupporterSwappedEvent.from_dict(data)

                return componentsschemas_event_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_17 = FollowersSwappedEvent.from_dict(data)

                return componentsschemas_event_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_18 = FollowerDiscardedEvent.from_dict(data)

                return componentsschemas_event_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_19 = FollowersRevealedEvent.from_dict(data)

                return componentsschemas_event_type_19
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_20 = ArmiesScoredEvent.from_dict(data)

                return componentsschemas_event_type_20
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_21 = SupporterClaimedEvent.from_dict(data)

                return componentsschemas_event_type_21
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_22 = SkirmishEndedEvent.from_dict(data)

                return componentsschemas_event_type_22
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_23 = GameEndedEvent.from_dict(data)

                return componentsschemas_event_type_23
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_24 = SeatResignedEvent.from_dict(data)

                return componentsschemas_event_type_24
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_25 = DecisionTimedOutEvent.from_dict(data)

                return componentsschemas_event_type_25
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_26 = SeatAbandonedEvent.from_dict(data)

                return componentsschemas_event_type_26
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_27 = BotActedEvent.from_dict(data)

                return componentsschemas_event_type_27
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_28 = TimeoutsClearedEvent.from_dict(data)

                return componentsschemas_event_type_28
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_29 = SeatAwayEvent.from_dict(data)

                return componentsschemas_event_type_29
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_event_type_30 = SeatBackEvent.from_dict(data)

            return componentsschemas_event_type_30

        event = _parse_event(d.pop("event"))

        hash_ = d.pop("hash")

        prev_hash = d.pop("prev_hash")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))

        seq = d.pop("seq")

        record_event = cls(
            event=event,
            hash_=hash_,
            prev_hash=prev_hash,
            recorded_at=recorded_at,
            seq=seq,
        )

        record_event.additional_properties = d
        return record_event

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
