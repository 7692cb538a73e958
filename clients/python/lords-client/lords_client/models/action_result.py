from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.receipt import Receipt
    from ..models.view import View


T = TypeVar("T", bound="ActionResult")


@_attrs_define
class ActionResult:
    """What a submitted action produced.

    Attributes:
        receipt (None | Receipt): The signed receipt of `version` (docs/audit.md, "Receipts"); `null` for games created
            before games had receipts.
        version (int): The game's version after the action.
        view (View): The game as one viewer may see it ([RULES](/docs/rules) §8): a seated player sees their own hand
            and their
            own face-down Followers; spectators see the public information only; once the game is over
            everyone sees everything. Hidden cards are `null`, with nothing else about them.
    """

    receipt: None | Receipt
    version: int
    view: View
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.receipt import Receipt  # noqa: PLC0415

        receipt: dict[str, Any] | None
        if isinstance(self.receipt, Receipt):
            receipt = self.receipt.to_dict()
        else:
            receipt = self.receipt

        version = self.version

        view = self.view.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "receipt": receipt,
                "version": version,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.receipt import Receipt  # noqa: PLC0415
        from ..models.view import View  # noqa: PLC0415

        d = dict(src_dict)

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

        view = View.from_dict(d.pop("view"))

        action_result = cls(
            receipt=receipt,
            version=version,
            view=view,
        )

        action_result.additional_properties = d
        return action_result

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
