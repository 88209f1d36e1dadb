//! The reader (tokens, lines, the end of the input, line numbers, errors) and the writer
//! against plain models, at every buffer size and with the fast paths on and off. Integer
//! reads are in tests/numbers.rs, cells in tests/cells.rs.

use combgames::cells::Cells;
use combgames::io::{Error, Reader};
use combgames::write::{Lines, Writer};
use proptest::prelude::*;

use crate::common;

use common::gap;
use std::cell::RefCell;
use std::io::{self, Read, Write};
use std::rc::Rc;

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
    #![proptest_config(common::cases(64))]

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

/// The page the kernel copies by, on the x86-64 Linux judges and machines the binaries run on.
const PAGE: usize = 4096;

/// A source that gives at most `chunks[k]` bytes on its read `k` (cycling: a pipe gives what
/// has arrived), noting each read's destination address, length and source offset in
/// `reads`, which the test keeps too.
struct Recording<'a> {
    input: &'a [u8],
    given: usize,
    chunks: Vec<usize>,
    reads: Rc<RefCell<Vec<(usize, usize, usize)>>>,
}

impl Read for Recording<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut reads = self.reads.borrow_mut();
        let chunk = self.chunks[reads.len() % self.chunks.len()];
        reads.push((buf.as_ptr() as usize, buf.len(), self.given));
        let n = buf.len().min(chunk).min(self.input.len() - self.given);
        buf[..n].copy_from_slice(&self.input[self.given..self.given + n]);
        self.given += n;
        Ok(n)
    }
}

proptest! {
    #![proptest_config(common::cases(32))]

    /// The reader's page contract: every read lands at the offset within a page that its
    /// bytes have in the source, and a read of a page or more ends at a page boundary of
    /// the source, whatever the buffer size, the tokens straddling refills, and the counts
    /// the source gives.
    #[test]
    fn every_read_lands_at_its_bytes_offset_within_a_page(
        tokens in proptest::collection::vec((1usize..3000, b'a'..=b'z', gap()), 1..120),
        capacity in prop_oneof![1usize..64, 4000usize..9000, Just(combgames::io::DEFAULT_CAPACITY)],
        chunks in proptest::collection::vec(prop_oneof![Just(usize::MAX), 1usize..10_000], 1..5),
    ) {
        let words: Vec<Vec<u8>> = tokens.iter().map(|&(len, letter, _)| vec![letter; len]).collect();
        let input: Vec<u8> = words
            .iter()
            .zip(&tokens)
            .flat_map(|(word, (_, _, gap))| word.iter().chain(gap.as_bytes()).copied())
            .collect();
        let reads = Rc::new(RefCell::new(Vec::new()));
        let source = Recording { input: &input, given: 0, chunks, reads: Rc::clone(&reads) };
        let mut rd = Reader::with_capacity(capacity, source);
        for word in &words {
            prop_assert_eq!(rd.token("a word").unwrap(), &word[..]);
        }
        rd.expect_end().unwrap();
        let reads = reads.borrow();
        prop_assert!(reads.len() > 1);
        for &(address, len, offset) in reads.iter() {
            prop_assert_eq!(address % PAGE, offset % PAGE, "a read of {} bytes", len);
            if len >= PAGE {
                prop_assert_eq!((offset + len) % PAGE, 0, "a read of {} bytes", len);
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

/// A sink noting the length of each write, and `None` for a flush.
struct Lengths(Rc<RefCell<Vec<Option<usize>>>>);

impl Write for Lengths {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().push(Some(data.len()));
        Ok(data.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.borrow_mut().push(None);
        Ok(())
    }
}

proptest! {
    /// The writer's page contract: until a flush, it writes whole buffers, so that with a
    /// capacity of whole pages every write covers whole pages of the output.
    #[test]
    fn the_writer_writes_whole_buffers_until_a_flush(
        writes in proptest::collection::vec(
            (0usize..3, prop_oneof![0usize..20, 0usize..70_000]),
            0..100,
        ),
        capacity in prop_oneof![1usize..64, Just(PAGE), Just(combgames::io::DEFAULT_CAPACITY)],
    ) {
        let long = "a line longer than a short one".repeat(3);
        let lines = Lines::new(["First", &long]);
        let lengths = Rc::new(RefCell::new(Vec::new()));
        let mut w = Writer::with_capacity(capacity, Lengths(Rc::clone(&lengths)));
        let mut expected = 0;
        for &(kind, len) in &writes {
            match kind {
                0 => w.write_all(&vec![b'x'; len]).unwrap(),
                _ => w.line(&lines, kind - 1).unwrap(),
            }
            expected += [len, 6, long.len() + 1][kind];
        }
        w.flush().unwrap();
        let lengths = lengths.borrow();
        // The flush writes what is left, less than a buffer, last before it flushes.
        let flush = lengths.iter().position(Option::is_none).unwrap();
        for (k, &len) in lengths[..flush].iter().enumerate() {
            let len = len.unwrap();
            let left = k + 1 == flush && len < capacity;
            prop_assert!(len % capacity == 0 || left, "a write of {} bytes", len);
        }
        let written: usize = lengths.iter().flatten().sum();
        prop_assert_eq!(written, expected);
    }
}

proptest! {
    #[test]
    fn lines_of_any_length_come_out_as_they_are_between_other_writes(
        texts in proptest::collection::vec("[a-z ,.']{0,40}", 3),
        long in 0usize..3,
        writes in proptest::collection::vec((0usize..4, proptest::collection::vec(any::<u8>(), 0..30)), 0..60),
        capacity in prop_oneof![Just(combgames::io::DEFAULT_CAPACITY), 1usize..64],
    ) {
        // One line may be longer than any buffer.
        let mut texts: Vec<String> = texts;
        texts[long] = texts[long].repeat(2000);
        let lines = Lines::new([texts[0].as_str(), texts[1].as_str(), texts[2].as_str()]);
        let mut sink = Vec::new();
        let mut expected = Vec::new();
        let mut w = Writer::with_capacity(capacity, &mut sink);
        for (i, bytes) in &writes {
            match texts.get(*i) {
                Some(text) => {
                    w.line(&lines, *i).unwrap();
                    expected.extend(text.as_bytes());
                    expected.push(b'\n');
                }
                None => {
                    w.write_all(bytes).unwrap();
                    expected.extend(bytes);
                }
            }
        }
        w.flush().unwrap();
        drop(w);
        prop_assert_eq!(sink, expected);
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
    let input = &b"1 2\r\n\n3\r\r4 \n\n"[..];
    for capacity in [1, 2, 3, 5, 100] {
        for fast in [true, false] {
            let mut rd = Reader::with_capacity(capacity, input);
            if !fast {
                rd = rd.plain();
            }
            assert_eq!(rule(&rd), "line 1: expected a rule, found ");
            for line in [1, 1, 3, 5] {
                rd.u64("a value").unwrap();
                assert_eq!(rule(&rd), format!("line {line}: expected a rule, found "));
                // The whitespace after the values is not theirs, even once dropped.
                rd.has_more().unwrap();
                assert_eq!(rule(&rd), format!("line {line}: expected a rule, found "));
            }
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

/// A line end of any kind, or a run of them.
fn line_end() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("\n"),
        Just("\r\n"),
        Just("\r"),
        Just("\r\r\n"),
        Just("\n\r"),
        Just("\n\n"),
        Just(" \n")
    ]
}

/// The lines of `bytes`: the line of the byte after them.
fn lines(bytes: &[u8]) -> usize {
    common::line_at(bytes, bytes.len())
}

#[test]
fn line_ends_count_once_wherever_they_fall_in_the_buffer() {
    // Line ends at every offset around the reader's blocks of 128 bytes and its refills.
    for end in ["\n", "\r\n", "\r", "\r\r\n", "\n\r", "\x0b\r\x0c\n"] {
        for pad in 0..300 {
            let input = format!("1{}{end}2{end}{end}x", " ".repeat(pad));
            let expected = format!("line {}: expected n, found \"x\"", lines(input.as_bytes()));
            for capacity in [1, 2, 3, 61, 128, 129, 1000] {
                for fast in [true, false] {
                    let mut rd = Reader::with_capacity(capacity, input.as_bytes());
                    if !fast {
                        rd = rd.plain();
                    }
                    assert_eq!((rd.u64("n").unwrap(), rd.u64("n").unwrap()), (1, 2));
                    let error = rd.u64("n").unwrap_err().to_string();
                    assert_eq!(error, expected, "{input:?} at capacity {capacity}");
                }
            }
        }
    }
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
    fn lines_are_read_as_written(
        text in proptest::collection::vec(("[a-z ]{0,12}", line_end()), 1..10),
        last in "[a-z ]{0,3}",
        capacity in 1usize..40,
        fast in any::<bool>(),
    ) {
        let input: String = text.iter().map(|(t, end)| format!("{t}{end}")).collect::<String>() + &last;
        // The plain rule: each `\r\n`, `\r` and `\n` ends a line; text after the last is one.
        let unified = input.replace("\r\n", "\n").replace('\r', "\n");
        let mut expected: Vec<&str> = unified.split('\n').collect();
        if expected.last() == Some(&"") {
            expected.pop();
        }
        let mut rd = Reader::with_capacity(capacity, input.as_bytes());
        if !fast {
            rd = rd.plain();
        }
        for want in expected {
            prop_assert_eq!(rd.line("a line").unwrap(), want.as_bytes());
        }
        let error = format!("line {}: expected a line, found end of input", common::end_line(input.as_bytes()));
        prop_assert_eq!(rd.line("a line").unwrap_err().to_string(), error);
    }
}

#[test]
fn a_line_after_an_item_is_the_rest_of_its_line() {
    for (input, rest) in [
        ("2\nAlice Bob\n", "Alice Bob"),
        ("2\r\nAlice Bob\r\n", "Alice Bob"),
        ("2\rAlice Bob", "Alice Bob"),
        ("2 Alice Bob", "Alice Bob"),
        ("2  Alice Bob ", " Alice Bob "),
        ("2 \n\n  Alice Bob  ", ""),
        // A number too long for the fast path: the same.
        ("00000000000000000000000002 Alice Bob\n", "Alice Bob"),
        ("00000000000000000000000002\r\nAlice Bob\n", "Alice Bob"),
    ] {
        for fast in [true, false] {
            let mut rd = Reader::new(input.as_bytes());
            if !fast {
                rd = rd.plain();
            }
            assert_eq!(rd.u64("n").unwrap(), 2);
            let line = rd.line("names").unwrap();
            assert_eq!(line, rest.as_bytes(), "{input:?}, fast paths {fast}");
        }
    }
    // After a token too, and after the end of a line.
    let mut rd = Reader::new(&b"side First\r\nx\n\ny\n"[..]);
    assert_eq!(rd.token("a word").unwrap(), b"side");
    assert_eq!(rd.line("the rest").unwrap(), b"First");
    assert_eq!(rd.token("a word").unwrap(), b"x");
    rd.expect_line_end().unwrap();
    assert_eq!(rd.line("a blank line").unwrap(), b"");
    assert_eq!(rd.line("a line").unwrap(), b"y");
}

#[test]
fn the_end_of_a_line_is_nothing_but_spaces_before_its_line_end() {
    // After two numbers, the line ends; then the next line, if there is one.
    for (input, next) in [
        ("1 2\n3", Some("3")),
        ("1 2 \t\r\n3\n", Some("3")),
        ("1 2\r3", Some("3")),
        ("1 2\n\n3", Some("")),
        ("1 2", None),
        ("1 2 \x0b", None),
    ] {
        for fast in [true, false] {
            let mut rd = Reader::with_capacity(2, input.as_bytes());
            if !fast {
                rd = rd.plain();
            }
            assert_eq!(rd.u64s_in::<2>(0..=9, "x").unwrap(), [1, 2], "{input:?}");
            rd.expect_line_end().unwrap();
            // At the next line's start it holds at once, and takes nothing.
            rd.expect_line_end().unwrap();
            let line = rd.line("the next line").ok().map(|l| l.to_vec());
            assert_eq!(line, next.map(|n| n.as_bytes().to_vec()), "{input:?}");
        }
    }
    for (input, numbers, error) in [
        (
            "1 2 3\n",
            2,
            "line 1: expected the end of the line, found \"3\"",
        ),
        (
            "1 2\t-\n",
            2,
            "line 1: expected the end of the line, found \"-\"",
        ),
        (
            "\n1\n2 x",
            2,
            "line 3: expected the end of the line, found \"x\"",
        ),
    ] {
        let mut rd = Reader::new(input.as_bytes());
        for _ in 0..numbers {
            rd.u64("x").unwrap();
        }
        assert_eq!(rd.expect_line_end().unwrap_err().to_string(), error);
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

#[test]
fn a_bare_cr_in_groups_read_fast_counts_as_a_line_end() {
    // Groups whose only bare `\r` bytes come first, then blank lines: the reader must see
    // them wherever its refills fall, in a short input or in 200 KB.
    let long = (90..=120).step_by(10).map(|blank| (blank, 2000));
    for (blank, groups) in [(0, 20), (100, 20), (200, 20)].into_iter().chain(long) {
        let group = format!(".#\r#.\r{}", "\n".repeat(blank));
        let mut input = group.repeat(groups);
        let at = input.len() - 3 * group.len() + 1;
        input.replace_range(at..at + 1, "Q");
        let line = common::line_at(input.as_bytes(), at);
        let expected = format!("line {line}: expected a cell, found 'Q'");
        for capacity in [64, 300, 1000, 65_536] {
            let mut rd = Reader::with_capacity(capacity, input.as_bytes());
            let mut grid = Cells::new(b".#", 4);
            let error = rd.cells_each(&mut grid, groups as u64, "a cell", |_| Ok(()));
            let error = error.unwrap_err().to_string();
            assert_eq!(error, expected, "{blank} blank lines, capacity {capacity}");
        }
    }
}

#[test]
fn a_token_refused_by_its_check_is_quoted_on_its_line_at_every_buffer_size() {
    let input = "L\r\n  R\n\nsideways-and-then-some-more\n";
    let turn = |t: &[u8]| t == b"L" || t == b"R";
    for capacity in 1..=input.len() + 1 {
        for fast in [true, false] {
            let mut rd = Reader::with_capacity(capacity, input.as_bytes());
            if !fast {
                rd = rd.plain();
            }
            assert_eq!(rd.token_if("L or R", turn).unwrap(), b"L");
            assert_eq!(rd.token_if("L or R", turn).unwrap(), b"R");
            assert_eq!(
                rd.token_if("L or R", turn).unwrap_err().to_string(),
                "line 4: expected L or R, found \"sideways-and-then-some-m...\""
            );
        }
    }
}

proptest! {
    #[test]
    fn a_line_of_integers_is_their_decimals_between_spaces(
        unsigned in proptest::collection::vec(any::<u64>(), 0..20),
        signed in proptest::collection::vec(any::<i64>(), 0..20),
        small in proptest::collection::vec((any::<u32>(), any::<i32>()), 0..20),
        capacity in prop_oneof![Just(combgames::io::DEFAULT_CAPACITY), 1usize..64],
    ) {
        let line = |values: Vec<String>| values.join(" ") + "\n";
        let expected = [
            line(unsigned.iter().map(u64::to_string).collect()),
            line(signed.iter().map(i64::to_string).collect()),
            line(small.iter().map(|(a, _)| a.to_string()).collect()),
            line(small.iter().map(|(_, b)| b.to_string()).collect()),
            line(unsigned.iter().map(|&v| (v as usize).to_string()).collect()),
        ]
        .concat();
        let mut sink = Vec::new();
        let mut w = Writer::with_capacity(capacity, &mut sink);
        w.ints(&unsigned).unwrap();
        w.ints(signed.iter().copied()).unwrap();
        w.ints(small.iter().map(|&(a, _)| a)).unwrap();
        w.ints(small.iter().map(|&(_, b)| b)).unwrap();
        w.ints(unsigned.iter().map(|&v| v as usize)).unwrap();
        w.flush().unwrap();
        drop(w);
        prop_assert_eq!(String::from_utf8(sink).unwrap(), expected);
    }
}

/// `out.line` and `out.ints` return the reader's `Result`: a `*_each` closure ends with one.
#[test]
fn a_write_ends_a_closure() {
    let answers = Lines::new(["Second", "First"]);
    let (mut rd, mut sink) = (Reader::new(&b"3 5\n4 4\n"[..]), Vec::new());
    let mut out = Writer::new(&mut sink);
    rd.u64s_each(2, 0..=9, "a pile", |[a, b]| {
        out.line(&answers, usize::from(a != b))
    })
    .unwrap();
    rd.u64s_each(0, 0..=9, "a pile", |[a]| out.ints([a]))
        .unwrap();
    drop(out);
    assert_eq!(sink, b"First\nSecond\n");
}
