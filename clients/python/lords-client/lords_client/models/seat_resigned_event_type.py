from enum import StrEnum


class SeatResignedEventType(StrEnum):
    SEAT_RESIGNED = "seat_resigned"

    def __str__(self) -> str:
        return str(self.value)
