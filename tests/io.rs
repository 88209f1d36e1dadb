//! The reader (tokens, bytes, line numbers, errors) and the writer against plain models, at
//! every buffer size. Integer reads are in tests/numbers.rs.

use combgames::io::{Error, Reader};
use combgames::write::Writer;
use proptest::prelude::*;

mod common;

use common::gap;
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
