from enum import StrEnum


class SwapFollowerActionType(StrEnum):
    SWAP_FOLLOWER = "swap_follower"

    def __str__(self) -> str:
        return str(self.value)
