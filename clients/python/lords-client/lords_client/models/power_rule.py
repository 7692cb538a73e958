from enum import StrEnum


class PowerRule(StrEnum):
    LOWEST_IN_CLAN = "lowest_in_clan"
    LOWEST_STRENGTH = "lowest_strength"

    def __str__(self) -> str:
        return str(self.value)
