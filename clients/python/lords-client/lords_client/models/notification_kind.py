from enum import StrEnum


class NotificationKind(StrEnum):
    CHALLENGE = "challenge"
    CHALLENGE_DECLINED = "challenge_declined"
    CHAT = "chat"
    GAME_ENDED = "game_ended"
    GAME_STARTED = "game_started"
    INVITED = "invited"
    REMINDER = "reminder"
    SEEK_MATCHED = "seek_matched"
    TIMED_OUT = "timed_out"
    TOURNAMENT_ENDED = "tournament_ended"
    TOURNAMENT_ROUND = "tournament_round"
    VACATION = "vacation"
    YOUR_TURN = "your_turn"

    def __str__(self) -> str:
        return str(self.value)
