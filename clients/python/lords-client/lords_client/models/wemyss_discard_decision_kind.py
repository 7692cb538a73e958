from enum import StrEnum


class WemyssDiscardDecisionKind(StrEnum):
    WEMYSS_DISCARD = "wemyss_discard"

    def __str__(self) -> str:
        return str(self.value)
