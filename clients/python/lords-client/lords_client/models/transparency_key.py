from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TransparencyKey")


@_attrs_define
class TransparencyKey:
    """The log's public key.

    Attributes:
        algorithm (str): Always `Ed25519`. Example: Ed25519.
        public_key (str): The 32 raw bytes of the public key, in base64. Example:
            11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=.
    """

    algorithm: str
    public_key: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        algorithm = self.algorithm

        public_key = self.public_key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "algorithm": algorithm,
                "public_key": public_key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        algorithm = d.pop("algorithm")

        public_key = d.pop("public_key")

        transparency_key = cls(
            algorithm=algorithm,
            public_key=public_key,
        )

        transparency_key.additional_properties = d
        return transparency_key

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
