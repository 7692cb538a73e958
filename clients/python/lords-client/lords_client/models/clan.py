from enum import StrEnum


class Clan(StrEnum):
    BRUCE = "bruce"
    COCHRANE = "cochrane"
    COCKBURN = "cockburn"
    FERGUSSON = "fergusson"
    FORSYTH = "forsyth"
    MACDONNELL = "macdonnell"
    MAKGILL = "makgill"
    SCOTT = "scott"
    WEMYSS = "wemyss"

    def __str__(self) -> str:
        return str(self.value)
