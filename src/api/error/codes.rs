//! The codes of the HTTP shell, one row each: the stable code, its status, and what a person
//! reads of it in English and French. Adding a code is adding a row here. Rule violations
//! (422) carry the engine's [`RuleError`] codes instead, whose texts are the engine's.

use actix_web::http::StatusCode;

use rules::RuleError;

/// One row per code: `Variant = "code", STATUS { title, meaning, [example,] title_fr,
/// detail_fr }`. `meaning` says what the code means and what the client should do (its
/// `/problems/<code>` page); `example` is a typical English `detail` (the OpenAPI examples;
/// the title when none is given); `detail_fr` is the French `detail` of every response with
/// the code, unless the response carries a figure of its own.
macro_rules! error_codes {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $code:literal, $status:ident {
            title: $title:literal,
            meaning: $meaning:literal,
            $(example: $example:literal,)?
            title_fr: $title_fr:literal,
            detail_fr: $detail_fr:literal,
        },
    )*) => {
        /// The codes of the HTTP shell. Rule violations use [`RuleError::code`] (422).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ErrorCode {
            $($(#[$doc])* $variant,)*
        }

        impl ErrorCode {
            pub const ALL: &[ErrorCode] = &[$(ErrorCode::$variant,)*];

            pub fn as_str(self) -> &'static str {
                match self { $(ErrorCode::$variant => $code,)* }
            }

            pub fn status(self) -> StatusCode {
                match self { $(ErrorCode::$variant => StatusCode::$status,)* }
            }

            pub fn title(self) -> &'static str {
                match self { $(ErrorCode::$variant => $title,)* }
            }

            /// What the code means and what the client should do.
            pub fn meaning(self) -> &'static str {
                match self { $(ErrorCode::$variant => $meaning,)* }
            }

            /// A typical English `detail`.
            pub fn example(self) -> &'static str {
                match self { $(ErrorCode::$variant => first!($($example,)? $title),)* }
            }

            pub fn title_fr(self) -> &'static str {
                match self { $(ErrorCode::$variant => $title_fr,)* }
            }

            pub fn detail_fr(self) -> &'static str {
                match self { $(ErrorCode::$variant => $detail_fr,)* }
            }
        }
    };
}

macro_rules! first {
    ($first:literal $(, $rest:literal)*) => {
        $first
    };
}

error_codes! {
    MalformedJson = "malformed_json", BAD_REQUEST {
        title: "Malformed JSON body",
        meaning: "The body is not the JSON the endpoint takes. Fix the request.",
        example: "expected value at line 1 column 1",
        title_fr: "Corps JSON mal formé",
        detail_fr: "le corps de la requête n'est pas le JSON attendu par cette adresse",
    },
    InvalidPath = "invalid_path", BAD_REQUEST {
        title: "Invalid path parameter",
        meaning: "A path segment does not parse (e.g. a game id that is no UUID).",
        example: "invalid path parameter: UUID parsing failed: invalid length",
        title_fr: "Paramètre de chemin invalide",
        detail_fr: "un élément du chemin est illisible (par exemple un identifiant de partie qui \
            n'est pas un UUID)",
    },
    InvalidQuery = "invalid_query", BAD_REQUEST {
        title: "Invalid query string",
        meaning: "The query string has an unknown or out-of-range parameter.",
        example: "invalid query string: unknown field `state`",
        title_fr: "Paramètres de requête invalides",
        detail_fr: "un paramètre de la requête est inconnu ou hors des limites permises",
    },
    UnsupportedMediaType = "unsupported_media_type", UNSUPPORTED_MEDIA_TYPE {
        title: "Unsupported media type",
        meaning: "Send the body as application/json, in UTF-8 (a `charset` other than `utf-8` is refused).",
        example: "send the body as application/json, in UTF-8",
        title_fr: "Type de contenu non pris en charge",
        detail_fr: "envoyez le corps en application/json, en UTF-8",
    },
    /// A NUL (U+0000) in a path, query string or body: no text of the service may hold one.
    InvalidCharacter = "invalid_character", BAD_REQUEST {
        title: "Invalid character",
        meaning: "The path, the query string or a string of the body (JSON or form) holds \
            U+0000 (NUL: `%00` once decoded, or `\\u0000` in JSON), which no text of this \
            service may hold. Remove it.",
        example: "the request holds U+0000 (NUL: %00 or \\u0000), which no text of this \
            service may hold",
        title_fr: "Caractère invalide",
        detail_fr: "la requête contient le caractère U+0000 (NUL : %00 ou \\u0000), qu'aucun \
            texte de ce service ne peut contenir",
    },
    Unauthorized = "unauthorized", UNAUTHORIZED {
        title: "Authentication required",
        meaning: "No valid bearer token: get one from POST /v1/auth/token and send it as \
            Authorization: Bearer <token>.",
        example: "the bearer token is missing, expired or invalid",
        title_fr: "Authentification requise",
        detail_fr: "aucun jeton d'accès valide : connectez-vous pour en obtenir un",
    },
    InvalidToken = "invalid_token", UNAUTHORIZED {
        title: "Invalid token",
        meaning: "The bearer token is malformed, expired or revoked (`WWW-Authenticate: Bearer \
            realm=\"lords-of-scotland\", error=\"invalid_token\"`): refresh it, or sign in or authorize again.",
        example: "the bearer token is invalid or expired",
        title_fr: "Jeton invalide",
        detail_fr: "le jeton d'accès est mal formé, expiré ou révoqué",
    },
    InsufficientScope = "insufficient_scope", FORBIDDEN {
        title: "Insufficient scope",
        meaning: "The token does not hold the scope this operation needs; \
            `WWW-Authenticate: Bearer error=\"insufficient_scope\", scope=\"…\"` names it \
            (RFC 6750 §3.1). Ask for a token with that scope.",
        example: "this token does not hold the `game:play` scope this operation needs",
        title_fr: "Portée insuffisante",
        detail_fr: "ce jeton n'a pas la portée que cette opération demande",
    },
    FirstPartyOnly = "first_party_only", FORBIDDEN {
        title: "For a signed-in session only",
        meaning: "Tokens, the password, the address and deleting the account are for a session \
            signed in with a password; apps' and personal tokens get this answer.",
        example: "this operation needs a session signed in with a password; tokens of apps and personal tokens cannot use it",
        title_fr: "Réservé à une session connectée",
        detail_fr: "cette opération demande une session ouverte avec un mot de passe ; les jetons d'applications et personnels ne peuvent pas l'utiliser",
    },
    InvalidCredentials = "invalid_credentials", UNAUTHORIZED {
        title: "Invalid credentials",
        meaning: "The username or password is wrong.",
        example: "the username or password is wrong",
        title_fr: "Identifiants incorrects",
        detail_fr: "le nom d'utilisateur ou le mot de passe est incorrect",
    },
    NotFound = "not_found", NOT_FOUND {
        title: "Not found",
        meaning: "No resource at this path.",
        title_fr: "Introuvable",
        detail_fr: "rien ne se trouve à cette adresse",
    },
    MethodNotAllowed = "method_not_allowed", METHOD_NOT_ALLOWED {
        title: "Method not allowed",
        meaning: "The resource does not take this method; see Allow.",
        title_fr: "Méthode non autorisée",
        detail_fr: "cette ressource n'accepte pas cette méthode (voir l'en-tête Allow)",
    },
    UsernameTaken = "username_taken", CONFLICT {
        title: "Username taken",
        meaning: "Usernames are unique ignoring case; choose another.",
        example: "that username is taken (usernames are unique ignoring case)",
        title_fr: "Nom d'utilisateur déjà pris",
        detail_fr: "ce nom d'utilisateur est déjà pris (sans tenir compte des majuscules)",
    },
    PayloadTooLarge = "payload_too_large", PAYLOAD_TOO_LARGE {
        title: "Payload too large",
        meaning: "The body is larger than the server accepts.",
        example: "the request body is larger than 16384 bytes",
        title_fr: "Corps trop volumineux",
        detail_fr: "le corps de la requête est plus gros que ce que le serveur accepte",
    },
    InvalidUsername = "invalid_username", UNPROCESSABLE_ENTITY {
        title: "Invalid username",
        meaning: "Usernames are 3 to 32 characters of A-Z a-z 0-9 _ -.",
        example: "usernames are 3 to 32 characters of A-Z, a-z, 0-9, '_' and '-'",
        title_fr: "Nom d'utilisateur invalide",
        detail_fr: "un nom d'utilisateur compte de 3 à 32 caractères parmi A-Z, a-z, 0-9, « _ » et \
            « - »",
    },
    InvalidPassword = "invalid_password", UNPROCESSABLE_ENTITY {
        title: "Invalid password",
        meaning: "Passwords are 8 to 128 characters.",
        example: "passwords are 8 to 128 characters",
        title_fr: "Mot de passe invalide",
        detail_fr: "un mot de passe compte de 8 à 128 caractères",
    },
    RateLimited = "rate_limited", TOO_MANY_REQUESTS {
        title: "Too many attempts",
        meaning: "Too many failed attempts: wait Retry-After seconds.",
        example: "too many failed attempts; retry in 30 s",
        title_fr: "Trop de tentatives",
        detail_fr: "trop de tentatives échouées : réessayez après le délai indiqué par Retry-After",
    },
    InternalError = "internal_error", INTERNAL_SERVER_ERROR {
        title: "Internal server error",
        meaning: "The server failed; it logged the cause with the request id (X-Request-Id).",
        example: "an internal error occurred",
        title_fr: "Erreur interne du serveur",
        detail_fr: "une erreur interne s'est produite",
    },
    ServiceUnavailable = "service_unavailable", SERVICE_UNAVAILABLE {
        title: "Service unavailable",
        meaning: "The database cannot be reached right now: retry after Retry-After seconds.",
        example: "the database is unavailable; try again shortly",
        title_fr: "Service indisponible",
        detail_fr: "la base de données est injoignable ; réessayez dans un instant",
    },
    MigrationsPending = "migrations_pending", SERVICE_UNAVAILABLE {
        title: "Database migrations pending",
        meaning: "The database schema is older than the server (readiness).",
        example: "2 database migration(s) not applied",
        title_fr: "Migrations de la base en attente",
        detail_fr: "des migrations de la base de données n'ont pas été appliquées",
    },
    BadRequest = "bad_request", BAD_REQUEST {
        title: "Bad request",
        meaning: "The request could not be read.",
        title_fr: "Requête invalide",
        detail_fr: "la requête n'a pas pu être lue",
    },
    InvalidAction = "invalid_action", UNPROCESSABLE_ENTITY {
        title: "Invalid action",
        meaning: "The body is not one of the documented actions.",
        example: "unknown variant `fly`, expected one of `recruit`, `muster`, ...",
        title_fr: "Action invalide",
        detail_fr: "le corps n'est aucune des actions documentées",
    },
    InvalidOptions = "invalid_options", UNPROCESSABLE_ENTITY {
        title: "Invalid game options",
        meaning: "The game options are not valid (see OptionsRequest).",
        example: "players must be between 2 and 5",
        title_fr: "Options de partie invalides",
        detail_fr: "les options de la partie ne sont pas valides",
    },
    InvalidHeader = "invalid_header", BAD_REQUEST {
        title: "Invalid header",
        meaning: "If-Match or Idempotency-Key is not in the documented form.",
        example: "If-Match must be one version in quotes, e.g. \"42\"",
        title_fr: "En-tête invalide",
        detail_fr: "If-Match ou Idempotency-Key n'a pas la forme documentée",
    },
    InvalidCursor = "invalid_cursor", BAD_REQUEST {
        title: "Invalid cursor",
        meaning: "The cursor is not a next_cursor this server issued.",
        example: "the cursor is not one this server issued",
        title_fr: "Curseur invalide",
        detail_fr: "ce curseur n'a pas été délivré par ce serveur",
    },
    NotSeated = "not_seated", FORBIDDEN {
        title: "Not seated in this game",
        meaning: "Only a player seated in the game may do this.",
        example: "you are not seated in this game",
        title_fr: "Pas assis à cette table",
        detail_fr: "seul un joueur assis à cette partie peut faire cela",
    },
    GameNotFound = "game_not_found", NOT_FOUND {
        title: "Game not found",
        meaning: "No game with this id.",
        example: "no game with this id",
        title_fr: "Partie introuvable",
        detail_fr: "aucune partie ne porte cet identifiant",
    },
    AlreadySeated = "already_seated", CONFLICT {
        title: "Already seated",
        meaning: "The caller already holds a seat in this game.",
        example: "you are already seated in this game",
        title_fr: "Déjà assis",
        detail_fr: "vous êtes déjà assis à cette partie",
    },
    GameFull = "game_full", CONFLICT {
        title: "Game full",
        meaning: "Every seat is taken.",
        title_fr: "Partie complète",
        detail_fr: "toutes les places sont prises",
    },
    GameNotOpen = "game_not_open", CONFLICT {
        title: "Game not open",
        meaning: "The game has started (or was abandoned): seats no longer change.",
        example: "the game has started: seats are no longer open",
        title_fr: "Partie fermée",
        detail_fr: "la partie a commencé (ou a été abandonnée) : les places ne changent plus",
    },
    GameNotFinished = "game_not_finished", CONFLICT {
        title: "Game not finished",
        meaning: "Only a finished game can be exported.",
        title_fr: "Partie non terminée",
        detail_fr: "seule une partie terminée peut être exportée",
    },
    IdempotencyKeyReused = "idempotency_key_reused", CONFLICT {
        title: "Idempotency key reused",
        meaning: "This Idempotency-Key was used before with a different action.",
        example: "this Idempotency-Key was used with a different action",
        title_fr: "Clé d'idempotence réutilisée",
        detail_fr: "cette clé Idempotency-Key a déjà servi pour une autre action",
    },
    VersionConflict = "version_conflict", CONFLICT {
        title: "Version conflict",
        meaning: "Too many concurrent writes to the game: retry.",
        title_fr: "Conflit de version",
        detail_fr: "trop d'écritures simultanées sur la partie : réessayez",
    },
    VersionMismatch = "version_mismatch", PRECONDITION_FAILED {
        title: "Stale version",
        meaning: "If-Match names a stale version: fetch the game again and decide anew.",
        example: "the game is at version 43, not 42",
        title_fr: "Version périmée",
        detail_fr: "la partie a changé depuis que vous l'avez lue : relisez-la et décidez à \
            nouveau",
    },
    InvalidRefreshToken = "invalid_refresh_token", UNAUTHORIZED {
        title: "Invalid refresh token",
        meaning: "The refresh token is unknown, expired, revoked or was already used (which \
            revokes its whole session): sign in again.",
        title_fr: "Jeton de renouvellement invalide",
        detail_fr: "le jeton de renouvellement est inconnu, expiré, révoqué ou déjà utilisé ; \
            reconnectez-vous",
    },
    InvalidCurrentPassword = "invalid_current_password", FORBIDDEN {
        title: "Wrong current password",
        meaning: "The password given to change the password or to delete the account is wrong.",
        title_fr: "Mot de passe actuel incorrect",
        detail_fr: "le mot de passe actuel est incorrect",
    },
    /// A state of the caller's (their open games), not a rate: 409, no `Retry-After`.
    TooManyOpenGames = "too_many_open_games", CONFLICT {
        title: "Too many open games",
        meaning: "You already sit in as many open (not yet started) games as allowed: start or \
            leave one first.",
        title_fr: "Trop de parties ouvertes",
        detail_fr: "vous êtes déjà assis à autant de parties en attente que permis : lancez-en ou \
            quittez-en une d'abord",
    },
    RequestTimeout = "request_timeout", REQUEST_TIMEOUT {
        title: "Request body too slow",
        meaning: "The request body did not arrive within the server's body timeout: send it again, \
            whole.",
        title_fr: "Corps reçu trop lentement",
        detail_fr: "le corps de la requête n'est pas arrivé à temps : renvoyez-le en entier",
    },
    InvalidInvitation = "invalid_invitation", UNPROCESSABLE_ENTITY {
        title: "Invalid invitation",
        meaning: "The invitation asked for cannot be made: `uses` or `expires_in_s` out of range, \
            or the username names no account that could join (unknown, deleted, or already \
            seated).",
        title_fr: "Invitation invalide",
        detail_fr: "cette invitation ne peut pas être faite : nombre d'usages ou durée hors \
            limites, ou joueur inconnu ou déjà assis",
    },
    InvalidBots = "invalid_bots", UNPROCESSABLE_ENTITY {
        title: "Invalid bots",
        meaning: "The bots asked for do not fit the game: a seat out of range (the creator takes \
            seat 0), a seat given twice, or an unknown level (`random`, `greedy`, `mcts`).",
        title_fr: "Robots invalides",
        detail_fr: "ces robots ne conviennent pas à la partie : place hors limites (le créateur a \
            la place 0), place donnée deux fois, ou niveau inconnu (random, greedy, mcts)",
    },
    SeatTaken = "seat_taken", CONFLICT {
        title: "Seat taken",
        meaning: "The seat asked for is already taken: ask for another, or for none to get the \
            lowest free seat.",
        title_fr: "Place prise",
        detail_fr: "cette place est déjà prise",
    },
    InvalidWebhook = "invalid_webhook", UNPROCESSABLE_ENTITY {
        title: "Invalid webhook",
        meaning: "The webhook cannot be registered: the URL is not an absolute http(s) URL (or \
            carries a user, a password or a fragment, or is longer than 2048 bytes), or no \
            kind is named.",
        title_fr: "Webhook invalide",
        detail_fr: "ce webhook ne convient pas : l'adresse doit être une URL http(s) absolue et \
            les types de notification doivent être connus",
    },
    WebhookUrlForbidden = "webhook_url_forbidden", UNPROCESSABLE_ENTITY {
        title: "Webhook address not allowed",
        meaning: "The webhook URL's host is, or resolves only to, a loopback, private, link-local, \
            unique-local, metadata or otherwise non-public address that the operator has not \
            allowed (`LORDS_WEBHOOK_ALLOW`), or it does not resolve at all.",
        title_fr: "Adresse de webhook interdite",
        detail_fr: "cette adresse mène à un réseau local, privé ou réservé : le serveur ne \
            l'appellera pas",
    },
    TooManyWebhooks = "too_many_webhooks", CONFLICT {
        title: "Too many webhooks",
        meaning: "You already have as many webhooks as an account may (10): delete one first.",
        title_fr: "Trop de webhooks",
        detail_fr: "vous avez déjà autant de webhooks que permis : supprimez-en un d'abord",
    },
    WebhookNotFound = "webhook_not_found", NOT_FOUND {
        title: "Webhook not found",
        meaning: "You have no webhook with this id (it may have been deleted).",
        title_fr: "Webhook introuvable",
        detail_fr: "vous n'avez pas de webhook avec cet identifiant",
    },
    InvalidPushSubscription = "invalid_push_subscription", UNPROCESSABLE_ENTITY {
        title: "Invalid push subscription",
        meaning: "The push subscription cannot be saved: its endpoint is not an absolute http(s) \
            URL, `keys.p256dh` is not a base64url P-256 public key, or `keys.auth` is not 16 \
            bytes in base64url. Send `PushSubscription.toJSON()` as the browser gives it.",
        title_fr: "Abonnement push invalide",
        detail_fr: "cet abonnement push ne convient pas : il faut l'objet PushSubscription du \
            navigateur (endpoint https, keys.p256dh et keys.auth)",
    },
    TooManyPushSubscriptions = "too_many_push_subscriptions", CONFLICT {
        title: "Too many push subscriptions",
        meaning: "You already have as many push subscriptions as an account may (20): delete one \
            first.",
        title_fr: "Trop d'abonnements push",
        detail_fr: "vous avez déjà autant d'abonnements push que permis : supprimez-en un d'abord",
    },
    PushSubscriptionNotFound = "push_subscription_not_found", NOT_FOUND {
        title: "Push subscription not found",
        meaning: "You have no push subscription with this id (it may have been deleted, or the \
            push service said it expired).",
        title_fr: "Abonnement push introuvable",
        detail_fr: "vous n'avez pas d'abonnement push avec cet identifiant",
    },
    /// A state of the game's (its pending invitations), not a rate: 409, no `Retry-After`.
    TooManyPendingInvitations = "too_many_pending_invitations", CONFLICT {
        title: "Too many pending invitations",
        meaning: "The game already has as many pending invitations by username as a game may \
            (20 by default): wait until some are used, declined or expired.",
        example: "this game already has 20 pending invitations by username",
        title_fr: "Trop d'invitations en attente",
        detail_fr: "cette partie a déjà autant d'invitations en attente que permis : attendez \
            qu'elles soient utilisées, déclinées ou expirées",
    },
    TooManyInvitations = "too_many_invitations", TOO_MANY_REQUESTS {
        title: "Too many invitations",
        meaning: "You created as many invitations within the last hour as an account may (60 by \
            default): wait Retry-After seconds.",
        example: "you created 60 invitations within the last hour; retry in 42 s",
        title_fr: "Trop d'invitations",
        detail_fr: "vous avez créé autant d'invitations dans l'heure que permis : réessayez après \
            le délai indiqué par Retry-After",
    },
    TooManyBotGames = "too_many_bot_games", CONFLICT {
        title: "Too many games with bots",
        meaning: "You already sit in as many unfinished games with bots as an account may (10 by \
            default): finish, resign or leave one first.",
        example: "you already sit in 10 unfinished games with bots; finish one first",
        title_fr: "Trop de parties avec des robots",
        detail_fr: "vous êtes déjà assis à autant de parties en cours avec des robots que \
            permis : terminez-en une d'abord",
    },
    TooManyBotAccountGames = "too_many_bot_account_games", CONFLICT {
        title: "Too many games for a bot account",
        meaning: "The bot account already plays as many unfinished games as a bot account may \
            (50 by default, `--max-games-per-bot-account`): finish one first.",
        example: "this bot account already plays 50 unfinished games; finish one first",
        title_fr: "Trop de parties pour un compte robot",
        detail_fr: "ce compte robot joue déjà autant de parties en cours que permis : terminez-en \
            une d'abord",
    },
    SeatReserved = "seat_reserved", CONFLICT {
        title: "Seat reserved",
        meaning: "The seat is kept for an invited player (a rematch's rotated seat) until the \
            invitation expires or the invitee declines it: choose another seat.",
        example: "that seat is kept for an invited player",
        title_fr: "Place réservée",
        detail_fr: "cette place est gardée pour un joueur invité jusqu'à ce que son invitation \
            expire ou qu'il la décline",
    },
    InvitationNotFound = "invitation_not_found", NOT_FOUND {
        title: "Invitation not found",
        meaning: "You have no invitation with this id.",
        example: "you have no invitation with this id",
        title_fr: "Invitation introuvable",
        detail_fr: "vous n'avez pas d'invitation avec cet identifiant",
    },
    InvalidHints = "invalid_hints", UNPROCESSABLE_ENTITY {
        title: "Invalid hints",
        meaning: "The hints document is not one this server keeps: `off` (a boolean), \
            `dismissed` (at most 200 hint ids of 1 to 64 letters, digits, `-`, `_` or `.`) and \
            `games` (at most 50 game ids; optional), and nothing else. Send it as `GET /v1/me` \
            gives it.",
        example: "unknown field `of`, expected one of `off`, `dismissed`, `games`",
        title_fr: "Préférences d'aide invalides",
        detail_fr: "ces préférences d'aide ne conviennent pas : il faut off (booléen), dismissed \
            (au plus 200 identifiants d'aide) et games (au plus 50 identifiants de partie)",
    },
    NotEnoughVacationDays = "not_enough_vacation_days", UNPROCESSABLE_ENTITY {
        title: "Not enough vacation days",
        meaning: "A vacation is 1 to as many whole days as the account has left (`GET /v1/me` \
            shows `vacation.days_left`: 20 to start, one more per 7 days, at most 30): ask for \
            fewer days.",
        example: "you have 20 vacation days left; a vacation is 1 to 20 days",
        title_fr: "Pas assez de jours de vacances",
        detail_fr: "des vacances durent de 1 jour au nombre de jours qu'il vous reste",
    },
    VacationInProgress = "vacation_in_progress", CONFLICT {
        title: "Vacation in progress",
        meaning: "The account is on vacation already: end it (`DELETE /v1/me/vacation`) before \
            starting another.",
        example: "you are on vacation already",
        title_fr: "Vacances en cours",
        detail_fr: "vous êtes déjà en vacances : terminez-les avant d'en commencer d'autres",
    },
    NotOnVacation = "not_on_vacation", NOT_FOUND {
        title: "Not on vacation",
        meaning: "The account has no vacation under way: there is nothing to end.",
        example: "you are not on vacation",
        title_fr: "Pas en vacances",
        detail_fr: "vous n'êtes pas en vacances",
    },
    DeadlinePassed = "deadline_passed", CONFLICT {
        title: "Deadline passed",
        meaning: "A decision awaited from you is already past its deadline (a bot is about to \
            play it): a vacation cannot extend it. Try again once it has timed out, or play it.",
        example: "a decision awaited from you is past its deadline",
        title_fr: "Délai dépassé",
        detail_fr: "une décision attendue de vous a dépassé son délai : des vacances ne peuvent \
            pas le prolonger",
    },
    /// A count of what is open now, across every server process: 429, no `Retry-After` (it
    /// depends on when the caller closes a stream).
    TooManyStreams = "too_many_streams", TOO_MANY_REQUESTS {
        title: "Too many streams",
        meaning: "Your account already has as many event streams open as allowed (10 by \
            default, on all servers together): close one (or let it end) before opening another. \
            A stream of a server that stopped without closing it stops counting within a few \
            minutes.",
        example: "your account already has 10 streams open; close one first",
        title_fr: "Trop de flux ouverts",
        detail_fr: "votre compte a déjà autant de flux d'événements ouverts que permis : fermez-en \
            un d'abord",
    },
    TooManyStreamTickets = "too_many_stream_tickets", TOO_MANY_REQUESTS {
        title: "Too many stream tickets",
        meaning: "Your account already holds as many unused stream tickets as allowed (20 by \
            default): use one, or wait for one to expire (60 seconds after it was issued).",
        example: "your account already holds 20 unused stream tickets; use one or let one expire",
        title_fr: "Trop de tickets de flux",
        detail_fr: "votre compte détient déjà autant de tickets de flux inutilisés que permis : \
            utilisez-en un ou attendez qu'il expire",
    },
    InvalidEmail = "invalid_email", UNPROCESSABLE_ENTITY {
        title: "Invalid address",
        meaning: "The address cannot be mailed: it needs exactly one @, 1 to 64 characters before \
            it, a domain with a dot after it, at most 254 characters, and no space, line break, \
            control character or `,;<>()[]\"\\`.",
        example: "an address has exactly one @",
        title_fr: "Adresse invalide",
        detail_fr: "cette adresse ne peut pas recevoir de courrier : il faut un seul @, un domaine \
            avec un point, au plus 254 caractères et ni espace ni saut de ligne",
    },
    EmailTaken = "email_taken", CONFLICT {
        title: "Address taken",
        meaning: "Another account has this address (ignoring case): verified, or with a \
            verification link still valid. Use another address.",
        example: "that address belongs to another account",
        title_fr: "Adresse déjà prise",
        detail_fr: "un autre compte utilise déjà cette adresse",
    },
    TokenExpired = "token_expired", GONE {
        title: "Link expired",
        meaning: "The link (verification: 24 h; password reset: 1 h) has expired, was already \
            used, or was sent to an address the account no longer has: ask for a new one.",
        example: "this link has expired or was already used; ask for a new one",
        title_fr: "Lien expiré",
        detail_fr: "ce lien a expiré ou a déjà servi : demandez-en un nouveau",
    },
    TokenNotFound = "token_not_found", NOT_FOUND {
        title: "Link not found",
        meaning: "No such link: its token is not one this server issued for this use (a \
            verification link: none of this account's; an unsubscribe link: its account is \
            gone). Nothing was changed. Check that the whole link was copied, or ask for a new \
            one.",
        example: "no such link: check that it was copied whole",
        title_fr: "Lien introuvable",
        detail_fr: "ce lien n'existe pas : vérifiez qu'il a été copié en entier",
    },
    InvalidNotificationSettings = "invalid_notification_settings", UNPROCESSABLE_ENTITY {
        title: "Invalid notification settings",
        meaning: "The body is not a whole notification settings document: every kind \
            (your_turn, reminder, invited, game_over, chat) with `email` one of immediately, \
            digest or off and `push` a boolean, `digest_hour` from 0 to 23, and `time_zone` an \
            IANA name. Fix the document and send it whole.",
        example: "\"Mars/Olympus\" is not an IANA time zone name (such as Europe/Paris)",
        title_fr: "Réglages de notification invalides",
        detail_fr: "ce document de réglages ne convient pas : il faut chaque type (your_turn, \
            reminder, invited, game_over, chat) avec email parmi immediately, digest ou off et \
            push booléen, digest_hour de 0 à 23 et time_zone un nom de fuseau IANA",
    },
    // Table chat (service rules §9.8).
    InvalidChatText = "invalid_chat_text", UNPROCESSABLE_ENTITY {
        title: "Invalid chat text",
        meaning: "A chat line is 1 to 500 characters (Unicode scalar values) on one line that \
            shows at least one visible character (a letter, digit, punctuation mark or symbol; \
            spaces, joiners, tags and fillers alone show nothing): no control, format or line \
            separator character (Unicode Cc, Cf, Zl and Zp, line breaks and tabs included; emoji \
            keep their joiners U+200C, U+200D and flag tags U+E0020 to U+E007F). Fix the text.",
        example: "a chat line is 1 to 500 characters on one line, with at least one visible \
            character and no control or format character",
        title_fr: "Message invalide",
        detail_fr: "un message compte de 1 à 500 caractères sur une ligne, dont au moins un \
            visible, sans caractère de contrôle ni de mise en forme",
    },
    // Private notes on a game.
    InvalidNoteText = "invalid_note_text", UNPROCESSABLE_ENTITY {
        title: "Invalid note text",
        meaning: "A note is 0 to 4000 characters (Unicode scalar values): lines separated by \
            line feeds, tabs allowed, and no other control or format character (as a chat \
            line's). Fix the text; an empty text clears the note.",
        example: "a note is at most 4000 characters, with no control or format character but \
            line feeds and tabs",
        title_fr: "Note invalide",
        detail_fr: "une note compte au plus 4000 caractères, sans caractère de contrôle ni de \
            mise en forme hormis les retours à la ligne et les tabulations",
    },
    ChatRateLimited = "chat_rate_limited", TOO_MANY_REQUESTS {
        title: "Too many chat lines",
        meaning: "An account says at most 10 lines a minute, across all its tables: wait \
            Retry-After seconds.",
        example: "you said 10 lines within the last minute; retry in 12 s",
        title_fr: "Trop de messages",
        detail_fr: "vous avez envoyé 10 messages dans la minute : réessayez après le délai \
            indiqué par Retry-After",
    },
    ChatSilenced = "chat_silenced", FORBIDDEN {
        title: "Chat silenced",
        meaning: "The operator silenced this account's chat for some days; it may read the \
            tables' chat, not write to it, until then.",
        example: "your chat is silenced until 2026-12-01 18:00:00 UTC",
        title_fr: "Discussion suspendue",
        detail_fr: "l'opérateur a suspendu votre droit d'écrire à la table pour quelques jours",
    },
    PlayerNotFound = "player_not_found", NOT_FOUND {
        title: "Player not found",
        meaning: "No player has this username (ignoring case), or the account was deleted. \
            Check the spelling.",
        example: "no player is called \"robert_bruce\"",
        title_fr: "Joueur introuvable",
        detail_fr: "aucun joueur ne porte ce nom, ou son compte a été supprimé",
    },
    LogNotReady = "log_not_ready", SERVICE_UNAVAILABLE {
        title: "Transparency log not ready",
        meaning: "The log's sequencer has not signed a tree head yet: this happens only in the \
            first seconds after the service first starts. Try again in a few seconds.",
        example: "the log has no signed tree head yet; try again in a few seconds",
        title_fr: "Journal de transparence pas encore prêt",
        detail_fr: "le journal n'a pas encore de tête d'arbre signée ; réessayez dans quelques secondes",
    },
    InvalidLogRange = "invalid_log_range", UNPROCESSABLE_ENTITY {
        title: "Invalid range of log entries",
        meaning: "`start` must be below `end`, at most 1,000 entries apart, and `end` at most the \
            tree's size (the signed tree head's `tree_size`).",
        example: "start must be below end, at most 1000 apart, and end at most the tree's size, 42",
        title_fr: "Plage d'entrées du journal invalide",
        detail_fr: "start doit être inférieur à end, au plus 1000 entrées plus loin, et end au plus la taille de l'arbre",
    },
    TreeSizeBeyondLog = "tree_size_beyond_log", UNPROCESSABLE_ENTITY {
        title: "Tree size beyond the log",
        meaning: "The tree size asked for is larger than the log: use a signed tree head's \
            `tree_size`.",
        example: "the log holds 42 leaves",
        title_fr: "Taille d'arbre au-delà du journal",
        detail_fr: "la taille d'arbre demandée dépasse le journal",
    },
    GameNotInLog = "game_not_in_log", NOT_FOUND {
        title: "Game not in the log",
        meaning: "The game is not in the transparency log within that tree size: it is unknown, \
            not finished, finished less than the log's merge delay ago (10 s), or was logged \
            after that size.",
        example: "game 0195f3b8-1a2b-7c3d-8e4f-5a6b7c8d9e0f is not in the log's first 42 leaves",
        title_fr: "Partie absente du journal",
        detail_fr: "cette partie n'est pas dans le journal de transparence pour cette taille d'arbre",
    },
    InvalidConsistencyRange = "invalid_consistency_range", UNPROCESSABLE_ENTITY {
        title: "Invalid consistency range",
        meaning: "A consistency proof goes from a tree of `first` leaves (at least 1) to a tree \
            of `second` leaves (at least `first`).",
        example: "first must be at least 1 and at most second",
        title_fr: "Plage de cohérence invalide",
        detail_fr: "first doit valoir au moins 1 et au plus second",
    },
    CannotMuteYourself = "cannot_mute_yourself", UNPROCESSABLE_ENTITY {
        title: "Cannot mute yourself",
        meaning: "Mute other players, not your own account.",
        example: "you cannot mute yourself",
        title_fr: "Impossible de vous masquer vous-même",
        detail_fr: "vous ne pouvez masquer que les autres joueurs",
    },
    ChatLineNotFound = "chat_line_not_found", NOT_FOUND {
        title: "Chat line not found",
        meaning: "This game's table has no line with this id.",
        example: "no such chat line at this table",
        title_fr: "Message introuvable",
        detail_fr: "cette table n'a aucun message de ce numéro",
    },
    InvalidReport = "invalid_report", UNPROCESSABLE_ENTITY {
        title: "Invalid report",
        meaning: "A report's reason is 1 to 500 characters, not only spaces.",
        example: "a report's reason is 1 to 500 characters",
        title_fr: "Signalement invalide",
        detail_fr: "le motif d'un signalement compte de 1 à 500 caractères",
    },
    /// A spent budget of requests (reads, actions, lobby writes), counted across processes.
    TooManyRequests = "too_many_requests", TOO_MANY_REQUESTS {
        title: "Too many requests",
        meaning: "The caller (its account, its token or its address) spent this window's budget \
            of this kind of request: wait Retry-After seconds. The RateLimit-Policy and \
            RateLimit headers of every /v1 answer say the budgets and what is left.",
        example: "the reads budget of 600 requests a minute is spent; retry in 41 s",
        title_fr: "Trop de requêtes",
        detail_fr: "le budget de requêtes de ce type est épuisé pour cette minute : réessayez \
            après le délai indiqué par Retry-After",
    },
    InvalidAuthorizationRequest = "invalid_request", UNPROCESSABLE_ENTITY {
        title: "Invalid authorization request",
        meaning: "An OAuth authorization request that cannot be sent back to the app: its \
            client_id or redirect_uri is wrong (never redirected, RFC 6749 §4.1.2.1), or its PKCE \
            challenge is missing or not S256, or a scope is unknown, missing or bot:play. The app \
            must fix its request.",
        example: "redirect_uri may use http only on a loopback address (127.0.0.1, [::1] or localhost)",
        title_fr: "Demande d'autorisation invalide",
        detail_fr: "la demande d'autorisation de l'application est invalide (client_id, redirect_uri, défi PKCE ou portées)",
    },
    AuthorizationNotFound = "authorization_not_found", NOT_FOUND {
        title: "Authorization not found",
        meaning: "You have no live authorization (an app you approved) with this id: it was \
            revoked, or it expired.",
        example: "you have no live authorization with this id",
        title_fr: "Autorisation introuvable",
        detail_fr: "vous n'avez aucune autorisation active portant cet identifiant",
    },
    TooManyAuthorizations = "too_many_authorizations", CONFLICT {
        title: "Too many authorizations",
        meaning: "You already hold as many live authorizations (apps you approved, and codes \
            not yet exchanged) as an account may (50): revoke one first (`DELETE \
            /v1/me/authorizations/{id}`, or the web client's settings).",
        example: "you already hold 50 live authorizations; revoke one first",
        title_fr: "Trop d'autorisations",
        detail_fr: "vous avez déjà autant d'autorisations d'applications que permis : \
            révoquez-en une d'abord",
    },
    InvalidTokenName = "invalid_token_name", UNPROCESSABLE_ENTITY {
        title: "Invalid token name",
        meaning: "A personal token's name is 1 to 64 characters on one line (spaces around it are \
            dropped) with at least one visible character: no control, format or line separator \
            character (CR, LF, tabs and direction marks included).",
        example: "a token's name is 1 to 64 characters on one line, with at least one visible \
            character and no control or format character",
        title_fr: "Nom de jeton invalide",
        detail_fr: "le nom d'un jeton compte de 1 à 64 caractères sur une ligne, dont au moins un \
            visible, sans caractère de contrôle ni de mise en forme",
    },
    InvalidScope = "invalid_scope", UNPROCESSABLE_ENTITY {
        title: "Invalid scope",
        meaning: "A personal token names at least one scope, each one this server knows \
            (`account:read`, `game:read`, `game:play`, `lobby:write`, `notifications:write`); \
            `bot:play` is for bot accounts only. The detail names the scope refused.",
        example: "unknown scope \"game:write\"",
        title_fr: "Portée invalide",
        detail_fr: "une portée demandée est inconnue ou réservée aux comptes de robots",
    },
    InvalidExpiry = "invalid_expiry", UNPROCESSABLE_ENTITY {
        title: "Invalid expiry",
        meaning: "`expires_in_days` is a whole number of days from 1 to 365, or null (or \
            absent) for a token that does not expire.",
        example: "expires_in_days is 1 to 365, or null",
        title_fr: "Expiration invalide",
        detail_fr: "expires_in_days vaut de 1 à 365 jours, ou null",
    },
    TooManyTokens = "too_many_tokens", CONFLICT {
        title: "Too many personal tokens",
        meaning: "You already hold as many live personal tokens as an account may (50): \
            delete one first.",
        example: "you already hold 50 personal tokens; delete one first",
        title_fr: "Trop de jetons personnels",
        detail_fr: "vous avez déjà autant de jetons personnels que permis : supprimez-en un \
            d'abord",
    },
    PersonalTokenNotFound = "personal_token_not_found", NOT_FOUND {
        title: "Personal token not found",
        meaning: "You have no live personal token with this id (it may have been deleted or \
            have expired).",
        example: "you have no personal token with this id",
        title_fr: "Jeton personnel introuvable",
        detail_fr: "vous n'avez pas de jeton personnel avec cet identifiant",
    },
    AccountHasPlayed = "account_has_played", CONFLICT {
        title: "Account has played",
        meaning: "Only an account that never sat at a game can become a bot account: create a \
            new account for the bot.",
        example: "this account has sat at a game; create a new account for your bot",
        title_fr: "Compte ayant déjà joué",
        detail_fr: "seul un compte qui ne s'est jamais assis à une table peut devenir un robot : \
            créez un nouveau compte pour le robot",
    },
    BotAccount = "bot_account", FORBIDDEN {
        title: "Bot account",
        meaning: "A bot account never signs in with a password: it plays with the personal \
            token its conversion gave (`POST /v1/me/bot`).",
        example: "this is a bot account: it plays with its token and cannot sign in",
        title_fr: "Compte de robot",
        detail_fr: "un compte de robot ne se connecte pas avec un mot de passe : il joue avec \
            son jeton",
    },
    BotAccountCannotCreateGames = "bot_account_cannot_create_games", FORBIDDEN {
        title: "Bot accounts do not create games",
        meaning: "A bot account sits only where it is invited by name or joins a game as anyone \
            may (service rules §9.9): it neither creates a game nor asks for a rematch. Let a \
            person create the game and invite the bot by name.",
        example: "a bot account does not create games; a person creates the game and invites it",
        title_fr: "Un compte de robot ne crée pas de partie",
        detail_fr: "un compte de robot ne crée pas de partie : une personne crée la partie et \
            l'y invite par son nom",
    },
    TooManySeeks = "too_many_seeks", CONFLICT {
        title: "Too many open seeks",
        meaning: "An account has at most 3 open seeks (service rules §9.10): cancel one \
            (`DELETE /v1/seeks/{id}`) or wait for one to pair.",
        example: "you already have 3 open seeks; cancel one first",
        title_fr: "Trop de recherches ouvertes",
        detail_fr: "un compte a au plus 3 recherches ouvertes : annulez-en une ou attendez qu'une \
            trouve sa partie",
    },
    SeekNotFound = "seek_not_found", NOT_FOUND {
        title: "Seek not found",
        meaning: "The caller has no open seek with this id: it paired, was cancelled or expired, \
            or it is someone else's.",
        example: "you have no open seek with this id",
        title_fr: "Recherche introuvable",
        detail_fr: "vous n'avez pas de recherche ouverte portant cet identifiant",
    },
    InvalidSeek = "invalid_seek", UNPROCESSABLE_ENTITY {
        title: "Invalid seek",
        meaning: "The seek cannot be made as asked: a rating range whose minimum is above its \
            maximum, or a bot account's seek that does not allow bot accounts (service rules \
            §9.10).",
        example: "rating_min 1600 is above rating_max 1400",
        title_fr: "Recherche invalide",
        detail_fr: "la recherche ne peut être faite ainsi : une fourchette de classement \
            inversée, ou une recherche de robot qui n'admet pas les robots",
    },
    InvalidChallenge = "invalid_challenge", UNPROCESSABLE_ENTITY {
        title: "Invalid challenge",
        meaning: "The challenge cannot be made as asked: `to` names 1 to 4 other accounts, each \
            once, and `players` leaves a seat for each of them and the challenger.",
        example: "to names 1 to 4 usernames, each once",
        title_fr: "Défi invalide",
        detail_fr: "le défi ne peut être fait ainsi : `to` nomme 1 à 4 autres comptes, chacun une \
            fois, et `players` laisse une place à chacun et au lanceur du défi",
    },
    ChallengeRefused = "challenge_refused", FORBIDDEN {
        title: "Challenge refused",
        meaning: "An account named in `to` does not take challenges from the caller (it muted \
            the caller). Nobody was told.",
        example: "morag does not take your challenges",
        title_fr: "Défi refusé",
        detail_fr: "un des comptes défiés n'accepte pas vos défis ; personne n'a été prévenu",
    },
    ChallengeNotFound = "challenge_not_found", NOT_FOUND {
        title: "Challenge not found",
        meaning: "No challenge with this id was made by or to the caller.",
        example: "you have no challenge with this id",
        title_fr: "Défi introuvable",
        detail_fr: "aucun défi portant cet identifiant ne vous concerne",
    },
    ChallengeNotOpen = "challenge_not_open", CONFLICT {
        title: "Challenge not open",
        meaning: "The challenge is over: accepted by all, declined, cancelled or expired. Its \
            `state` says which.",
        example: "this challenge was declined",
        title_fr: "Défi terminé",
        detail_fr: "ce défi est terminé : accepté par tous, décliné, annulé ou expiré",
    },
    TooManyChallenges = "too_many_challenges", CONFLICT {
        title: "Too many open challenges",
        meaning: "An account has at most 20 open challenges (service rules §9.10): cancel one or \
            wait for answers.",
        example: "you already have 20 open challenges; cancel one first",
        title_fr: "Trop de défis ouverts",
        detail_fr: "un compte a au plus 20 défis ouverts : annulez-en un ou attendez les réponses",
    },
    TooManyChallengesToday = "too_many_challenges_today", TOO_MANY_REQUESTS {
        title: "Too many challenges today",
        meaning: "An account makes at most 60 challenges in 24 hours (service rules §9.10): wait \
            Retry-After seconds.",
        example: "you made 60 challenges within 24 hours; retry in 3600 s",
        title_fr: "Trop de défis aujourd'hui",
        detail_fr: "un compte lance au plus 60 défis en 24 heures : réessayez après le délai \
            indiqué par Retry-After",
    },
    InvalidTournament = "invalid_tournament", UNPROCESSABLE_ENTITY {
        title: "Invalid tournament",
        meaning: "The tournament cannot be made as asked (service rules §9.11): the detail names \
            the field out of range.",
        example: "rounds must be 3 to 11 for a Swiss tournament",
        title_fr: "Tournoi invalide",
        detail_fr: "le tournoi ne peut être créé ainsi : un réglage est hors limites",
    },
    TournamentNotFound = "tournament_not_found", NOT_FOUND {
        title: "Tournament not found",
        meaning: "No tournament has this id.",
        title_fr: "Tournoi introuvable",
        detail_fr: "aucun tournoi ne porte cet identifiant",
    },
    TournamentNotOpen = "tournament_not_open", CONFLICT {
        title: "Tournament not open",
        meaning: "The tournament has started, ended or was cancelled: it takes no registration, \
            start or cancellation any more.",
        example: "this tournament is running, no longer open",
        title_fr: "Tournoi fermé",
        detail_fr: "le tournoi a commencé, est terminé ou a été annulé : il ne prend plus \
            d'inscription",
    },
    TournamentFull = "tournament_full", CONFLICT {
        title: "Tournament full",
        meaning: "The tournament already has its `max_players` players.",
        example: "this tournament already has its 16 players",
        title_fr: "Tournoi complet",
        detail_fr: "le tournoi a déjà tous ses joueurs",
    },
    TournamentOver = "tournament_over", CONFLICT {
        title: "Tournament over",
        meaning: "The tournament has ended or was cancelled: there is nothing to withdraw from.",
        example: "this tournament is finished",
        title_fr: "Tournoi terminé",
        detail_fr: "le tournoi est terminé ou annulé : il n'y a plus rien à quitter",
    },
    NotInTournament = "not_in_tournament", CONFLICT {
        title: "Not in the tournament",
        meaning: "You are not registered in this tournament, or already withdrew before it \
            started.",
        title_fr: "Pas inscrit au tournoi",
        detail_fr: "vous n'êtes pas inscrit à ce tournoi",
    },
    NotTournamentCreator = "not_tournament_creator", FORBIDDEN {
        title: "Not the tournament's creator",
        meaning: "Only the account that created the tournament may start or cancel it.",
        title_fr: "Pas le créateur du tournoi",
        detail_fr: "seul le compte qui a créé le tournoi peut le lancer ou l'annuler",
    },
    TooFewTournamentPlayers = "too_few_tournament_players", CONFLICT {
        title: "Too few players",
        meaning: "Fewer players are registered than the tournament's `min_players`: it cannot \
            start yet.",
        example: "2 registered, and this tournament needs at least 4",
        title_fr: "Pas assez de joueurs",
        detail_fr: "moins de joueurs sont inscrits que le minimum du tournoi : il ne peut pas \
            encore commencer",
    },
    BotAccountsNotAllowed = "bot_accounts_not_allowed", FORBIDDEN {
        title: "Bot accounts not allowed",
        meaning: "The tournament does not allow bot accounts (`bots_allowed` is false).",
        title_fr: "Comptes robots refusés",
        detail_fr: "ce tournoi n'admet pas les comptes robots",
    },
    BotAccountCannotCreateTournaments = "bot_account_cannot_create_tournaments", FORBIDDEN {
        title: "Bot accounts cannot create tournaments",
        meaning: "A bot account plays in tournaments that allow it; it does not create them \
            (service rules §9.9).",
        title_fr: "Un compte robot ne crée pas de tournoi",
        detail_fr: "un compte robot joue dans les tournois qui l'admettent, il n'en crée pas",
    },
}

impl ErrorCode {
    /// The code named `code`, if it is one of the shell's.
    pub fn parse(code: &str) -> Option<ErrorCode> {
        ErrorCode::ALL.iter().copied().find(|c| c.as_str() == code)
    }
}

/// The title of every rule violation.
pub const RULE_TITLE: &str = "Rule violation";

/// The French title of every rule violation.
pub const RULE_TITLE_FR: &str = "Coup contraire aux règles";

/// Every problem `code` a client can receive, with its status: the shell's codes, then the rule
/// codes (422). Feeds the OpenAPI document.
pub fn all_codes() -> Vec<(&'static str, u16)> {
    ErrorCode::ALL
        .iter()
        .map(|c| (c.as_str(), c.status().as_u16()))
        .chain(RuleError::ALL.iter().map(|r| (r.code(), 422)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_unique_snake_case() {
        let mut codes: Vec<_> = all_codes().into_iter().map(|(c, _)| c).collect();
        assert!(
            codes
                .iter()
                .all(|c| c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '_'))
        );
        let n = codes.len();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), n);
    }

    #[test]
    fn every_code_has_its_texts_in_english_and_french() {
        for c in ErrorCode::ALL {
            for (what, text) in [
                ("title", c.title()),
                ("meaning", c.meaning()),
                ("example", c.example()),
                ("title_fr", c.title_fr()),
                ("detail_fr", c.detail_fr()),
            ] {
                assert!(!text.trim().is_empty(), "{} has no {what}", c.as_str());
            }
        }
        for r in RuleError::ALL {
            assert!(
                !r.to_string().is_empty(),
                "{} has no English text",
                r.code()
            );
            assert!(!r.french().is_empty(), "{} has no French text", r.code());
        }
    }
}
