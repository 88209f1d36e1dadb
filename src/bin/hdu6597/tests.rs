//! hdu6597 against the rules: every board value from its options, and every verdict on
//! small sums against an explicit minimax over the sum, with each player starting.

common::binary!(hdu6597, "main.rs");
common::tests!(
    every_position_is_a_number_and_the_table_agrees,
    the_values_stated_in_the_problem_file,
    banned_cells_count_as_empty,
    verdicts_of_hand_made_games_of_every_class,
    the_search_fallback_decides_simple_sums,
    verdicts_match_minimax_over_the_sum,
    long_inputs_in_any_layout_cross_the_buffer,
    any_layout_reads_as_the_plain_reader_reads_it,
    faults_anywhere_are_reported_as_the_plain_reader_reports_them,
    long_inputs_read_fast_as_the_plain_reader_reads_them,
    all_three_layouts_crlf_blank_lines_and_no_final_newline,
    an_empty_sum_is_a_second_player_win,
    rows_take_any_one_byte_between_their_cells,
    bad_input_reports_the_line_after_the_complete_answers,
    the_binary_prints_answers_then_one_error_line_and_fails
);

use combgames::partizan::{graph_outcomes, OutcomeClass};
use proptest::prelude::*;
use std::collections::HashMap;

/// A board as its 9 cell bytes in reading order: `.`, `#`, `O` or `X`.
type Board = [u8; 9];

/// Alice's moves from the rules: pick an `O`, ban it, and ban its left and right
/// neighbours, or the ones above and below, or both pairs; cells off the board are ignored.
fn alice_moves(board: &Board) -> Vec<Board> {
    let mut moves = Vec::new();
    for row in 0..3i32 {
        for column in 0..3i32 {
            if board[(3 * row + column) as usize] != b'O' {
                continue;
            }
            let sideways = [(0, -1), (0, 1)];
            let upright = [(-1, 0), (1, 0)];
            let both = [(0, -1), (0, 1), (-1, 0), (1, 0)];
            for neighbours in [&sideways[..], &upright[..], &both[..]] {
                let mut after = *board;
                after[(3 * row + column) as usize] = b'#';
                for (dr, dc) in neighbours {
                    let (r, c) = (row + dr, column + dc);
                    if (0..3).contains(&r) && (0..3).contains(&c) {
                        after[(3 * r + c) as usize] = b'#';
                    }
                }
                moves.push(after);
            }
        }
    }
    moves
}

/// Bob's moves from the rules: pick an `X` and ban it.
fn bob_moves(board: &Board) -> Vec<Board> {
    (0..9)
        .filter(|&i| board[i] == b'X')
        .map(|i| {
            let mut after = *board;
            after[i] = b'#';
            after
        })
        .collect()
}

/// An exact game value in units of `2^-20` (every value here has a denominator of at most
/// `2^6`).
type Q = i64;

/// The number 1.
const ONE: Q = 1 << 20;

/// The simplest number strictly between `low` and `high` (`None`: no bound), found by
/// walking the tree of numbers in their order of birth from 0: a number's children lie
/// halfway to the neighbours it was born between, or one past the end where it has none.
fn simplest(low: Option<Q>, high: Option<Q>) -> Option<Q> {
    if let (Some(l), Some(h)) = (low, high) {
        if l >= h {
            return None;
        }
    }
    let (mut below, mut above, mut v) = (None, None, 0);
    loop {
        if low.map_or(false, |l| v <= l) {
            below = Some(v);
            v = above.map_or(v + ONE, |a| (v + a) / 2);
        } else if high.map_or(false, |h| v >= h) {
            above = Some(v);
            v = below.map_or(v - ONE, |b| (b + v) / 2);
        } else {
            return Some(v);
        }
    }
}

/// Board values from the rules, checking on the way that each position is a number: its
/// options are numbers and the best Left option is below the best Right option.
struct Values(HashMap<Board, Q>);

impl Values {
    fn of(&mut self, board: &Board) -> Q {
        // `.` and `#` play the same.
        let board = board.map(|b| if b == b'#' { b'.' } else { b });
        if let Some(&v) = self.0.get(&board) {
            return v;
        }
        let left = alice_moves(&board).iter().map(|b| self.of(b)).max();
        let right = bob_moves(&board).iter().map(|b| self.of(b)).min();
        if let (Some(l), Some(r)) = (left, right) {
            assert!(
                l < r,
                "{}: best Left option {l} is not below best Right option {r}",
                show(&board)
            );
        }
        let v = simplest(left, right).unwrap();
        self.0.insert(board, v);
        v
    }
}

/// Every board of `.`, `O` and `X`.
fn all_boards() -> Vec<Board> {
    (0..3usize.pow(9))
        .map(|code| std::array::from_fn(|i| b".OX"[code / 3usize.pow(i as u32) % 3]))
        .collect()
}

/// A board's index in the program's table: cell i adds `3^i` times 1 for `O`, 2 for `X` and
/// 0 for `.` or `#`.
fn code(board: &Board) -> usize {
    let digit = |cell: u8| usize::from(cell == b'O') + 2 * usize::from(cell == b'X');
    board
        .iter()
        .rev()
        .fold(0, |code, &cell| 3 * code + digit(cell))
}

fn board(rows: &str) -> Board {
    let cells: Vec<u8> = rows.bytes().filter(|&b| b != b'/').collect();
    cells.try_into().unwrap()
}

fn show(board: &Board) -> String {
    let rows: Vec<String> = board
        .chunks(3)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    rows.join("/")
}

/// The program's fixed-point value of a position, as an exact number.
fn table_value(table: &[i16], code: usize) -> Option<Q> {
    let scaled = table[code];
    (scaled != hdu6597::NOT_A_NUMBER).then(|| Q::from(scaled) << (20 - hdu6597::SCALE))
}

fn every_position_is_a_number_and_the_table_agrees() {
    let mut values = Values(HashMap::new());
    let table = hdu6597::scaled_values();
    assert_eq!(table.len(), hdu6597::POSITIONS);
    for board in all_boards() {
        let v = values.of(&board);
        let code = code(&board);
        assert_eq!(table_value(&table, code), Some(v), "{}", show(&board));
        // The problem file's bounds: denominators up to 32, values in [-9, 8].
        assert!(v % (ONE / 32) == 0 && (-9 * ONE..=8 * ONE).contains(&v));
    }
    // Both ends of the range and the largest denominator occur.
    let all: Vec<Q> = values.0.values().copied().collect();
    assert_eq!(all.iter().max(), Some(&(8 * ONE)));
    assert_eq!(all.iter().min(), Some(&(-9 * ONE)));
    assert!(all.iter().any(|v| v % (ONE / 16) != 0));
}

fn the_values_stated_in_the_problem_file() {
    let stated = [
        (".../.../...", 0),
        (".../.O./...", ONE),
        (".../.X./...", -ONE),
        ("OOO/OOO/OOO", 8 * ONE),
        ("XXX/XXX/XXX", -9 * ONE),
        ("OX./XO./...", 5 * ONE / 4),
        ("O.X/.../X.O", 0),
        ("OXO/XOX/OXO", 65 * ONE / 16),
        (".X./XOX/.X.", ONE / 16),
    ];
    let mut values = Values(HashMap::new());
    let table = hdu6597::scaled_values();
    for (rows, value) in stated {
        let b = board(rows);
        assert_eq!(values.of(&b), value, "{rows}");
        assert_eq!(table_value(&table, code(&b)), Some(value), "{rows}");
    }
}

fn banned_cells_count_as_empty() {
    // The same boards with `#` or `.` in their empty cells: .O./X../... = {-1 | 1} = 0,
    // .X./.O./... = {0 | 1} = 1/2, and .X./XOX/.X. + .O./.X./... = 1/16 + 1/2.
    let with_bans = "3\n1\n#O#\nX##\n..#\n1\n#X#\n#O#\n###\n2\n#X#\nXOX\n#X#\n.O.\n#X.\n...\n";
    let with_dots = with_bans.replace('#', ".");
    assert_eq!(run(with_bans), run(&with_dots));
    assert_eq!(run(with_bans), ("Second\nAlice\nAlice\n".to_string(), None));
}

fn verdicts_of_hand_made_games_of_every_class() {
    // 0 = { | }, 1 = {0 | }, -1 = { | 0}, * = {0 | 0}, dud = {dud | dud} (endless play).
    let left = [vec![], vec![0], vec![], vec![0], vec![4]];
    let right = [vec![], vec![], vec![0], vec![0], vec![4]];
    let words: Vec<&str> = graph_outcomes(&left, &right)
        .into_iter()
        .map(|o| hdu6597::verdict(o.class()))
        .collect();
    assert_eq!(words, ["Second", "Alice", "Bob", "First", "Others"]);
    assert_eq!(hdu6597::verdict(OutcomeClass::Next), "First");
}

fn the_search_fallback_decides_simple_sums() {
    // One white piece alone is 1 (Alice), one black -1 (Bob), both on separate boards 0
    // (Second), as is the empty sum. (No sum of these boards is First: they are numbers.)
    let one = code(&board(".../.O./..."));
    let minus_one = code(&board(".../.X./..."));
    let class = |codes: &[usize]| hdu6597::outcome_by_search(codes).class();
    assert_eq!(class(&[one]), OutcomeClass::Left);
    assert_eq!(class(&[minus_one]), OutcomeClass::Right);
    assert_eq!(class(&[one, minus_one]), OutcomeClass::Previous);
    assert_eq!(class(&[]), OutcomeClass::Previous);
}

/// Explicit minimax over a sum of boards: whether the player to move wins.
fn mover_wins(
    boards: &[Board],
    alice_to_move: bool,
    memo: &mut HashMap<(Vec<Board>, bool), bool>,
) -> bool {
    if let Some(&known) = memo.get(&(boards.to_vec(), alice_to_move)) {
        return known;
    }
    let mut wins = false;
    for k in 0..boards.len() {
        let moves = if alice_to_move {
            alice_moves(&boards[k])
        } else {
            bob_moves(&boards[k])
        };
        for after in moves {
            let mut next = boards.to_vec();
            next[k] = after;
            if !mover_wins(&next, !alice_to_move, memo) {
                wins = true;
            }
        }
    }
    memo.insert((boards.to_vec(), alice_to_move), wins);
    wins
}

/// The word for a sum from minimax, once with Alice moving first and once with Bob.
fn word_by_minimax(boards: &[Board]) -> &'static str {
    let mut memo = HashMap::new();
    let alice_first = mover_wins(boards, true, &mut memo);
    let bob_first = mover_wins(boards, false, &mut memo);
    match (alice_first, bob_first) {
        (true, false) => "Alice",
        (false, true) => "Bob",
        (true, true) => "First",
        (false, false) => "Second",
    }
}

/// A sparse board: at most four pieces, and some banned cells.
fn sparse_board() -> impl Strategy<Value = Board> {
    let piece = (0usize..9, prop_oneof![Just(b'O'), Just(b'X')]);
    (
        proptest::collection::vec(piece, 0..=4),
        proptest::collection::vec(0usize..9, 0..3),
    )
        .prop_map(|(pieces, bans)| {
            let mut b = [b'.'; 9];
            for i in bans {
                b[i] = b'#';
            }
            for (i, p) in pieces {
                b[i] = p;
            }
            b
        })
}

/// `board` in layout 0 (`O|.|X`), 1 (`O.X`) or 2 (`O . X`) with `newline` line ends.
fn draw(board: &Board, layout: usize, newline: &str) -> String {
    let separator = ["|", "", " "][layout];
    board
        .chunks(3)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|&c| (c as char).to_string()).collect();
            cells.join(separator) + newline
        })
        .collect()
}

thread_local! {
    /// The program's board values, worked out once per test thread.
    static VALUES: Vec<i16> = hdu6597::scaled_values();
}

fn run(input: &str) -> common::Outcome {
    VALUES.with(|values| common::run_solve(|rd, out| hdu6597::solve(rd, out, values), input))
}

/// Runs the program as if no board were a number, so every case goes to the search.
fn run_searching(input: &str) -> common::Outcome {
    let values = vec![hdu6597::NOT_A_NUMBER; hdu6597::POSITIONS];
    common::run_solve(|rd, out| hdu6597::solve(rd, out, &values), input)
}

proptest! {
    #![proptest_config(common::config!(96))]
    fn verdicts_match_minimax_over_the_sum(
        cases in proptest::collection::vec(
            proptest::collection::vec((sparse_board(), 0usize..3), 1..=3),
            1..8,
        ),
        crlf in any::<bool>(),
    ) {
        let newline = if crlf { "\r\n" } else { "\n" };
        let mut input = format!("{}{newline}", cases.len());
        let mut expected = String::new();
        for case in &cases {
            input += &format!("{}{newline}", case.len());
            for (b, layout) in case {
                input += &draw(b, *layout, newline);
            }
            let boards: Vec<Board> = case.iter().map(|(b, _)| *b).collect();
            let word = word_by_minimax(&boards);
            expected += word;
            expected += "\n";
        }
        prop_assert_eq!(run(&input), (expected.clone(), None));
        // The search the program falls back on for boards that are not numbers agrees too.
        prop_assert_eq!(run_searching(&input), (expected, None));
    }
}

proptest! {
    // Each case is a long input; fewer of them keep the test quick.
    #![proptest_config(common::config!(12))]

    fn long_inputs_in_any_layout_cross_the_buffer(
        boards in proptest::collection::vec(sparse_board(), 1..30),
        layout in 0usize..3,
        total in 4_800usize..8_000,
        odd in any::<prop::sample::Index>(),
        odd_layout in 0usize..3,
    ) {
        // One case per board, repeated past the reader's 64 KiB buffer (a board takes 14
        // bytes or more), in one layout as judge data is, but one board anywhere in any
        // layout. (The reader learns a layout anew at each change, which takes as long as
        // reading hundreds of boards: a change at every board made this test take 10 s.
        // `verdicts_match_minimax_over_the_sum` mixes layouts at every board, and
        // `long_inputs_read_fast_as_the_plain_reader_reads_them` in long inputs.)
        // Each board drawn once, and its answer found once.
        let mut values = Values(HashMap::new());
        let case = |b: &Board, layout: usize| format!("1\n{}", draw(b, layout, "\n"));
        let drawn: Vec<String> = boards.iter().map(|b| case(b, layout)).collect();
        let answers: Vec<&str> = boards
            .iter()
            .map(|b| match values.of(b).signum() {
                1 => "Alice\n",
                -1 => "Bob\n",
                _ => "Second\n",
            })
            .collect();
        let odd = odd.index(total);
        let mut input = format!("{total}\n");
        let mut expected = String::new();
        for k in 0..total {
            let i = k % boards.len();
            match k == odd {
                true => input += &case(&boards[i], odd_layout),
                false => input += &drawn[i],
            }
            expected += answers[i];
        }
        prop_assert_eq!(run(&input), (expected, None));
    }
}

/// How one row is written: the cell separator and what ends the row.
fn row_style() -> impl Strategy<Value = (&'static str, &'static str)> {
    let separator = prop_oneof![
        Just("|"),
        Just(""),
        Just(" "),
        Just("\t"),
        Just(" \t "),
        Just(",")
    ];
    let end = prop_oneof![
        Just("\n"),
        Just("\r\n"),
        Just(" \n"),
        Just("\t\r\n"),
        Just("\n\n"),
        Just("  \r\n\r\n"),
        Just("\r"),
        Just(" \r\r\n"),
    ];
    (separator, end)
}

/// A whole input: cases of boards where each row keeps the input's usual style, or with
/// probability 1 in `odd` takes a style of its own; counts with their own line ends.
fn styled_input() -> impl Strategy<Value = Vec<u8>> {
    let any_board = proptest::collection::vec(
        prop_oneof![Just(b'.'), Just(b'#'), Just(b'O'), Just(b'X')],
        9,
    );
    let cases = proptest::collection::vec(proptest::collection::vec(any_board, 0..=11), 1..40);
    let odd_rows = proptest::collection::vec((0usize..4, row_style()), 64);
    // Whitespace after every board, and after every case: the last row then differs.
    let extra = || {
        prop_oneof![
            Just(""),
            Just(""),
            Just("\n"),
            Just(" \n"),
            Just("\r\n\t"),
            Just("\r")
        ]
    };
    let ends = (extra(), extra());
    (
        cases,
        row_style(),
        odd_rows,
        1usize..30,
        any::<bool>(),
        ends,
    )
        .prop_map(
            |(cases, usual, odd_rows, odd, padded_counts, (after_board, after_case))| {
                let mut text = format!("{}\n", cases.len());
                let mut k = 0;
                for boards in &cases {
                    if padded_counts && k % 3 == 0 {
                        text += &format!(" 0{}{}", boards.len(), usual.1);
                    } else {
                        text += &format!("{}{}", boards.len(), usual.1);
                    }
                    for board in boards {
                        for row in board.chunks(3) {
                            let (pick, style) = odd_rows[k % odd_rows.len()];
                            k += 1;
                            let (separator, end) = if pick == 0 && k % odd == 0 {
                                style
                            } else {
                                usual
                            };
                            let cells: Vec<String> =
                                row.iter().map(|&c| (c as char).to_string()).collect();
                            text += &cells.join(separator);
                            text += end;
                        }
                        text += after_board;
                    }
                    text += after_case;
                }
                text.into_bytes()
            },
        )
}

proptest! {
    #![proptest_config(common::config!(120))]

    // `run` checks that the fast reader gives what the plain one does, at two buffer sizes.
    fn any_layout_reads_as_the_plain_reader_reads_it(input in styled_input()) {
        let input = String::from_utf8(input).unwrap();
        prop_assert_eq!(run(&input).1, None);
    }

    fn faults_anywhere_are_reported_as_the_plain_reader_reports_them(
        input in styled_input(),
        faults in proptest::collection::vec((any::<prop::sample::Index>(), prop_oneof![
            Just(b'Q'), Just(b'|'), Just(b' '), Just(b'\n'), Just(b'\r'), Just(b'0'), Just(b'7'), Just(b'.'), Just(b'o'),
        ]), 1..3),
        cut in any::<prop::sample::Index>(),
        cut_it in any::<bool>(),
    ) {
        let mut input = input;
        for (at, byte) in faults {
            let at = at.index(input.len());
            input[at] = byte;
        }
        if cut_it {
            input.truncate(cut.index(input.len()));
        }
        run(&String::from_utf8(input).unwrap());
    }
}

proptest! {
    // Each case is a long input; fewer of them keep the test quick.
    #![proptest_config(common::config!(12))]

    fn long_inputs_read_fast_as_the_plain_reader_reads_them(
        input in styled_input(),
        length in 65_536usize..163_840,
        fault in any::<prop::sample::Index>(),
        faulty in any::<bool>(),
    ) {
        // The input's cases many times over, past the 64 KiB buffer once or twice, whatever
        // their length (a fixed number of repeats made some inputs short and some of 1 MB).
        let text = String::from_utf8(input).unwrap();
        let (count, body) = text.split_once('\n').unwrap();
        let count: usize = count.parse().unwrap();
        let repeat = length / body.len() + 1;
        let mut input = format!("{}\n{}", count * repeat, body.repeat(repeat)).into_bytes();
        if faulty {
            let at = fault.index(input.len());
            input[at] = b'?';
        }
        run(&String::from_utf8(input).unwrap());
    }
}

fn all_three_layouts_crlf_blank_lines_and_no_final_newline() {
    // O.X/.../X.O is 0 and .X./XOX/.X. is 1/16: Second alone, Alice together.
    let zero = board("O.X/.../X.O");
    let sixteenth = board(".X./XOX/.X.");
    for layout in 0..3 {
        for newline in ["\n", "\r\n"] {
            let input = format!(
                "{newline}2{newline}{newline}1{newline}{}{newline}2{newline}{}{}",
                draw(&zero, layout, newline),
                draw(&sixteenth, (layout + 1) % 3, newline),
                draw(&zero, (layout + 2) % 3, newline).trim_end(),
            );
            assert_eq!(
                run(&input),
                ("Second\nAlice\n".to_string(), None),
                "{input:?}"
            );
        }
    }
}

fn an_empty_sum_is_a_second_player_win() {
    assert_eq!(run("1\n0\n"), ("Second\n".to_string(), None));
}

fn rows_take_any_one_byte_between_their_cells() {
    // O.X/.../X.O is 0 and .X./XOX/.X. is 1/16, whatever byte that is not a cell joins the
    // cells of a row.
    for separator in ["|", ",", "-", "/", "\x01", "\u{7f}"] {
        let row = |cells: &str| {
            let cells: Vec<String> = cells.chars().map(String::from).collect();
            cells.join(separator) + "\n"
        };
        let input = format!(
            "2\n1\n{}{}{}2\n{}{}{}{}{}{}",
            row("O.X"),
            row("..."),
            row("X.O"),
            row("O.X"),
            row("..."),
            row("X.O"),
            row(".X."),
            row("XOX"),
            row(".X."),
        );
        assert_eq!(
            run(&input),
            ("Second\nAlice\n".to_string(), None),
            "{input:?}"
        );
    }
    // A cell between two cells is a cell: glued boards, rows of five cells.
    let glued = "2\n1 O.X...X.O\n2\nO.X...X.O.X.XOX.X.\n";
    assert_eq!(run(glued), ("Second\nAlice\n".to_string(), None));
    let five = "1\n1\nOX.O.\n.O..\n";
    assert_eq!(run(five).1, None);
}

fn bad_input_reports_the_line_after_the_complete_answers() {
    let one = "1\n.|.|.\n.|O|.\n.|.|.\n";
    let cell = "a cell 'O', 'X', '.' or '#'";
    let cases = [
        (
            String::new(),
            "",
            "line 1: expected the number of cases T of at least 1, found end of input".to_string(),
        ),
        (
            "2\nx\n".to_string(),
            "",
            "line 2: expected the number of boards n, found \"x\"".to_string(),
        ),
        (
            format!("1\n{one}{one}"),
            "Alice\n",
            "line 6: expected the end of the input, found \"1\"".to_string(),
        ),
        (
            format!("2\n{one}1\n.|.|.\n"),
            "Alice\n",
            format!("line 7: expected {cell}, found end of input"),
        ),
        (
            // One cell per line: the bad cell's own line is named.
            "1\n1\n...\nQ\n.\nX\n".to_string(),
            "",
            format!("line 4: expected {cell}, found 'Q'"),
        ),
        (
            // Not between two cells: not a separator.
            "1\n1\n...\nOQ X\n...\n".to_string(),
            "",
            format!("line 4: expected {cell}, found 'Q'"),
        ),
        (
            // A separator stands between two cells: before `x`, `|` is the first byte wrong.
            "1\n1\n...\nO|.|x\n...\n".to_string(),
            "",
            format!("line 4: expected {cell}, found '|'"),
        ),
        (
            "1\n1\n. . .\nO . Xo\n".to_string(),
            "",
            format!("line 4: expected {cell}, found 'o'"),
        ),
        (
            // A short row takes cells from the next.
            "1\n1\n...\nOX\n...\n".to_string(),
            "",
            format!("line 5: expected {cell}, found end of input"),
        ),
        (
            // Seven bytes are not a row with separators: its cells are read one by one.
            "1\n1\n...\nO|.|X|.\n...\n".to_string(),
            "",
            format!("line 4: expected {cell}, found '|'"),
        ),
    ];
    common::assert_errors(run, &cases);
}

fn the_binary_prints_answers_then_one_error_line_and_fails() {
    let input = "3\n1\nOOO\nOOO\nOOO\n1\nXXX\nXXX\nXXX\n1\nXXX\nXX?\n";
    common::assert_binary_fails(
        common::exe!(),
        input,
        "Alice\nBob\n",
        "error: line 12: expected a cell 'O', 'X', '.' or '#', found '?'\n",
    );
}
