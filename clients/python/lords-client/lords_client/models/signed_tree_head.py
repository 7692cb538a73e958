from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SignedTreeHead")


@_attrs_define
class SignedTreeHead:
    """A signed tree head, as the log stores it and shows it: Ed25519 over `b"lords-sth-v1\\x00" ‖
    tree_size (u64 BE) ‖ timestamp (u64 BE) ‖ root_hash`.

        Attributes:
            root_hash (str): The tree's root (RFC 9162 §2.1.1), base64. Example:
                47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=.
            signature (str): The signature, base64 (64 bytes). Example:
                mlVRtfnpvDGV9J2mkdK4ClZNMPx7WfrIfwztI9SOySaRvHLt0PBcWdhiTj1na96kuMdjJCJn7HW5wsQwWUHUrA==.
            timestamp (int): When it was signed, in milliseconds since the Unix epoch. Example: 1764172800000.
            tree_size (int): Leaves in the tree. Example: 42.
    """

    root_hash: str
    signature: str
    timestamp: int
    tree_size: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        root_hash = self.root_hash

        signature = self.signature

        timestamp = self.timestamp

        tree_size = self.tree_size

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "root_hash": root_hash,
                "signature": signature,
                "timestamp": timestamp,
                "tree_size": tree_size,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        root_hash = d.pop("root_hash")

        signature = d.pop("signature")

        timestamp = d.pop("timestamp")

        tree_size = d.pop("tree_size")

        signed_tree_head = cls(
            root_hash=root_hash,
            signature=signature,
            timestamp=timestamp,
            tree_size=tree_size,
        )

        signed_tree_head.additional_properties = d
        return signed_tree_head

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
