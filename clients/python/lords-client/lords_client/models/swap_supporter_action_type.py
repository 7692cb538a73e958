from enum import StrEnum


class SwapSupporterActionType(StrEnum):
    SWAP_SUPPORTER = "swap_supporter"

    def __str__(self) -> str:
        return str(self.value)
