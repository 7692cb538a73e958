from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.authorization_dto import AuthorizationDto


T = TypeVar("T", bound="AuthorizationList")


@_attrs_define
class AuthorizationList:
    """
    Attributes:
        authorizations (list[AuthorizationDto]):
    """

    authorizations: list[AuthorizationDto]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        authorizations = []
        for authorizations_item_data in self.authorizations:
            authorizations_item = authorizations_item_data.to_dict()
            authorizations.append(authorizations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "authorizations": authorizations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.authorization_dto import AuthorizationDto  # noqa: PLC0415

        d = dict(src_dict)
        authorizations = []
        _authorizations = d.pop("authorizations")
        for authorizations_item_data in _authorizations:
            authorizations_item = AuthorizationDto.from_dict(authorizations_item_data)

            authorizations.append(authorizations_item)

        authorization_list = cls(
            authorizations=authorizations,
        )

        authorization_list.additional_properties = d
        return authorization_list

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
