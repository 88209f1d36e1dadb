//! The reader (tokens, lines, the end of the input, line numbers, errors) and the writer
//! against plain models, at every buffer size and with the fast paths on and off. Integer
//! reads are in tests/numbers.rs, cells in tests/cells.rs.

use combgames::cells::Cells;
use combgames::io::{Error, Reader};
use combgames::write::Writer;
use proptest::prelude::*;

use crate::common;

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

thread_local! {
    /// A hole, new: copied for each read, which is cheaper than making one (256 masks tried).
    static HOLE: Cells = Cells::new(b".*", 1);
}

/// Reads `items` back from `input` with a buffer of `capacity` bytes, fast paths on or off.
fn read_back(input: &[u8], items: &[Item], capacity: usize, fast: bool) -> Result<(), String> {
    let mut rd = Reader::with_capacity(capacity, input);
    if !fast {
        rd = rd.plain();
    }
    let mut cell = HOLE.with(Cells::clone);
    for (k, item) in items.iter().enumerate() {
        let ok = match item {
            Item::Unsigned(v) => rd.u64("u").map_err(|e| e.to_string())? == *v,
            Item::Signed(v) => rd.i64("i").map_err(|e| e.to_string())? == *v,
            Item::Word(w) => rd.token("w").map_err(|e| e.to_string())? == w.as_bytes(),
            Item::Cell(c) => {
                let value = rd.cells(&mut cell, "c").map_err(|e| e.to_string())?;
                b".*"[value as usize] == *c
            }
        };
        if !ok {
            return Err(format!("item {k} ({item:?}) read back wrong"));
        }
    }
    rd.expect_end().map_err(|e| e.to_string())?;
    match rd.has_more() {
        Ok(false) => Ok(()),
        other => Err(format!("expected the end, got {other:?}")),
    }
}

proptest! {
    // Each case reads its input hundreds of times, at every buffer size that can make a
    // difference, fast and plain (and a quarter of the time goes to zeroing the readers'
    // 132 KiB buffers): 128 cases make some 50,000 reads.
    #![proptest_config(ProptestConfig::with_cases(128))]

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
            for fast in [true, false] {
                let read = read_back(input.as_bytes(), &items, capacity, fast);
                prop_assert_eq!(read, Ok(()), "capacity {}, fast {}", capacity, fast);
            }
        }
    }
}

proptest! {

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
    let mut colour = Cells::new(b"RGB", 1);
    assert_eq!(
        rd.cells(&mut colour, "a colour").unwrap_err().to_string(),
        "line 3: expected a colour, found byte 0xff"
    );
}

#[test]
fn a_rule_broken_by_values_read_is_reported_on_their_line() {
    let rule = |rd: &Reader<&[u8]>| rd.error("a rule", String::new()).to_string();
    let input = &b"1 2\r\n\n3\n4"[..];
    for mut rd in [
        Reader::new(input),
        Reader::new(input).plain(),
        Reader::with_capacity(2, input),
    ] {
        assert_eq!(rule(&rd), "line 1: expected a rule, found ");
        for line in [1, 1, 3, 4] {
            rd.u64("a value").unwrap();
            assert_eq!(rule(&rd), format!("line {line}: expected a rule, found "));
        }
    }
}

#[test]
fn long_tokens_grow_the_buffer() {
    let word = "R".repeat(1000);
    let input = format!("{word}\n{word}");
    let mut rd = Reader::with_capacity(7, input.as_bytes());
    assert_eq!(rd.token("w").unwrap(), word.as_bytes());
    assert_eq!(rd.line("w").unwrap(), word.as_bytes());
    assert!(!rd.has_more().unwrap());
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
    for capacity in [1, 1000, MAX_TOKEN] {
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
    for ending in [" ", "\n", "\r\n"] {
        let input = format!("{0}{ending}{0}7{ending}", "7".repeat(MAX_TOKEN));
        for capacity in [1, 1000, MAX_TOKEN - 1, MAX_TOKEN] {
            let mut rd = Reader::with_capacity(capacity, input.as_bytes());
            assert_eq!(rd.token("w").unwrap().len(), MAX_TOKEN);
            let err = rd.token("w").unwrap_err().to_string();
            let line = if ending == " " { 1 } else { 2 };
            assert!(err.starts_with(&format!("line {line}: expected w, found \"777")));
            assert!(
                err.ends_with(&format!(" (longer than {MAX_TOKEN} bytes)")),
                "{err}"
            );
        }
    }
}

/// A line end of either kind, or a run of them.
fn line_end() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("\n"),
        Just("\r\n"),
        Just("\r\r\n"),
        Just("\n\n"),
        Just(" \n")
    ]
}

/// The lines of `bytes`: one more than its `\n` bytes.
fn lines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count() + 1
}

proptest! {
    #[test]
    fn errors_name_the_line_with_any_line_ends_at_every_buffer_size(
        lines_of in proptest::collection::vec((proptest::collection::vec(0u64..1_000_000, 0..4), line_end()), 1..12),
        bad in prop_oneof![Just("12x"), Just("-3"), Just("99999999999999999999"), Just("+")],
    ) {
        let mut input: String = lines_of
            .iter()
            .map(|(l, end)| l.iter().map(u64::to_string).collect::<Vec<_>>().join(" ") + end)
            .collect();
        let expected_line = lines(input.as_bytes());
        input += bad;
        let count: usize = lines_of.iter().map(|(l, _)| l.len()).sum();
        for capacity in 1..=input.len() + 1 {
            for fast in [true, false] {
                let mut rd = Reader::with_capacity(capacity, input.as_bytes());
                if !fast {
                    rd = rd.plain();
                }
                for _ in 0..count {
                    rd.u64("n").unwrap();
                }
                match rd.u64("n") {
                    Err(Error::Parse { line, .. }) => prop_assert_eq!(line, expected_line),
                    other => prop_assert!(false, "expected a parse error, got {:?}", other),
                }
            }
        }
    }

    #[test]
    fn lines_are_the_next_lines_not_blank_trimmed(
        text in proptest::collection::vec(("[a-z ]{0,12}", line_end()), 1..10),
        capacity in 1usize..40,
    ) {
        let input: String = text.iter().map(|(t, end)| format!("{t}{end}")).collect();
        let expected: Vec<&str> = text.iter().map(|(t, _)| t.trim()).filter(|t| !t.is_empty()).collect();
        let mut rd = Reader::with_capacity(capacity, input.as_bytes());
        for want in expected {
            prop_assert_eq!(rd.line("a line").unwrap(), want.as_bytes());
        }
        prop_assert!(!rd.has_more().unwrap());
        prop_assert!(rd.line("a line").is_err());
    }
}

#[test]
fn a_line_after_a_number_is_the_next_line() {
    for input in [
        "2\nAlice Bob\n",
        "2\r\nAlice Bob\r\n",
        "2 \n\n  Alice Bob  ",
    ] {
        let mut rd = Reader::new(input.as_bytes());
        assert_eq!(rd.u64("n").unwrap(), 2);
        assert_eq!(rd.line("names").unwrap(), b"Alice Bob");
        assert!(!rd.has_more().unwrap());
    }
}

#[test]
fn data_after_the_last_item_is_an_error_naming_its_line() {
    let mut rd = Reader::new(&b"7\r\n\x0b\x0c\t \n  8 9\n"[..]);
    assert_eq!(rd.u64("n").unwrap(), 7);
    assert!(rd.has_more().unwrap());
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
    let manifest = include_str!("../../Cargo.toml");
    assert!(
        !manifest.contains("panic = \"abort\""),
        "panic = \"abort\" would lose the buffered answers on a panic"
    );
}

#[test]
fn a_long_stray_token_after_the_last_case_is_said_to_be_past_the_end() {
    // Longer than any token the reader holds, it is still the end of the input expected.
    let input = format!("1\n5\n{}\n", "x".repeat(200_000));
    let mut rd = Reader::new(input.as_bytes());
    assert_eq!(rd.u64("T").unwrap(), 1);
    assert_eq!(rd.u64("n").unwrap(), 5);
    let err = rd.expect_end().unwrap_err().to_string();
    assert_eq!(
        err,
        "line 3: expected the end of the input, found \"xxxxxxxxxxxxxxxxxxxxxxxx...\""
    );
}
