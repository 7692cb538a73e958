from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="EmailRequest")


@_attrs_define
class EmailRequest:
    """The body of `PUT /v1/me/email`.

    Attributes:
        email (str): An address in ASCII, as the pattern says: letters, digits and ``!#$%&'*+/=?^_`{|}~-``
            with dots only between them, at most 64 characters before the `@`, and a domain of
            labels such as `example.org` (an international one in its `xn--` form); at most 254
            characters in all. Unique among accounts, ignoring case. Example: robert@example.org.
    """

    email: str

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        email_request = cls(
            email=email,
        )

        return email_request
