from enum import StrEnum


class SeatAbandonedEventType(StrEnum):
    SEAT_ABANDONED = "seat_abandoned"

    def __str__(self) -> str:
        return str(self.value)
