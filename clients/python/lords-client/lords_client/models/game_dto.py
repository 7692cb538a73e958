from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_summary_dto import GameSummaryDto
    from ..models.receipt import Receipt
    from ..models.view import View


T = TypeVar("T", bound="GameDto")


@_attrs_define
class GameDto:
    """A game as the caller sees it.

    Attributes:
        game (GameSummaryDto): A game as listed.
        receipt (None | Receipt): For a seated player, the server's signed commitment to the game's history at `version`
            (docs/audit.md, "Receipts"); `null` for anyone else, before the game starts, and for
            games created before games had receipts.
        version (int): The version the view shows (`at` when asked for, else the current version).
        view (None | View): The game as the caller may see it at `version` ([RULES](/docs/rules) §8); every card once
            the game is
            over. `null` while the game has not started. At the current version,
            `awaiting.deadline` is when the awaited decision times out.
        your_seat (int | None): The caller's seat; `null` for a spectator.
    """

    game: GameSummaryDto
    receipt: None | Receipt
    version: int
    view: None | View
    your_seat: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.receipt import Receipt  # noqa: PLC0415
        from ..models.view import View  # noqa: PLC0415

        game = self.game.to_dict()

        receipt: dict[str, Any] | None
        if isinstance(self.receipt, Receipt):
            receipt = self.receipt.to_dict()
        else:
            receipt = self.receipt

        version = self.version

        view: dict[str, Any] | None
        if isinstance(self.view, View):
            view = self.view.to_dict()
        else:
            view = self.view

        your_seat: int | None
        your_seat = self.your_seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "receipt": receipt,
                "version": version,
                "view": view,
                "your_seat": your_seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_summary_dto import GameSummaryDto  # noqa: PLC0415
        from ..models.receipt import Receipt  # noqa: PLC0415
        from ..models.view import View  # noqa: PLC0415

        d = dict(src_dict)
        game = GameSummaryDto.from_dict(d.pop("game"))

        def _parse_receipt(data: object) -> None | Receipt:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                receipt_type_1 = Receipt.from_dict(data)

                return receipt_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Receipt, data)

        receipt = _parse_receipt(d.pop("receipt"))

        version = d.pop("version")

        def _parse_view(data: object) -> None | View:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                view_type_1 = View.from_dict(data)

                return view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | View, data)

        view = _parse_view(d.pop("view"))

        def _parse_your_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        your_seat = _parse_your_seat(d.pop("your_seat"))

        game_dto = cls(
            game=game,
            receipt=receipt,
            version=version,
            view=view,
            your_seat=your_seat,
        )

        game_dto.additional_properties = d
        return game_dto

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
