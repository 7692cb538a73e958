//! The engine's JSON against the served OpenAPI document, whose schemas the engine's own types
//! derive: seeded random games, every event (full and redacted), every view and every legal
//! action validated against its schema, with every object schema closed so that a field the
//! engine writes and the document lacks, or names differently, fails.

use std::collections::BTreeSet;
use std::collections::HashMap;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rules::{
    Action, ArmyScore, BotLevel, CardId, ClaimRight, Clan, Decision, EditionId, Event, FollowerRef,
    Game, GameOptions, OptionsRequest, PowerRule, RevealedFollower, Seat, Status, Viewer, decide,
    legal_actions, redact, start, view,
};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::OpenApi;

/// The component schemas of the document as served.
fn components() -> serde_json::Map<String, Value> {
    lords::http::openapi::document()["components"]["schemas"]
        .as_object()
        .expect("components.schemas")
        .clone()
}

/// The variants of a union: the schemas its `oneOf` refers to.
fn variants<'a>(documented: &'a serde_json::Map<String, Value>, union: &str) -> Vec<&'a Value> {
    documented[union]["oneOf"]
        .as_array()
        .expect("a oneOf")
        .iter()
        .map(|branch| {
            let reference = branch["$ref"]
                .as_str()
                .expect("a reference to a named variant");
            let name = reference.trim_start_matches("#/components/schemas/");
            documented.get(name).expect("the named variant exists")
        })
        .collect()
}

/// Sets `additionalProperties: false` on every object schema that does not say otherwise.
/// The document closes the request bodies only (`deny_unknown_fields`); the responses stay open
/// there, so the test closes them here to catch a field the engine writes that the document
/// lacks. Returns how many schemas it closed.
fn close_objects(schema: &mut Value) -> usize {
    let mut closed = 0;
    match schema {
        Value::Object(map) => {
            if map.get("type") == Some(&json!("object"))
                && !map.contains_key("additionalProperties")
            {
                map.insert("additionalProperties".into(), json!(false));
                closed += 1;
            }
            for value in map.values_mut() {
                closed += close_objects(value);
            }
        }
        Value::Array(items) => {
            for value in items {
                closed += close_objects(value);
            }
        }
        _ => {}
    }
    closed
}

/// The validators of the closed schemas: each one is the whole `components` section with a
/// `$ref` to one schema at its root, so `#/components/schemas/...` references resolve in place.
struct Schemas {
    components: Value,
}

impl Schemas {
    fn closed() -> Self {
        let mut components = Value::Object(components());
        assert!(close_objects(&mut components) > 0);
        Self { components }
    }

    fn validator(&self, name: &str) -> jsonschema::Validator {
        assert!(
            self.components.get(name).is_some(),
            "no component schema {name}"
        );
        let root = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$ref": format!("#/components/schemas/{name}"),
            "components": { "schemas": self.components },
        });
        jsonschema::draft202012::new(&root)
            .unwrap_or_else(|e| panic!("schema {name} does not compile: {e}"))
    }

    fn errors(&self, name: &str, value: &Value) -> Vec<String> {
        errors(&self.validator(name), value)
    }
}

fn errors(validator: &jsonschema::Validator, value: &Value) -> Vec<String> {
    validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

/// The validators the random games use, built once, and how many values they validated.
struct Checker {
    validators: HashMap<&'static str, jsonschema::Validator>,
    validated: usize,
}

impl Checker {
    fn new(schemas: &Schemas) -> Self {
        let validators = ["View", "Event", "Action", "OptionsRequest"]
            .into_iter()
            .map(|name| (name, schemas.validator(name)))
            .collect();
        Self {
            validators,
            validated: 0,
        }
    }

    fn check(&mut self, name: &str, value: &impl Serialize) {
        let json = serde_json::to_value(value).expect("engine values serialize");
        let errors = errors(&self.validators[name], &json);
        assert!(
            errors.is_empty(),
            "engine {name} does not match its schema:\n{json:#}\n{errors:#?}"
        );
        self.validated += 1;
    }

    fn views(&mut self, game: &Game) {
        let seats = game.player_count() as u8;
        for viewer in (0..seats)
            .map(|s| Viewer::Seat(Seat(s)))
            .chain([Viewer::Spectator, Viewer::Everyone])
        {
            self.check("View", &view(game, viewer));
        }
        // Service rules §9.6: a seat on vacation shows when it ends, as a date-time.
        if game.player_count() > 0 {
            let mut away = game.clone();
            away.apply(&Event::SeatAway {
                seat: Seat(0),
                until_ms: 1_795_771_800_250,
            });
            self.check("View", &view(&away, Viewer::Spectator));
        }
    }

    fn events(&mut self, game: &Game, events: &[Event]) {
        let seats = game.player_count() as u8;
        for event in events {
            self.check("Event", event);
            for viewer in (0..seats)
                .map(|s| Viewer::Seat(Seat(s)))
                .chain([Viewer::Spectator])
            {
                self.check("Event", &redact(event, viewer));
            }
        }
    }
}

/// What the random games went through, to show what they covered.
#[derive(Default)]
struct Seen {
    events: BTreeSet<&'static str>,
    actions: BTreeSet<&'static str>,
    decisions: BTreeSet<String>,
}

/// One seeded random game to its end: every event, view and legal action checked.
fn play(seed: u64, players: u8, include_bruce: bool, checker: &mut Checker, seen: &mut Seen) {
    let mut rng = StdRng::seed_from_u64(seed);
    let request = OptionsRequest {
        include_bruce: Some(include_bruce),
        ..OptionsRequest::new(players)
    };
    checker.check("OptionsRequest", &request);
    let options = request.validate().expect("valid options");

    let mut game = Game::new();
    checker.views(&game);
    let mut events = start(&options, &mut rng).expect("the game starts");
    for step in 0.. {
        assert!(step < 20_000, "seed {seed}: the game does not end");
        checker.events(&game, &events);
        for event in &events {
            seen.events.insert(event.kind());
            game.apply(event);
        }
        checker.views(&game);
        let Some(awaiting) = game.awaiting() else {
            break;
        };
        let decision = serde_json::to_value(awaiting.decision).unwrap();
        seen.decisions
            .insert(decision["kind"].as_str().unwrap().to_owned());
        let actions = legal_actions(&game, awaiting.seat);
        for action in &actions {
            checker.check("Action", action);
        }
        let action = *actions.choose(&mut rng).expect("a legal action");
        seen.actions.insert(action.name());
        events =
            decide(&game, awaiting.seat, &action, &mut rng).expect("legal actions are accepted");
    }
    assert_eq!(game.status(), Status::Finished, "seed {seed}");
}

#[test]
fn random_games_match_the_schemas_in_every_event_view_and_legal_action() {
    let schemas = Schemas::closed();
    let mut checker = Checker::new(&schemas);
    let mut seen = Seen::default();
    let mut games = 0;
    for players in 2..=5u8 {
        for include_bruce in [false, true] {
            for seed in 0..2u64 {
                play(
                    1000 * players as u64 + 10 * include_bruce as u64 + seed,
                    players,
                    include_bruce,
                    &mut checker,
                    &mut seen,
                );
                games += 1;
            }
        }
    }
    eprintln!(
        "{games} games, {} values validated; event types seen: {}/24 {:?}; action types seen: {:?}; \
         decisions awaited: {:?}",
        checker.validated,
        seen.events.len(),
        seen.events,
        seen.actions,
        seen.decisions
    );
    assert!(checker.validated > 10_000);
}

/// The `type` (or `kind`) values a tagged schema lists, one per `oneOf` entry; each variant is a
/// named schema (`MusterAction`), titled, and the `discriminator` maps each tag to it.
fn tags(documented: &serde_json::Map<String, Value>, union: &str, tag: &str) -> BTreeSet<String> {
    let one_of = variants(documented, union);
    let discriminator = &documented[union]["discriminator"];
    assert_eq!(discriminator["propertyName"], json!(tag));
    let tags: BTreeSet<String> = one_of
        .iter()
        .map(|variant| {
            let title = variant["title"].as_str().expect("a titled variant");
            assert!(title.ends_with(union), "{title} names its union {union}");
            let values = variant["properties"][tag]["enum"]
                .as_array()
                .expect("a tag");
            assert_eq!(values.len(), 1, "one tag per variant: {variant}");
            let value = values[0].as_str().unwrap().to_owned();
            assert_eq!(
                discriminator["mapping"][&value],
                json!(format!("#/components/schemas/{title}"))
            );
            value
        })
        .collect();
    assert_eq!(tags.len(), one_of.len(), "tags are unique");
    tags
}

fn card(id: u8) -> CardId {
    CardId(id)
}

fn at(seat: u8, position: u8) -> FollowerRef {
    FollowerRef {
        seat: Seat(seat),
        position,
    }
}

/// One of every event, built by hand with hidden fields both shown and `null`, so that variants
/// the random games rarely reach are checked too. The match makes a new engine variant a compile
/// error here until it is added.
fn every_event() -> Vec<Event> {
    let options = GameOptions {
        players: 3,
        include_bruce: true,
        power_rule: PowerRule::LowestInClan,
        target_score: 40,
        turn_time_limit_s: Some(259_200),
        max_timeouts: 3,
    };
    let commitment = "ab".repeat(32);
    let events = vec![
        Event::GameStarted {
            edition: EditionId::StandardV1,
            options,
            initiative: Seat(2),
        },
        Event::DeckShuffled {
            size: 2,
            commitment: commitment.clone(),
            order: Some(vec![card(98), card(1)]),
            salt: Some("0f".repeat(16)),
        },
        Event::DeckShuffled {
            size: 2,
            commitment,
            order: None,
            salt: None,
        },
        Event::HandDealt {
            seat: Seat(0),
            count: 1,
            cards: Some(vec![card(7)]),
        },
        Event::HandDealt {
            seat: Seat(0),
            count: 1,
            cards: None,
        },
        Event::SkirmishStarted {
            skirmish: 1,
            initiative: Seat(1),
        },
        Event::RecruitDealt {
            slot: 4,
            face_up: false,
            card: None,
        },
        Event::SupporterDealt { card: card(12) },
        Event::SupportersDiscarded {
            cards: vec![card(9), card(10)],
        },
        Event::TurnStarted {
            turn: 5,
            seat: Seat(4),
        },
        Event::RecruitRevealed {
            slot: 0,
            card: card(3),
        },
        Event::Recruited {
            seat: Seat(1),
            slot: 2,
            face_up: false,
            card: None,
        },
        Event::Mustered {
            seat: Seat(1),
            card: None,
            face_up: false,
            use_power: false,
        },
        Event::Passed { seat: Seat(0) },
        Event::PowerActivated {
            seat: Seat(0),
            position: 3,
            clan: Clan::Bruce,
        },
        Event::CardDrawn {
            seat: Seat(0),
            card: None,
        },
        Event::PowerCopied {
            seat: Seat(0),
            position: 1,
            target: at(2, 0),
            clan: Clan::Cochrane,
        },
        Event::DecisionRequested {
            seat: Seat(0),
            decision: Decision::ScottCopy { position: 1 },
        },
        Event::SupporterSwapped {
            seat: Seat(0),
            position: 0,
            given: card(5),
            supporter: card(6),
        },
        Event::FollowersSwapped {
            seat: Seat(0),
            position: 0,
            target: at(1, 2),
            given: card(6),
            taken_face_up: false,
            taken: None,
        },
        Event::FollowerDiscarded {
            seat: Seat(2),
            target: at(0, 0),
            card: card(8),
        },
        Event::FollowersRevealed {
            followers: vec![RevealedFollower {
                seat: Seat(1),
                position: 0,
                card: card(40),
            }],
        },
        Event::ArmiesScored {
            armies: vec![ArmyScore {
                seat: Seat(1),
                strength: 24,
                doubled: true,
            }],
            placement: vec![ClaimRight {
                seat: Seat(1),
                claims: 2,
            }],
        },
        Event::SupporterClaimed {
            seat: Seat(1),
            card: card(90),
        },
        Event::SkirmishEnded {
            skirmish: 3,
            discarded: vec![card(1), card(2)],
            kept: vec![card(3)],
        },
        Event::GameEnded {
            scores: vec![41, 12, 0],
            winners: vec![Seat(0)],
        },
        Event::SeatResigned { seat: Seat(1) },
        Event::DecisionTimedOut {
            seat: Seat(2),
            consecutive: 2,
        },
        Event::SeatAbandoned { seat: Seat(2) },
        Event::BotActed {
            seat: Seat(2),
            level: BotLevel::Greedy,
        },
        Event::TimeoutsCleared { seat: Seat(0) },
        Event::SeatAway {
            seat: Seat(1),
            until_ms: 1_795_771_800_000,
        },
        Event::SeatBack { seat: Seat(1) },
    ];
    for event in &events {
        match event {
            Event::GameStarted { .. }
            | Event::DeckShuffled { .. }
            | Event::HandDealt { .. }
            | Event::SkirmishStarted { .. }
            | Event::RecruitDealt { .. }
            | Event::SupporterDealt { .. }
            | Event::SupportersDiscarded { .. }
            | Event::TurnStarted { .. }
            | Event::RecruitRevealed { .. }
            | Event::Recruited { .. }
            | Event::Mustered { .. }
            | Event::Passed { .. }
            | Event::PowerActivated { .. }
            | Event::CardDrawn { .. }
            | Event::PowerCopied { .. }
            | Event::DecisionRequested { .. }
            | Event::SupporterSwapped { .. }
            | Event::FollowersSwapped { .. }
            | Event::FollowerDiscarded { .. }
            | Event::FollowersRevealed { .. }
            | Event::ArmiesScored { .. }
            | Event::SupporterClaimed { .. }
            | Event::SkirmishEnded { .. }
            | Event::GameEnded { .. }
            | Event::SeatResigned { .. }
            | Event::DecisionTimedOut { .. }
            | Event::SeatAbandoned { .. }
            | Event::BotActed { .. }
            | Event::TimeoutsCleared { .. }
            | Event::SeatAway { .. }
            | Event::SeatBack { .. } => {}
        }
    }
    events
}

fn every_action() -> Vec<Action> {
    let actions = vec![
        Action::Recruit { slot: 4 },
        Action::Muster {
            card: card(1),
            face_up: true,
            use_power: true,
        },
        Action::Pass,
        Action::CopyPower { target: at(1, 0) },
        Action::SwapSupporter {
            supporter: card(98),
        },
        Action::SwapFollower { target: at(4, 2) },
        Action::DiscardFollower { target: at(0, 1) },
        Action::ClaimSupporter { supporter: card(2) },
    ];
    for action in &actions {
        match action {
            Action::Recruit { .. }
            | Action::Muster { .. }
            | Action::Pass
            | Action::CopyPower { .. }
            | Action::SwapSupporter { .. }
            | Action::SwapFollower { .. }
            | Action::DiscardFollower { .. }
            | Action::ClaimSupporter { .. } => {}
        }
    }
    actions
}

fn every_decision() -> Vec<Decision> {
    let decisions = vec![
        Decision::Turn,
        Decision::MakgillMuster,
        Decision::CockburnSwap { position: 0 },
        Decision::FergussonSwap { position: 1 },
        Decision::WemyssDiscard { position: 2 },
        Decision::ScottCopy { position: 3 },
        Decision::ClaimSupporter { claims_left: 2 },
    ];
    for decision in &decisions {
        match decision {
            Decision::Turn
            | Decision::MakgillMuster
            | Decision::CockburnSwap { .. }
            | Decision::FergussonSwap { .. }
            | Decision::WemyssDiscard { .. }
            | Decision::ScottCopy { .. }
            | Decision::ClaimSupporter { .. } => {}
        }
    }
    decisions
}

/// Serializes each value, checks it against `schema` and returns the values of its `tag` field.
fn check_all<T: Serialize>(
    schemas: &Schemas,
    schema: &str,
    values: &[T],
    tag: &str,
) -> BTreeSet<String> {
    let validator = schemas.validator(schema);
    let mut tags = BTreeSet::new();
    for value in values {
        let json = serde_json::to_value(value).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&json)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{json} against {schema}: {errors:?}");
        tags.insert(json[tag].as_str().unwrap().to_owned());
    }
    tags
}

#[test]
fn every_engine_variant_has_exactly_one_named_schema_in_the_document() {
    let schemas = Schemas::closed();
    let documented = components();

    let events = check_all(&schemas, "Event", &every_event(), "type");
    assert_eq!(events.len(), 31);
    assert_eq!(events, tags(&documented, "Event", "type"));

    let actions = check_all(&schemas, "Action", &every_action(), "type");
    assert_eq!(actions.len(), 8);
    assert_eq!(actions, tags(&documented, "Action", "type"));

    let decisions = check_all(&schemas, "Decision", &every_decision(), "kind");
    assert_eq!(decisions.len(), 7);
    assert_eq!(decisions, tags(&documented, "Decision", "kind"));
}

#[test]
fn the_document_holds_every_schema_the_engine_types_derive() {
    #[derive(OpenApi)]
    #[openapi(components(schemas(rules::View, Action, Event, OptionsRequest)))]
    struct Roots;
    let roots = serde_json::to_value(Roots::openapi()).unwrap();
    let derived: BTreeSet<&String> = roots["components"]["schemas"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    let documented = components();
    let missing: Vec<&&String> = derived
        .iter()
        .filter(|name| !documented.contains_key(name.as_str()))
        .collect();
    assert!(missing.is_empty(), "not in the document: {missing:?}");
    assert_eq!(derived.len(), 28);
}

#[test]
fn the_request_bodies_are_closed_in_the_document_itself() {
    let documented = components();
    let closed = |schema: &Value| schema["additionalProperties"] == json!(false);
    for variant in variants(&documented, "Action") {
        assert!(closed(variant), "{variant}");
    }
    assert!(closed(&documented["FollowerRef"]));
    assert!(closed(&documented["OptionsRequest"]));
}

#[test]
fn the_action_schema_rejects_what_the_engine_cannot_read() {
    let schemas = Schemas::closed();
    let malformed = [
        json!({"type": "fly"}),
        json!({"slot": 1}),
        json!({"type": "recruit"}),
        json!({"type": "recruit", "slot": "1"}),
        json!({"type": "muster", "card": 5}),
        json!({"type": "muster", "card": 5, "face_up": true, "use_power": 1}),
        json!({"type": "muster", "card": 5, "face_up": true, "colour": "red"}),
        json!({"type": "copy_power", "target": {"seat": 1}}),
        json!({"type": "swap_follower", "target": {"seat": 1, "position": 0, "face_up": true}}),
        json!({"type": "claim_supporter", "card": 3}),
    ];
    for value in &malformed {
        assert!(
            serde_json::from_value::<Action>(value.clone()).is_err(),
            "the engine reads {value}"
        );
        assert!(
            !schemas.errors("Action", value).is_empty(),
            "the Action schema accepts {value}"
        );
    }
    // Read by serde but outside the game: no such slot, card or seat. Read by serde but not in the
    // documented shape, which keeps to the intent: extra fields on `pass` (serde's
    // `deny_unknown_fields` does not reach the unit variants of an internally tagged enum) and
    // the tag-first array form serde also reads for internally tagged enums.
    for value in [
        json!({"type": "pass", "slot": 1}),
        json!(["recruit", 1]),
        json!({"type": "recruit", "slot": 5}),
        json!({"type": "muster", "card": 0, "face_up": true}),
        json!({"type": "muster", "card": 99, "face_up": true}),
        json!({"type": "copy_power", "target": {"seat": 5, "position": 0}}),
    ] {
        assert!(
            !schemas.errors("Action", &value).is_empty(),
            "the Action schema accepts {value}"
        );
    }
    // `use_power` may be left out: false.
    let short = json!({"type": "muster", "card": 5, "face_up": true});
    assert_eq!(schemas.errors("Action", &short), Vec::<String>::new());
    assert_eq!(
        serde_json::from_value::<Action>(short).unwrap(),
        Action::Muster {
            card: card(5),
            face_up: true,
            use_power: false
        }
    );
}

#[test]
fn the_options_request_schema_requires_players_and_bounds_every_option() {
    let schemas = Schemas::closed();
    for value in [
        json!({"players": 2}),
        json!({"players": 5, "include_bruce": true, "power_rule": "lowest_strength", "target_score": 100}),
        json!({"players": 3, "include_bruce": null, "power_rule": null, "target_score": null}),
    ] {
        assert_eq!(
            schemas.errors("OptionsRequest", &value),
            Vec::<String>::new(),
            "{value}"
        );
        let request: OptionsRequest = serde_json::from_value(value.clone()).unwrap();
        request.validate().expect("valid options");
    }
    for value in [
        json!({}),
        json!({"players": 1}),
        json!({"players": 6}),
        json!({"players": 3, "target_score": 9}),
        json!({"players": 3, "target_score": 101}),
        json!({"players": 3, "power_rule": "highest"}),
        json!({"players": 3, "bruce": true}),
    ] {
        assert!(
            !schemas.errors("OptionsRequest", &value).is_empty(),
            "the OptionsRequest schema accepts {value}"
        );
        let rejected = serde_json::from_value::<OptionsRequest>(value.clone())
            .map_err(|e| e.to_string())
            .and_then(|r| r.validate().map_err(|e| e.to_string()));
        assert!(rejected.is_err(), "the engine accepts {value}");
    }
}

/// `value` with the field `from` of the object at `pointer` renamed `to`, or removed when `to` is
/// `None`, or with a new field `to` when `from` is `None`.
fn edited(value: &Value, pointer: &str, from: Option<&str>, to: Option<&str>) -> Value {
    let mut value = value.clone();
    let object = value
        .pointer_mut(pointer)
        .and_then(Value::as_object_mut)
        .expect("an object at the pointer");
    let field = match from {
        Some(from) => object.remove(from).expect("the field exists"),
        None => json!(0),
    };
    if let Some(to) = to {
        object.insert(to.to_owned(), field);
    }
    value
}

/// The check is only as good as the schemas are strict: a field missing from the document, named
/// differently there, or added to it must make real engine output invalid.
#[test]
fn a_field_missing_misnamed_or_extra_fails_validation() {
    let schemas = Schemas::closed();
    let options = OptionsRequest::new(3).validate().unwrap();
    let events = start(&options, &mut StdRng::seed_from_u64(7)).unwrap();
    let game = Game::replay(&events);
    let view = serde_json::to_value(view(&game, Viewer::Seat(Seat(0)))).unwrap();
    assert_eq!(schemas.errors("View", &view), Vec::<String>::new());
    for broken in [
        // As the engine's output looks to a document that misnames `hand_size`,
        edited(&view, "/players/0", Some("hand_size"), Some("hand_count")),
        // to one that has a field the engine does not write,
        edited(&view, "", Some("draw_pile"), None),
        // and to one that lacks a field the engine writes (nested, inside an array).
        edited(&view, "/players/1", None, Some("mana")),
        edited(&view, "/recruits/0", None, Some("clan")),
    ] {
        assert!(
            !schemas.errors("View", &broken).is_empty(),
            "the View schema accepts {broken:#}"
        );
    }

    let mustered = serde_json::to_value(Event::Mustered {
        seat: Seat(1),
        card: Some(card(4)),
        face_up: true,
        use_power: false,
    })
    .unwrap();
    assert_eq!(schemas.errors("Event", &mustered), Vec::<String>::new());
    for broken in [
        edited(&mustered, "", Some("use_power"), Some("power")),
        edited(&mustered, "", Some("card"), None),
        edited(&mustered, "", None, Some("position")),
    ] {
        assert!(
            !schemas.errors("Event", &broken).is_empty(),
            "the Event schema accepts {broken}"
        );
    }
}
