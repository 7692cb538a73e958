from enum import StrEnum


class CockburnSwapDecisionKind(StrEnum):
    COCKBURN_SWAP = "cockburn_swap"

    def __str__(self) -> str:
        return str(self.value)
