//! Outcome classes of hand-made games, and the graph solver against plain iteration.

use combgames::partizan::{graph_outcomes, Outcome, OutcomeClass, Player};
use proptest::prelude::*;
use std::cmp::Ordering;

/// Builds a game graph from `(left options, right options)` per position.
fn outcomes(positions: &[(&[usize], &[usize])]) -> Vec<Outcome> {
    let left: Vec<Vec<usize>> = positions.iter().map(|p| p.0.to_vec()).collect();
    let right: Vec<Vec<usize>> = positions.iter().map(|p| p.1.to_vec()).collect();
    graph_outcomes(&left, &right)
}

#[test]
fn textbook_games_fall_in_their_classes() {
    // 0 = { | }, 1 = {0 | }, -1 = { | 0}, * = {0 | 0}, 1/2 = {0 | 1}, up = {0 | *},
    // +-1 = {1 | -1}, on = {on | }, off = { | off}, dud = {dud | dud}, {dud | }.
    let games: [(&str, &[usize], &[usize], OutcomeClass); 11] = [
        ("0", &[], &[], OutcomeClass::Previous),
        ("1", &[0], &[], OutcomeClass::Left),
        ("-1", &[], &[0], OutcomeClass::Right),
        ("*", &[0], &[0], OutcomeClass::Next),
        ("1/2", &[0], &[1], OutcomeClass::Left),
        ("up", &[0], &[3], OutcomeClass::Left),
        ("+-1", &[1], &[2], OutcomeClass::Next),
        ("on", &[7], &[], OutcomeClass::Left),
        ("off", &[], &[8], OutcomeClass::Right),
        ("dud", &[9], &[9], OutcomeClass::Other),
        ("{dud|}", &[9], &[], OutcomeClass::Other),
    ];
    let positions: Vec<(&[usize], &[usize])> = games.iter().map(|g| (g.1, g.2)).collect();
    let found = outcomes(&positions);
    for (game, outcome) in games.iter().zip(&found) {
        assert_eq!(outcome.class(), game.3, "{}: {outcome:?}", game.0);
    }
    // {dud | }: Left, starting, can only enter the endless dud; Right, starting, cannot move.
    assert_eq!(
        found[10],
        Outcome {
            left_starts: None,
            right_starts: Some(Player::Left)
        }
    );
}

#[test]
fn the_comparison_with_zero_decides_the_class() {
    let class = |c| Outcome::from_comparison_with_zero(c).class();
    assert_eq!(class(Some(Ordering::Greater)), OutcomeClass::Left);
    assert_eq!(class(Some(Ordering::Less)), OutcomeClass::Right);
    assert_eq!(class(Some(Ordering::Equal)), OutcomeClass::Previous);
    assert_eq!(class(None), OutcomeClass::Next);
}

#[test]
fn every_outcome_has_its_class() {
    use Player::{Left, Right};
    let all = [Some(Left), Some(Right), None];
    for left_starts in all {
        for right_starts in all {
            let class = Outcome {
                left_starts,
                right_starts,
            }
            .class();
            let expected = match (left_starts, right_starts) {
                (Some(a), Some(b)) if a == b && a == Left => OutcomeClass::Left,
                (Some(a), Some(b)) if a == b => OutcomeClass::Right,
                (Some(Left), Some(_)) => OutcomeClass::Next,
                (Some(Right), Some(_)) => OutcomeClass::Previous,
                _ => OutcomeClass::Other,
            };
            assert_eq!(class, expected, "{left_starts:?} {right_starts:?}");
        }
    }
    assert_eq!(Left.other(), Right);
    assert_eq!(Right.other(), Left);
}

/// Plain model: who wins within k moves, for k = 0, 1, 2, ... until nothing changes.
/// `wins[p][s]`: the player to move (s = 0 Left, 1 Right) at p has a forced win.
fn outcomes_by_iteration(left: &[Vec<usize>], right: &[Vec<usize>]) -> Vec<Outcome> {
    let n = left.len();
    let mut wins = vec![[false; 2]; n];
    let mut loses = vec![[false; 2]; n];
    loop {
        let mut changed = false;
        for p in 0..n {
            for (s, options) in [&left[p], &right[p]].into_iter().enumerate() {
                let win = options.iter().any(|&q| loses[q][1 - s]);
                let lose = options.iter().all(|&q| wins[q][1 - s]);
                if win != wins[p][s] || lose != loses[p][s] {
                    wins[p][s] |= win;
                    loses[p][s] |= lose;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let player = |s: usize| if s == 0 { Player::Left } else { Player::Right };
    let winner = |p: usize, s: usize| {
        if wins[p][s] {
            Some(player(s))
        } else if loses[p][s] {
            Some(player(1 - s))
        } else {
            None
        }
    };
    (0..n)
        .map(|p| Outcome {
            left_starts: winner(p, 0),
            right_starts: winner(p, 1),
        })
        .collect()
}

fn random_graph() -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<Vec<usize>>)> {
    (1usize..12).prop_flat_map(|n| {
        let options = proptest::collection::vec(proptest::collection::vec(0..n, 0..4), n);
        (options.clone(), options)
    })
}

proptest! {
    #[test]
    fn graph_outcomes_match_iteration((left, right) in random_graph()) {
        prop_assert_eq!(graph_outcomes(&left, &right), outcomes_by_iteration(&left, &right));
    }

    #[test]
    fn acyclic_graphs_always_have_a_winner((left, right) in random_graph()) {
        // Keep only moves to lower positions: every play ends.
        let down = |lists: &[Vec<usize>]| -> Vec<Vec<usize>> {
            lists.iter().enumerate().map(|(p, l)| l.iter().copied().filter(|&q| q < p).collect()).collect()
        };
        for outcome in graph_outcomes(&down(&left), &down(&right)) {
            prop_assert_ne!(outcome.class(), OutcomeClass::Other);
        }
    }
}

/// Graphs read from input: an error that names the first option out of range.
#[test]
fn options_out_of_range_are_errors() {
    use combgames::partizan::{graph_outcomes, try_graph_outcomes};
    let err = |left: &[Vec<usize>], right: &[Vec<usize>]| {
        try_graph_outcomes(left, right).unwrap_err().to_string()
    };
    let expected = "expected options below 2, found option";
    assert_eq!(
        err(&[vec![], vec![2]], &[vec![], vec![]]),
        format!("{expected} 2 of position 1")
    );
    assert_eq!(
        err(&[vec![], vec![0]], &[vec![5], vec![]]),
        format!("{expected} 5 of position 0")
    );
    let found = "expected as many Right option lists as Left, found 2 and 1";
    assert_eq!(err(&[vec![], vec![0]], &[vec![]]), found);
    assert_eq!(
        err(&[], &[vec![0]]),
        "expected as many Right option lists as Left, found 0 and 1"
    );
    let (left, right) = ([vec![], vec![0, 1]], [vec![], vec![0]]);
    assert_eq!(
        try_graph_outcomes(&left, &right).unwrap(),
        graph_outcomes(&left, &right)
    );
}
