from enum import StrEnum


class TurnDecisionKind(StrEnum):
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
