from enum import StrEnum


class UnratedReason(StrEnum):
    TOO_FEW_DECISIONS = "too_few_decisions"

    def __str__(self) -> str:
        return str(self.value)
