//! Cells against a reader written here from the documented rule, over random alphabets,
//! counts, rows and layouts, with the fast paths on and off, one group at a time and many
//! at once, and at many buffer sizes.

use crate::common;
use combgames::cells::Cells;
use combgames::io::Reader;
use proptest::prelude::*;

/// Bytes an alphabet may take its letters from: look-alikes and bytes that differ in one bit.
const LETTERS: &[u8] = b".#*OXRGB01|oq";

/// What reading a group must give: its value, or where it fails and what is found there.
type Expected = Result<u64, (usize, String)>;

/// The documented rule, plainly: a group is `count` cells, whitespace anywhere between them;
/// with rows of `width` (the last may be shorter), a row of `r` cells whose first token is
/// `2 r - 1` bytes long is that token, cells at its even offsets. A group's value is each
/// cell's index at `bits * i`.
fn read_group(
    input: &[u8],
    at: &mut usize,
    alphabet: &[u8],
    count: usize,
    width: usize,
) -> Expected {
    let isspace = |b: u8| b == b' ' || (b'\t'..=b'\r').contains(&b);
    let bits = (usize::BITS - (alphabet.len().max(2) - 1).leading_zeros()) as u64;
    let mut value = 0u64;
    let mut letter = |i: usize, at: usize| match alphabet.iter().position(|&l| l == input[at]) {
        Some(l) => {
            value |= (l as u64) << (bits * i as u64);
            Ok(())
        }
        None => Err((at, found(input[at]))),
    };
    let mut i = 0;
    while i < count {
        while *at < input.len() && isspace(input[*at]) {
            *at += 1;
        }
        if *at == input.len() {
            return Err((*at, "end of input".to_string()));
        }
        let token = input[*at..].iter().take_while(|&&b| !isspace(b)).count();
        let row = width.min(count - i);
        if row > 1 && i % width == 0 && token == 2 * row - 1 {
            for k in 0..row {
                letter(i + k, *at + 2 * k)?;
            }
            *at += token;
            i += row;
        } else {
            letter(i, *at)?;
            *at += 1;
            i += 1;
        }
    }
    Ok(value)
}

/// How an error message shows a byte found.
fn found(b: u8) -> String {
    match b.is_ascii_graphic() {
        true => format!("'{}'", b as char),
        false => format!("byte 0x{b:02x}"),
    }
}

/// The error message for a fault at byte `at` of `input`.
fn message(input: &[u8], (at, found): &(usize, String)) -> String {
    let line = common::line_at(input, *at);
    format!("line {line}: expected a cell, found {found}")
}

/// A test's groups: their shape and the input that draws them.
#[derive(Clone, Debug)]
struct Case {
    alphabet: Vec<u8>,
    count: usize,
    width: usize,
    groups: usize,
    input: Vec<u8>,
}

/// Whitespace between cells or groups: nothing, one byte, or a run.
fn gap() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        4 => Just(""),
        4 => Just(" "),
        3 => Just("\n"),
        1 => Just("\r\n"),
        1 => Just("\t"),
        1 => Just("\n\n  "),
    ]
}

/// How a group is drawn: the gap before each cell (or, with rows written as one token, the
/// byte between its cells), and the gap after the group.
#[derive(Clone, Debug)]
struct Style {
    gaps: Vec<&'static str>,
    separators: Vec<Option<u8>>,
    after: &'static str,
}

fn style(count: usize, width: usize) -> impl Strategy<Value = Style> {
    let rows = (count + width - 1) / width;
    let separator =
        prop_oneof![2 => Just(None), 1 => prop::sample::select(b"|,-.O ".to_vec()).prop_map(Some)];
    (
        proptest::collection::vec(gap(), count),
        proptest::collection::vec(separator, rows),
        prop_oneof![
            Just(" "),
            Just("\n"),
            Just("\r\n"),
            Just("\n\n"),
            Just("\t\n ")
        ],
    )
        .prop_map(|(gaps, separators, after)| Style {
            gaps,
            separators,
            after,
        })
}

impl Style {
    /// Draws the cells `letters` of a group of rows of `width`.
    fn draw(&self, letters: &[u8], width: usize) -> Vec<u8> {
        let mut text = Vec::new();
        for (r, row) in letters.chunks(width).enumerate() {
            match self.separators[r] {
                // A whole row as one token, with whitespace around it.
                Some(sep) if row.len() > 1 && sep != b' ' => {
                    text.push(b'\n');
                    for (k, &l) in row.iter().enumerate() {
                        if k > 0 {
                            text.push(sep);
                        }
                        text.push(l);
                    }
                    text.push(b'\n');
                }
                _ => {
                    for (k, &l) in row.iter().enumerate() {
                        text.extend_from_slice(self.gaps[r * width + k].as_bytes());
                        text.push(l);
                    }
                }
            }
        }
        text.extend_from_slice(self.after.as_bytes());
        text
    }
}

/// Groups drawn mostly in one style, now and then in another, with a fault now and then.
fn case() -> impl Strategy<Value = Case> {
    let shape = (
        prop::sample::subsequence(LETTERS.to_vec(), 1..=5),
        1usize..=20,
    )
        .prop_filter("cells fit in 64 bits", |(alphabet, count)| {
            count * (usize::BITS - (alphabet.len().max(2) - 1).leading_zeros()) as usize <= 64
        })
        .prop_flat_map(|(alphabet, count)| (Just(alphabet), Just(count), 1..=count));
    shape.prop_flat_map(|(alphabet, count, width)| {
        let letters = proptest::collection::vec(prop::sample::select(alphabet.clone()), count);
        let groups = proptest::collection::vec((letters, 0..6usize), 1..60);
        // A byte put in (a look-alike, whitespace, 0), or one bit of a byte flipped.
        let bad = prop_oneof![
            prop::sample::select(b"Q \n.#X\0".to_vec()).prop_map(Ok),
            (0..8u32).prop_map(Err),
        ];
        let fault = proptest::option::weighted(0.3, (any::<prop::sample::Index>(), bad));
        (style(count, width), style(count, width), groups, fault).prop_map(
            move |(usual, other, groups, fault)| {
                let mut input = Vec::new();
                for (letters, pick) in &groups {
                    let style = if *pick == 0 { &other } else { &usual };
                    input.extend(style.draw(letters, width));
                }
                if let Some((at, bad)) = fault {
                    let at = at.index(input.len());
                    input[at] = bad.unwrap_or_else(|bit| input[at] ^ 1 << bit);
                }
                Case {
                    alphabet: alphabet.clone(),
                    count,
                    width,
                    groups: groups.len(),
                    input,
                }
            },
        )
    })
}

/// What the rule gives for every group of `case`: the values, then the first error.
fn expected(case: &Case) -> (Vec<u64>, Option<String>) {
    let mut at = 0;
    let mut values = Vec::new();
    for _ in 0..case.groups {
        match read_group(&case.input, &mut at, &case.alphabet, case.count, case.width) {
            Ok(v) => values.push(v),
            Err(fault) => return (values, Some(message(&case.input, &fault))),
        }
    }
    (values, None)
}

fn cells(case: &Case) -> Cells {
    Cells::new(&case.alphabet, case.count).rows_of(case.width)
}

/// Reads every group of `case` one at a time with a reader of `capacity` bytes.
fn one_at_a_time(case: &Case, capacity: usize, fast: bool) -> (Vec<u64>, Option<String>) {
    let mut rd = Reader::with_capacity(capacity, &case.input[..]);
    if !fast {
        rd = rd.plain();
    }
    let mut group = cells(case);
    let mut values = Vec::new();
    for _ in 0..case.groups {
        match rd.cells(&mut group, "a cell") {
            Ok(v) => values.push(v),
            Err(e) => return (values, Some(e.to_string())),
        }
    }
    (values, None)
}

/// Reads every group of `case` with `cells_each`, in calls of `batch` groups.
fn many_at_once(case: &Case, capacity: usize, batch: usize) -> (Vec<u64>, Option<String>) {
    let mut rd = Reader::with_capacity(capacity, &case.input[..]);
    let mut group = cells(case);
    let mut values = Vec::new();
    let mut left = case.groups;
    while left > 0 {
        let n = left.min(batch);
        if let Err(e) = rd.cells_each(&mut group, n as u64, "a cell", |v| {
            values.push(v);
            Ok(())
        }) {
            return (values, Some(e.to_string()));
        }
        left -= n;
    }
    (values, None)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_way_of_reading_cells_reads_what_the_rule_says(
        case in case(),
        capacity in prop_oneof![Just(65_536usize), 1usize..200],
        batch in prop_oneof![Just(1usize), 2usize..20, Just(1000)],
    ) {
        let expected = expected(&case);
        prop_assert_eq!(&one_at_a_time(&case, capacity, false), &expected, "plain");
        prop_assert_eq!(&one_at_a_time(&case, capacity, true), &expected, "fast");
        prop_assert_eq!(&many_at_once(&case, capacity, batch), &expected, "many at once");
    }

    #[test]
    fn a_group_is_worth_the_sum_of_its_cells_values(
        case in case(),
        weights in proptest::collection::vec(any::<u64>(), 20 * 5),
    ) {
        let value = |i: usize, letter: u8| {
            let l = case.alphabet.iter().position(|&b| b == letter).unwrap();
            weights[i * 5 + l]
        };
        let (packed, error) = expected(&case);
        let bits = usize::BITS - (case.alphabet.len().max(2) - 1).leading_zeros();
        let worth = |v: u64| (0..case.count).fold(0u64, |sum, i| {
            let l = (v >> (bits as usize * i)) as usize & ((1 << bits) - 1);
            sum.wrapping_add(value(i, case.alphabet[l]))
        });
        let mut rd = Reader::new(&case.input[..]);
        let mut group = cells(&case).valued_by(value);
        let mut values = Vec::new();
        let read = rd.cells_each(&mut group, packed.len() as u64, "a cell", |v| {
            values.push(v);
            Ok(())
        });
        prop_assert!(read.is_ok());
        prop_assert_eq!(values, packed.iter().map(|&v| worth(v)).collect::<Vec<_>>());
        if error.is_none() {
            prop_assert!(rd.expect_end().is_ok() || case.input.iter().any(|b| !b.is_ascii_whitespace()));
        }
    }
}

#[test]
fn any_byte_inside_a_run_of_groups_reads_as_the_rule_says() {
    // Groups drawn alike are read many at a time: runs of two-letter groups are checked up
    // to 64 at once (letters one bit apart, or more, differently), others a word at a time.
    // A byte of any value in any place of a group in the middle of such a run must read as
    // the rule says.
    let layouts: [(&[u8], usize, usize, &[u8]); 6] = [
        (b".#", 4, 1, b".##.\n"),
        (b".*", 4, 1, b".**.\n"),
        (b"OX", 4, 1, b"OXXO\n"),
        (b"01", 4, 1, b"0 1 1 0\n"),
        (b".OX", 6, 3, b"O.X\nX.O\n"),
        (b".#OX", 6, 3, b"O|.|X\n#|O|.\n"),
    ];
    for (alphabet, count, width, group) in layouts {
        for at in 40 * group.len()..41 * group.len() {
            for byte in 0..=255 {
                let mut input = group.repeat(100);
                input[at] = byte;
                let case = Case {
                    alphabet: alphabet.to_vec(),
                    count,
                    width,
                    groups: 80,
                    input,
                };
                let what = format!("{byte:#x} at {at} of {:?}", String::from_utf8_lossy(group));
                assert_eq!(many_at_once(&case, 65_536, 80), expected(&case), "{what}");
            }
        }
    }
}

#[test]
fn a_row_token_is_not_read_by_a_picture_of_single_cells() {
    // Groups 1 and 2 are single cells of one token of 8 (a row token has 7 bytes); group 3
    // is a row token, cells `. . * *` with `.` and `*` between them. A picture learned from
    // group 1, which ends inside its token, would read it as single cells `. . . *`.
    let input = &b"........\n...**.*\n........\n........\n"[..];
    let mut rd = Reader::new(input);
    let mut rows = Cells::new(b".*", 4).rows_of(4);
    let mut values = Vec::new();
    rd.cells_each(&mut rows, 3, "a cell", |v| {
        values.push(v);
        Ok(())
    })
    .unwrap();
    assert_eq!(values, [0, 0, 0b1100]);
}

#[test]
fn any_alphabet_of_up_to_eight_letters_reads_back() {
    // Every alphabet of two letters from a spread of bytes, and some larger ones.
    let bytes: Vec<u8> = (0x21..0x7f).step_by(7).collect();
    for &a in &bytes {
        for &b in &bytes {
            if a == b {
                continue;
            }
            let alphabet = [a, b];
            let text: Vec<u8> = (0..40).flat_map(|i| [alphabet[i % 3 % 2], b' ']).collect();
            let mut rd = Reader::new(&text[..]);
            let mut group = Cells::new(&alphabet, 4);
            let mut values = Vec::new();
            rd.cells_each(&mut group, 10, "a cell", |v| {
                values.push(v);
                Ok(())
            })
            .unwrap();
            let expected: Vec<u64> = (0..10)
                .map(|g| (0..4).fold(0, |v, i| v | ((4 * g + i) % 3 % 2) << i))
                .collect();
            assert_eq!(values, expected, "{alphabet:?}");
        }
    }
    let alphabet = b"abcdefgh";
    let text: Vec<u8> = (0..64u8).map(|i| alphabet[usize::from(i % 8)]).collect();
    let mut rd = Reader::new(&text[..]);
    let mut group = Cells::new(alphabet, 8);
    for _ in 0..8 {
        assert_eq!(rd.cells(&mut group, "a cell").unwrap(), 0o76543210);
    }
}
