from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Receipt")


@_attrs_define
class Receipt:
    """A signed receipt: the server's commitment to a game's history at one version, which a
    seated player keeps and may check against the game's record once it is over.
    `commitment = SHA-256(b"lords-head-v1\\x00" ‖ salt ‖ hash of the event at version)`, with
    the game's salt (secret until the game ends, then in its record); `signature` is Ed25519 by
    the transparency log's key (`GET /v1/transparency/key`) over `b"lords-receipt-v1\\x00" ‖
    game_id (16 bytes) ‖ version (u64 BE) ‖ commitment`.

        Attributes:
            commitment (str): Hex. Example: 9c1185a5c5e9fc54612808977ee8f548b2258d31d4b2f3b9a2c9bd1f53a4b7d0.
            signature (str): Base64 (64 bytes). Example:
                mlVRtfnpvDGV9J2mkdK4ClZNMPx7WfrIfwztI9SOySaRvHLt0PBcWdhiTj1na96kuMdjJCJn7HW5wsQwWUHUrA==.
            version (int): The version it is for: the answer's. Example: 12.
    """

    commitment: str
    signature: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commitment = self.commitment

        signature = self.signature

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commitment": commitment,
                "signature": signature,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        commitment = d.pop("commitment")

        signature = d.pop("signature")

        version = d.pop("version")

        receipt = cls(
            commitment=commitment,
            signature=signature,
            version=version,
        )

        receipt.additional_properties = d
        return receipt

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
