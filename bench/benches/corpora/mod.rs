//! The benchmark corpora, shared by the criterion suite (`validate.rs`),
//! the size sweep (`sweep.rs`) and the instruction counter (`icount.rs`):
//! generated prose in several scripts, a random mix of 1- to 4-byte
//! characters, interleaved files from `tests/data`, and a set of short
//! non-ASCII inputs.

#![allow(dead_code, reason = "each bench target uses part of it")]

use std::path::PathBuf;

use crate::rng::Rng;

const KIB: usize = 1024;
const MIB: usize = 1024 * KIB;

impl Rng {
    /// `true` with probability `percent` / 100.
    fn percent(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    fn char_in(&mut self, first: u32, last: u32) -> char {
        loop {
            let c = first + self.below((last - first + 1) as usize) as u32;
            if let Some(c) = char::from_u32(c) {
                return c;
            }
        }
    }
}

/// How much generated text each synthetic corpus gets: enough for the
/// largest size without repeating.
pub const GENERATED: usize = MIB + 64 * KIB;

/// Words, separated by spaces, with some punctuation and a line break now and
/// then, until `len` bytes.
pub fn prose(rng: &mut Rng, len: usize, mut word: impl FnMut(&mut Rng, &mut String)) -> String {
    let mut text = String::with_capacity(len + 64);
    let mut line = 0;
    let mut sentence_start = true;
    while text.len() < len {
        let start = text.len();
        word(rng, &mut text);
        if sentence_start {
            // Capitalise the first letter, whatever its script.
            if let Some(first) = text[start..].chars().next() {
                let upper: String = first.to_uppercase().collect();
                text.replace_range(start..start + first.len_utf8(), &upper);
            }
            sentence_start = false;
        }
        match rng.below(100) {
            0..=7 => {
                text.push_str(rng.pick(&[".", "!", "?", "."]));
                sentence_start = true;
            }
            8..=14 => text.push(','),
            _ => {}
        }
        line += text.len() - start + 1;
        if line > 72 {
            text.push('\n');
            line = 0;
        } else {
            text.push(' ');
        }
    }
    text
}

const ENGLISH: &str = "\
    the of and to in is was that for it as with be on not he by are this at from but \
    have an they which one you were all her she there would their we him been has when \
    who will more no if out so said what up its about into than them can only other new \
    some could time these two may then first any like now such our over man me even most \
    made after also did many before must through back years where much your way well \
    down should because each just those people how too little state good very make world \
    still own see men work long get here between both life being under never day same \
    another know while last might great old year off come since against go came right \
    used take three validation character boundary sequence surrogate processor benchmark";

/// French, German and Spanish words without their accents; `latin_word`
/// puts accents on about one letter in ten.
const LATIN: &str = "\
    le la les des une est pour dans avec sur tres deja ete etre premiere ecole eleve \
    francais garcon foret fenetre theatre der die das und ist nicht mit fur uber schon \
    grosse mude madchen strasse hauser konnen mussen fruhstuck gemuse el los que una por \
    con para nino manana espanol cancion corazon tambien musica pagina ultimo rapido \
    arbol pais aqui alli senor";

const ACCENTED: [(char, &[char]); 7] = [
    ('a', &['à', 'á', 'â', 'ä']),
    ('e', &['é', 'è', 'ê', 'ë']),
    ('i', &['í', 'î', 'ï']),
    ('o', &['ó', 'ô', 'ö']),
    ('u', &['ú', 'û', 'ü', 'ù']),
    ('n', &['ñ']),
    ('c', &['ç']),
];

pub fn english_word<'a>(words: &'a [&'a str]) -> impl FnMut(&mut Rng, &mut String) + 'a {
    move |rng, text| text.push_str(rng.pick(words))
}

/// About 10% of the letters accented (and an `ß` now and then).
pub fn latin_word<'a>(words: &'a [&'a str]) -> impl FnMut(&mut Rng, &mut String) + 'a {
    move |rng, text| {
        for c in rng.pick(words).chars() {
            let variants = ACCENTED.iter().find(|(plain, _)| *plain == c);
            match variants {
                // Vowels and n/c are about 55% of the letters: 18% of them
                // accented is about 10% of all letters.
                Some((_, accented)) if rng.percent(18) => text.push(rng.pick(accented)),
                _ if c == 's' && rng.percent(5) => text.push('ß'),
                _ => text.push(c),
            }
        }
    }
}

pub fn cyrillic_word(rng: &mut Rng, text: &mut String) {
    for _ in 0..2 + rng.below(9) {
        // а..я, and ё now and then.
        let c = if rng.percent(2) {
            'ё'
        } else {
            rng.char_in(0x430, 0x44F)
        };
        text.push(c);
    }
}

/// A CJK "sentence": ideographs and kana, no spaces, with CJK punctuation.
pub fn cjk_sentence(rng: &mut Rng, text: &mut String) {
    for _ in 0..8 + rng.below(24) {
        let c = match rng.below(10) {
            0 => rng.char_in(0x3041, 0x3096), // hiragana
            1 => rng.char_in(0x30A1, 0x30FA), // katakana
            _ => rng.char_in(0x4E00, 0x9FFF), // CJK unified ideographs
        };
        text.push(c);
        if rng.percent(8) {
            text.push(rng.pick(&['，', '、']));
        }
    }
    text.push(rng.pick(&['。', '。', '！', '？']));
}

/// Emoji: mostly four bytes, with the occasional variation selector or ZWJ
/// sequence (three bytes) and skin tone.
pub fn emoji_run(rng: &mut Rng, text: &mut String) {
    for _ in 0..=rng.below(6) {
        let c = match rng.below(4) {
            0 => rng.char_in(0x1F300, 0x1F5FF),
            1 => rng.char_in(0x1F600, 0x1F64F),
            2 => rng.char_in(0x1F680, 0x1F6FF),
            _ => rng.char_in(0x1F900, 0x1F9FF),
        };
        text.push(c);
        match rng.below(100) {
            0..=4 => text.push('\u{FE0F}'),
            5..=7 => text.push(rng.char_in(0x1F3FB, 0x1F3FF)),
            8..=10 => {
                text.push('\u{200D}');
                text.push(rng.char_in(0x1F466, 0x1F469));
            }
            _ => {}
        }
    }
}

/// Characters of every length, each length equally likely.
pub fn mixed(rng: &mut Rng, len: usize) -> String {
    let mut text = String::with_capacity(len + 4);
    while text.len() < len {
        let c = match rng.below(4) {
            0 => rng.char_in(0x20, 0x7E),
            1 => rng.char_in(0x80, 0x7FF),
            2 => rng.char_in(0x800, 0xFFFF), // char_in skips surrogates
            _ => rng.char_in(0x1_0000, 0x10_FFFF),
        };
        text.push(c);
    }
    text
}

pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data")
}

/// The files, interleaved in pieces of about 1 KiB (cut at character
/// boundaries), so even a 4 KiB input has several of them in it.
pub fn interleaved(dir: &str, names: &[&str]) -> String {
    let texts: Vec<String> = names
        .iter()
        .map(|name| {
            let path = data_dir().join(dir).join(name);
            std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
        })
        .collect();
    let mut rests: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut out = String::with_capacity(rests.iter().map(|t| t.len()).sum());
    while rests.iter().any(|t| !t.is_empty()) {
        for rest in &mut rests {
            let piece = prefix(rest, KIB);
            // A piece of one character when the first is longer than 1 KiB
            // cannot happen (characters are at most four bytes).
            out.push_str(piece);
            *rest = &rest[piece.len()..];
        }
    }
    out
}

/// The longest prefix of `text` of at most `len` bytes that ends on a
/// character boundary.
pub fn prefix(text: &str, len: usize) -> &str {
    let mut end = len.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// `text` repeated (if it is short) and cut to at most `len` bytes at a
/// character boundary: valid UTF-8.
pub fn sized(text: &str, len: usize) -> Vec<u8> {
    let mut long = String::with_capacity(len + text.len());
    while long.len() < len {
        long.push_str(text);
    }
    prefix(&long, len).as_bytes().to_vec()
}

pub struct Corpus {
    pub name: &'static str,
    pub text: String,
}

/// One generated corpus by name, `len` bytes or a little more (`ascii`,
/// `latin`, `cyrillic`, `cjk`, `emoji`, `mixed`), each from its own seed.
pub fn generated(name: &str, len: usize) -> Option<String> {
    let seed = name.bytes().fold(0x7574_6638_6C69_7421_u64, |h, b| {
        h.rotate_left(8) ^ u64::from(b)
    }); // "utf8lit!"
    let mut rng = Rng(seed);
    let english: Vec<&str> = ENGLISH.split_ascii_whitespace().collect();
    let latin: Vec<&str> = LATIN.split_ascii_whitespace().collect();
    Some(match name {
        "ascii" => prose(&mut rng, len, english_word(&english)),
        "latin" => prose(&mut rng, len, latin_word(&latin)),
        "cyrillic" => prose(&mut rng, len, cyrillic_word),
        "cjk" => prose(&mut rng, len, cjk_sentence),
        "emoji" => prose(&mut rng, len, emoji_run),
        "mixed" => mixed(&mut rng, len),
        _ => return None,
    })
}

pub fn corpora() -> Vec<Corpus> {
    let corpus = |name, text| Corpus { name, text };
    let generated = |name| corpus(name, generated(name, GENERATED).unwrap_or_default());
    vec![
        generated("ascii"),
        generated("latin"),
        generated("cyrillic"),
        generated("cjk"),
        generated("emoji"),
        generated("mixed"),
        corpus(
            "lipsum",
            interleaved(
                "lipsum",
                &[
                    "Latin-Lipsum.txt",
                    "Russian-Lipsum.txt",
                    "Arabic-Lipsum.txt",
                    "Hebrew-Lipsum.txt",
                    "Hindi-Lipsum.txt",
                    "Chinese-Lipsum.txt",
                    "Japanese-Lipsum.txt",
                    "Korean-Lipsum.txt",
                    "Emoji-Lipsum.txt",
                ],
            ),
        ),
        corpus(
            "wikipedia-mars",
            // The Latin-1 files are not UTF-8; their UTF-8 conversions are.
            interleaved(
                "wikipedia-mars",
                &[
                    "english.utf8.txt",
                    "german.utflatin8.txt",
                    "esperanto.utflatin8.txt",
                    "russian.utf8.txt",
                    "hindi.utf8.txt",
                    "chinese.utf8.txt",
                ],
            ),
        ),
    ]
}

/// Many short inputs of random lengths (16 to 63 bytes, cut down to a
/// character boundary) from random places in the non-ASCII corpora, stored
/// back to back.
pub struct SmallSet {
    pub bytes: Vec<u8>,
    pub ranges: Vec<(usize, usize)>,
}

pub fn small_set(corpora: &[Corpus], count: usize) -> SmallSet {
    let mut rng = Rng(0x736D_616C_6C21); // "small!"
    let sources: Vec<&Corpus> = corpora.iter().filter(|c| c.name != "ascii").collect();
    let mut set = SmallSet {
        bytes: Vec::new(),
        ranges: Vec::with_capacity(count),
    };
    while set.ranges.len() < count {
        let text = &rng.pick(&sources).text;
        let mut start = rng.below(text.len() - 64);
        while !text.is_char_boundary(start) {
            start += 1;
        }
        let piece = prefix(&text[start..], 16 + rng.below(48));
        if piece.len() < 16 || piece.is_ascii() {
            continue;
        }
        let at = set.bytes.len();
        set.bytes.extend_from_slice(piece.as_bytes());
        set.ranges.push((at, set.bytes.len()));
    }
    set
}

/// `count` pieces of `text`, from random places, each exactly `size` bytes
/// and whole characters (valid UTF-8).
#[allow(dead_code, reason = "icount cuts no pieces")]
pub fn pieces(text: &str, size: usize, count: usize, rng: &mut crate::rng::Rng) -> Vec<Vec<u8>> {
    assert!(text.len() >= size, "the corpus is shorter than {size} B");
    let mut out = Vec::with_capacity(count);
    let mut tries = 0u32;
    while out.len() < count {
        let start = rng.below(text.len() - size + 1);
        if text.is_char_boundary(start) && text.is_char_boundary(start + size) {
            out.push(text.as_bytes()[start..start + size].to_vec());
        }
        tries += 1;
        assert!(
            tries < 10_000_000,
            "no {size}-byte piece of whole characters"
        );
    }
    out
}

/// Makes each input of `set` an early error: a lone Latin-1 `é` (`E9`) at
/// a random byte from 3 to 30 (the last byte of a shorter input), where an
/// ISO-8859-1 file mislabelled as UTF-8 usually has its first. The sweep's
/// early-error inputs, and `scripts/ab`'s.
#[allow(dead_code, reason = "only the sweep and scripts/ab time early errors")]
pub fn put_early_error(set: &mut [Vec<u8>], rng: &mut crate::rng::Rng) {
    for input in set {
        let at = (3 + rng.below(28)).min(input.len() - 1);
        input[at] = 0xE9;
    }
}

/// How many inputs of one size a set has: as many as make 16 KiB, at most
/// 512 (up to 32 B) and at least one (from 16 KiB on). All in the L1 cache
/// (48 KiB here) up to 16 KiB, one input in L2 above.
///
/// At most 512, not 32, because a branch predictor learns a pass of 32:
/// on an AMD Zen 5, simdutf8's AVX-512 kernel was faster
/// on Latin text of 80 B with 32 inputs, and with those 32 copied sixteen
/// times in the same order, than with the 512 copies shuffled: the same
/// bytes, a pattern too long to learn. A program validating
/// strings it receives meets no such pattern. From 128 B on, a size's
/// branches on the text go the same way nearly every time, and fewer
/// inputs (as many as make 16 KiB) change nothing measured.
#[allow(dead_code, reason = "icount cuts no pieces")]
pub fn set_len(size: usize) -> usize {
    (16 * 1024 / size).clamp(1, 512)
}
