//! The languages of what a person reads from the API (issue 16): English and French. Problem
//! `title` and `detail` follow `Accept-Language` (English unless French is preferred) and carry
//! `Content-Language`; the `code` never changes. The French texts live here, keyed by the stable
//! codes, so the engine stays language-free. The French edition's vocabulary: *allié* (follower),
//! *recrue* (recruit), *partisan* (supporter), *jeton Initiative*, *manche* (skirmish).

use super::error::Problem;
use crate::engine::RuleError;

/// A language the API answers in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Fr,
}

impl Lang {
    /// The language tag for `Content-Language`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// The preferred of English and French in an `Accept-Language` header (RFC 9110 §12.5.4):
    /// the highest `q` wins, the earlier on a tie; `*` and other languages count for English.
    pub fn negotiate(accept_language: Option<&str>) -> Lang {
        let Some(header) = accept_language else {
            return Lang::En;
        };
        let mut best: Option<(f32, Lang)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if !(q > 0.0 && q <= 1.0) {
                continue;
            }
            let primary = tag.split('-').next().unwrap_or("");
            let lang = match primary {
                "fr" => Lang::Fr,
                "en" | "*" => Lang::En,
                _ => continue,
            };
            if best.is_none_or(|(b, _)| q > b) {
                best = Some((q, lang));
            }
        }
        best.map_or(Lang::En, |(_, l)| l)
    }
}

/// The French detail of one response when it carries a figure the code's own text lacks (a
/// limit, a delay): set by whoever builds the problem, read by [`localize`].
#[derive(Debug, Clone)]
pub struct FrenchDetail(pub String);

/// The title of a rule refusal (every [`RuleError`] code).
pub const RULE_TITLE_FR: &str = "Coup contraire aux règles";

/// The French title of a problem code, or `None` when the code is unknown.
pub fn title_fr(code: &str) -> Option<&'static str> {
    if RuleError::ALL.iter().any(|r| r.code() == code) {
        return Some(RULE_TITLE_FR);
    }
    SHELL_FR
        .iter()
        .find(|(c, _, _)| *c == code)
        .map(|(_, t, _)| *t)
}

/// The French detail of a problem code, or `None` when the code is unknown.
pub fn detail_fr(code: &str) -> Option<&'static str> {
    SHELL_FR
        .iter()
        .find(|(c, _, _)| *c == code)
        .map(|(_, _, d)| *d)
        .or_else(|| RULES_FR.iter().find(|(c, _)| *c == code).map(|(_, d)| *d))
}

/// The problem in `lang`: French title and detail (the given `detail` first), the same code.
pub fn localize(p: &mut Problem, lang: Lang, detail: Option<String>) {
    if lang == Lang::Fr {
        if let Some(t) = title_fr(&p.code) {
            p.title = t.to_string();
        }
        if let Some(d) = detail.or_else(|| detail_fr(&p.code).map(str::to_string)) {
            p.detail = d;
        }
    }
}

/// Every code of the HTTP shell ([`ErrorCode`]): its French title and detail.
const SHELL_FR: &[(&str, &str, &str)] = &[
    (
        "malformed_json",
        "Corps JSON mal formé",
        "le corps de la requête n'est pas le JSON attendu par cette adresse",
    ),
    (
        "invalid_path",
        "Paramètre de chemin invalide",
        "un élément du chemin est illisible (par exemple un identifiant de partie qui n'est pas un UUID)",
    ),
    (
        "invalid_query",
        "Paramètres de requête invalides",
        "un paramètre de la requête est inconnu ou hors des limites permises",
    ),
    (
        "unsupported_media_type",
        "Type de contenu non pris en charge",
        "envoyez le corps en application/json",
    ),
    (
        "unauthorized",
        "Authentification requise",
        "aucun jeton d'accès valide : connectez-vous pour en obtenir un",
    ),
    (
        "invalid_credentials",
        "Identifiants incorrects",
        "le nom d'utilisateur ou le mot de passe est incorrect",
    ),
    (
        "not_found",
        "Introuvable",
        "rien ne se trouve à cette adresse",
    ),
    (
        "method_not_allowed",
        "Méthode non autorisée",
        "cette ressource n'accepte pas cette méthode (voir l'en-tête Allow)",
    ),
    (
        "username_taken",
        "Nom d'utilisateur déjà pris",
        "ce nom d'utilisateur est déjà pris (sans tenir compte des majuscules)",
    ),
    (
        "payload_too_large",
        "Corps trop volumineux",
        "le corps de la requête est plus gros que ce que le serveur accepte",
    ),
    (
        "invalid_username",
        "Nom d'utilisateur invalide",
        "un nom d'utilisateur compte de 3 à 32 caractères parmi A-Z, a-z, 0-9, « _ » et « - »",
    ),
    (
        "invalid_password",
        "Mot de passe invalide",
        "un mot de passe compte de 8 à 128 caractères",
    ),
    (
        "rate_limited",
        "Trop de tentatives",
        "trop de tentatives échouées : réessayez après le délai indiqué par Retry-After",
    ),
    (
        "internal_error",
        "Erreur interne du serveur",
        "une erreur interne s'est produite",
    ),
    (
        "service_unavailable",
        "Service indisponible",
        "la base de données est injoignable ; réessayez dans un instant",
    ),
    (
        "migrations_pending",
        "Migrations de la base en attente",
        "des migrations de la base de données n'ont pas été appliquées",
    ),
    (
        "bad_request",
        "Requête invalide",
        "la requête n'a pas pu être lue",
    ),
    (
        "invalid_action",
        "Action invalide",
        "le corps n'est aucune des actions documentées",
    ),
    (
        "invalid_options",
        "Options de partie invalides",
        "les options de la partie ne sont pas valides",
    ),
    (
        "invalid_header",
        "En-tête invalide",
        "If-Match ou Idempotency-Key n'a pas la forme documentée",
    ),
    (
        "invalid_cursor",
        "Curseur invalide",
        "ce curseur n'a pas été délivré par ce serveur",
    ),
    (
        "not_seated",
        "Pas assis à cette table",
        "seul un joueur assis à cette partie peut faire cela",
    ),
    (
        "game_not_found",
        "Partie introuvable",
        "aucune partie ne porte cet identifiant",
    ),
    (
        "already_seated",
        "Déjà assis",
        "vous êtes déjà assis à cette partie",
    ),
    (
        "game_full",
        "Partie complète",
        "toutes les places sont prises",
    ),
    (
        "game_not_open",
        "Partie fermée",
        "la partie a commencé (ou a été abandonnée) : les places ne changent plus",
    ),
    (
        "game_not_finished",
        "Partie non terminée",
        "seule une partie terminée peut être exportée",
    ),
    (
        "idempotency_key_reused",
        "Clé d'idempotence réutilisée",
        "cette clé Idempotency-Key a déjà servi pour une autre action",
    ),
    (
        "version_conflict",
        "Conflit de version",
        "trop d'écritures simultanées sur la partie : réessayez",
    ),
    (
        "version_mismatch",
        "Version périmée",
        "la partie a changé depuis que vous l'avez lue : relisez-la et décidez à nouveau",
    ),
    (
        "invalid_refresh_token",
        "Jeton de renouvellement invalide",
        "le jeton de renouvellement est inconnu, expiré, révoqué ou déjà utilisé ; reconnectez-vous",
    ),
    (
        "invalid_current_password",
        "Mot de passe actuel incorrect",
        "le mot de passe actuel est incorrect",
    ),
    (
        "too_many_open_games",
        "Trop de parties ouvertes",
        "vous êtes déjà assis à autant de parties en attente que permis : lancez-en ou quittez-en une d'abord",
    ),
    (
        "request_timeout",
        "Corps reçu trop lentement",
        "le corps de la requête n'est pas arrivé à temps : renvoyez-le en entier",
    ),
    (
        "invalid_invitation",
        "Invitation invalide",
        "cette invitation ne peut pas être faite : nombre d'usages ou durée hors limites, ou joueur inconnu ou déjà assis",
    ),
    (
        "invalid_bots",
        "Robots invalides",
        "ces robots ne conviennent pas à la partie : place hors limites (le créateur a la place 0), place donnée deux fois, ou niveau inconnu (random, greedy, mcts)",
    ),
    ("seat_taken", "Place prise", "cette place est déjà prise"),
    (
        "invalid_webhook",
        "Webhook invalide",
        "ce webhook ne convient pas : l'adresse doit être une URL http(s) absolue et les types de notification doivent être connus",
    ),
    (
        "webhook_url_forbidden",
        "Adresse de webhook interdite",
        "cette adresse mène à un réseau local, privé ou réservé : le serveur ne l'appellera pas",
    ),
    (
        "too_many_webhooks",
        "Trop de webhooks",
        "vous avez déjà autant de webhooks que permis : supprimez-en un d'abord",
    ),
    (
        "webhook_not_found",
        "Webhook introuvable",
        "vous n'avez pas de webhook avec cet identifiant",
    ),
    (
        "invalid_push_subscription",
        "Abonnement push invalide",
        "cet abonnement push ne convient pas : il faut l'objet PushSubscription du navigateur (endpoint https, keys.p256dh et keys.auth)",
    ),
    (
        "too_many_push_subscriptions",
        "Trop d'abonnements push",
        "vous avez déjà autant d'abonnements push que permis : supprimez-en un d'abord",
    ),
    (
        "push_subscription_not_found",
        "Abonnement push introuvable",
        "vous n'avez pas d'abonnement push avec cet identifiant",
    ),
];

/// Every rule refusal ([`RuleError`] code): its French detail, in the French edition's words.
const RULES_FR: &[(&str, &str)] = &[
    (
        "invalid_player_count",
        "une partie se joue de 2 à 5 joueurs",
    ),
    (
        "invalid_target_score",
        "le score à atteindre doit être compris entre 10 et 100",
    ),
    ("game_not_started", "la partie n'a pas encore commencé"),
    ("game_over", "la partie est terminée"),
    (
        "no_such_seat",
        "il n'y a pas de telle place dans cette partie",
    ),
    ("not_your_turn", "ce n'est pas à vous de décider"),
    (
        "unexpected_action",
        "cette action ne répond pas à la décision qui vous est demandée",
    ),
    (
        "hand_full",
        "vous ne pouvez pas recruter avec dix cartes ou plus en main",
    ),
    (
        "no_such_recruit_slot",
        "cet emplacement de recrue n'existe pas (les emplacements vont de 0 à 4)",
    ),
    ("recruit_slot_empty", "cet emplacement de recrue est vide"),
    ("card_not_in_hand", "cette carte n'est pas dans votre main"),
    (
        "face_down_has_no_power",
        "un allié engagé face cachée ne peut pas activer son pouvoir",
    ),
    (
        "power_not_eligible",
        "cet allié ne peut pas activer son pouvoir : un autre allié face visible l'en empêche",
    ),
    ("power_has_no_target", "ce pouvoir n'a aucune cible permise"),
    (
        "pass_not_allowed",
        "vous ne pouvez passer qu'avec la main vide et aucune recrue à prendre",
    ),
    ("no_such_follower", "cet allié n'existe pas"),
    (
        "target_is_self",
        "le pouvoir ne peut pas viser la carte qui l'utilise",
    ),
    (
        "target_not_opponent",
        "la cible doit être un allié de l'armée d'un adversaire",
    ),
    (
        "copy_target_face_down",
        "seul le pouvoir d'un allié face visible peut être copié",
    ),
    (
        "copy_target_is_scott",
        "un Scott ne peut pas copier un autre Scott",
    ),
    (
        "supporter_not_in_row",
        "cette carte n'est pas parmi les partisans",
    ),
    (
        "invalid_turn_time_limit",
        "le délai par décision doit être compris entre 5 secondes et 14 jours, ou null",
    ),
    (
        "invalid_max_timeouts",
        "le nombre de délais dépassés avant l'abandon doit être compris entre 1 et 10",
    ),
    (
        "seat_resigned",
        "cette place a abandonné ou a été abandonnée : un robot la joue jusqu'à la fin",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ErrorCode;

    #[test]
    fn every_shell_code_and_rule_code_has_a_french_title_and_detail() {
        let missing: Vec<&str> = ErrorCode::ALL
            .iter()
            .map(|c| c.as_str())
            .chain(RuleError::ALL.iter().map(|r| r.code()))
            .filter(|c| title_fr(c).is_none() || detail_fr(c).is_none())
            .collect();
        assert!(missing.is_empty(), "no French text for {missing:?}");
        let known = |c: &str| {
            ErrorCode::ALL.iter().any(|e| e.as_str() == c)
                || RuleError::ALL.iter().any(|r| r.code() == c)
        };
        let stray: Vec<&str> = SHELL_FR
            .iter()
            .map(|(c, _, _)| *c)
            .chain(RULES_FR.iter().map(|(c, _)| *c))
            .filter(|c| !known(c))
            .collect();
        assert!(stray.is_empty(), "French texts for unknown codes {stray:?}");
    }

    #[test]
    fn french_is_chosen_only_when_preferred_over_english() {
        let cases = [
            (None, Lang::En),
            (Some("fr"), Lang::Fr),
            (Some("fr-CA,fr;q=0.9"), Lang::Fr),
            (Some("en-GB,en;q=0.9,fr;q=0.8"), Lang::En),
            (Some("de,fr;q=0.5,en;q=0.4"), Lang::Fr),
            (Some("en;q=0.5,fr"), Lang::Fr),
            (Some("de"), Lang::En),
            (Some("fr;q=0"), Lang::En),
            (Some("*"), Lang::En),
            (Some("garbage;;q=x,,"), Lang::En),
        ];
        for (header, want) in cases {
            assert_eq!(Lang::negotiate(header), want, "{header:?}");
        }
    }
}
