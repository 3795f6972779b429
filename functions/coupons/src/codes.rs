//! Single-use codes: ten symbols from the operating system's CSPRNG, in an
//! alphabet without look-alikes (no 0/O, 1/I/L), shown as `XXXXX-XXXXX`.
//! 31^10 ≈ 8 × 10^14 codes, so guessing one is hopeless; uniqueness is still
//! enforced by a conditional write.

pub const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
pub const SYMBOLS: usize = 10;

/// A new code, or the CSPRNG's error.
pub fn generate() -> Result<String, getrandom::Error> {
    // Rejection sampling: only bytes below the largest multiple of 31 count, so every symbol is equally likely.
    let limit = (256 / ALPHABET.len() * ALPHABET.len()) as u8;
    let mut symbols = Vec::with_capacity(SYMBOLS);
    let mut buf = [0u8; 32];
    while symbols.len() < SYMBOLS {
        getrandom::getrandom(&mut buf)?;
        symbols.extend(
            buf.iter()
                .filter(|b| **b < limit)
                .map(|b| ALPHABET[*b as usize % ALPHABET.len()])
                .take(SYMBOLS - symbols.len()),
        );
    }
    let text = String::from_utf8(symbols).unwrap_or_default();
    Ok(format!("{}-{}", &text[..5], &text[5..]))
}

/// A code as typed by someone: upper case, dashes and spaces ignored.
pub fn normalise(text: &str) -> String {
    let s: String = text.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect();
    if s.len() == SYMBOLS {
        format!("{}-{}", &s[..5], &s[5..])
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    #[test]
    fn codes_use_the_alphabet_and_do_not_repeat() {
        let codes: Vec<String> = (0..10_000).map(|_| generate().unwrap()).collect();
        assert!(codes.iter().all(|c| c.len() == 11 && c.as_bytes()[5] == b'-'));
        assert!(codes.iter().all(|c| c.bytes().filter(|b| *b != b'-').all(|b| ALPHABET.contains(&b))));
        assert_eq!(codes.iter().collect::<HashSet<_>>().len(), codes.len());
        // Every symbol turns up about equally often (100,000 draws, ~3,226 each).
        let mut counts: HashMap<u8, usize> = HashMap::new();
        codes.iter().flat_map(|c| c.bytes()).filter(|b| *b != b'-').for_each(|b| *counts.entry(b).or_default() += 1);
        assert_eq!(counts.len(), ALPHABET.len());
        assert!(counts.values().all(|n| (2_700..3_800).contains(n)), "{counts:?}");
    }

    #[test]
    fn no_look_alikes() {
        for c in [b'0', b'O', b'1', b'I', b'L'] {
            assert!(!ALPHABET.contains(&c));
        }
        assert_eq!(normalise("abcde fghjk"), "ABCDE-FGHJK");
    }
}
