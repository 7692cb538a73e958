from enum import StrEnum


class DecisionTimedOutEventType(StrEnum):
    DECISION_TIMED_OUT = "decision_timed_out"

    def __str__(self) -> str:
        return str(self.value)
