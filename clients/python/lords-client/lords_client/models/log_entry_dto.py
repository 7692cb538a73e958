from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LogEntryDto")


@_attrs_define
class LogEntryDto:
    """One leaf: a finished game's final version and head.

    Attributes:
        game_id (UUID):
        head_hash (str): The hash of the game's last event, hex.
        index (int):
        leaf_input (str): `b"lords-game-v1\\x00" ‖ game_id (16 bytes) ‖ version (u64 BE) ‖ head_hash (32 bytes)`,
            base64; its leaf hash is `SHA-256(0x00 ‖ leaf_input)`.
        version (int): The game's final version.
    """

    game_id: UUID
    head_hash: str
    index: int
    leaf_input: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = str(self.game_id)

        head_hash = self.head_hash

        index = self.index

        leaf_input = self.leaf_input

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "head_hash": head_hash,
                "index": index,
                "leaf_input": leaf_input,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = UUID(d.pop("game_id"))

        head_hash = d.pop("head_hash")

        index = d.pop("index")

        leaf_input = d.pop("leaf_input")

        version = d.pop("version")

        log_entry_dto = cls(
            game_id=game_id,
            head_hash=head_hash,
            index=index,
            leaf_input=leaf_input,
            version=version,
        )

        log_entry_dto.additional_properties = d
        return log_entry_dto

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
