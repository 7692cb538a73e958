from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.army_strength import ArmyStrength
    from ..models.follower_view import FollowerView


T = TypeVar("T", bound="PlayerView")


@_attrs_define
class PlayerView:
    """A player's zones, as the viewer may see them ([RULES](/docs/rules) §8).

    Attributes:
        army (list[FollowerView]): First mustered first; `position` in a `FollowerRef` indexes this list. Once the game
            is
            over, the final army as it was scored in the last skirmish (its cards are then not in
            `discard`), or as it stood when the game ended another way.
        army_strength (ArmyStrength): An army's strength as [RULES](/docs/rules) §6.2 counts it, as far as the viewer
            can know: a face-down
            Follower's strength (and clan) is known only to its owner until it is revealed.
        hand (list[int] | None): Only for the player themselves (and everyone once the game is over); otherwise `null`.
        hand_size (int):
        place (int | None): The seat's place in the final ranking once the game is over (as `places`); `null` until
            then.
        resigned (bool): Resigned or abandoned (service rules §9.3–9.4): it cannot win; a bot plays it.
        score (int): The strengths of the claimed Supporters ([RULES](/docs/rules) §6.6).
        seat (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
            ([RULES](/docs/rules) §3.5).
        timeouts (int): Timeouts in a row (service rules §9.4); back to 0 when the player decides again.
        vacation_until (datetime.datetime | None): Service rules §9.6: until when the seat's player is on vacation (the
            clock of a decision
            awaited from them is paused until then); `null` when not on vacation (in the API's views,
            also once that time has passed).
        victory (list[int]): The claimed Supporters.
    """

    army: list[FollowerView]
    army_strength: ArmyStrength
    hand: list[int] | None
    hand_size: int
    place: int | None
    resigned: bool
    score: int
    seat: int
    timeouts: int
    vacation_until: datetime.datetime | None
    victory: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        army = []
        for army_item_data in self.army:
            army_item = army_item_data.to_dict()
            army.append(army_item)

        army_strength = self.army_strength.to_dict()

        hand: list[int] | None
        if isinstance(self.hand, list):
            hand = self.hand

        else:
            hand = self.hand

        hand_size = self.hand_size

        place: int | None
        place = self.place

        resigned = self.resigned

        score = self.score

        seat = self.seat

        timeouts = self.timeouts

        vacation_until: None | str
        if isinstance(self.vacation_until, datetime.datetime):
            vacation_until = self.vacation_until.isoformat()
        else:
            vacation_until = self.vacation_until

        victory = self.victory

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "army": army,
                "army_strength": army_strength,
                "hand": hand,
                "hand_size": hand_size,
                "place": place,
                "resigned": resigned,
                "score": score,
                "seat": seat,
                "timeouts": timeouts,
                "vacation_until": vacation_until,
                "victory": victory,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.army_strength import ArmyStrength  # noqa: PLC0415
        from ..models.follower_view import FollowerView  # noqa: PLC0415

        d = dict(src_dict)
        army = []
        _army = d.pop("army")
        for army_item_data in _army:
            army_item = FollowerView.from_dict(army_item_data)

            army.append(army_item)

        army_strength = ArmyStrength.from_dict(d.pop("army_strength"))

        def _parse_hand(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = cast(list[int], data)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        hand = _parse_hand(d.pop("hand"))

        hand_size = d.pop("hand_size")

        def _parse_place(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        place = _parse_place(d.pop("place"))

        resigned = d.pop("resigned")

        score = d.pop("score")

        seat = d.pop("seat")

        timeouts = d.pop("timeouts")

        def _parse_vacation_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vacation_until_type_1 = datetime.datetime.fromisoformat(data)

                return vacation_until_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        vacation_until = _parse_vacation_until(d.pop("vacation_until"))

        victory = cast(list[int], d.pop("victory"))

        player_view = cls(
            army=army,
            army_strength=army_strength,
            hand=hand,
            hand_size=hand_size,
            place=place,
            resigned=resigned,
            score=score,
            seat=seat,
            timeouts=timeouts,
            vacation_until=vacation_until,
            victory=victory,
        )

        player_view.additional_properties = d
        return player_view

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
