from enum import StrEnum


class DecisionRequestedEventType(StrEnum):
    DECISION_REQUESTED = "decision_requested"

    def __str__(self) -> str:
        return str(self.value)
