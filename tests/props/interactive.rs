//! The interactive contract: every read returns as soon as the bytes it needs have arrived
//! (its own, and the one byte after a token, which tells that the token ended), never
//! waiting to fill its buffer or a look-ahead. A judge sends a message only once the
//! program has answered the one before, so a read that asks the input for more would wait
//! for ever, and the judge with it.
//!
//! Here the input is a [`Trickle`]: it hands over what the judge sent a few bytes a read,
//! and fails the read that asks for more than was sent, at every buffer size, with the fast
//! paths on and off. Cells have their own test,
//! `interactive::cells_answer_as_soon_as_their_group_arrives`.

use combgames::cells::Cells;
use combgames::io::{Reader, Result, DEFAULT_CAPACITY};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt::Debug;
use std::io::{self, Read};
use std::rc::Rc;

/// What the judge sent and the reader has not taken yet.
#[derive(Default)]
struct Sent {
    bytes: VecDeque<u8>,
    /// The most bytes one read hands over.
    piece: usize,
    closed: bool,
}

/// The program's input: what the judge sent, `piece` bytes a read at most.
struct Trickle(Rc<RefCell<Sent>>);

impl Read for Trickle {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut sent = self.0.borrow_mut();
        if sent.bytes.is_empty() && !sent.closed {
            let why = "the reader asked for more than the judge sent: over a pipe it would wait \
                       for ever, and the judge for its answer";
            return Err(io::Error::new(io::ErrorKind::WouldBlock, why));
        }
        let n = buf.len().min(sent.piece).min(sent.bytes.len());
        for (to, from) in buf.iter_mut().zip(sent.bytes.drain(..n)) {
            *to = from;
        }
        Ok(n)
    }
}

/// The judge's end of the input.
#[derive(Clone)]
struct Judge(Rc<RefCell<Sent>>);

impl Judge {
    fn send(&self, message: &str) {
        self.0.borrow_mut().bytes.extend(message.as_bytes());
    }
}

/// Every way the reader is tried: bytes a read, its capacity, fast paths on or off.
fn setups() -> Vec<(usize, usize, bool)> {
    let mut setups = Vec::new();
    for piece in [1, 2, 3, 5, usize::MAX] {
        for capacity in [1, 7, 61, DEFAULT_CAPACITY] {
            setups.extend([(piece, capacity, true), (piece, capacity, false)]);
        }
    }
    setups
}

/// A reader of what the judge it comes with sends, in `setup`.
fn connect((piece, capacity, fast): (usize, usize, bool)) -> (Judge, Reader<Trickle>) {
    let sent = Rc::new(RefCell::new(Sent {
        piece,
        ..Sent::default()
    }));
    let rd = Reader::with_capacity(capacity, Trickle(Rc::clone(&sent)));
    (Judge(sent), if fast { rd } else { rd.plain() })
}

/// Sends each of `messages` only once `read` has answered the one before (`read` may send
/// more itself, as a judge does once the program answered a part of a message), and checks
/// that its answers are `expected`; then the judge closes the input, which must end.
fn exchange<T, F>(messages: &[&str], expected: &[T], mut read: F)
where
    T: Debug + PartialEq,
    F: FnMut(&mut Reader<Trickle>, &Judge) -> Result<T>,
{
    exchange_with(messages, expected, || (), |(), rd, judge| read(rd, judge));
}

/// [`exchange`] with what `read` keeps from one message to the next (a board's learned
/// picture), new from `fresh` for each way of reading, as in a new run of a program.
fn exchange_with<S, T, F>(messages: &[&str], expected: &[T], fresh: impl Fn() -> S, mut read: F)
where
    T: Debug + PartialEq,
    F: FnMut(&mut S, &mut Reader<Trickle>, &Judge) -> Result<T>,
{
    assert_eq!(messages.len(), expected.len());
    for setup in setups() {
        let (judge, mut rd) = connect(setup);
        let mut kept = fresh();
        for (i, (message, want)) in messages.iter().zip(expected).enumerate() {
            judge.send(message);
            let (piece, capacity, fast) = setup;
            let shown: String = message.chars().take(40).collect();
            let more = if shown.len() < message.len() {
                "..."
            } else {
                ""
            };
            let piece = match piece {
                usize::MAX => "all that was sent".to_string(),
                _ => format!("{piece} bytes"),
            };
            let shown = format!(
                "message {i} {shown:?}{more} ({} bytes), {piece} a read, capacity {capacity}, \
                 fast paths {fast}",
                message.len()
            );
            let got = read(&mut kept, &mut rd, &judge).unwrap_or_else(|e| panic!("{shown}: {e}"));
            assert_eq!(&got, want, "{shown}");
        }
        judge.0.borrow_mut().closed = true;
        assert!(
            !rd.has_more().unwrap(),
            "{setup:?}: input left after the last message"
        );
    }
}

/// Numbers of every length from 1 to 20 digits, each a message with a line end of its own.
fn numbers() -> (Vec<String>, Vec<u64>) {
    let values: Vec<u64> = (0..20)
        .map(|digits| 10u64.pow(digits) + u64::from(digits))
        .chain([0, 7, 99, u64::MAX])
        .collect();
    let ends = ["\n", "\r\n", " \n", "\n\n"];
    let messages = values.iter().enumerate();
    let messages = messages.map(|(i, v)| format!("{v}{}", ends[i % ends.len()]));
    (messages.collect(), values)
}

#[test]
fn tokens_and_lines_answer_as_soon_as_they_arrive() {
    let words = ["First\n", "Second\r\n", "  x \n", "\n\n3-1\n"];
    exchange(
        &words,
        &["First", "Second", "x", "3-1"].map(String::from),
        |rd, _| Ok(String::from_utf8(rd.token("a word")?.to_vec()).unwrap()),
    );
    let lines = ["a line\n", "  two  words \r\n", "\n", "last\r"];
    exchange(
        &lines,
        &["a line", "  two  words ", "", "last"].map(String::from),
        |rd, _| Ok(String::from_utf8(rd.line("a line")?.to_vec()).unwrap()),
    );
    // A move, then the end of its line: read as soon as the line end arrives.
    exchange(&["1 2\n", "3 4 \r\n", "5 6 \t\n"], &[3, 7, 11], |rd, _| {
        let [a, b] = rd.u64s_in(0..=9, "a move")?;
        rd.expect_line_end()?;
        Ok(a + b)
    });
    // A program that plays until the judge closes asks whether more follows, then reads it.
    exchange(&["5\n", " 6\n"], &[5, 6], |rd, _| {
        assert!(rd.has_more()?);
        rd.u64("a move")
    });
}

#[test]
fn every_kind_of_number_answers_as_soon_as_it_arrives() {
    let (messages, values) = numbers();
    let messages: Vec<&str> = messages.iter().map(String::as_str).collect();
    exchange(&messages, &values, |rd, _| rd.u64("a number"));
    exchange(&messages, &values, |rd, _| {
        rd.u64_in(0..=u64::MAX, "a number")
    });
    let small: Vec<u64> = values.iter().map(|&v| v.min(u64::from(u32::MAX))).collect();
    let small_messages: Vec<String> = small.iter().map(|v| format!("{v}\n")).collect();
    let small_messages: Vec<&str> = small_messages.iter().map(String::as_str).collect();
    exchange(&small_messages, &small, |rd, _| {
        Ok(u64::from(rd.u32("a number")?))
    });
    exchange(&small_messages, &small, |rd, _| {
        Ok(u64::from(rd.u32_in(0..=u32::MAX, "a number")?))
    });
    exchange(&messages, &values, |rd, _| Ok(rd.usize("a number")? as u64));
    exchange(&messages, &values, |rd, _| {
        Ok(rd.usize_in(0..=usize::MAX, "a number")? as u64)
    });
    let signed: Vec<i64> = values.iter().map(|&v| -((v >> 1) as i64)).collect();
    let signed_messages: Vec<String> = signed.iter().map(|v| format!("{v}\n")).collect();
    let signed_messages: Vec<&str> = signed_messages.iter().map(String::as_str).collect();
    exchange(&signed_messages, &signed, |rd, _| rd.i64("a number"));
    exchange(&signed_messages, &signed, |rd, _| {
        rd.i64_in(i64::MIN..=0, "a number")
    });
}

#[test]
fn groups_of_numbers_answer_as_soon_as_they_arrive() {
    // Short numbers (read two at a time) and long ones, one line each.
    let short = ["3 14\n", "15 92\r\n", "6 5\n", " 358 979\n"];
    let pairs = [[3, 14], [15, 92], [6, 5], [358, 979]];
    exchange(&short, &pairs, |rd, _| rd.u64s_in(0..=999, "a number"));
    let long = ["31415926 5358979\n", "1 18446744073709551615\n", "7 7\n"];
    let pairs = [[31415926, 5358979], [1, u64::MAX], [7, 7]];
    exchange(&long, &pairs, |rd, _| rd.u64s_in(0..=u64::MAX, "a number"));
    let triples = ["1 2 3\n", "4 5 6\n"];
    exchange(&triples, &[[1, 2, 3], [4, 5, 6]], |rd, _| {
        rd.u64s_in(0..=9, "a digit")
    });
}

/// The two ways a judge sends `groups` to a program that reads them all in one call: in one
/// message; or the first, then each next one once the program has visited the one before.
/// Each way: its first message, and the message to send after each group.
fn sendings(groups: &[String]) -> [(String, &[String]); 2] {
    [(groups.concat(), &[]), (groups[0].clone(), &groups[1..])]
}

/// A `*_each` call's visit of the groups sent by [`sendings`]: it keeps each group in
/// `seen`, then the judge sends the message to send after it.
fn visit<'a, T>(
    seen: &'a mut Vec<T>,
    later: &'a [String],
    judge: &'a Judge,
) -> impl FnMut(T) -> Result<()> + 'a {
    move |group| {
        seen.push(group);
        if let Some(next) = later.get(seen.len() - 1) {
            judge.send(next);
        }
        Ok(())
    }
}

/// `count` groups of `N` numbers read by `u64s_each`, from one message that holds all of
/// them, and from messages of one group each, the judge sending the next group only once
/// the program has visited the one before.
fn each_group<const N: usize>(groups: &[[u64; N]], high: u64) {
    let lines: Vec<String> = groups
        .iter()
        .map(|g| g.iter().map(|v| format!("{v} ")).collect::<String>() + "\n")
        .collect();
    let count = groups.len() as u64;
    for (first, later) in sendings(&lines) {
        exchange(&[&first], &[groups.to_vec()], |rd, judge| {
            let mut seen = Vec::new();
            rd.u64s_each(count, 0..=high, "a number", visit(&mut seen, later, judge))?;
            Ok(seen)
        });
    }
}

#[test]
fn each_group_of_numbers_is_visited_as_soon_as_it_arrives() {
    let pairs: Vec<[u64; 2]> = (0..40).map(|i| [i * 7 % 1000, i * 13 % 1000]).collect();
    each_group(&pairs, 999);
    let long: Vec<[u64; 3]> = (0..40).map(|i| [i << 40, i, 1 << i]).collect();
    each_group(&long, u64::MAX);
}

/// The index in `alphabet` of each letter of a group.
fn indices<'a>(letters: &'a [u8], alphabet: &'a [u8]) -> impl Iterator<Item = u64> + 'a {
    let index = move |l: &u8| alphabet.iter().position(|a| a == l).unwrap() as u64;
    letters.iter().map(index)
}

/// 40 groups of `count` letters of `alphabet`, varied.
fn groups(alphabet: &[u8], count: usize) -> Vec<Vec<u8>> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let mut group = |_| {
        (0..count)
            .map(|_| alphabet[next() % alphabet.len()])
            .collect()
    };
    (0..40).map(&mut group).collect()
}

/// A group drawn a row of `width` a line, its cells `between` apart.
fn rows(width: usize, between: &str) -> impl Fn(&[u8]) -> String + '_ {
    move |letters| {
        let row = |r: &[u8]| {
            r.iter()
                .map(|&l| (l as char).to_string())
                .collect::<Vec<_>>()
        };
        let lines = letters.chunks(width).map(|r| row(r).join(between) + "\n");
        lines.collect()
    }
}

/// Groups of `count` cells of `alphabet`, worth what `value` says, drawn by `draw`: read
/// by `Reader::cells` from a message each and from two a message, then by `cells_each`,
/// from one message that holds all of them, and from a message each, the judge sending the
/// next group only once the program has visited the one before.
fn read_groups(
    cells: &Cells,
    (alphabet, count): (&[u8], usize),
    value: impl Fn(&[u8]) -> u64,
    draw: impl Fn(&[u8]) -> String,
) {
    let groups = groups(alphabet, count);
    let values: Vec<u64> = groups.iter().map(|g| value(g)).collect();
    let drawn: Vec<String> = groups.iter().map(|g| draw(g)).collect();
    let messages: Vec<&str> = drawn.iter().map(String::as_str).collect();
    let fresh = || cells.clone();
    exchange_with(&messages, &values, fresh, |cells, rd, _| {
        rd.cells(cells, "a cell")
    });
    // Two groups a message, as a judge that sends two boards: the first teaches the second.
    let twice: Vec<String> = drawn.chunks(2).map(|two| two.concat()).collect();
    let twice: Vec<&str> = twice.iter().map(String::as_str).collect();
    let pairs: Vec<[u64; 2]> = values.chunks(2).map(|two| [two[0], two[1]]).collect();
    exchange_with(&twice, &pairs, fresh, |cells, rd, _| {
        Ok([rd.cells(cells, "a cell")?, rd.cells(cells, "a cell")?])
    });
    let n = values.len() as u64;
    for (first, later) in sendings(&drawn) {
        let values = std::slice::from_ref(&values);
        exchange_with(&[&first], values, fresh, |cells, rd, judge| {
            let mut seen = Vec::new();
            rd.cells_each(cells, n, "a cell", visit(&mut seen, later, judge))?;
            Ok(seen)
        });
    }
}

/// The separate test of cells (see the module doc): boards a message at a time, learned
/// pictures included. (The reader before its rewrite failed it: a learned picture read a
/// board only with 8 bytes after it buffered, more than the judge sent.)
#[test]
fn cells_answer_as_soon_as_their_group_arrives() {
    let packed = |bits: u32, alphabet: &'static [u8]| {
        move |g: &[u8]| {
            let cells = indices(g, alphabet).enumerate();
            cells.fold(0, |v, (i, l)| v | l << (bits * i as u32))
        }
    };
    // 4x4 grids of two letters, a row a line (runs of them are checked many at once), and
    // 2x2 grids with spaces between cells.
    let grid = (&b".#"[..], 16);
    read_groups(&Cells::new(b".#", 16), grid, packed(1, b".#"), rows(4, ""));
    let small = (&b".#"[..], 4);
    read_groups(&Cells::new(b".#", 4), small, packed(1, b".#"), rows(2, " "));
    // 3x3 boards of three letters in rows of 3: a row one token with separators, or not.
    let board = (&b".OX"[..], 9);
    let in_rows = Cells::new(b".OX", 9).rows_of(3);
    read_groups(&in_rows, board, packed(2, b".OX"), rows(3, "|"));
    read_groups(&in_rows, board, packed(2, b".OX"), rows(3, ""));
    read_groups(&in_rows, board, packed(2, b".OX"), rows(3, " "));
    // Valued in base 3, and a cell a group.
    let base3 = |i: usize, l: u64| l * 3u64.pow(i as u32);
    let valued = Cells::new(b".OX", 9).valued_by(|i, l| base3(i, indices(&[l], b".OX").sum()));
    let code = |g: &[u8]| {
        indices(g, b".OX")
            .enumerate()
            .map(|(i, l)| base3(i, l))
            .sum()
    };
    read_groups(&valued, board, code, rows(3, ""));
    let hole = (&b".*"[..], 1);
    read_groups(&Cells::new(b".*", 1), hole, packed(1, b".*"), rows(1, ""));
}
