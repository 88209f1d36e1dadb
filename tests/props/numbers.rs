//! Integer reads: the reader's checked `u64`/`u32`/`usize`/`i64`/range reads, one at a time
//! and `N` at a time (`u64s_in`, `u64s_each`), with the fast paths (any length up to 20
//! digits from two or three words, short numbers two a word) against the plain reader, over random
//! mixes of lengths, signs and whitespace, and at many buffer sizes.

use combgames::io::Reader;
use proptest::prelude::*;

use crate::common;

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
    // A sign is part of its token: one apart from the digits is not a number.
    let mut rd = Reader::new(&b"- 5 -05\t+9999999999999999 -9999999999999999\n"[..]);
    let err = rd.i64("v").unwrap_err().to_string();
    assert_eq!(err, "line 1: expected v, found \"-\"");
    assert_eq!(rd.i64("v").unwrap(), 5);
    assert_eq!(rd.i64("v").unwrap(), -5);
    assert_eq!(rd.i64("v").unwrap(), 9_999_999_999_999_999);
    assert_eq!(rd.i64("v").unwrap(), -9_999_999_999_999_999);
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
                assert!(!rd.has_more().unwrap());
            }
            for bad in ["x", ".5", "-", "/", ":", "\u{e9}"] {
                // After a number (the first read fills the buffer by the checked path), and
                // padded, so that the fast path sees the whole token.
                let input = format!("0 {digits}{bad} {}", " ".repeat(20));
                let mut rd = Reader::new(input.as_bytes());
                assert_eq!(rd.u64("n").unwrap(), 0);
                let err = rd.u64("n").unwrap_err();
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

/// A number token: any length, leading zeros, a sign now and then, too long, or bad.
fn number_token() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (any::<u64>(), 0u32..64).prop_map(|(v, shift)| (v >> shift).to_string()),
        4 => (0u64..1000).prop_map(|v| v.to_string()),
        2 => (1_000_000_000u64..4_294_967_296).prop_map(|v| v.to_string()),
        1 => (0u64..1000, 1usize..4).prop_map(|(v, zeros)| format!("{}{v}", "0".repeat(zeros))),
        1 => (0u64..1000).prop_map(|v| format!("+{v}")),
        1 => "[0-9]{16,21}",
        1 => prop_oneof![Just("-1"), Just("x"), Just("1x"), Just("2.5"), Just("\u{e9}")]
            .prop_map(String::from),
    ]
}

/// Runs of numbers of one length, then of another: each arm of the fast path in turn.
fn runs_of_lengths() -> impl Strategy<Value = Vec<String>> {
    let run = (1u32..=15, 1usize..12).prop_flat_map(|(len, count)| {
        let low = 10u64.pow(len - 1);
        proptest::collection::vec((low..low * 10).prop_map(|v| v.to_string()), count)
    });
    proptest::collection::vec(run, 1..8).prop_map(|runs| runs.concat())
}

/// How the numbers of a test input are separated: mostly one byte, as judges write them.
fn separator() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop_oneof![Just(" "), Just("\n")].prop_map(String::from),
        1 => common::gap(),
    ]
}

/// The range of numbers most tests read: more than 32 bits.
const WIDE: u64 = u32::MAX as u64 * 4;

/// What reading `count` numbers in `0..=high` one at a time gives, with a reader of
/// `capacity` bytes, fast paths on or off: the values up to the first error, and the error.
fn one_at_a_time(
    input: &str,
    count: usize,
    capacity: usize,
    fast: bool,
    high: u64,
) -> (Vec<u64>, Option<String>) {
    let mut rd = Reader::with_capacity(capacity, input.as_bytes());
    if !fast {
        rd = rd.plain();
    }
    let mut values = Vec::new();
    for _ in 0..count {
        match rd.u64_in(0..=high, "n") {
            Ok(v) => values.push(v),
            Err(e) => return (values, Some(e.to_string())),
        }
    }
    (values, rd.expect_end().err().map(|e| e.to_string()))
}

/// [`one_at_a_time`] with `u64s_each`, `N` numbers a call.
fn n_at_a_time<const N: usize>(
    input: &str,
    count: usize,
    capacity: usize,
    high: u64,
) -> (Vec<u64>, Option<String>) {
    let mut rd = Reader::with_capacity(capacity, input.as_bytes());
    let mut values = Vec::new();
    let read = rd.u64s_each::<N>((count / N) as u64, 0..=high, "n", |group| {
        values.extend(group);
        Ok(())
    });
    let rest = |rd: &mut Reader<&[u8]>, values: &mut Vec<u64>| {
        for _ in 0..count % N {
            values.push(rd.u64_in(0..=high, "n")?);
        }
        rd.expect_end()
    };
    let error = read.and_then(|()| rest(&mut rd, &mut values)).err();
    (values, error.map(|e| e.to_string()))
}

/// A token for reads of every type: 1 to 20 digits, leading zeros now and then, a sign now
/// and then, values at the types' bounds and just past them, or not a number.
fn any_token() -> impl Strategy<Value = String> {
    let bounds: Vec<String> = [
        0,
        1,
        1_000,
        999_999_999,
        u32::MAX.into(),
        99_999_999_999_999_999,
    ]
    .iter()
    .chain(&[
        i64::MAX.into(),
        u64::MAX.into(),
        i64::MIN.into(),
        9_999_999_999_999_999,
    ])
    .flat_map(|&bound: &i128| [bound - 1, bound, bound + 1])
    .map(|v| v.to_string())
    .collect();
    prop_oneof![
        6 => "[1-9][0-9]{0,19}",
        1 => "0{1,3}[0-9]{0,17}",
        1 => "[+-][0-9]{1,20}",
        1 => "[0-9]{1,17}[:/.x\\-][0-9]{0,3}",
        2 => proptest::sample::select(bounds),
        1 => prop_oneof![Just("-"), Just("x"), Just("1x"), Just("--1"), Just("2\u{e9}")]
            .prop_map(String::from),
    ]
}

/// Reads one number with read `kind` (each integer read, with and without a range): its
/// value, or the error's message.
fn read_kind(rd: &mut Reader<&[u8]>, kind: u8) -> Result<i128, String> {
    let read = match kind {
        0 => rd.u64("n").map(i128::from),
        1 => rd.u64_in(1..=5, "n").map(i128::from),
        2 => rd.u32("n").map(i128::from),
        3 => rd.u32_in(7..=u32::MAX, "n").map(i128::from),
        4 => rd.usize_in(0..=999_999_999, "n").map(|v| v as i128),
        5 => rd.i64("n").map(i128::from),
        6 => rd.i64_in(-1_000..=i64::MAX, "n").map(i128::from),
        _ => rd.usize("n").map(|v| v as i128),
    };
    read.map_err(|e| e.to_string())
}

proptest! {
    #[test]
    fn every_read_of_mixed_lengths_signs_and_whitespace_gives_what_the_plain_reader_gives(
        tokens in proptest::collection::vec((any_token(), 0u8..8, separator()), 1..40),
        capacity in prop_oneof![Just(65_536usize), 1usize..80],
    ) {
        let input: String = tokens.iter().map(|(t, _, gap)| format!("{t}{gap}")).collect();
        let read_all = |capacity: usize, fast: bool| {
            let mut rd = Reader::with_capacity(capacity, input.as_bytes());
            if !fast {
                rd = rd.plain();
            }
            // Reads go on after an error, which leaves both readers after the same token.
            let values: Vec<_> = tokens.iter().map(|&(_, kind, _)| read_kind(&mut rd, kind)).collect();
            (values, rd.has_more().unwrap())
        };
        prop_assert_eq!(read_all(capacity, true), read_all(65_536, false));
    }

    #[test]
    fn every_way_of_reading_numbers_reads_what_the_plain_reader_reads(
        tokens in proptest::collection::vec((number_token(), separator()), 1..40),
        capacity in prop_oneof![Just(65_536usize), 1usize..80],
    ) {
        let input: String = tokens.iter().map(|(t, gap)| format!("{t}{gap}")).collect();
        let count = tokens.len();
        // Numbers of up to three digits are read two a word in pairs of that range.
        for high in [WIDE, 999] {
            let plain = one_at_a_time(&input, count, 65_536, false, high);
            prop_assert_eq!(&one_at_a_time(&input, count, capacity, true, high), &plain);
            // `N` at a time reads as many numbers, and fails where one at a time does, or at
            // the start of the group that holds the fault.
            let three = n_at_a_time::<3>(&input, count, capacity, high);
            prop_assert_eq!(&three.1, &plain.1);
            prop_assert!(plain.0.starts_with(&three.0) && plain.0.len() - three.0.len() < 3);
            let two = n_at_a_time::<2>(&input, count, capacity, high);
            prop_assert_eq!(&two.1, &plain.1);
            prop_assert!(plain.0.starts_with(&two.0) && plain.0.len() - two.0.len() < 2);
        }
    }

    #[test]
    fn lengths_that_change_in_runs_read_the_same_every_way(
        tokens in runs_of_lengths(),
        capacity in prop_oneof![Just(65_536usize), 1usize..80],
    ) {
        let input = tokens.join(" ") + "\n";
        let count = tokens.len();
        let expected: Vec<u64> = tokens.iter().map(|t| t.parse().unwrap()).collect();
        let fast = one_at_a_time(&input, count, capacity, true, u64::MAX);
        prop_assert_eq!(fast, (expected.clone(), None));
        let (three, error) = n_at_a_time::<3>(&input, count, capacity, u64::MAX);
        prop_assert_eq!((three, error), (expected, None));
    }

    #[test]
    fn pairs_of_short_numbers_read_two_a_word_as_the_plain_reader_reads_them(
        pairs in proptest::collection::vec((0u64..1000, 0u64..1000, separator(), separator()), 1..40),
        capacity in prop_oneof![Just(65_536usize), 1usize..80],
    ) {
        let input: String = pairs.iter().map(|(x, y, a, b)| format!("{x}{a}{y}{b}")).collect();
        let mut rd = Reader::with_capacity(capacity, input.as_bytes());
        let mut seen = Vec::new();
        rd.u64s_each(pairs.len() as u64, 0..=999, "a coordinate", |[x, y]| {
            seen.push((x, y));
            Ok(())
        }).unwrap();
        let expected: Vec<(u64, u64)> = pairs.iter().map(|&(x, y, _, _)| (x, y)).collect();
        prop_assert_eq!(seen, expected);
        prop_assert!(!rd.has_more().unwrap());
    }
}

#[test]
fn the_fast_paths_take_exactly_the_whitespace_of_isspace() {
    let padding = " ".repeat(64);
    for b in (0..=255u8).filter(|b| !b.is_ascii_digit()) {
        let input = [&[b'1', b, b'2', b, b'3', b][..], padding.as_bytes()].concat();
        let read = |fast: bool| {
            let mut rd = Reader::new(&input[..]);
            if !fast {
                rd = rd.plain();
            }
            let pair = rd.u64s_in::<2>(0..=9, "n").map_err(|e| e.to_string());
            (pair, rd.u64("n").map_err(|e| e.to_string()))
        };
        let isspace = b == b' ' || (b'\t'..=b'\r').contains(&b);
        assert_eq!(read(true), read(false), "byte {b:#x}");
        assert_eq!(read(true).0.is_ok(), isspace, "byte {b:#x}");
    }
}

#[test]
fn any_byte_anywhere_in_a_number_reads_as_the_plain_reader_reads_it() {
    // Each byte value in each place of numbers of 1 to 21 digits, or in the whitespace after
    // them, read by each kind of call: the fast paths must read what the plain one reads.
    let padding = [b' '; 40];
    for len in [1, 2, 3, 4, 5, 8, 9, 10, 16, 17, 19, 20, 21] {
        for at in 0..=len {
            for b in 0..=255u8 {
                let mut number: Vec<u8> = (0..len).map(|i| b'1' + (i % 9) as u8).collect();
                number.push(b'\n');
                number[at] = b;
                let input = [&b"0 "[..], &number, b"7 8 ", &padding].concat();
                let read = |fast: bool| {
                    let reader = || {
                        let rd = Reader::new(&input[..]);
                        let mut rd = if fast { rd } else { rd.plain() };
                        assert_eq!(rd.u64("a").unwrap(), 0);
                        rd
                    };
                    let text = |e: combgames::io::Error| e.to_string();
                    let mut rd = reader();
                    let one = (rd.u64("n").map_err(text), rd.u64("n").map_err(text));
                    let mut rd = reader();
                    let ranged = (
                        rd.u32_in(1..=999, "n").map_err(text),
                        rd.i64("n").map_err(text),
                    );
                    let mut rd = reader();
                    let pairs = rd.u64s_in::<2>(0..=999, "n").map_err(text);
                    (one, ranged, pairs)
                };
                assert_eq!(
                    read(true),
                    read(false),
                    "byte {b:#x} at {at} of {len} digits"
                );
            }
        }
    }
}

#[test]
fn a_group_with_a_number_out_of_range_is_reported_at_that_number() {
    let input = "1 2\n3 40\n5 6\n";
    let mut rd = Reader::new(input.as_bytes());
    let mut seen = Vec::new();
    let err = rd
        .u64s_each(3, 0..=9, "a digit", |[a, b]| {
            seen.push((a, b));
            Ok(())
        })
        .unwrap_err();
    assert_eq!(seen, [(1, 2)]);
    assert_eq!(
        err.to_string(),
        "line 2: expected a digit in 0..=9, found 40"
    );
}

#[test]
fn each_value_of_a_group_is_named_in_its_errors() {
    let names = ["a(1,1)", "a(1,2)", "a(2,1)", "a(2,2)"];
    for bad in 0..4 {
        let mut values = ["1", "2", "3", "4"];
        values[bad] = "0";
        let input = format!("{} {}\n{} {}\n", values[0], values[1], values[2], values[3]);
        let expected = format!(
            "line {}: expected {} in 1..=9, found 0",
            1 + bad / 2,
            names[bad]
        );
        for capacity in [1, 5, 64] {
            for fast in [true, false] {
                let reader = || {
                    let rd = Reader::with_capacity(capacity, input.as_bytes());
                    if fast {
                        rd
                    } else {
                        rd.plain()
                    }
                };
                let err = reader().u64s_in::<4>(1..=9, names).unwrap_err();
                assert_eq!(err.to_string(), expected);
                let err = reader().u64s_each(1, 1..=9, names, |_| Ok(()));
                assert_eq!(err.unwrap_err().to_string(), expected);
            }
        }
    }
}

/// A value of a case in 1..=9 (mostly), or not, or of the sentinel `0 0`.
fn sentinel_value() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        12 => Just("3"),
        1 => Just("0"),
        1 => Just("00"),
        1 => Just("+0"),
        1 => Just("10"),
        1 => Just("x"),
    ]
}

proptest! {
    #[test]
    fn a_rule_broken_in_the_closure_is_reported_on_the_line_of_its_values(
        groups in proptest::collection::vec(([0u64..1000, 0u64..1000], common::gap(), common::gap()), 1..40),
        broken in any::<prop::sample::Index>(),
        capacity in prop_oneof![Just(65_536usize), 1usize..64],
        fast in any::<bool>(),
    ) {
        let broken = broken.index(groups.len());
        let mut input = String::new();
        let mut line = 0;
        for (k, ([a, b], inside, after)) in groups.iter().enumerate() {
            input += &format!("{a}{inside}{b}");
            if k == broken {
                line = common::line_at(input.as_bytes(), input.len() - 1);
            }
            input += after;
        }
        let mut rd = Reader::with_capacity(capacity, input.as_bytes());
        if !fast {
            rd = rd.plain();
        }
        let mut k = 0;
        let err = rd.u64s_each(groups.len() as u64, 0..=999, "a value", |[a, b]| {
            k += 1;
            match k - 1 == broken {
                true => Err(combgames::io::error("a rule", format!("{a} {b}"))),
                false => Ok(()),
            }
        });
        let [a, b] = groups[broken].0;
        let expected = format!("line {line}: expected a rule, found {a} {b}");
        prop_assert_eq!(err.unwrap_err().to_string(), expected);
    }

    #[test]
    fn a_sentinel_ends_the_cases_and_errors_name_the_cases_range(
        cases in proptest::collection::vec(
            proptest::collection::vec((sentinel_value(), common::gap()), 2),
            1..12,
        ),
        capacity in prop_oneof![Just(65_536usize), 1usize..40],
        fast in any::<bool>(),
    ) {
        let text: String = cases.iter().flatten().map(|(value, gap)| format!("{value}{gap}")).collect();
        // The plain rule: cases until `0 0`, each value in 1..=9. The first value that is
        // not a number, or a number outside 1..=9 but a first 0 (which may start the
        // sentinel), is the error; a first 0 is, if a number in 1..=9 follows it.
        let line = common::end_line(text.as_bytes());
        let mut expected = (Vec::new(), Some(format!("line {line}: expected w in 1..=9, found end of input")));
        let mut at = 0;
        'cases: for case in &cases {
            let values: Vec<Option<u64>> = case.iter().map(|(v, _)| v.parse::<u64>().ok()).collect();
            if values == [Some(0), Some(0)] {
                expected.1 = None;
                break;
            }
            let starts = [0, case[0].0.len() + case[0].1.len()].map(|offset| at + offset);
            let error = |i: usize| {
                let line = common::line_at(text.as_bytes(), starts[i]);
                let found = match values[i] {
                    Some(v) => v.to_string(),
                    None => format!("{:?}", case[i].0),
                };
                let name = ["w", "h"][i];
                Some(format!("line {line}: expected {name} in 1..=9, found {found}"))
            };
            let in_range = |i: usize| values[i].map_or(false, |v| (1..=9).contains(&v));
            let first_zero = values[0] == Some(0);
            for i in 0..2 {
                if i == 1 && first_zero && in_range(1) {
                    expected.1 = error(0);
                    break 'cases;
                }
                if !(in_range(i) || i == 0 && first_zero) {
                    expected.1 = error(i);
                    break 'cases;
                }
            }
            at = starts[1] + case[1].0.len() + case[1].1.len();
            expected.0.push([values[0].unwrap(), values[1].unwrap()]);
        }
        let mut rd = Reader::with_capacity(capacity, text.as_bytes());
        if !fast {
            rd = rd.plain();
        }
        let mut read = (Vec::new(), None);
        loop {
            match rd.u64s_until([0, 0], 1..=9, ["w", "h"]) {
                Ok(Some(case)) => read.0.push(case),
                Ok(None) => break,
                Err(e) => {
                    read.1 = Some(e.to_string());
                    break;
                }
            }
        }
        prop_assert_eq!(read, expected);
    }
}
