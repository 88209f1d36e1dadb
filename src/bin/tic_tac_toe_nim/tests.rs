//! tic_tac_toe_nim against an exhaustive game-tree search written from the rules alone.

common::binary!(tic_tac_toe_nim, "main.rs");
common::tests!(
    every_grid_of_piles_1_or_2_matches_the_search,
    every_grid_of_piles_1_to_3_matches_the_search,
    the_search_finds_both_kinds_of_answer,
    random_grids_of_piles_up_to_3_match_the_search,
    large_piles_agree_with_the_reduction_spelled_out_move_by_move,
    piles_up_to_u32_max_are_read,
    crlf_missing_final_newline_and_blank_lines_are_fine,
    bad_input_reports_the_line_after_the_complete_answers,
    the_binary_prints_answers_then_one_error_line_and_fails,
    any_layout_reads_as_the_format_says
);

use proptest::prelude::*;
use std::cell::RefCell;

/// Largest pile the search handles.
const MAX_PILE: usize = 3;
/// Piles are digits in base `MAX_PILE + 1`.
const BASE: usize = MAX_PILE + 1;
const STATES: usize = BASE.pow(9);

/// Whether Bob's first move is due, or both first moves are made. (Alice's first move is
/// made by [`Search::winning_first_moves`] itself.)
#[derive(Clone, Copy)]
enum Phase {
    BobFirst = 0,
    Free = 1,
}

/// Memoised game-tree search over grids of piles of at most `MAX_PILE` stones.
struct Search {
    /// Per phase and state: 0 unknown, 1 the mover loses, 2 the mover wins.
    memo: Vec<u8>,
}

fn encode(piles: &[usize; 9]) -> usize {
    piles.iter().fold(0, |code, &p| code * BASE + p)
}

/// Whether some row or column of `piles` is all empty.
fn has_empty_line(piles: &[usize; 9]) -> bool {
    (0..3).any(|i| (0..3).all(|j| piles[3 * i + j] == 0) || (0..3).all(|j| piles[3 * j + i] == 0))
}

impl Search {
    fn new() -> Self {
        Search {
            memo: vec![0; 2 * STATES],
        }
    }

    /// Whether the player to move wins. Nobody has won yet: no line is empty.
    fn mover_wins(&mut self, piles: &[usize; 9], phase: Phase) -> bool {
        let key = phase as usize * STATES + encode(piles);
        if self.memo[key] != 0 {
            return self.memo[key] == 2;
        }
        let mut wins = false;
        'moves: for i in (0..9).filter(|&i| piles[i] > 0) {
            // A first move removes the whole pile; later moves remove 1 to all of it.
            let fewest = match phase {
                Phase::BobFirst => piles[i],
                Phase::Free => 1,
            };
            for take in fewest..=piles[i] {
                let mut after = *piles;
                after[i] -= take;
                if has_empty_line(&after) || !self.mover_wins(&after, Phase::Free) {
                    wins = true;
                    break 'moves;
                }
            }
        }
        self.memo[key] = if wins { 2 } else { 1 };
        wins
    }

    /// How many of Alice's first moves leave Bob, to move, lost.
    fn winning_first_moves(&mut self, piles: &[usize; 9]) -> u32 {
        let mut count = 0;
        for i in 0..9 {
            let mut after = *piles;
            after[i] = 0;
            if has_empty_line(&after) || !self.mover_wins(&after, Phase::BobFirst) {
                count += 1;
            }
        }
        count
    }
}

thread_local! {
    static SEARCH: RefCell<Search> = RefCell::new(Search::new());
}

fn brute_force(piles: &[usize; 9]) -> u32 {
    assert!(piles.iter().all(|&p| (1..=MAX_PILE).contains(&p)));
    SEARCH.with(|s| s.borrow_mut().winning_first_moves(piles))
}

fn draw(piles: &[usize; 9], separator: &str, newline: &str) -> String {
    piles
        .chunks(3)
        .map(|row| {
            let row: Vec<String> = row.iter().map(usize::to_string).collect();
            row.join(separator) + newline
        })
        .collect()
}

fn run(input: &str) -> (String, Option<String>) {
    common::run_solve(tic_tac_toe_nim::solve, input)
}

/// Every grid with piles in `1..=most`, in one input, and the search's answers.
fn every_grid(most: usize) -> (String, String) {
    let grids = most.pow(9);
    let mut input = format!("{grids}\n");
    let mut expected = String::new();
    for code in 0..grids {
        let piles: [usize; 9] = std::array::from_fn(|i| 1 + code / most.pow(i as u32) % most);
        input += &draw(&piles, " ", "\n");
        expected += &format!("{}\n", brute_force(&piles));
    }
    (input, expected)
}

fn every_grid_of_piles_1_or_2_matches_the_search() {
    let (input, expected) = every_grid(2);
    assert_eq!(run(&input), (expected, None));
}

fn every_grid_of_piles_1_to_3_matches_the_search() {
    let (input, expected) = every_grid(3);
    assert_eq!(run(&input), (expected, None));
}

fn the_search_finds_both_kinds_of_answer() {
    // Guards against a search that cannot tell winning moves from losing ones.
    let all_ones = brute_force(&[1; 9]);
    let counts: Vec<u32> = (0..1 << 9)
        .map(|bits: usize| brute_force(&std::array::from_fn(|i| 1 + (bits >> i & 1))))
        .collect();
    assert_eq!(all_ones, 9, "the official sample's first grid");
    assert!(counts.iter().any(|&c| c < 9) && counts.contains(&9));
}

fn pile() -> impl Strategy<Value = usize> {
    1..=MAX_PILE
}

/// Separators the format allows: any whitespace.
fn gap() -> impl Strategy<Value = &'static str> {
    prop_oneof![4 => Just(" "), 1 => Just("  "), 1 => Just("\t"), 1 => Just("\r\n"), 1 => Just("\n")]
}

proptest! {
    // A case reads 900 grids on average, four times (fast and plain, two buffer sizes), and
    // most of the time goes to reading: 64 cases read some 60,000 random grids, besides the
    // 19,683 of `every_grid_of_piles_1_to_3_matches_the_search`.
    #![proptest_config(common::config!(24))]

    fn random_grids_of_piles_up_to_3_match_the_search(
        grids in proptest::collection::vec((proptest::array::uniform9(pile()), gap()), 1..60),
        repeat in 1usize..60,
    ) {
        // Repeating the list makes inputs long enough to cross the reader's buffer.
        let grids: Vec<_> = grids.iter().cycle().take(grids.len() * repeat).collect();
        let mut input = format!("{}\n", grids.len());
        let mut expected = String::new();
        for (piles, gap) in &grids {
            input += &draw(piles, gap, "\n");
            expected += &format!("{}\n", brute_force(piles));
        }
        prop_assert_eq!(run(&input), (expected, None));
    }
}

proptest! {
    #![proptest_config(common::config!(256))]
    fn large_piles_agree_with_the_reduction_spelled_out_move_by_move(
        mut a in proptest::array::uniform9(1u64..=u64::from(u32::MAX)),
        p in 0usize..9,
        q_choice in 0usize..4,
    ) {
        // Random large piles almost never give a nim-sum of 0, so make one: Alice empties p,
        // Bob q off her lines, and pile r, on neither's lines, is set to the nim-sum of the
        // other six piles less one.
        let third = |p: usize, q: usize| 3 * (3 - p / 3 - q / 3) + (3 - p % 3 - q % 3);
        let off_lines = |p: usize| (0..9).filter(move |&q| p / 3 != q / 3 && p % 3 != q % 3);
        let q = off_lines(p).nth(q_choice).unwrap();
        let r = third(p, q);
        a[r] = (0..9).filter(|c| ![p, q, r].contains(c)).fold(0, |x, c| x ^ (a[c] - 1));
        prop_assume!(a[r] > 0);
        // The reduction spelled out move by move: Bob answers off Alice's lines, and Alice,
        // to move, faces six heaps of a - 1 and one heap of a.
        let mut count = 0;
        for p in 0..9 {
            let bob_wins = off_lines(p).any(|q| {
                let r = third(p, q);
                let sum = (0..9)
                    .filter(|&c| c != p && c != q)
                    .fold(0, |x, c| x ^ if c == r { a[c] } else { a[c] - 1 });
                sum == 0
            });
            count += u32::from(!bob_wins);
        }
        prop_assert!(count <= 7, "p and q lose by construction");
        let rows: Vec<String> = a.chunks(3).map(|row| format!("{} {} {}\n", row[0], row[1], row[2])).collect();
        let input = format!("1\n{}", rows.concat());
        prop_assert_eq!(run(&input), (format!("{count}\n"), None));
    }
}

fn piles_up_to_u32_max_are_read() {
    // Reading, not the reduction, is under test: the answer is the one for the grid read.
    let max = u64::from(u32::MAX);
    let grids = [[max; 9], [max, 1, max - 1, 2, max, 3, 1 << 31, 5, max]];
    let mut input = format!("{}\n", grids.len());
    let mut expected = String::new();
    for grid in &grids {
        for row in grid.chunks(3) {
            input += &format!("{} {} {}\n", row[0], row[1], row[2]);
        }
        expected += &format!("{}\n", tic_tac_toe_nim::winning_first_moves(grid));
    }
    assert_eq!(run(&input), (expected, None));
}

fn crlf_missing_final_newline_and_blank_lines_are_fine() {
    let input = "\r\n2\r\n\r\n1 1 1\r\n1 1 1\r\n1 1 1\r\n\r\n1 2 3\r\n4 5 6\r\n7 8 9";
    assert_eq!(run(input), ("9\n7\n".to_string(), None));
}

fn bad_input_reports_the_line_after_the_complete_answers() {
    let range = "in 1..=4294967295";
    let cases = [
        (
            "".to_string(),
            "",
            "line 1: expected the number of grids T of at least 1, found end of input".to_string(),
        ),
        (
            "0\n".to_string(),
            "",
            "line 1: expected the number of grids T of at least 1, found 0".to_string(),
        ),
        (
            "2\n1 1 1\n1 1 1\n1 1 1\n1 2\n".to_string(),
            "9\n",
            format!("line 5: expected the pile a(1,3) {range}, found end of input"),
        ),
        (
            "1\n1 1 1\n1 0 1\n1 1 1\n".to_string(),
            "",
            format!("line 3: expected the pile a(2,2) {range}, found 0"),
        ),
        (
            "1\n1 1 1\n1 1 1\n1 1 -4\n".to_string(),
            "",
            format!("line 4: expected the pile a(3,3) {range}, found \"-4\""),
        ),
        (
            "1\n1 1 x1\n".to_string(),
            "",
            format!("line 2: expected the pile a(1,3) {range}, found \"x1\""),
        ),
        (
            "2\n1 1 1\n1 1 1\n1 1 1\n\n7 18446744073709551616 1\n".to_string(),
            "9\n",
            format!("line 6: expected the pile a(1,2) {range}, found \"18446744073709551616\" (too large)"),
        ),
        (
            "1\n1 1 1\n1 1.5 1\n".to_string(),
            "",
            format!("line 3: expected the pile a(2,2) {range}, found \"1.5\""),
        ),
        (
            "1\n1 1 1\n1 1 1\n1 1 1\n1 2 3\n".to_string(),
            "9\n",
            "line 5: expected the end of the input, found \"1\"".to_string(),
        ),
    ];
    common::assert_errors(run, &cases);
}

fn the_binary_prints_answers_then_one_error_line_and_fails() {
    let input = "2\n1 1 1\n1 1 1\n1 1 1\n1 2 3\n4 five 6\n7 8 9\n";
    common::assert_binary_fails(
        common::exe!(),
        input,
        "9\n",
        "error: line 6: expected the pile a(2,2) in 1..=4294967295, found \"five\"\n",
    );
}

/// A pile as the input may spell it: plainly, with leading zeros or a `+`, of any length.
fn pile_text() -> impl Strategy<Value = (u64, String)> {
    let value = prop_oneof![
        4 => 1u64..=1_000_000_000,
        2 => 1u64..=3,
        1 => 1u64..=u64::from(u32::MAX),
        1 => (0u32..32, 1u64..=u64::from(u32::MAX)).prop_map(|(shift, v)| (v >> shift).max(1)),
    ];
    let spelling = prop_oneof![6 => Just(""), 1 => Just("0"), 1 => Just("00"), 1 => Just("+")];
    (value, spelling).prop_map(|(v, prefix)| (v, format!("{prefix}{v}")))
}

/// Any whitespace the format allows between piles, in any amount.
fn any_gap() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            6 => Just(" "),
            3 => Just("\n"),
            2 => Just("\r\n"),
            1 => Just("\t"),
            1 => Just("\x0b"),
            1 => Just("\x0c"),
        ],
        1..4,
    )
    .prop_map(|parts| parts.concat())
}

/// Splits `input` as the format does: 1-based line of each token, and the token. A line ends
/// at `\n` (the inputs here have no lone `\r`).
fn tokens_with_lines(input: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (line, text) in input.split('\n').enumerate() {
        let words = text.split(|c: char| c.is_ascii_whitespace() || c == '\x0b');
        found.extend(
            words
                .filter(|w| !w.is_empty())
                .map(|w| (line + 1, w.to_string())),
        );
    }
    found
}

proptest! {
    #![proptest_config(common::config!(160))]
    /// Grids in any layout the format allows, read fast or not, give the reduction's answers;
    /// a bad pile anywhere gives the checked reader's error, after the complete grids'
    /// answers.
    fn any_layout_reads_as_the_format_says(
        grids in proptest::collection::vec(proptest::collection::vec((pile_text(), any_gap()), 9), 1..40),
        bad in proptest::option::of((any::<proptest::sample::Index>(), prop_oneof![
            Just("0"), Just("-1"), Just("x"), Just("18446744073709551616"), Just("4294967296"), Just("1.5"), Just("00"),
        ])),
        trailing in prop_oneof![Just(""), Just("\n"), Just("\r\n\n")],
    ) {
        let mut input = format!("{}\n", grids.len());
        let mut expected = String::new();
        for grid in &grids {
            let piles: Vec<u64> = grid.iter().map(|((v, _), _)| *v).collect();
            let piles: [u64; 9] = piles.try_into().unwrap();
            expected += &format!("{}\n", tic_tac_toe_nim::winning_first_moves(&piles));
            for ((_, text), gap) in grid {
                input += text;
                input += gap;
            }
        }
        let input = input.trim_end().to_string() + trailing;
        match bad {
            None => prop_assert_eq!(run(&input), (expected, None)),
            Some((index, bad)) => {
                // Replace one pile; the answers before its grid stay, then the error.
                let tokens = tokens_with_lines(&input.replace('\r', " "));
                let pile = index.index(9 * grids.len());
                let (line, text) = &tokens[1 + pile];
                let mut corrupted = String::new();
                let mut seen = 0;
                for (i, piece) in input.split_inclusive(|c: char| c.is_ascii_whitespace() || c == '\x0b').enumerate() {
                    let word = piece.trim_end_matches(|c: char| c.is_ascii_whitespace() || c == '\x0b');
                    if !word.is_empty() && i > 0 {
                        seen += 1;
                        if seen == pile + 1 {
                            prop_assert_eq!(word, text.as_str());
                            corrupted += &piece.replacen(word, bad, 1);
                            continue;
                        }
                    }
                    corrupted += piece;
                }
                let answers: String = expected.lines().take(pile / 9).map(|l| format!("{l}\n")).collect();
                let found = match bad {
                    "0" | "00" => "0".to_string(),
                    "4294967296" => bad.to_string(),
                    "18446744073709551616" => format!("\"{bad}\" (too large)"),
                    _ => format!("\"{bad}\""),
                };
                let (row, column) = (pile % 9 / 3 + 1, pile % 3 + 1);
                let error = format!("line {line}: expected the pile a({row},{column}) in 1..=4294967295, found {found}");
                prop_assert_eq!(run(&corrupted), (answers, Some(error)));
            }
        }
    }
}
