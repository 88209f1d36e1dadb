//! Octal games against the rules: a plain mex table of the values far past the period the
//! module proves (and the period the least the table allows), a search over sums of small
//! heaps for win/lose and every winning move, and winning moves from heaps near 10^18.

use combgames::octal::{grundy_values, Move, OctalGame};
use proptest::prelude::*;
use std::collections::HashMap;

/// Every move from a heap of `n`, as `(take, left)`, from the digits `d_1 d_2 ...` in words:
/// a digit's 1 takes the whole heap when it has exactly `k` tokens; its 2 takes `k` from a
/// larger heap and leaves the rest as one heap; its 4 takes `k` and leaves the rest as two
/// non-empty heaps. `left` is the heaps left, smaller first, 0 for none.
fn rule_moves(digits: &[u8], n: u64) -> Vec<(u64, (u64, u64))> {
    let mut moves = Vec::new();
    for (k, &d) in (1..).zip(digits) {
        if d & 1 != 0 && n == k {
            moves.push((k, (0, 0)));
        }
        if d & 2 != 0 && n > k {
            moves.push((k, (0, n - k)));
        }
        if d & 4 != 0 && n >= k + 2 {
            for a in 1..=(n - k) / 2 {
                moves.push((k, (a, n - k - a)));
            }
        }
    }
    moves
}

/// The values of heaps `0..len` by the mex over the rules' moves: the least value no move
/// reaches (at most the number of moves).
fn plain_values(digits: &[u8], len: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let moves = rule_moves(digits, n as u64);
        let mut reached = vec![false; moves.len() + 1];
        for (_, (a, b)) in moves {
            let v = (values[a as usize] ^ values[b as usize]) as usize;
            if v < reached.len() {
                reached[v] = true;
            }
        }
        values.push(reached.iter().position(|&r| !r).unwrap() as u32);
    }
    values
}

/// Whether the player to move wins the sum on `heaps` (no zeros, sorted), by search.
fn wins(heaps: &[u64], digits: &[u8], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(heaps) {
        return w;
    }
    let w = (0..heaps.len()).any(|i| {
        let moves = rule_moves(digits, heaps[i]);
        moves
            .iter()
            .any(|&(_, left)| !wins(&after(heaps, i, left), digits, memo))
    });
    memo.insert(heaps.to_vec(), w);
    w
}

/// `heaps` with heap `i` replaced by the heaps `left`, sorted, without zeros.
fn after(heaps: &[u64], i: usize, left: (u64, u64)) -> Vec<u64> {
    let others = heaps[..i].iter().chain(&heaps[i + 1..]);
    sorted(others.chain(&[left.0, left.1]).copied().collect())
}

/// `heaps` sorted, without zeros: the key of a position in the search.
fn sorted(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

/// The code `0.d1d2...` of `digits`.
fn code(digits: &[u8]) -> String {
    digits
        .iter()
        .fold("0.".to_string(), |code, d| code + &d.to_string())
}

/// One to three digits, the last not 0.
fn random_digits() -> impl Strategy<Value = Vec<u8>> {
    (proptest::collection::vec(0u8..8, 0..=2), 1u8..8).prop_map(|(mut digits, last)| {
        digits.push(last);
        digits
    })
}

/// Every property of `(start, period)` against a plain table of values: the module's values
/// agree far past the certificate, the Guy-Smith range holds, the period is the least the
/// table allows and the start the least for it.
fn check_against_table(game: &OctalGame, digits: &[u8]) -> Result<(), TestCaseError> {
    let (start, period) = game.period();
    let (start, period, t) = (start as usize, period as usize, digits.len());
    let len = 3000.max(2 * start + 3 * period + t);
    let table = plain_values(digits, len);
    for (n, &g) in table.iter().enumerate() {
        prop_assert_eq!(game.grundy(n as u64), g, "heap {}", n);
        if n >= start + period {
            prop_assert_eq!(g, table[n - period], "heap {}", n);
        }
    }
    for p in 1..period {
        let holds = (start..start + period).all(|n| table[n] == table[n + p]);
        prop_assert!(!holds, "period {} holds from {}", p, start);
    }
    prop_assert!(start == 0 || table[start - 1] != table[start - 1 + period]);
    // The winning move promised, from heaps past the period's first cycle (the module tries
    // splits with a smaller heap below start + period only).
    for n in 0..len.min(2 * (start + period) + 2 * t) as u64 {
        for small in 0..4 {
            let heaps = [n, small];
            prop_assert_eq!(
                game.winning_move(&heaps),
                first_move(digits, &table, &heaps)
            );
        }
    }
    Ok(())
}

/// The first winning move in the first heap whose value exceeds the value it must reach,
/// in the order of the rules' moves, by the table.
fn first_move(digits: &[u8], table: &[u32], heaps: &[u64]) -> Option<Move> {
    let g = |n: u64| table[n as usize];
    let sum = heaps.iter().fold(0, |sum, &n| sum ^ g(n));
    let heap = heaps.iter().position(|&n| g(n) ^ sum < g(n))?;
    let moves = rule_moves(digits, heaps[heap]).into_iter();
    let mut wins = moves.filter(|&(_, (a, b))| g(a) ^ g(b) == g(heaps[heap]) ^ sum);
    wins.next().map(|(take, left)| Move { heap, take, left })
}

/// The most heaps the module computes in the random cases: fast, and still enough to
/// prove the period of about half the codes.
const BOUND: usize = 2048;

proptest! {
    #![proptest_config(common::cases(32))]

    #[test]
    fn values_and_period_match_a_plain_table(digits in random_digits()) {
        match OctalGame::with_bound(&code(&digits), BOUND) {
            Ok(game) => check_against_table(&game, &digits)?,
            Err(e) => {
                let found = format!("{:?}", code(&digits));
                let expected = format!("an octal game that {BOUND} heaps prove periodic");
                prop_assert_eq!(e.to_string(), format!("expected {expected}, found {found}"));
                // No period p whose Guy-Smith range fits in BOUND heaps holds over it.
                let (table, t) = (plain_values(&digits, BOUND), digits.len());
                for p in (1..).take_while(|p| 2 * p + t <= BOUND) {
                    let start = (0..BOUND - p).rev().find(|&n| table[n] != table[n + p]);
                    let start = start.map_or(0, |n| n + 1);
                    prop_assert!(2 * start + 2 * p + t > BOUND, "period {} from {}", p, start);
                }
            }
        }
    }

    #[test]
    fn winning_moves_match_search(
        digits in random_digits(),
        heaps in proptest::collection::vec(0u64..=8, 1..=3),
    ) {
        let game = OctalGame::with_bound(&code(&digits), BOUND);
        prop_assume!(game.is_ok());
        let game = game.unwrap();
        let mut memo = HashMap::new();
        let mut searched = Vec::new();
        for (i, &n) in heaps.iter().enumerate() {
            for (take, left) in rule_moves(&digits, n) {
                if !wins(&after(&heaps, i, left), &digits, &mut memo) {
                    searched.push(Move { heap: i, take, left });
                }
            }
        }
        let won = wins(&sorted(heaps.clone()), &digits, &mut memo);
        prop_assert_eq!(won, !searched.is_empty());
        prop_assert_eq!(game.winning_moves(&heaps), searched.clone());
        let one = game.winning_move(&heaps);
        prop_assert_eq!(one.is_some(), won);
        prop_assert!(one.map_or(true, |m| searched.contains(&m)), "{:?}", one);
    }

    #[test]
    fn winning_moves_from_huge_heaps_are_legal_and_leave_zero(
        digits in prop_oneof![
            Just(vec![7, 7]),
            Just(vec![0, 7]),
            Just(vec![1, 3, 7]),
            random_digits(),
        ],
        huge in proptest::collection::vec(999_999_999_999_000_000u64..=u64::MAX, 1..=2),
    ) {
        let game = OctalGame::with_bound(&code(&digits), BOUND);
        prop_assume!(game.is_ok());
        let game = game.unwrap();
        let (start, period) = game.period();
        // A small heap of every value beside the huge ones: a move in a huge heap must
        // reach each value the small heap can have.
        for small in 0..(start + 2 * period).min(300) {
            let heaps = [huge.clone(), vec![small]].concat();
            let sum = heaps.iter().fold(0, |sum, &h| sum ^ game.grundy(h));
            let found = game.winning_move(&heaps);
            prop_assert_eq!(found.is_some(), sum != 0, "{:?}", heaps);
            if let Some(Move { heap, take, left: (a, b) }) = found {
                let n = heaps[heap];
                // Legal by the rules: the digit of `take` allows leaving none, one or two.
                let d = digits.get(take as usize - 1).copied().unwrap_or(0);
                let legal = match (a, b) {
                    (0, 0) => d & 1 != 0 && n == take,
                    (0, b) => d & 2 != 0 && b == n - take,
                    (a, b) => d & 4 != 0 && 1 <= a && a <= b && a + b == n - take,
                };
                prop_assert!(legal, "{:?} from {:?}", found, heaps);
                let left = sum ^ game.grundy(n) ^ game.grundy(a) ^ game.grundy(b);
                prop_assert_eq!(left, 0, "{:?} from {:?}", found, heaps);
            }
        }
    }
}

#[test]
fn named_games_match_a_plain_table() {
    // Kayles, Dawson's Kayles, Dawson's chess, and the subtraction game "take 1 to 3".
    for digits in [vec![7, 7], vec![0, 7], vec![1, 3, 7], vec![3, 3, 3]] {
        let game = OctalGame::new(&code(&digits)).unwrap();
        check_against_table(&game, &digits).unwrap();
    }
}

#[test]
fn published_periods() {
    // Winning Ways: Kayles' values repeat every 12 heaps from 71; Dawson's chess, every 34
    // from 52; Dawson's Kayles is Dawson's chess one token later.
    assert_eq!(OctalGame::new("0.77").unwrap().period(), (71, 12));
    assert_eq!(OctalGame::new(".137").unwrap().period(), (52, 34));
    assert_eq!(OctalGame::new("0.070").unwrap().period(), (53, 34));
}

#[test]
fn values_of_games_without_a_known_period_match_a_plain_table() {
    // 0.6 and 0.767 have no period known; their values pass 64 (sets of several words).
    for digits in [vec![6], vec![7, 6, 7]] {
        let values = grundy_values(&code(&digits), 3000).unwrap();
        assert_eq!(values, plain_values(&digits, 3000), "{}", code(&digits));
        assert!(values.iter().any(|&g| g >= 64));
    }
}

/// Every malformed code is an error that quotes it, never a panic.
#[test]
fn malformed_codes_are_errors() {
    for code in [
        "0.78", "4.07", "0.", ".", "", "0.7 ", "07", "0,7", "0.-1", "0.７",
    ] {
        let expected = format!("expected an octal code 0.d1d2.. of digits 0 to 7, found {code:?}");
        let err = OctalGame::new(code).unwrap_err();
        assert_eq!(err.to_string(), expected);
        assert_eq!(grundy_values(code, 10).unwrap_err().to_string(), expected);
        assert_eq!(
            OctalGame::with_bound(code, 0).unwrap_err().to_string(),
            expected
        );
    }
    // A code read from input: the error on its line.
    let mut rd = combgames::io::Reader::new(&b"2\n0.07 0.9\n"[..]);
    rd.u64("n").unwrap();
    assert!(OctalGame::new(std::str::from_utf8(rd.token("a code").unwrap()).unwrap()).is_ok());
    let code = std::str::from_utf8(rd.token("a code").unwrap())
        .unwrap()
        .to_string();
    let err = OctalGame::new(&code).map_err(|e| rd.place(e)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2: expected an octal code 0.d1d2.. of digits 0 to 7, found \"0.9\""
    );
}

/// 0.16's period, found by Gangolli and Plambeck (1989): 149,459 from heap 105,351, proved
/// from 2^19 heaps. Slow (two to three minutes): `cargo test --test props -- --ignored
/// sixteen`.
#[test]
#[ignore]
fn sixteen_has_its_published_period() {
    assert!(OctalGame::new("0.16").is_err());
    let game = OctalGame::with_bound("0.16", 1 << 19).unwrap();
    assert_eq!(game.period(), (105_351, 149_459));
}
