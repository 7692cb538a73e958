//! What a line of text a person writes for others to read may hold (a chat line, a token's
//! name): one line, no control or format character but those emoji are made of, and at least
//! one character that shows. Unicode general categories come from `unicode-general-category`
//! (the Unicode Character Database's own table, kept up to date), not from a table of ours.
//! Depends on nothing else of the crate.

use unicode_general_category::{GeneralCategory, get_general_category};

/// Whether `text` is one line of text that shows what it says: no control character (Cc,
/// CR and LF included), no line or paragraph separator (Zl, Zp: U+2028, U+2029) and no format
/// character (Cf: zero-width and direction marks, the byte-order mark, tags), except those that
/// emoji are made of: the zero-width non-joiner and joiner (U+200C, U+200D, in 👨‍👩‍👧 and 🏳️‍🌈)
/// and the tag characters of subdivision flags (U+E0020–U+E007F, in 🏴󠁧󠁢󠁳󠁣󠁴󠁿).
pub fn is_one_line(text: &str) -> bool {
    text.chars().all(|c| match get_general_category(c) {
        GeneralCategory::Control
        | GeneralCategory::LineSeparator
        | GeneralCategory::ParagraphSeparator => false,
        GeneralCategory::Format => is_emoji_part(c),
        _ => true,
    })
}

/// The format characters emoji sequences use.
fn is_emoji_part(c: char) -> bool {
    matches!(c as u32, 0x200C | 0x200D | 0xE0020..=0xE007F)
}

/// Whether `text` shows at least one character: a letter, number, punctuation mark or symbol
/// (general categories L, N, P, S) that is drawn as something. Spaces, marks alone (nothing to
/// sit on), joiners, tags, private-use and unassigned code points show nothing; neither do the
/// letters and symbols drawn blank: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0, which
/// Unicode lists as default ignorable) and the blank Braille pattern (U+2800).
pub fn shows_something(text: &str) -> bool {
    text.chars().any(|c| {
        use GeneralCategory::*;
        let drawn = matches!(
            get_general_category(c),
            UppercaseLetter
                | LowercaseLetter
                | TitlecaseLetter
                | ModifierLetter
                | OtherLetter
                | DecimalNumber
                | LetterNumber
                | OtherNumber
                | ConnectorPunctuation
                | DashPunctuation
                | OpenPunctuation
                | ClosePunctuation
                | InitialPunctuation
                | FinalPunctuation
                | OtherPunctuation
                | MathSymbol
                | CurrencySymbol
                | ModifierSymbol
                | OtherSymbol
        );
        drawn && !matches!(c as u32, 0x115F | 0x1160 | 0x3164 | 0xFFA0 | 0x2800)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emoji_with_joiners_and_flag_tags_are_one_line_and_show() {
        for ok in ["👨‍👩‍👧", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "Fàilte!", "ok", "١٢٣", "…", "€"]
        {
            assert!(is_one_line(ok) && shows_something(ok), "{ok:?}");
        }
    }

    #[test]
    fn line_breaks_controls_and_bare_format_characters_are_not_one_line() {
        for bad in [
            "a\nb",
            "a\rb",
            "a\tb",
            "a\u{0}b",
            "a\u{2028}b",
            "a\u{2029}b",
            "a\u{202E}b",
            "a\u{FEFF}",
            "\u{E0001}",
        ] {
            assert!(!is_one_line(bad), "{bad:?}");
        }
    }

    #[test]
    fn blank_lines_show_nothing() {
        for blank in [
            "",
            "   ",
            "\u{3000}",
            &"\u{200C}".repeat(500),
            "\u{200D}\u{200C}",
            "\u{E0067}\u{E0062}\u{E007F}",
            "\u{3164}",
            "\u{115F}\u{1160}\u{FFA0}",
            "\u{2800}",
            "\u{0301}\u{0301}",
            "\u{FE0F}",
            "\u{E000}",
        ] {
            assert!(!shows_something(blank), "{blank:?}");
        }
    }
}
