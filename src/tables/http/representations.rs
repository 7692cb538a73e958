//! The game resources' representations: a game as listed and as seen, an action's result,
//! legal actions, events; and the view with the awaited decision's deadline.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::eventstore::read_model::{GameResult, GameStatus, GameSummary, SeatInfo, Visibility};
use crate::proofs::receipt::Receipt;
use rules::{Action, Event, Seat, View};

/// A seat and who holds it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SeatDto {
    #[schema(value_type = u8, minimum = 0, maximum = 4)]
    pub seat: Seat,
    /// The player's username; for a bot's seat `"<level> bot"`.
    pub username: String,
    /// The bot holding the seat (`random`, `greedy`, `mcts`); `null` for a player.
    #[schema(required = true)]
    pub bot: Option<rules::BotLevel>,
    /// Whether a bot account holds the seat: an account that plays through the API with its
    /// token (service rules §9.9); `false` for a person and for a built-in bot.
    pub bot_account: bool,
}

/// Another game this one is linked to.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameLink {
    pub game_id: Uuid,
}

/// Whose decision a listed game awaits.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ListedAwaiting {
    #[schema(value_type = u8, minimum = 0, maximum = 4)]
    pub seat: Seat,
    /// When the decision times out (service rules §9.4); `null` without a clock, and for a
    /// bot's decision.
    #[schema(required = true)]
    pub deadline: Option<DateTime<Utc>>,
}

/// A game as listed.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameSummaryDto {
    pub id: Uuid,
    pub status: GameStatus,
    pub options: rules::GameOptions,
    /// Seat order; seat 0 created the game (in a rematch the seats rotate, and seats kept for
    /// invited players may be missing while it is open).
    pub seats: Vec<SeatDto>,
    /// The number of events in the game's stream.
    pub version: i64,
    /// Whose decision is awaited, the same object as a view's `awaiting` without the `decision`
    /// (a listing does not replay the game; the view has it); `null` while the game is not
    /// `active`.
    #[schema(required = true)]
    pub awaiting: Option<ListedAwaiting>,
    /// The winning seats once the game is `finished` (several when the victory is shared,
    /// RULES §7); `null` until then.
    #[schema(value_type = Option<Vec<u8>>, required = true)]
    pub winners: Option<Vec<Seat>>,
    /// Once the game is `finished`: every seat's score (`scores`, by seat), the final order
    /// (`ranking`, seats, first place first: the winners, then the other unresigned seats, then
    /// the resigned ones, each group by score, ties by seat) and each seat's place (`places`, by
    /// seat, from 1; tied seats share a place, service rules §9.7). `null` until then, and for a game
    /// finished before the server kept results whose events could not say (then `winners`
    /// still does).
    #[schema(required = true)]
    pub result: Option<GameResult>,
    /// Whether the game is rated (service rules §9.7): chosen at creation (`rated`), kept by a
    /// rematch. Once a rated game is finished, every seat's rating changes, exactly once, unless
    /// a seated person took fewer than two decisions themselves: then `result.unrated_reason`
    /// says so and no rating changes.
    pub rated: bool,
    pub visibility: Visibility,
    /// The rematch of this game (`POST /v1/games/{id}/rematch`), once a player asked for one;
    /// `null` until then.
    #[schema(required = true)]
    pub rematch: Option<GameLink>,
    /// The finished game this one is the rematch of; `null` for a game created as new.
    #[schema(required = true)]
    pub rematch_of: Option<GameLink>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// When the awaited decision times out (service rules §9.4); `null` when the game has no
    /// clock or no decision is awaited from a player.
    #[schema(required = true)]
    pub deadline: Option<DateTime<Utc>>,
}

impl From<GameSummary> for GameSummaryDto {
    fn from(g: GameSummary) -> Self {
        GameSummaryDto {
            id: g.id.0,
            status: g.status,
            options: g.options,
            seats: g.seats.into_iter().map(seat_dto).collect(),
            version: g.version,
            awaiting: g.awaiting.map(|seat| ListedAwaiting {
                seat,
                deadline: g.deadline,
            }),
            winners: g.winners,
            result: g.result,
            rated: g.rated,
            visibility: g.visibility,
            rematch: g.rematched_by.map(|id| GameLink { game_id: id.0 }),
            rematch_of: g.rematch_of.map(|id| GameLink { game_id: id.0 }),
            created_at: g.created_at,
            updated_at: g.updated_at,
            deadline: g.deadline,
        }
    }
}

fn seat_dto(s: SeatInfo) -> SeatDto {
    SeatDto {
        seat: s.seat,
        username: s.username,
        bot: s.bot,
        bot_account: s.bot_account,
    }
}

/// A page of games.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GamePage {
    pub games: Vec<GameSummaryDto>,
    /// Pass as `cursor` for the next page; `null` on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// A game as the caller sees it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameDto {
    pub game: GameSummaryDto,
    /// The caller's seat; `null` for a spectator.
    #[schema(value_type = Option<u8>, required = true, minimum = 0, maximum = 4)]
    pub your_seat: Option<Seat>,
    /// The version the view shows (`at` when asked for, else the current version).
    pub version: i64,
    /// The game as the caller may see it at `version` (RULES §8); every card once the game is
    /// over. `null` while the game has not started. At the current version,
    /// `awaiting.deadline` is when the awaited decision times out.
    #[schema(value_type = Option<View>, required = true)]
    pub view: Option<ClockedView>,
    /// For a seated player, the server's signed commitment to the game's history at `version`
    /// (docs/audit.md, "Receipts"); `null` for anyone else, before the game starts, and for
    /// games created before games had receipts.
    #[schema(required = true)]
    pub receipt: Option<Receipt>,
}

/// An engine view with the awaited decision's deadline (`awaiting.deadline`, RFC 3339, `null`
/// without a clock or in a past version), which the engine, reading no clock, does not know.
#[derive(Debug, Clone, PartialEq)]
pub struct ClockedView {
    pub view: View,
    pub deadline: Option<DateTime<Utc>>,
}

impl Serialize for ClockedView {
    /// The view's own fields in its own order, `awaiting` with `deadline` added: written
    /// straight out (going through a `serde_json::Value` cost as much as the rest of writing
    /// the view). Destructured without `..`: a field added to `View` fails to compile here.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let View {
            edition,
            options,
            status,
            viewer,
            skirmish,
            turn,
            initiative,
            awaiting,
            players,
            recruits,
            supporters,
            discard,
            draw_size,
            draw_pile,
            last_scores,
            placement,
            winners,
            ranking,
            places,
            last_skirmish,
        } = &self.view;
        #[derive(Serialize)]
        struct Clocked<'a> {
            edition: &'a rules::EditionId,
            options: &'a Option<rules::GameOptions>,
            status: &'a rules::Status,
            viewer: &'a Option<Seat>,
            skirmish: &'a u16,
            turn: &'a u8,
            initiative: &'a Seat,
            awaiting: Option<AwaitingWithDeadline<'a>>,
            players: &'a [rules::PlayerView],
            recruits: &'a [rules::RecruitView],
            supporters: &'a [rules::CardId],
            discard: &'a [rules::CardId],
            draw_size: &'a u8,
            draw_pile: &'a Option<Vec<rules::CardId>>,
            last_scores: &'a [rules::ArmyScore],
            placement: &'a [Seat],
            winners: &'a Option<Vec<Seat>>,
            ranking: &'a Option<Vec<Seat>>,
            places: &'a Option<Vec<u8>>,
            last_skirmish: &'a Option<rules::LastSkirmish>,
        }
        #[derive(Serialize)]
        struct AwaitingWithDeadline<'a> {
            seat: &'a Seat,
            decision: &'a rules::Decision,
            deadline: &'a Option<DateTime<Utc>>,
        }
        Clocked {
            edition,
            options,
            status,
            viewer,
            skirmish,
            turn,
            initiative,
            awaiting: awaiting.as_ref().map(|a| AwaitingWithDeadline {
                seat: &a.seat,
                decision: &a.decision,
                deadline: &self.deadline,
            }),
            players: &current_vacations(players),
            recruits,
            supporters,
            discard,
            draw_size,
            draw_pile,
            last_scores,
            placement,
            winners,
            ranking,
            places,
            last_skirmish,
        }
        .serialize(s)
    }
}

/// The players of a view with each vacation that has ended shown as `null` (service rules
/// §9.6): the engine, reading no clock, keeps the last `seat_away` until a `seat_back`.
fn current_vacations(players: &[rules::PlayerView]) -> std::borrow::Cow<'_, [rules::PlayerView]> {
    let now = rules::UnixMillis(u64::try_from(Utc::now().timestamp_millis()).unwrap_or(0));
    if players
        .iter()
        .all(|p| p.vacation_until.is_none_or(|until| until > now))
    {
        return std::borrow::Cow::Borrowed(players);
    }
    std::borrow::Cow::Owned(
        players
            .iter()
            .map(|p| rules::PlayerView {
                vacation_until: p.vacation_until.filter(|&until| until > now),
                ..p.clone()
            })
            .collect(),
    )
}

/// In the document, the `Awaiting` of a view carries the deadline [`ClockedView`] adds.
pub struct ClockedAwaiting;

impl utoipa::Modify for ClockedAwaiting {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
        use utoipa::openapi::{KnownFormat, RefOr, SchemaFormat};
        let awaiting = openapi
            .components
            .as_mut()
            .and_then(|c| c.schemas.get_mut("Awaiting"));
        if let Some(RefOr::T(Schema::Object(awaiting))) = awaiting {
            let deadline = ObjectBuilder::new()
                .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
                .description(Some(
                    "In the API's views at the current version: when this decision times out and \
                     a bot plays\nit (service rules §9.4), RFC 3339; `null` when the game has no \
                     clock.",
                ));
            awaiting
                .properties
                .insert("deadline".into(), deadline.into());
        }
    }
}

impl<'de> Deserialize<'de> for ClockedView {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        let deadline = v
            .pointer("/awaiting/deadline")
            .and_then(|d| d.as_str())
            .map(|d| DateTime::parse_from_rfc3339(d).map(|d| d.with_timezone(&Utc)))
            .transpose()
            .map_err(serde::de::Error::custom)?;
        let view = View::deserialize(v).map_err(serde::de::Error::custom)?;
        Ok(ClockedView { view, deadline })
    }
}

/// What a submitted action produced.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ActionResult {
    /// The game's version after the action.
    pub version: i64,
    /// The caller's view at that version, with the next decision's deadline.
    #[schema(value_type = View)]
    pub view: ClockedView,
    /// The signed receipt of `version` (docs/audit.md, "Receipts"); `null` for games created
    /// before games had receipts.
    #[schema(required = true)]
    pub receipt: Option<Receipt>,
}

/// The actions the caller may submit now.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct LegalActions {
    pub version: i64,
    /// Each exactly as `POST /v1/games/{id}/actions` accepts it; empty when no decision of the
    /// caller's is awaited.
    pub actions: Vec<Action>,
}

/// One event of a game's stream, as the caller may see it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct EventDto {
    /// Its position in the stream, from 1.
    pub seq: i64,
    /// The seat whose action caused the event: its own action's event and every consequence of
    /// it (e.g. `followers_revealed`, `armies_scored`, claims, `skirmish_ended`,
    /// `skirmish_started`, `game_ended` carry the seat whose action ended the turn or skirmish).
    /// A bot's move (`bot_acted` and what follows) and a timed-out decision carry the seat they
    /// were taken for. `null` only for the events no action caused (the deal when the last seat
    /// filled).
    #[schema(value_type = Option<u8>, required = true, minimum = 0, maximum = 4)]
    pub seat: Option<Seat>,
    /// Redacted for the caller until the game is over.
    pub event: Event,
    /// Once the game is over: when it was recorded; `null` until then.
    #[schema(required = true)]
    pub recorded_at: Option<DateTime<Utc>>,
    /// Once the game is over: SHA-256 of the previous event's hash and this payload, hex;
    /// `null` until then.
    #[schema(required = true, pattern = "^[0-9a-f]{64}$")]
    pub hash: Option<String>,
    /// Once the game is over: the previous event's hash, hex (zeros for the first); `null` until
    /// then.
    #[schema(required = true, pattern = "^[0-9a-f]{64}$")]
    pub prev_hash: Option<String>,
}

/// A page of events.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct EventPage {
    pub events: Vec<EventDto>,
    /// Whether everything is shown (the game is over): hashes and shuffles included.
    pub complete: bool,
    /// Pass as `after` for the next page; `null` when this page reached the end.
    #[schema(required = true)]
    pub next_after: Option<i64>,
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;

    use super::*;
    use rules::{Game, GameOptions, Viewer};

    /// What `ClockedView` wrote before it was written field by field: the view as a JSON value
    /// with `deadline` added to `awaiting`.
    fn through_value(view: &View, deadline: Option<DateTime<Utc>>) -> serde_json::Value {
        let mut v = serde_json::to_value(view).unwrap();
        if let Some(awaiting) = v.get_mut("awaiting").and_then(|a| a.as_object_mut()) {
            awaiting.insert("deadline".into(), serde_json::to_value(deadline).unwrap());
        }
        v
    }

    /// A seeded random game to its end, as the events it made.
    fn random_game(players: u8, seed: u64) -> Vec<rules::Event> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut events = rules::start(&GameOptions::new(players), &mut rng).unwrap();
        let mut game = Game::replay(&events);
        while let Some(awaiting) = game.awaiting() {
            let legal = rules::legal_actions(&game, awaiting.seat);
            let action = *legal.choose(&mut rng).unwrap();
            let more = rules::decide(&game, awaiting.seat, &action, &mut rng).unwrap();
            more.iter().for_each(|e| game.apply(e));
            events.extend(more);
        }
        events
    }

    #[test]
    fn a_clocked_view_is_the_view_with_the_deadline_in_awaiting() {
        let deadline = Some(Utc::now());
        for (seed, players) in [(1, 2), (2, 3), (3, 5)] {
            let mut game = Game::new();
            for (i, event) in random_game(players, seed).iter().enumerate() {
                game.apply(event);
                if game.status() == rules::Status::NotStarted {
                    continue;
                }
                let seat = Seat((i % usize::from(players)) as u8);
                for viewer in [Viewer::Seat(seat), Viewer::Spectator, Viewer::Everyone] {
                    let view = rules::view(&game, viewer);
                    for deadline in [None, deadline] {
                        let clocked = ClockedView {
                            view: view.clone(),
                            deadline,
                        };
                        assert_eq!(
                            serde_json::to_value(&clocked).unwrap(),
                            through_value(&view, deadline)
                        );
                    }
                }
            }
        }
    }
}
