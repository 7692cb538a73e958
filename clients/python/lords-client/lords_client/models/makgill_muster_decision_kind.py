from enum import StrEnum


class MakgillMusterDecisionKind(StrEnum):
    MAKGILL_MUSTER = "makgill_muster"

    def __str__(self) -> str:
        return str(self.value)
