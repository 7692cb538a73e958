//! The languages of what a person reads from the API: English and French. Problem `title` and
//! `detail` follow `Accept-Language` (English unless French is preferred) and carry
//! `Content-Language`; the `code` never changes. The texts are the codes' own (`ErrorCode`'s
//! table, `RuleError`'s table in the engine).

use crate::api::error::codes::{ErrorCode, RULE_TITLE_FR};
use crate::api::error::problem::Problem;
use rules::RuleError;

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

/// The language a request prefers, from its `Accept-Language`.
pub fn of_request(req: &actix_web::HttpRequest) -> Lang {
    Lang::negotiate(
        req.headers()
            .get(actix_web::http::header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    )
}

/// The French title of a problem code, or `None` when the code is unknown.
pub fn title_fr(code: &str) -> Option<&'static str> {
    if RuleError::ALL.iter().any(|r| r.code() == code) {
        return Some(RULE_TITLE_FR);
    }
    ErrorCode::parse(code).map(ErrorCode::title_fr)
}

/// The French detail of a problem code, or `None` when the code is unknown.
pub fn detail_fr(code: &str) -> Option<&'static str> {
    ErrorCode::parse(code)
        .map(ErrorCode::detail_fr)
        .or_else(|| {
            RuleError::ALL
                .iter()
                .find(|r| r.code() == code)
                .map(|r| r.french())
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shell_code_and_rule_code_has_a_french_title_and_detail() {
        let missing: Vec<&str> = crate::api::error::codes::all_codes()
            .into_iter()
            .map(|(c, _)| c)
            .filter(|c| {
                title_fr(c).is_none_or(str::is_empty) || detail_fr(c).is_none_or(str::is_empty)
            })
            .collect();
        assert!(missing.is_empty(), "no French text for {missing:?}");
        assert_eq!(title_fr("no_such_code"), None);
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
