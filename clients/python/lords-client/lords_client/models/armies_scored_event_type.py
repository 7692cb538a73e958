from enum import StrEnum


class ArmiesScoredEventType(StrEnum):
    ARMIES_SCORED = "armies_scored"

    def __str__(self) -> str:
        return str(self.value)
