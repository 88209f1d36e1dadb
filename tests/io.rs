//! The reader and writer against plain models, at every buffer size.

use combgames::io::{Error, Reader, Writer};
use proptest::prelude::*;
use std::io::{self, Write};

/// One item of an input and what reading it must give.
#[derive(Clone, Debug)]
enum Item {
    Unsigned(u64),
    Signed(i64),
    Word(String),
    Cell(u8),
}

impl Item {
    fn text(&self) -> String {
        match self {
            Item::Unsigned(v) => v.to_string(),
            Item::Signed(v) => v.to_string(),
            Item::Word(w) => w.clone(),
            Item::Cell(c) => (*c as char).to_string(),
        }
    }
}

fn item() -> impl Strategy<Value = Item> {
    prop_oneof![
        any::<u64>().prop_map(Item::Unsigned),
        (0u64..1000).prop_map(Item::Unsigned),
        // Every length from 1 to 20 digits, for the eight-at-a-time path.
        (any::<u64>(), 0u32..64).prop_map(|(v, shift)| Item::Unsigned(v >> shift)),
        any::<i64>().prop_map(Item::Signed),
        "[A-Za-z#|.]{1,40}".prop_map(Item::Word),
        prop_oneof![Just(b'*'), Just(b'.')].prop_map(Item::Cell),
    ]
}

fn gap() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just(" "),
            Just("\t"),
            Just("\n"),
            Just("\r\n"),
            Just("\n\n"),
            // Vertical tab and form feed, which C's isspace counts too.
            Just("\x0b"),
            Just("\x0c"),
        ],
        1..4,
    )
    .prop_map(|parts| parts.concat())
}

/// Reads `items` back from `input` with a buffer of `capacity` bytes.
fn read_back(input: &[u8], items: &[Item], capacity: usize) -> Result<(), String> {
    let mut rd = Reader::with_capacity(capacity, input);
    for (k, item) in items.iter().enumerate() {
        let ok = match item {
            Item::Unsigned(v) => rd.u64("u").map_err(|e| e.to_string())? == *v,
            Item::Signed(v) => rd.i64("i").map_err(|e| e.to_string())? == *v,
            Item::Word(w) => rd.expect_token("w").map_err(|e| e.to_string())? == w.as_bytes(),
            Item::Cell(c) => rd.byte_in(b"*.", "c").map_err(|e| e.to_string())? == *c,
        };
        if !ok {
            return Err(format!("item {k} ({item:?}) read back wrong"));
        }
    }
    rd.expect_end().map_err(|e| e.to_string())?;
    match rd.token() {
        Ok(None) => Ok(()),
        other => Err(format!("expected the end, got {other:?}")),
    }
}

proptest! {
    #[test]
    fn every_buffer_size_reads_the_same_items(
        items in proptest::collection::vec((item(), gap()), 1..30),
        lead in "[ \n]{0,3}",
        trim in any::<bool>(),
    ) {
        let input = format!(
            "{lead}{}",
            items.iter().map(|(item, gap)| format!("{}{gap}", item.text())).collect::<String>()
        );
        // With `trim`, the input ends right after its last item, with no final newline.
        let input = if trim { input.trim_end().to_string() } else { input };
        let items: Vec<Item> = items.into_iter().map(|(item, _)| item).collect();
        for capacity in 1..=input.len() + 1 {
            prop_assert_eq!(read_back(input.as_bytes(), &items, capacity), Ok(()), "capacity {}", capacity);
        }
    }

    #[test]
    fn the_writer_passes_every_byte_through_in_order(
        chunks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..50), 0..40),
        capacity in 1usize..64,
    ) {
        let mut sink = Vec::new();
        let mut w = Writer::with_capacity(capacity, &mut sink);
        for chunk in &chunks {
            w.write_all(chunk).unwrap();
        }
        w.flush().unwrap();
        drop(w);
        prop_assert_eq!(sink, chunks.concat());
    }
}

#[test]
fn error_messages_say_what_was_expected_and_found() {
    let mut rd = Reader::new(&b"7\n-1 1x\n\xff"[..]);
    assert_eq!(
        rd.u64_in(1..=5, "T").unwrap_err().to_string(),
        "line 1: expected T in 1..=5, found 7"
    );
    assert_eq!(
        rd.u64("x").unwrap_err().to_string(),
        "line 2: expected x, found \"-1\""
    );
    assert_eq!(
        rd.i64("y").unwrap_err().to_string(),
        "line 2: expected y, found \"1x\""
    );
    assert_eq!(
        rd.byte_in(b"RGB", "a colour").unwrap_err().to_string(),
        "line 3: expected a colour, found byte 0xff"
    );
}

#[test]
fn signed_bounds_and_overflow() {
    let mut rd = Reader::new(&b"9223372036854775807 -9223372036854775809 5"[..]);
    assert_eq!(rd.i64("v").unwrap(), i64::MAX);
    assert!(rd
        .i64("v")
        .unwrap_err()
        .to_string()
        .ends_with("(too small)"));
    assert_eq!(rd.i64_in(-5..=5, "v").unwrap(), 5);
}

#[test]
fn long_tokens_grow_the_buffer() {
    let word = "R".repeat(1000);
    let input = format!("{word}\n{word}");
    let mut rd = Reader::with_capacity(7, input.as_bytes());
    assert_eq!(rd.expect_token("w").unwrap(), word.as_bytes());
    assert_eq!(rd.expect_token("w").unwrap(), word.as_bytes());
    assert_eq!(rd.token().unwrap(), None);
}

/// A sink that fails after `room` bytes.
struct Full {
    room: usize,
}

impl Write for Full {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::Error::new(io::ErrorKind::Other, "disk full"));
        }
        let n = data.len().min(self.room);
        self.room -= n;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn write_errors_are_reported() {
    let mut w = Writer::with_capacity(8, Full { room: 10 });
    let mut failed = false;
    for _ in 0..10 {
        failed |= w.write_all(b"Possible.\n").is_err();
    }
    failed |= w.flush().is_err();
    assert!(failed);
}

/// A source that fails on its second read.
struct Broken {
    reads: usize,
}

impl io::Read for Broken {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reads += 1;
        if self.reads == 1 {
            buf[..2].copy_from_slice(b"1 ");
            Ok(2)
        } else {
            Err(io::Error::new(io::ErrorKind::Other, "device gone"))
        }
    }
}

#[test]
fn read_errors_are_reported() {
    let mut rd = Reader::new(Broken { reads: 0 });
    assert_eq!(rd.u64("n").unwrap(), 1);
    assert_eq!(rd.u64("n").unwrap_err().to_string(), "I/O: device gone");
}

#[test]
fn numbers_of_every_length_and_their_neighbours_read_exactly() {
    // Each length from 1 to 20 digits, with leading zeros too, followed by each kind of
    // whitespace, an end of input, or a byte that makes the token bad.
    for len in 1..=20usize {
        for lead_zeros in [0, 1, len - 1] {
            let digits: String = (0..len)
                .map(|i| {
                    if i < lead_zeros {
                        '0'
                    } else {
                        char::from(b'1' + (i % 9) as u8)
                    }
                })
                .collect();
            let value: u64 = digits.parse().unwrap();
            for after in [" ", "\t", "\n", "\r\n", "\x0c"] {
                let input = format!("{digits}{after}{digits}{after}{digits}");
                let mut rd = Reader::new(input.as_bytes());
                for _ in 0..3 {
                    assert_eq!(rd.u64("n").unwrap(), value, "{input:?}");
                }
                assert_eq!(rd.token().unwrap(), None);
            }
            for bad in ["x", ".5", "-", "/", ":", "\u{e9}"] {
                // Padded so that the fast path sees the whole token.
                let input = format!("{digits}{bad} {}", " ".repeat(20));
                let err = Reader::new(input.as_bytes()).u64("n").unwrap_err();
                assert_eq!(
                    err.to_string(),
                    format!(
                        "line 1: expected n, found \"{}\"",
                        format!("{digits}{bad}").replace('\u{e9}', "??")
                    ),
                    "{input:?}"
                );
            }
        }
    }
}

#[test]
fn range_reads_name_the_range_in_every_error() {
    let mut rd = Reader::new(&b"x\n-7\n8\n9999999999999999999999\n3 -3"[..]);
    assert_eq!(
        rd.u64_in(1..=5, "T").unwrap_err().to_string(),
        "line 1: expected T in 1..=5, found \"x\""
    );
    assert_eq!(
        rd.i64_in(-5..=5, "v").unwrap_err().to_string(),
        "line 2: expected v in -5..=5, found -7"
    );
    assert_eq!(
        rd.usize_in(0..=7, "x").unwrap_err().to_string(),
        "line 3: expected x in 0..=7, found 8"
    );
    assert_eq!(
        rd.i64_in(-5..=5, "v").unwrap_err().to_string(),
        "line 4: expected v in -5..=5, found \"9999999999999999999999\" (too large)"
    );
    assert_eq!(rd.u64_in(1..=5, "T").unwrap(), 3);
    assert_eq!(rd.i64_in(-5..=5, "v").unwrap(), -3);
    assert_eq!(
        rd.u64_in(1..=5, "T").unwrap_err().to_string(),
        "line 5: expected T in 1..=5, found end of input"
    );
}

#[test]
fn a_token_longer_than_the_cap_is_an_error_not_a_bigger_buffer() {
    use combgames::io::MAX_TOKEN;
    let input = format!("1\n{}", "7".repeat(3 * MAX_TOKEN));
    for capacity in [1, 1000, MAX_TOKEN, MAX_TOKEN + 1, 4 * MAX_TOKEN] {
        let mut rd = Reader::with_capacity(capacity, input.as_bytes());
        assert_eq!(rd.u64("n").unwrap(), 1);
        let err = rd.u64("n").unwrap_err().to_string();
        let reason = format!("...\" (longer than {MAX_TOKEN} bytes)");
        assert!(
            err.starts_with("line 2: expected n, found \"777") && err.ends_with(&reason),
            "{err}"
        );
    }
}

#[test]
fn a_token_of_exactly_the_cap_is_read_and_one_byte_more_is_refused() {
    use combgames::io::MAX_TOKEN;
    for ending in [" ", "\n", "\r\n", "\r"] {
        let input = format!("{0}{ending}{0}7{ending}", "7".repeat(MAX_TOKEN));
        for capacity in [1, 1000, MAX_TOKEN - 1, MAX_TOKEN, MAX_TOKEN + 1] {
            let mut rd = Reader::with_capacity(capacity, input.as_bytes());
            assert_eq!(rd.expect_token("w").unwrap().len(), MAX_TOKEN);
            let err = rd.expect_token("w").unwrap_err().to_string();
            let line = if ending == " " { 1 } else { 2 };
            assert!(err.starts_with(&format!("line {line}: expected w, found \"777")));
            assert!(
                err.ends_with(&format!(" (longer than {MAX_TOKEN} bytes)")),
                "{err}"
            );
        }
    }
}

#[test]
fn a_range_checked_number_keeps_the_reason_it_was_refused() {
    use combgames::io::MAX_TOKEN;
    let input = format!("{} 99999999999999999999", "7".repeat(MAX_TOKEN + 1));
    let mut rd = Reader::new(input.as_bytes());
    let err = rd.u64_in(1..=5, "T").unwrap_err().to_string();
    assert!(
        err.starts_with("line 1: expected T in 1..=5, found \"777"),
        "{err}"
    );
    assert!(
        err.ends_with(&format!("(longer than {MAX_TOKEN} bytes)")),
        "{err}"
    );
    let mut rd = Reader::new(&input.as_bytes()[MAX_TOKEN + 2..]);
    assert_eq!(
        rd.usize_in(1..=5, "n").unwrap_err().to_string(),
        "line 1: expected n in 1..=5, found \"99999999999999999999\" (too large)"
    );
}

/// The line breaks of `bytes` by the plain rule: `\r\n` is one, any other `\r` or `\n` one.
fn plain_line_breaks(bytes: &[u8]) -> usize {
    let mut breaks = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            i += 1;
        }
        breaks += usize::from(bytes[i] == b'\r' || bytes[i] == b'\n');
        i += 1;
    }
    breaks
}

/// A line end, any of the three kinds, or a run of them.
fn line_end() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("\n"),
        Just("\r\n"),
        Just("\r"),
        Just("\r\r\n"),
        Just("\n\r")
    ]
}

proptest! {
    #[test]
    fn line_breaks_are_counted_as_the_plain_rule_says(
        bytes in proptest::collection::vec(prop_oneof![Just(b'\r'), Just(b'\n'), Just(b' '), Just(b'x')], 0..600),
    ) {
        prop_assert_eq!(combgames::io::count_line_breaks(&bytes), plain_line_breaks(&bytes));
    }

    #[test]
    fn errors_name_the_line_with_any_line_ends_at_every_buffer_size(
        lines in proptest::collection::vec((proptest::collection::vec(0u64..1_000_000, 0..4), line_end()), 1..12),
        bad in prop_oneof![Just("12x"), Just("-3"), Just("99999999999999999999"), Just("+")],
    ) {
        let mut input: String = lines
            .iter()
            .map(|(l, end)| l.iter().map(u64::to_string).collect::<Vec<_>>().join(" ") + end)
            .collect();
        let expected_line = plain_line_breaks(input.as_bytes()) + 1;
        input += bad;
        let count: usize = lines.iter().map(|(l, _)| l.len()).sum();
        for capacity in 1..=input.len() + 1 {
            let mut rd = Reader::with_capacity(capacity, input.as_bytes());
            for _ in 0..count {
                rd.u64("n").unwrap();
            }
            match rd.u64("n") {
                Err(Error::Parse { line, .. }) => prop_assert_eq!(line, expected_line, "capacity {}", capacity),
                other => prop_assert!(false, "expected a parse error, got {:?}", other),
            }
        }
    }

    /// Bytes consumed with their line breaks told (`consume_counted`), in pieces of any
    /// size, leave the reader on the same line as the plain count, at every buffer size.
    #[test]
    fn counted_consumes_keep_the_line_numbers(
        pieces in proptest::collection::vec((proptest::collection::vec(prop_oneof![Just(b'\r'), Just(b'\n'), Just(b'x')], 1..20), any::<bool>()), 1..20),
    ) {
        let input: Vec<u8> = pieces.iter().flat_map(|(p, _)| p.clone()).chain(*b"?").collect();
        for capacity in 1..=input.len() + 1 {
            let mut rd = Reader::with_capacity(capacity, &input[..]);
            let mut at = 0;
            for (piece, told) in &pieces {
                // A piece that does not fit in the buffer is consumed in plain steps.
                let fits = rd.peek(piece.len()).unwrap().len() >= piece.len();
                if *told && fits {
                    rd.consume_counted(piece.len(), plain_line_breaks(piece));
                } else {
                    for _ in 0..piece.len() {
                        rd.peek(1).unwrap();
                        rd.consume(1);
                    }
                }
                at += piece.len();
                prop_assert_eq!(rd.line(), plain_line_breaks(&input[..at]) + 1, "capacity {}", capacity);
            }
            let err = rd.u64("n").unwrap_err().to_string();
            let expected = format!("line {}: expected n, found \"?\"", plain_line_breaks(&input) + 1);
            prop_assert_eq!(err, expected);
        }
    }

    #[test]
    fn non_space_bytes_are_the_bytes_a_filter_keeps(
        bytes in proptest::collection::vec(prop_oneof![Just(b' '), Just(b'\t'), Just(b'\n'), Just(b'\r'), Just(0x0b), Just(0x0c), Just(b'*'), Just(b'.'), Just(b'Q')], 0..80),
        wanted in 0usize..20,
    ) {
        let mut out = vec![0; wanted];
        let kept: Vec<(usize, u8)> = bytes
            .iter()
            .enumerate()
            .filter(|&(_, &b)| !b.is_ascii_whitespace() && b != 0x0b)
            .map(|(i, &b)| (i, b))
            .collect();
        let expected = if wanted == 0 {
            Some(0)
        } else {
            kept.get(wanted - 1).map(|&(i, _)| i + 1)
        };
        prop_assert_eq!(combgames::io::non_space_bytes(&bytes, &mut out), expected);
        if expected.is_some() {
            let kept: Vec<u8> = kept.iter().take(wanted).map(|&(_, b)| b).collect();
            prop_assert_eq!(out, kept);
        }
    }
}

proptest! {
    /// `read_each` with a fast path for one-digit numbers reads what plain `u64` reads, at
    /// every buffer size, whichever path each item takes.
    #[test]
    fn read_each_agrees_with_the_slow_path(
        numbers in proptest::collection::vec(prop_oneof![0u64..10, any::<u64>()], 1..60),
        gaps in proptest::collection::vec(gap(), 60),
    ) {
        let input: String = numbers
            .iter()
            .zip(&gaps)
            .map(|(n, gap)| format!("{gap}{n}"))
            .collect();
        let digit = |bytes: &[u8]| match *bytes {
            [b' ', d @ b'0'..=b'9', b' ', ..] => Some((u64::from(d - b'0'), 2)),
            _ => None,
        };
        for capacity in 1..=input.len() + 1 {
            let mut rd = Reader::with_capacity(capacity, input.as_bytes());
            let mut seen = Vec::new();
            rd.read_each(numbers.len() as u64, digit, |rd| rd.u64("n"), |n| {
                seen.push(n);
                Ok(())
            })
            .unwrap();
            prop_assert_eq!(&seen, &numbers, "capacity {}", capacity);
            prop_assert_eq!(rd.token().unwrap(), None);
        }
    }
}

#[test]
fn data_after_the_last_item_is_an_error_naming_its_line() {
    let mut rd = Reader::new(&b"7\r\n\x0b\x0c\t \n  8 9\n"[..]);
    assert_eq!(rd.u64("n").unwrap(), 7);
    assert_eq!(
        rd.expect_end().unwrap_err().to_string(),
        "line 3: expected the end of the input, found \"8\""
    );
    let mut rd = Reader::new(&b"7\r\n\x0b\x0c\t \n"[..]);
    assert_eq!(rd.u64("n").unwrap(), 7);
    assert!(rd.expect_end().is_ok());
}

#[test]
fn a_panic_still_flushes_what_was_written() {
    // Without `panic = "abort"`, unwinding drops the writer, which flushes: the answers of the
    // complete cases reach the output even if a bug panics, in a cargo build as in a bundle.
    let sink = std::sync::Mutex::new(Vec::new());
    let result = std::panic::catch_unwind(|| {
        let mut guard = sink.lock().unwrap();
        let mut out = Writer::new(&mut *guard);
        out.write_all(b"Alice\n").unwrap();
        panic!("a bug");
    });
    assert!(result.is_err());
    let written = sink
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone();
    assert_eq!(written, b"Alice\n");
}

#[test]
fn the_release_profile_unwinds() {
    let manifest = include_str!("../Cargo.toml");
    assert!(
        !manifest.contains("panic = \"abort\""),
        "panic = \"abort\" would lose the buffered answers on a panic"
    );
}

// The batch number readers, `u64s_at` and `small_pair_at`, and `Reader::read_runs`: each fast
// path against the plain reader, over random layouts and at every buffer size.

use combgames::io::{is_space, small_pair_at, u64s_at};

/// A token for the batch readers: mostly plain numbers of every length (with leading zeros
/// too), sometimes a `+`, a sign or junk, which the fast paths must leave to the reader.
fn number_token() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (any::<u64>(), 0u32..64).prop_map(|(v, shift)| (v >> shift).to_string()),
        4 => (0u64..1000).prop_map(|v| v.to_string()),
        1 => (0u64..1000, 1usize..4).prop_map(|(v, zeros)| format!("{}{v}", "0".repeat(zeros))),
        1 => (0u64..1000).prop_map(|v| format!("+{v}")),
        1 => "[0-9]{16,21}",
        1 => prop_oneof![Just("-1"), Just("x"), Just("1x"), Just("2.5"), Just("\u{e9}")]
            .prop_map(String::from),
    ]
}

/// What the plain reader makes of `bytes`: `count` numbers and how many bytes they take, or
/// the error.
fn plain_numbers(bytes: &[u8], count: usize) -> Result<(Vec<u64>, usize), String> {
    let mut rd = Reader::with_capacity(bytes.len() + 1, bytes);
    let values = (0..count)
        .map(|_| rd.u64("n").map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let unread = rd.peek(0).map_err(|e| e.to_string())?.len();
    Ok((values, bytes.len() - unread))
}

/// Checks a fast path's answer on `bytes` against the plain reader: the same numbers, and
/// the bytes they take plus the one whitespace byte after the last.
fn agrees_with_plain(
    bytes: &[u8],
    fast: Option<(Vec<u64>, usize)>,
    count: usize,
) -> Result<(), String> {
    let (values, used) = match fast {
        Some(found) => found,
        None => return Ok(()),
    };
    let plain = plain_numbers(bytes, count);
    if plain != Ok((values.clone(), used - 1)) || !is_space(bytes[used - 1]) {
        return Err(format!("fast {values:?} in {used} bytes, plain {plain:?}"));
    }
    Ok(())
}

fn layout(tokens: &[(String, String)], lead: &str) -> String {
    let body: String = tokens.iter().map(|(t, gap)| format!("{t}{gap}")).collect();
    format!("{lead}{body}")
}

/// Checks `fast`, which reads `count` numbers, against the plain reader on every window of
/// `input`: every cut, so that numbers and the bytes read with them are cut off at every
/// place, and every start, so that each token comes first.
fn every_window_agrees<F>(input: &str, count: usize, fast: F) -> Result<(), String>
where
    F: Fn(&[u8]) -> Option<(Vec<u64>, usize)>,
{
    let bytes = input.as_bytes();
    for start in 0..bytes.len() {
        for end in start..=bytes.len() {
            let window = &bytes[start..end];
            agrees_with_plain(window, fast(window), count)
                .map_err(|e| format!("{window:?}: {e}"))?;
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn u64s_at_reads_what_the_plain_reader_reads(
        tokens in proptest::collection::vec((number_token(), gap()), 1..12),
        lead in "[ \n]{0,3}",
    ) {
        let input = layout(&tokens, &lead);
        let one = |w: &[u8]| {
            let mut values = [0; 1];
            u64s_at(w, &mut values).map(|len| (values.to_vec(), len))
        };
        prop_assert_eq!(every_window_agrees(&input, 1, one), Ok(()));
        let three = |w: &[u8]| {
            let mut values = [0; 3];
            u64s_at(w, &mut values).map(|len| (values.to_vec(), len))
        };
        prop_assert_eq!(every_window_agrees(&input, 3, three), Ok(()));
    }

    #[test]
    fn small_pair_at_reads_what_the_plain_reader_reads(
        tokens in proptest::collection::vec(
            (prop_oneof![4 => (0u64..1000).prop_map(|v| v.to_string()), 1 => number_token()], gap()),
            1..16,
        ),
        lead in "[ \n]{0,3}",
    ) {
        let input = layout(&tokens, &lead);
        let pair = |w: &[u8]| small_pair_at(w).map(|(v, len)| (v.to_vec(), len));
        prop_assert_eq!(every_window_agrees(&input, 2, pair), Ok(()));
    }

    /// `read_runs` with either fast path, against reading every number with `u64`, at every
    /// buffer size: the same numbers, or the same error on the same line.
    #[test]
    fn read_runs_reads_what_the_plain_reader_reads_at_every_buffer_size(
        tokens in proptest::collection::vec((number_token(), gap()), 1..24),
        pairs in any::<bool>(),
    ) {
        let width = if pairs { 2 } else { 3 };
        let items = tokens.len() / width;
        let input = layout(&tokens[..items * width], "");
        let bytes = input.as_bytes();
        let plain = |capacity: usize| {
            let mut rd = Reader::with_capacity(capacity, bytes);
            (0..items * width)
                .map(|_| rd.u64("n").map_err(|e| e.to_string()))
                .collect::<Result<Vec<_>, _>>()
        };
        let expected = plain(bytes.len() + 1);
        for capacity in 1..=bytes.len() + 1 {
            prop_assert_eq!(&plain(capacity), &expected, "plain, capacity {}", capacity);
            let mut rd = Reader::with_capacity(capacity, bytes);
            let mut seen = Vec::new();
            let fast = |seen: &mut Vec<u64>, window: &[u8], most: u64| {
                let (mut read, mut used) = (0, 0);
                while read < most {
                    let found = if pairs {
                        small_pair_at(&window[used..]).map(|(v, len)| (v.to_vec(), len))
                    } else {
                        let mut values = [0; 3];
                        u64s_at(&window[used..], &mut values).map(|len| (values.to_vec(), len))
                    };
                    match found {
                        Some((values, len)) => {
                            seen.extend(values);
                            used += len;
                            read += 1;
                        }
                        None => break,
                    }
                }
                Ok((read, used))
            };
            let slow = |seen: &mut Vec<u64>, rd: &mut Reader<&[u8]>| {
                for _ in 0..width {
                    seen.push(rd.u64("n")?);
                }
                Ok(())
            };
            let result = rd.read_runs(items as u64, &mut seen, fast, slow);
            let got = result.map(|()| seen).map_err(|e| e.to_string());
            prop_assert_eq!(&got, &expected, "capacity {}", capacity);
        }
    }
}

#[test]
fn the_fast_paths_take_plain_layouts_and_leave_the_rest() {
    let padding = " ".repeat(200);
    let grid = format!("1 22 333\r\n4444 55555 666666\n\n7 8 999999999999999\n{padding}");
    let mut values = [0; 9];
    let len = u64s_at(grid.as_bytes(), &mut values).unwrap();
    assert_eq!(
        values,
        [1, 22, 333, 4444, 55555, 666666, 7, 8, 999_999_999_999_999]
    );
    assert_eq!(len, grid.len() - padding.len());
    // Sixteen digits, a sign, or too little room: the checked reader's business.
    for input in ["1234567890123456 1", "+1 2", "1 -2"] {
        let input = format!("{input}{padding}");
        assert_eq!(u64s_at(input.as_bytes(), &mut [0; 2]), None, "{input:?}");
    }
    assert_eq!(u64s_at(b"1 2 ", &mut [0; 2]), None);

    assert_eq!(small_pair_at(b"499 0\n7 7\n"), Some(([499, 0], 6)));
    assert_eq!(small_pair_at(b"\r\n\n0 1\r\n    "), Some(([0, 1], 7)));
    for input in [
        "1000 1\n  ",
        "1 1000\n  ",
        "1  1\n    ",
        "+1 1\n    ",
        "1 1",
    ] {
        assert_eq!(small_pair_at(input.as_bytes()), None, "{input:?}");
    }
}

#[test]
fn the_fast_paths_take_exactly_the_whitespace_of_is_space() {
    let padding = " ".repeat(64);
    for b in (0..=255u8).filter(|b| !b.is_ascii_digit()) {
        let input = [&[b'1', b, b'2', b][..], padding.as_bytes()].concat();
        let pair = small_pair_at(&input);
        let mut values = [0; 2];
        let numbers = u64s_at(&input, &mut values).map(|len| (values, len));
        assert_eq!(pair.is_some(), is_space(b), "byte {b:#x}");
        assert_eq!(numbers.is_some(), is_space(b), "byte {b:#x}");
        if is_space(b) {
            assert_eq!((pair, numbers), (Some(([1, 2], 4)), Some(([1, 2], 4))));
        }
    }
}
