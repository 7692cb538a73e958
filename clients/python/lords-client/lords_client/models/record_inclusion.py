from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.signed_tree_head import SignedTreeHead


T = TypeVar("T", bound="RecordInclusion")


@_attrs_define
class RecordInclusion:
    """Where the game is in the transparency log.

    Attributes:
        inclusion_path (list[str]): The audit path from the leaf to the head's root (RFC 9162 §2.1.3), base64.
        leaf_index (int):
        sth (SignedTreeHead): A signed tree head, as the log stores it and shows it: Ed25519 over `b"lords-sth-v1\\x00"
            ‖
            tree_size (u64 BE) ‖ timestamp (u64 BE) ‖ root_hash`.
    """

    inclusion_path: list[str]
    leaf_index: int
    sth: SignedTreeHead
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        inclusion_path = self.inclusion_path

        leaf_index = self.leaf_index

        sth = self.sth.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "inclusion_path": inclusion_path,
                "leaf_index": leaf_index,
                "sth": sth,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signed_tree_head import SignedTreeHead  # noqa: PLC0415

        d = dict(src_dict)
        inclusion_path = cast(list[str], d.pop("inclusion_path"))

        leaf_index = d.pop("leaf_index")

        sth = SignedTreeHead.from_dict(d.pop("sth"))

        record_inclusion = cls(
            inclusion_path=inclusion_path,
            leaf_index=leaf_index,
            sth=sth,
        )

        record_inclusion.additional_properties = d
        return record_inclusion

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
