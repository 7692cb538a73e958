from enum import StrEnum


class FergussonSwapDecisionKind(StrEnum):
    FERGUSSON_SWAP = "fergusson_swap"

    def __str__(self) -> str:
        return str(self.value)
