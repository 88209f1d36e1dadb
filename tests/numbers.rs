//! Integer reads: the reader's checked `u64`/`i64`/range reads, and the batch fast paths of
//! `runs` (`u64s_at` with its learned usual length, `small_pair_at`) and `Reader::read_runs`
//! against the plain reader, over random layouts and at every buffer size.

use combgames::io::{is_space, Reader};
use combgames::runs::{small_pair_at, u64s_at, UsualLength};
use proptest::prelude::*;

mod common;

use common::gap;

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

/// A number of `len` digits, 1 to 15, with leading zeros now and then.
fn digits_of_length(len: u32) -> impl Strategy<Value = String> {
    let low = 10u64.pow(len - 1);
    prop_oneof![
        8 => (low..low * 10).prop_map(|v| v.to_string()),
        1 => (0..low).prop_map(move |v| format!("{v:0width$}", width = len as usize)),
    ]
}

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
    /// `u64s_at` from any usual length, on every window: what the plain reader reads.
    #[test]
    fn u64s_at_reads_what_the_plain_reader_reads(
        tokens in proptest::collection::vec((number_token(), gap()), 1..12),
        lead in "[ \n]{0,3}",
        digits in 1usize..=15,
    ) {
        let input = layout(&tokens, &lead);
        let one = |w: &[u8]| {
            let mut values = [0; 1];
            let mut usual = UsualLength::with_digits(digits);
            u64s_at(w, &mut values, &mut usual).map(|len| (values.to_vec(), len))
        };
        prop_assert_eq!(every_window_agrees(&input, 1, one), Ok(()));
        let three = |w: &[u8]| {
            let mut values = [0; 3];
            let mut usual = UsualLength::with_digits(digits);
            u64s_at(w, &mut values, &mut usual).map(|len| (values.to_vec(), len))
        };
        prop_assert_eq!(every_window_agrees(&input, 3, three), Ok(()));
    }

    /// Numbers of the usual length and of others mixed, read batch after batch with the
    /// length learned on the way (and changing): what the plain reader reads.
    #[test]
    fn u64s_at_learns_usual_lengths_and_reads_what_the_plain_reader_reads(
        numbers in (1u32..=15, 1u32..=15).prop_flat_map(|(usual, other)| {
            proptest::collection::vec(
                prop_oneof![
                    6 => Just(usual),
                    2 => Just(other),
                    1 => 1u32..=15,
                ]
                .prop_flat_map(digits_of_length),
                1..60,
            )
        }),
        separators in proptest::collection::vec(prop_oneof![
            8 => Just(" "), 4 => Just("\n"), 1 => Just("\t"), 1 => Just("\r\n"), 1 => Just("  "),
        ], 60),
        digits in 1usize..=15,
    ) {
        let input: String = numbers
            .iter()
            .zip(&separators)
            .map(|(n, gap)| format!("{n}{gap}"))
            .collect::<String>()
            + &" ".repeat(64);
        let bytes = input.as_bytes();
        let mut usual = UsualLength::with_digits(digits);
        let (mut at, mut read) = (0, 0);
        while read + 3 <= numbers.len() {
            let mut values = [0; 3];
            match u64s_at(&bytes[at..], &mut values, &mut usual) {
                Some(len) => {
                    agrees_with_plain(&bytes[at..], Some((values.to_vec(), len)), 3)
                        .map_err(TestCaseError::fail)?;
                    let expected: Vec<u64> =
                        numbers[read..read + 3].iter().map(|n| n.parse().unwrap()).collect();
                    prop_assert_eq!(values.to_vec(), expected);
                    at += len;
                    read += 3;
                }
                // Only a number after more than one whitespace byte may be left to the
                // checked reader.
                None => {
                    prop_assert!(separators[..read + 3].iter().any(|s| s.len() > 1));
                    break;
                }
            }
            prop_assert!((1..=15).contains(&usual.digits()));
        }
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
            let mut usual = UsualLength::new();
            let fast = |seen: &mut Vec<u64>, window: &[u8], most: u64| {
                let (mut read, mut used) = (0, 0);
                while read < most {
                    let found = if pairs {
                        small_pair_at(&window[used..]).map(|(v, len)| (v.to_vec(), len))
                    } else {
                        let mut values = [0; 3];
                        u64s_at(&window[used..], &mut values, &mut usual)
                            .map(|len| (values.to_vec(), len))
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
    let len = u64s_at(grid.as_bytes(), &mut values, &mut UsualLength::new()).unwrap();
    assert_eq!(
        values,
        [1, 22, 333, 4444, 55555, 666666, 7, 8, 999_999_999_999_999]
    );
    assert_eq!(len, grid.len() - padding.len());
    // Sixteen digits, a sign, or too little room: the checked reader's business.
    for input in ["1234567890123456 1", "+1 2", "1 -2"] {
        let input = format!("{input}{padding}");
        for digits in 1..=15 {
            let mut usual = UsualLength::with_digits(digits);
            assert_eq!(
                u64s_at(input.as_bytes(), &mut [0; 2], &mut usual),
                None,
                "{input:?}"
            );
        }
    }
    assert_eq!(u64s_at(b"1 2 ", &mut [0; 2], &mut UsualLength::new()), None);

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
fn the_usual_length_changes_when_most_of_a_batch_has_another() {
    let padding = " ".repeat(64);
    let mut usual = UsualLength::with_digits(9);
    // Batches of three read in turn, and the usual length after each.
    let batches: [(&str, [u64; 3], usize); 6] = [
        // One number of eight digits in three: the guess stays.
        (
            "12345678 123456789 987654321",
            [12345678, 123456789, 987654321],
            9,
        ),
        // Mostly one digit less, the commonest other length: it follows them.
        (
            "12345678 87654321 123456789",
            [12345678, 87654321, 123456789],
            8,
        ),
        // Two of the three: it follows them, to the length of the last of them.
        ("123456789 987654321 1 ", [123456789, 987654321, 1], 1),
        (
            "123456789 987654321 123456789 ",
            [123456789, 987654321, 123456789],
            9,
        ),
        ("1234 5 123456789012345 ", [1234, 5, 123456789012345], 15),
        ("000 007 0 ", [0, 7, 0], 1),
    ];
    for (input, expected, digits) in batches {
        let mut values = [0; 3];
        let input = format!("{input}{padding}");
        assert!(u64s_at(input.as_bytes(), &mut values, &mut usual).is_some());
        assert_eq!((values, usual.digits()), (expected, digits), "{input:?}");
    }
}

#[test]
fn the_fast_paths_take_exactly_the_whitespace_of_is_space() {
    let padding = " ".repeat(64);
    for b in (0..=255u8).filter(|b| !b.is_ascii_digit()) {
        let input = [&[b'1', b, b'2', b][..], padding.as_bytes()].concat();
        let pair = small_pair_at(&input);
        let mut values = [0; 2];
        let numbers =
            u64s_at(&input, &mut values, &mut UsualLength::new()).map(|len| (values, len));
        assert_eq!(pair.is_some(), is_space(b), "byte {b:#x}");
        assert_eq!(numbers.is_some(), is_space(b), "byte {b:#x}");
        if is_space(b) {
            assert_eq!((pair, numbers), (Some(([1, 2], 4)), Some(([1, 2], 4))));
        }
    }
}
