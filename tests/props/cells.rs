//! Cells against a reader written here from the documented rule, over random alphabets,
//! counts, rows and layouts that vary line by line and group by group, with the fast paths
//! on and off, one group at a time and many at once, and at many buffer sizes; and the
//! bound on the work pictures may waste, counted on adversarial layouts.

use crate::common;
use combgames::cells::{Cells, Work, LEARN_BYTES, SHARE};
use combgames::io::Reader;
use proptest::prelude::*;

/// Bytes an alphabet may take its letters from: look-alikes and bytes that differ in one bit.
const LETTERS: &[u8] = b".#*OXRGB01|oq";

/// Bytes that may separate two cells of a row, those of them that are not letters.
const SEPARATORS: &[u8] = b"|,-/+";

/// What reading a group must give: its value, or where it fails and what is found there.
type Expected = Result<u64, (usize, String)>;

fn isspace(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// The documented rule, plainly: a group is `count` cells, each a letter; whitespace, or
/// nothing, may stand before and between cells; with rows of `width` (the last may be
/// shorter), one byte that is neither a letter nor whitespace may stand between two cells
/// of a row, right after the one and right before the other. A group's value is each
/// cell's index at `bits * i`.
fn read_group(
    input: &[u8],
    at: &mut usize,
    alphabet: &[u8],
    count: usize,
    width: usize,
) -> Expected {
    let bits = (usize::BITS - (alphabet.len().max(2) - 1).leading_zeros()) as u64;
    let letter = |b: u8| alphabet.iter().position(|&l| l == b);
    let (mut value, mut i) = (0u64, 0);
    loop {
        let b = match input.get(*at) {
            Some(&b) => b,
            None => return Err((*at, "end of input".to_string())),
        };
        if let Some(l) = letter(b) {
            value |= (l as u64) << (bits * i as u64);
            i += 1;
            *at += 1;
            if i == count {
                return Ok(value);
            }
            continue;
        }
        // Cell i - 1 is the byte before when that is a letter and i > 0.
        let after_cell = i > 0 && letter(input[*at - 1]).is_some();
        let before_cell = input.get(*at + 1).and_then(|&n| letter(n)).is_some();
        let separator = width > 1 && i % width != 0 && after_cell && before_cell;
        if !isspace(b) && !separator {
            return Err((*at, found(b)));
        }
        *at += 1;
    }
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
    let line = match *at == input.len() {
        true => common::end_line(input),
        false => common::line_at(input, *at),
    };
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

/// Whitespace before a cell: nothing (cells glued), a byte, a line end of any kind, with or
/// without trailing whitespace, a blank line.
fn gap() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        4 => Just(""),
        4 => Just(" "),
        3 => Just("\n"),
        1 => Just("\r\n"),
        1 => Just("\t"),
        1 => Just(" \n"),
        1 => Just("\t\r\n"),
        1 => Just("\n\n  "),
        1 => Just("\r\n\r\n"),
    ]
}

/// How a group is drawn: the gap before each cell, the separator (an index into the bytes
/// that are not letters) instead of the gap between two cells of a row, if any, and the gap
/// after the group.
#[derive(Clone, Debug)]
struct Style {
    gaps: Vec<&'static str>,
    separators: Vec<Option<usize>>,
    after: &'static str,
}

fn style(count: usize) -> impl Strategy<Value = Style> {
    (
        proptest::collection::vec(gap(), count),
        proptest::collection::vec(proptest::option::weighted(0.4, 0..SEPARATORS.len()), count),
        prop_oneof![
            Just(""),
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
    /// Draws the cells `letters` of a group of rows of `width`, from `alphabet`.
    fn draw(&self, letters: &[u8], width: usize, alphabet: &[u8]) -> Vec<u8> {
        let separators: Vec<u8> = (SEPARATORS.iter())
            .filter(|b| !alphabet.contains(b))
            .copied()
            .collect();
        let mut text = Vec::new();
        for (i, &l) in letters.iter().enumerate() {
            match self.separators[i] {
                Some(s) if width > 1 && i % width != 0 && !separators.is_empty() => {
                    text.push(separators[s % separators.len()])
                }
                _ => text.extend_from_slice(self.gaps[i].as_bytes()),
            }
            text.push(l);
        }
        text.extend_from_slice(self.after.as_bytes());
        text
    }
}

/// Which style draws group `g`: mostly the usual one and now and then the other; the two by
/// turns every `k` groups; or each group its own.
#[derive(Clone, Debug)]
enum Mix {
    Mostly(Vec<bool>),
    Turns(usize),
    Each(Vec<Style>),
}

/// Groups drawn in a mix of styles, with a fault now and then.
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
        let groups = proptest::collection::vec(letters, 1..60);
        let mix = prop_oneof![
            proptest::collection::vec(proptest::bool::weighted(0.2), 60).prop_map(Mix::Mostly),
            (1usize..6).prop_map(Mix::Turns),
            proptest::collection::vec(style(count), 60).prop_map(Mix::Each),
        ];
        // A byte put in (a look-alike, a separator, whitespace, 0), or one bit flipped.
        let bad = prop_oneof![
            prop::sample::select(b"Q \n.#X|,\0".to_vec()).prop_map(Ok),
            (0..8u32).prop_map(Err),
        ];
        let fault = proptest::option::weighted(0.3, (any::<prop::sample::Index>(), bad));
        (style(count), style(count), groups, mix, fault).prop_map(
            move |(usual, other, groups, mix, fault)| {
                let mut input = Vec::new();
                for (g, letters) in groups.iter().enumerate() {
                    let style = match &mix {
                        Mix::Mostly(odd) if odd[g] => &other,
                        Mix::Turns(k) if g / k % 2 == 1 => &other,
                        Mix::Each(styles) => &styles[g],
                        _ => &usual,
                    };
                    input.extend(style.draw(letters, width, &alphabet));
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
    #![proptest_config(common::cases(200))]

    #[test]
    fn every_way_of_reading_cells_reads_what_the_rule_says(
        case in case(),
        capacity in prop_oneof![Just(65_536usize), 1usize..300],
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
        let (packed, _) = expected(&case);
        let bits = usize::BITS - (case.alphabet.len().max(2) - 1).leading_zeros();
        let worth = |v: u64| (0..case.count).fold(0u64, |sum, i| {
            let l = (v >> (bits as usize * i)) as usize & ((1 << bits) - 1);
            sum.wrapping_add(value(i, case.alphabet[l]))
        });
        let mut ends = Vec::new();
        for fast in [true, false] {
            let mut rd = Reader::new(&case.input[..]);
            if !fast {
                rd = rd.plain();
            }
            let mut group = cells(&case).valued_by(value);
            let mut values = Vec::new();
            let read = rd.cells_each(&mut group, packed.len() as u64, "a cell", |v| {
                values.push(v);
                Ok(())
            });
            prop_assert!(read.is_ok());
            prop_assert_eq!(values, packed.iter().map(|&v| worth(v)).collect::<Vec<_>>());
            ends.push(rd.expect_end().map_err(|e| e.to_string()));
        }
        prop_assert_eq!(&ends[0], &ends[1]);
    }
}

#[test]
fn any_byte_inside_a_run_of_groups_reads_as_the_rule_says() {
    // Groups drawn alike are read from a picture: runs of two-letter groups checked up to
    // 64 at once (letters one bit apart, or more, differently), others a word at a time;
    // groups drawn otherwise by the scanner, 63 bytes at a time. A byte of any value in any
    // place of a group in the middle of such a run must read as the rule says.
    let layouts: [(&[u8], usize, usize, &[u8]); 8] = [
        (b".#", 4, 1, b".##.\n"),
        (b".*", 4, 1, b".**.\n"),
        (b"OX", 4, 1, b"OXXO\n"),
        (b"01", 4, 1, b"0 1 1 0\n"),
        (b".OX", 6, 3, b"O.X\nX.O\n"),
        (b".#OX", 6, 3, b"O|.|X\n#|O|.\n"),
        (b".#OX", 6, 3, b"O|. X\r\n#|O .\n\n"),
        (b"abcdefghij", 3, 3, b"a-b-j\n"),
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
                let expected = expected(&case);
                assert_eq!(many_at_once(&case, 65_536, 80), expected, "{what}");
                assert_eq!(
                    one_at_a_time(&case, 65_536, false),
                    expected,
                    "{what}, plain"
                );
            }
        }
    }
}

#[test]
fn a_separator_is_never_a_letter() {
    // `OX.O.` is five cells glued, not the row `O . .` with `X` and `O` between.
    let mut board = Cells::new(b".#OX", 5).rows_of(3);
    let mut rd = Reader::new(&b"OX.O.\nO|X.O|.\n"[..]);
    let cells = |v: u64| (0..5).map(|i| v >> (2 * i) & 3).collect::<Vec<_>>();
    assert_eq!(
        cells(rd.cells(&mut board, "a cell").unwrap()),
        [2, 3, 0, 2, 0]
    );
    assert_eq!(
        cells(rd.cells(&mut board, "a cell").unwrap()),
        [2, 3, 0, 2, 0]
    );
    let mut rd = Reader::new(&b"O|X|.|O.\n"[..]);
    let err = rd.cells(&mut board, "a cell").unwrap_err().to_string();
    assert_eq!(err, "line 1: expected a cell, found '|'");
}

#[test]
fn glued_groups_in_one_long_token_read_in_linear_time() {
    // 200,000 groups of 9 cells in one token of 1.8 MB, far longer than any token the
    // reader holds: read as the rule says, one pass.
    let groups: Vec<[u8; 9]> = (0..200_000u32)
        .map(|g| std::array::from_fn(|i| b".#OX"[(g as usize * 7 + i * i) % 4]))
        .collect();
    let input: Vec<u8> = groups.iter().flatten().copied().collect();
    for fast in [true, false] {
        let mut rd = Reader::new(&input[..]);
        if !fast {
            rd = rd.plain();
        }
        let mut board = Cells::new(b".#OX", 9).rows_of(3);
        let mut read = Vec::new();
        rd.cells_each(&mut board, groups.len() as u64, "a cell", |v| {
            read.push(v);
            Ok(())
        })
        .unwrap();
        rd.expect_end().unwrap();
        let packed = |g: &[u8; 9]| {
            (g.iter().enumerate()).fold(0, |v, (i, c)| {
                v | (b".#OX".iter().position(|l| l == c).unwrap() as u64) << (2 * i)
            })
        };
        assert_eq!(
            read,
            groups.iter().map(packed).collect::<Vec<_>>(),
            "fast {fast}"
        );
    }
}

#[test]
fn any_alphabet_reads_back() {
    // Every alphabet of two letters from a spread of bytes, and larger ones up to 64
    // letters (more than 8 are classed by a table, not by comparisons).
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
    for size in [8usize, 9, 20, 62] {
        let alphabet: Vec<u8> = (b'0'..=b'z')
            .filter(u8::is_ascii_alphanumeric)
            .take(size)
            .collect();
        let bits = usize::BITS - (size - 1).leading_zeros();
        let count = (64 / bits as usize).min(10);
        let text: Vec<u8> = (0..2000).map(|i| alphabet[i * 7 % size]).collect();
        let mut rd = Reader::new(&text[..]);
        let mut group = Cells::new(&alphabet, count).rows_of(3);
        for g in 0..2000 / count {
            let expected = (0..count).fold(0, |v, i| {
                v | (((g * count + i) * 7 % size) as u64) << (bits as usize * i)
            });
            assert_eq!(
                rd.cells(&mut group, "a cell").unwrap(),
                expected,
                "{size} letters"
            );
        }
    }
}

/// Reads `groups` groups of `input` with `cells`, checking each value: the work it took.
fn work_of(mut cells: Cells, input: &[u8], values: &[u64]) -> Work {
    let mut rd = Reader::new(input);
    let mut read = Vec::new();
    rd.cells_each(&mut cells, values.len() as u64, "a cell", |v| {
        read.push(v);
        Ok(())
    })
    .unwrap();
    assert_eq!(read, values);
    cells.work()
}

/// 16-cell groups of `.*` drawn as `layout(g)` says, and their values.
fn drawn(groups: usize, layout: impl Fn(usize) -> (Vec<String>, String)) -> (Vec<u8>, Vec<u64>) {
    let (mut input, mut values) = (Vec::new(), Vec::new());
    for g in 0..groups {
        let bits = (g as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48;
        let (gaps, after) = layout(g);
        for (i, gap) in gaps.iter().enumerate() {
            input.extend_from_slice(gap.as_bytes());
            input.push(b".*"[(bits >> i & 1) as usize]);
        }
        input.extend_from_slice(after.as_bytes());
        values.push(bits);
    }
    (input, values)
}

/// The end of line `l` of group `g`: trailing whitespace and the line break.
type LineEnd = dyn Fn(usize, usize) -> &'static str;

/// The marble diamond's layout, with line ends and trailing whitespace per line as `line`
/// says for line `l` of group `g`.
fn diamond(g: usize, line: &LineEnd) -> (Vec<String>, String) {
    const INDENT: [&str; 7] = ["   ", "  ", " ", "", " ", "  ", "   "];
    let mut gaps = Vec::new();
    for (row, indent) in INDENT.iter().enumerate() {
        for k in 0..4 - indent.len() {
            gaps.push(match (row, k) {
                (0, 0) => indent.to_string(),
                (_, 0) => [line(g, row - 1), indent].concat(),
                _ => " ".to_string(),
            });
        }
    }
    (gaps, [line(g, 6), "\n"].concat())
}

#[test]
fn pictures_waste_a_bounded_share_of_the_work_on_any_layout() {
    // The work wasted on pictures (learning, checks in vain) is paid from a budget fed by
    // the bytes read: at most one SHARE-th of them, plus one learning and one check.
    let bound = |work: &Work, bytes: usize| {
        let wasted = work.learned as i64 * LEARN_BYTES + work.missed as i64;
        wasted <= bytes as i64 / SHARE + LEARN_BYTES + 2048
    };
    let groups = 30_000;
    const ENDS: [&str; 5] = ["\n", "\r\n", " \n", "\t\n", "\n\n"];
    let mut layouts: Vec<(String, Box<LineEnd>)> = vec![
        ("uniform".into(), Box::new(|_, _| "\n")),
        ("two by turns".into(), Box::new(|g, _| ENDS[g % 2])),
        (
            "each line its own".into(),
            Box::new(move |g, l| ENDS[(g * 7 + l * 13) * 2654435761 % 5]),
        ),
        (
            "one odd group in 32".into(),
            Box::new(|g, l| if g % 32 == 5 && l == 2 { "\r\n" } else { "\n" }),
        ),
    ];
    for k in [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 100] {
        layouts.push((
            format!("a change every {k} groups"),
            Box::new(move |g, _| ENDS[g / k % 5]),
        ));
    }
    for (name, line) in &layouts {
        let (input, values) = drawn(groups, |g| diamond(g, line.as_ref()));
        let work = work_of(Cells::new(b".*", 16), &input, &values);
        assert!(bound(&work, input.len()), "{name}: {work:?}");
        // The plain path reads only the groups that straddle a refill.
        assert!(
            work.plain <= 2 + input.len() as u64 / 60_000,
            "{name}: {work:?}"
        );
        if name == "uniform" {
            assert!(
                work.learned == 1 && work.pictured >= groups as u64 - 100,
                "{work:?}"
            );
        }
        // A picture that keeps missing is checked ever more rarely (each check costs the
        // scanner a call): at most a 25th of the bytes in vain (a 7th with no back-off).
        if name == "each line its own" {
            assert!(work.missed <= input.len() as u64 / 25, "{name}: {work:?}");
        }
    }
    // One token of many glued groups, and groups with every gap drawn at random.
    let (input, values) = drawn(groups, |_| (vec![String::new(); 16], String::new()));
    let work = work_of(Cells::new(b".*", 16), &input, &values);
    assert!(bound(&work, input.len()), "one token: {work:?}");
    let gaps = ["", " ", "\n", "\r\n", "\t"];
    let (input, values) = drawn(groups, |g| {
        let gap = |i: usize| gaps[(g * 31 + i * 17) * 2654435761 % 5].to_string();
        ((0..16).map(gap).collect(), "\n".to_string())
    });
    let work = work_of(Cells::new(b".*", 16), &input, &values);
    assert!(
        bound(&work, input.len()) && work.scanned > groups as u64 / 2,
        "random gaps: {work:?}"
    );
}

#[test]
fn a_rule_broken_in_the_closure_is_reported_on_the_line_of_its_group() {
    // Every path that reads a group (a picture, a run of them, the scanner, the plain one)
    // places an `io::error` from the closure on the line of the group's last cell.
    for (layout, groups) in [(".#\n#.\n\n", 300), (".#\r\n#. ", 300), (".#.#\n", 300)] {
        for bad in [0, 1, 150, 299] {
            for fast in [true, false] {
                let input = layout.repeat(groups);
                let mut rd = Reader::new(input.as_bytes());
                if !fast {
                    rd = rd.plain();
                }
                let mut grid = Cells::new(b".#", 4);
                let mut g = 0;
                let read = rd.cells_each(&mut grid, groups as u64, "a cell", |_| {
                    g += 1;
                    match g == bad + 1 {
                        true => Err(combgames::io::error("no such group", format!("group {g}"))),
                        false => Ok(()),
                    }
                });
                let end = input.len() / groups * (bad + 1);
                let last = input[..end].trim_end().len() - 1;
                let line = common::line_at(input.as_bytes(), last);
                let expected = format!(
                    "line {line}: expected no such group, found group {}",
                    bad + 1
                );
                assert_eq!(
                    read.unwrap_err().to_string(),
                    expected,
                    "{layout:?}, fast {fast}"
                );
            }
        }
    }
}
