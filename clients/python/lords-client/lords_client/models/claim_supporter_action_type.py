from enum import StrEnum


class ClaimSupporterActionType(StrEnum):
    CLAIM_SUPPORTER = "claim_supporter"

    def __str__(self) -> str:
        return str(self.value)
