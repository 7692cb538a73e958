from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.edition_id import EditionId
from ..models.status import Status

if TYPE_CHECKING:
    from ..models.army_score import ArmyScore
    from ..models.awaiting import Awaiting
    from ..models.game_options import GameOptions
    from ..models.last_skirmish import LastSkirmish
    from ..models.player_view import PlayerView
    from ..models.recruit_view import RecruitView


T = TypeVar("T", bound="View")


@_attrs_define
class View:
    """The game as one viewer may see it ([RULES](/docs/rules) §8): a seated player sees their own hand and their
    own face-down Followers; spectators see the public information only; once the game is over
    everyone sees everything. Hidden cards are `null`, with nothing else about them.

        Attributes:
            awaiting (Awaiting | None): Whose decision is awaited; `null` before the start and after the end.
            discard (list[int]): Bottom first; the last card is the top of the discard pile. Once the game is over, without
                the final armies' cards, which `players[].army` shows.
            draw_pile (list[int] | None): Top card first; only in the full view once the game is over, otherwise `null`.
            draw_size (int):
            edition (EditionId): The edition a game was created with ([RULES](/docs/rules) §1).
            initiative (int): A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
                ([RULES](/docs/rules) §3.5).
            last_scores (list[ArmyScore]): The last scored skirmish: army strengths in seat order, one per seat that had an
                army;
                `placement` gives the places.
            last_skirmish (LastSkirmish | None): The last scored skirmish explained: each placed army's strength and place,
                why an army
                placed above another of equal strength ([RULES](/docs/rules) §6.3), and the Supporters claimed so far
                ([RULES](/docs/rules) §6.4). Kept until the next skirmish is scored; `null` before the first is.
            options (GameOptions | None): `null` before the game has started.
            placement (list[int]): The placement of the last scored skirmish, first place first ([RULES](/docs/rules) §6.3).
            places (list[int] | None): Once the game is over: each seat's place in the final ranking, indexed by seat, from
                1.
                Seats the ranking places equally share a place and the next is skipped (1, 1, 3): a shared
                victory, or seats alike in having resigned or not and equal in score (service rules
                §9.7); `null` until then.
            players (list[PlayerView]): By seat.
            ranking (list[int] | None): Once the game is over: every seat, winners first, then the other players by score,
                then
                resigned or abandoned seats (service rules §9.3); `null` until then.
            recruits (list[RecruitView]): By slot, 0 to 4.
            skirmish (int): The current skirmish, from 1 (0 before the start).
            status (Status): Where the game is: not started, active, or finished (everything is public once finished,
                [RULES](/docs/rules) §8).
            supporters (list[int]): The Supporter row.
            turn (int): The current turn of the skirmish, 1 to 5 (0 before its first turn).
            viewer (int | None): The seat this view was made for; `null` for spectators and the full view.
            winners (list[int] | None): The winners once the game is over, several when the victory is shared
                ([RULES](/docs/rules) §7);
                `null` until then.
    """

    awaiting: Awaiting | None
    discard: list[int]
    draw_pile: list[int] | None
    draw_size: int
    edition: EditionId
    initiative: int
    last_scores: list[ArmyScore]
    last_skirmish: LastSkirmish | None
    options: GameOptions | None
    placement: list[int]
    places: list[int] | None
    players: list[PlayerView]
    ranking: list[int] | None
    recruits: list[RecruitView]
    skirmish: int
    status: Status
    supporters: list[int]
    turn: int
    viewer: int | None
    winners: list[int] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.awaiting import Awaiting  # noqa: PLC0415
        from ..models.game_options import GameOptions  # noqa: PLC0415
        from ..models.last_skirmish import LastSkirmish  # noqa: PLC0415

        awaiting: dict[str, Any] | None
        if isinstance(self.awaiting, Awaiting):
            awaiting = self.awaiting.to_dict()
        else:
            awaiting = self.awaiting

        discard = self.discard

        draw_pile: list[int] | None
        if isinstance(self.draw_pile, list):
            draw_pile = self.draw_pile

        else:
            draw_pile = self.draw_pile

        draw_size = self.draw_size

        edition = self.edition.value

        initiative = self.initiative

        last_scores = []
        for last_scores_item_data in self.last_scores:
            last_scores_item = last_scores_item_data.to_dict()
            last_scores.append(last_scores_item)

        last_skirmish: dict[str, Any] | None
        if isinstance(self.last_skirmish, LastSkirmish):
            last_skirmish = self.last_skirmish.to_dict()
        else:
            last_skirmish = self.last_skirmish

        options: dict[str, Any] | None
        if isinstance(self.options, GameOptions):
            options = self.options.to_dict()
        else:
            options = self.options

        placement = self.placement

        places: list[int] | None
        if isinstance(self.places, list):
            places = self.places

        else:
            places = self.places

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        ranking: list[int] | None
        if isinstance(self.ranking, list):
            ranking = self.ranking

        else:
            ranking = self.ranking

        recruits = []
        for recruits_item_data in self.recruits:
            recruits_item = recruits_item_data.to_dict()
            recruits.append(recruits_item)

        skirmish = self.skirmish

        status = self.status.value

        supporters = self.supporters

        turn = self.turn

        viewer: int | None
        viewer = self.viewer

        winners: list[int] | None
        if isinstance(self.winners, list):
            winners = self.winners

        else:
            winners = self.winners

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "awaiting": awaiting,
                "discard": discard,
                "draw_pile": draw_pile,
                "draw_size": draw_size,
                "edition": edition,
                "initiative": initiative,
                "last_scores": last_scores,
                "last_skirmish": last_skirmish,
                "options": options,
                "placement": placement,
                "places": places,
                "players": players,
                "ranking": ranking,
                "recruits": recruits,
                "skirmish": skirmish,
                "status": status,
                "supporters": supporters,
                "turn": turn,
                "viewer": viewer,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.army_score import ArmyScore  # noqa: PLC0415
        from ..models.awaiting import Awaiting  # noqa: PLC0415
        from ..models.game_options import GameOptions  # noqa: PLC0415
        from ..models.last_skirmish import LastSkirmish  # noqa: PLC0415
        from ..models.player_view import PlayerView  # noqa: PLC0415
        from ..models.recruit_view import RecruitView  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_awaiting(data: object) -> Awaiting | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                awaiting_type_1 = Awaiting.from_dict(data)

                return awaiting_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Awaiting | None, data)

        awaiting = _parse_awaiting(d.pop("awaiting"))

        discard = cast(list[int], d.pop("discard"))

        def _parse_draw_pile(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                draw_pile_type_0 = cast(list[int], data)

                return draw_pile_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        draw_pile = _parse_draw_pile(d.pop("draw_pile"))

        draw_size = d.pop("draw_size")

        edition = EditionId(d.pop("edition"))

        initiative = d.pop("initiative")

        last_scores = []
        _last_scores = d.pop("last_scores")
        for last_scores_item_data in _last_scores:
            last_scores_item = ArmyScore.from_dict(last_scores_item_data)

            last_scores.append(last_scores_item)

        def _parse_last_skirmish(data: object) -> LastSkirmish | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_skirmish_type_1 = LastSkirmish.from_dict(data)

                return last_skirmish_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LastSkirmish | None, data)

        last_skirmish = _parse_last_skirmish(d.pop("last_skirmish"))

        def _parse_options(data: object) -> GameOptions | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                options_type_1 = GameOptions.from_dict(data)

                return options_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameOptions | None, data)

        options = _parse_options(d.pop("options"))

        placement = cast(list[int], d.pop("placement"))

        def _parse_places(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                places_type_0 = cast(list[int], data)

                return places_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        places = _parse_places(d.pop("places"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerView.from_dict(players_item_data)

            players.append(players_item)

        def _parse_ranking(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ranking_type_0 = cast(list[int], data)

                return ranking_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        ranking = _parse_ranking(d.pop("ranking"))

        recruits = []
        _recruits = d.pop("recruits")
        for recruits_item_data in _recruits:
            recruits_item = RecruitView.from_dict(recruits_item_data)

            recruits.append(recruits_item)

        skirmish = d.pop("skirmish")

        status = Status(d.pop("status"))

        supporters = cast(list[int], d.pop("supporters"))

        turn = d.pop("turn")

        def _parse_viewer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        viewer = _parse_viewer(d.pop("viewer"))

        def _parse_winners(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                winners_type_0 = cast(list[int], data)

                return winners_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        winners = _parse_winners(d.pop("winners"))

        view = cls(
            awaiting=awaiting,
            discard=discard,
            draw_pile=draw_pile,
            draw_size=draw_size,
            edition=edition,
            initiative=initiative,
            last_scores=last_scores,
            last_skirmish=last_skirmish,
            options=options,
            placement=placement,
            places=places,
            players=players,
            ranking=ranking,
            recruits=recruits,
            skirmish=skirmish,
            status=status,
            supporters=supporters,
            turn=turn,
            viewer=viewer,
            winners=winners,
        )

        view.additional_properties = d
        return view

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
