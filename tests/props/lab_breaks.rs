//! Take-and-break games (`lab::rules::TakeBreak`) and their theorems (`lab::breaks`): the
//! values against a plain recursion of this file's own; Guy and Smith's period, with the
//! bound each condition on the parts needs, and the arithmetic-periodicity test, each proved
//! where its conditions hold, refused where they fail, and never claimed where a longer
//! plain table shows the pattern break.

use lab::breaks::{self, grundy_values};
use lab::patterns::{find, Finding};
use lab::periods::{find_arithmetic, Arithmetic, Period};
use lab::rules::{Family, Heap, Moves, Parts, TakeBreak};
use lab::tables::{Table, Values};
use proptest::collection::vec;
use proptest::prelude::*;

/// The values of heaps `0..len` of the game that takes `k` leaving what `bits(k)` allows
/// (1 nothing, 2 one heap, 4 two heaps of at least `least`, unequal if `unequal`): the
/// definition, a mex over every option, written apart from the lab's.
fn plain(len: usize, bits: impl Fn(usize) -> u8, least: usize, unequal: bool) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let mut options = Vec::new();
        for k in 0..=n {
            let (d, rest) = (bits(k), n - k);
            if k > 0 && d & 1 != 0 && rest == 0 {
                options.push(0);
            }
            if k > 0 && d & 2 != 0 && rest > 0 {
                options.push(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    let b = rest - a;
                    if a <= b && a >= least && !(unequal && a == b) {
                        options.push(g[a] ^ g[b]);
                    }
                }
            }
        }
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

/// `plain` for `game`.
pub(crate) fn plain_of(game: &TakeBreak, len: usize) -> Vec<u32> {
    let bits = |k: usize| {
        let listed = game.takes.iter().filter(|&&(c, _)| c as usize == k);
        let tail = game.from.filter(|&(c, _)| k >= c as usize && k > 0);
        listed.chain(tail.iter()).fold(0, |d, &(_, b)| d | b)
    };
    plain(len, bits, game.parts.least as usize, game.parts.unequal)
}

/// A game declaring itself: its moves are the family's.
struct Declared(TakeBreak);

impl Heap for Declared {
    fn moves(&self, n: u64, to: &mut Moves) {
        self.0.moves(n, to)
    }

    fn family(&self) -> Family {
        Family::TakeBreak(self.0.clone())
    }
}

/// Random take-and-break games: counts 0 to 5 (0 only splitting), a tail from 1 to 6 or
/// none, parts of least size 1 to 3, unequal or not.
fn games(tail: bool) -> impl Strategy<Value = TakeBreak> {
    let take = (0u64..6, 1u8..8).prop_map(|(k, bits)| (k, if k == 0 { 4 } else { bits }));
    let from = (1u64..7, 1u8..4).prop_map(Some);
    let from = if tail {
        from.boxed()
    } else {
        Just(None).boxed()
    };
    (vec(take, 1..4), from, 1u64..4, any::<bool>()).prop_map(|(takes, from, least, unequal)| {
        TakeBreak {
            takes,
            from,
            parts: Parts { least, unequal },
        }
    })
}

/// The finding whose first line starts with `head`, which must be there.
fn finding<'a>(found: &'a [Finding], head: &str) -> &'a Finding {
    let heads: Vec<&str> = found.iter().map(|f| f.headline.as_str()).collect();
    let hit = found.iter().find(|f| f.headline.starts_with(head));
    hit.unwrap_or_else(|| panic!("no finding {head:?} among {heads:?}"))
}

/// Whether `g(n + p) = g(n)` for every `n >= start` of `values`.
fn repeats(values: &[u32], Period { start, period }: Period) -> bool {
    (start..values.len() - period).all(|n| values[n + period] == values[n])
}

proptest! {
    #![proptest_config(common::cases(200))]

    #[test]
    fn values_match_a_plain_recursion(game in games(true).prop_union(games(false))) {
        let values = grundy_values(&game, 60);
        prop_assert_eq!(&values, &plain_of(&game, 60));
        // The family, declared, lists the moves the rules list.
        let table = Table::heaps(&Declared(game), 60, Values::Grundy).unwrap();
        prop_assert_eq!(table.values(), &values[..]);
    }
}

proptest! {
    #![proptest_config(common::cases(64))]

    #[test]
    fn a_proved_period_holds_far_past_the_table(game in games(false), len in 20usize..300) {
        let values = grundy_values(&game, len);
        if let Ok((period, line)) = breaks::period(&values, &game) {
            prop_assert!(line.starts_with("Guy-Smith: "), "{}", line);
            prop_assert!(repeats(&plain_of(&game, 4 * len), period), "{:?} {:?}", game, period);
        }
    }

    #[test]
    fn a_proved_arithmetic_period_holds_far_past_the_table(
        game in games(true),
        len in 40usize..200,
    ) {
        let values = grundy_values(&game, len);
        let found = match find_arithmetic(&values) {
            Some(found) => found,
            None => return Ok(()),
        };
        if let Ok((Arithmetic { start, period, saltus }, _)) =
            breaks::arithmetic(&values, &game, found)
        {
            let far = plain_of(&game, 3 * len);
            let climbs = (start..far.len() - period)
                .all(|n| u64::from(far[n + period]) == u64::from(far[n]) + saltus);
            prop_assert!(climbs, "{:?} {:?}", game, found);
        }
    }
}

#[test]
fn unequal_parts_need_a_period_more_than_an_octal_game() {
    // Take 1 or 2 leaving a heap; take 3 leaving a heap or two unequal ones.
    let game = TakeBreak {
        takes: vec![(1, 2), (2, 2), (3, 6)],
        from: None,
        parts: Parts::UNEQUAL,
    };
    let far = plain_of(&game, 2000);
    // On 20 values, period 5 holds from 2 over the octal range 2 <= n < 2 * 2 + 5 + 3...
    let short = &far[..20];
    assert!((2..12).all(|n| short[n + 5] == short[n]));
    // ...but the values break it further on: the bound of unequal parts is needed.
    assert!(!repeats(
        &far,
        Period {
            start: 2,
            period: 5
        }
    ));
    assert!(breaks::period(short, &game).is_err());
    // With parts any, the same counts are periodic, and the octal range proves it.
    let any = TakeBreak {
        parts: Parts::ANY,
        ..game
    };
    let far = plain_of(&any, 2000);
    let (period, line) = breaks::period(&far[..1000], &any).unwrap();
    assert!(repeats(&far, period), "{period:?}");
    assert!(line.contains("parts any"), "{line}");
}

/// The game of the issue: take 3 as a whole heap, or take 3 and split the rest into two
/// unequal heaps ("0.005" with unequal parts): a preperiod and a period both over 100.
fn take_three_split_unequal() -> TakeBreak {
    TakeBreak {
        takes: vec![(3, 5)],
        from: None,
        parts: Parts::UNEQUAL,
    }
}

#[test]
fn take_three_or_split_unequally_is_periodic_from_179_with_period_152() {
    let game = take_three_split_unequal();
    let far = plain_of(&game, 3000);
    let truth = Period {
        start: 179,
        period: 152,
    };
    assert!(repeats(&far, truth) && far[178] != far[178 + 152]);
    // Declared, on a table the certificate fits: 2 * 179 + 2 * 152 + 3 = 665, and a period
    // more to read, 817 values.
    let table = Table::heaps(&Declared(game.clone()), 1000, Values::Grundy).unwrap();
    let found = find(&table);
    let periodic = finding(&found, "periodic: start 179, period 152");
    let proof = periodic.proof.as_ref().expect("proved");
    assert!(proof[0].starts_with("Guy-Smith: g(n + 152) = g(n) for 179 <= n < 665"));
    // Undeclared, the same values, which hold where checked: what is left is said.
    let undeclared = |n: u64, to: &mut Moves| game.moves(n, to);
    let table = Table::heaps(&undeclared, 1000, Values::Grundy).unwrap();
    let found = find(&table);
    let periodic = finding(&found, "periodic: start 179, period 152");
    assert!(periodic.proof.is_none());
    assert!(periodic
        .notes
        .iter()
        .any(|n| n.contains("no family declared")));
    // Declared, on a table too short: no period claimed, and the length the certificate
    // needs said plainly, with no tail period hinted.
    let table = Table::heaps(&Declared(game), 600, Values::Grundy).unwrap();
    let found = find(&table);
    let none = finding(&found, "none up to 600");
    let need = "not proved: the declared game's own values, computed past the table, repeat \
                with period 152 from 179, which Guy and Smith's certificate proves from the \
                values of 817 heaps: explore 817 heaps or more";
    assert!(none.notes.iter().any(|n| n == need), "{none:?}");
    assert!(!none.notes.iter().any(|n| n.starts_with("the values from")));
}

#[test]
fn parts_of_at_least_two_take_their_bound() {
    // Take 1 leaving a heap, or take 2 and split the rest into two heaps of 2 or more.
    let game = TakeBreak {
        takes: vec![(1, 2), (2, 4)],
        from: None,
        parts: Parts {
            least: 2,
            unequal: false,
        },
    };
    let far = plain_of(&game, 3000);
    let (period, line) = breaks::period(&far[..1500], &game).unwrap();
    assert!(repeats(&far, period), "{period:?}");
    assert!(line.contains("parts at least 2"), "{line}");
    // With the certificate one value short, refused.
    let Period { start, period: p } = period;
    let needs = 2 * start.max(2) + 2 * p + 2;
    assert!(breaks::period(&far[..needs], &game).is_ok());
    assert!(breaks::period(&far[..needs - 1], &game).is_err());
}

#[test]
fn octal_codes_are_take_and_break_games_proved_by_the_same_certificate() {
    // Kayles (0.77): period 12 from 71, as the library's OctalGame says.
    let kayles = combgames::octal::OctalGame::new("0.77").unwrap();
    assert_eq!(kayles.period(), (71, 12));
    let game = TakeBreak::octal("0.77").unwrap();
    let values = grundy_values(&game, 400);
    assert_eq!(values, plain_of(&game, 400));
    let (period, line) = breaks::period(&values, &game).unwrap();
    assert_eq!(
        period,
        Period {
            start: 71,
            period: 12
        }
    );
    assert!(line.contains("parts any"), "{line}");
    // A game of counts without a largest: no Guy-Smith bound.
    let nim = TakeBreak {
        takes: vec![],
        from: Some((1, 3)),
        parts: Parts::ANY,
    };
    let why = breaks::period(&grundy_values(&nim, 100), &nim).unwrap_err();
    assert!(why.contains("needs a largest count"), "{why}");
}

/// Lasker's Nim: take any number, or split a heap into two.
fn lasker() -> TakeBreak {
    TakeBreak {
        takes: vec![(0, 4)],
        from: Some((1, 3)),
        parts: Parts::ANY,
    }
}

#[test]
fn lasker_nim_declared_is_proved_arithmetic_periodic() {
    let table = Table::heaps(&Declared(lasker()), 300, Values::Grundy).unwrap();
    assert_eq!(table.values(), plain_of(&lasker(), 300));
    let found = find(&table);
    let climb = finding(&found, "arithmetic-periodic: start 1, period 4, saltus 4");
    let proof = climb.proof.as_ref().expect("proved");
    assert!(proof[0].starts_with("arithmetic periodicity (the lab's finite test"));
}

#[test]
fn splitting_or_taking_any_number_but_two_climbs_4_every_8_proved() {
    // Split a heap into two, or take any number of tokens other than 2.
    let game = TakeBreak {
        takes: vec![(0, 4), (1, 3)],
        from: Some((3, 3)),
        parts: Parts::ANY,
    };
    let far = plain_of(&game, 1200);
    let climbs = |start, p, s| (start..far.len() - p).all(|n| far[n + p] == far[n] + s);
    assert!(climbs(1, 8, 4) && !climbs(0, 8, 4));
    let table = Table::heaps(&Declared(game), 400, Values::Grundy).unwrap();
    let found = find(&table);
    let climb = finding(&found, "arithmetic-periodic: start 1, period 8, saltus 4");
    assert!(climb.proof.is_some(), "{climb:?}");
}

#[test]
fn the_arithmetic_test_refuses_where_its_conditions_fail() {
    // Split into two, take 1 whole, take 2 whole or leaving a heap, or any number from 3:
    // arithmetic-periodic as far as tabulated, but two heavy heaps' low bits may match.
    let game = TakeBreak {
        takes: vec![(0, 4), (1, 1), (2, 3)],
        from: Some((3, 3)),
        parts: Parts::ANY,
    };
    let values = grundy_values(&game, 400);
    let found = find_arithmetic(&values).unwrap();
    assert_eq!((found.start, found.period, found.saltus), (1, 8, 4));
    let why = breaks::arithmetic(&values, &game, found).unwrap_err();
    assert!(why.contains("low bits match"), "{why}");
    // A tail that splits, and no tail at all, are not the test's.
    let mut splitting = lasker();
    splitting.from = Some((1, 7));
    let values = grundy_values(&splitting, 200);
    if let Some(found) = find_arithmetic(&values) {
        let why = breaks::arithmetic(&values, &splitting, found).unwrap_err();
        assert!(why.contains("no split after a count unbounded"), "{why}");
    }
    let lasker_values = grundy_values(&lasker(), 200);
    let found = find_arithmetic(&lasker_values).unwrap();
    let octal = TakeBreak::octal("0.77").unwrap();
    assert!(breaks::arithmetic(&lasker_values, &octal, found).is_err());
    // Too few values for the test: its length said.
    let why = breaks::arithmetic(&lasker_values[..12], &lasker(), found).unwrap_err();
    assert_eq!(
        why,
        "the test needs the values of 15 heaps: explore 15 or more"
    );
}

#[test]
fn a_malformed_declaration_is_an_error_naming_it() {
    let malformed = [
        (vec![(0, 2)], None, Parts::ANY, "count 0 with bits 2"),
        (vec![(1, 9)], None, Parts::ANY, "count 1 with bits 9"),
        (vec![(1, 2)], Some((0, 2)), Parts::ANY, "a tail from 0"),
        (
            vec![(1, 4)],
            None,
            Parts {
                least: 0,
                unequal: false,
            },
            "parts of least size 0",
        ),
    ];
    for (takes, from, parts, why) in malformed {
        let game = TakeBreak { takes, from, parts };
        let err = Table::heaps(&Declared(game), 10, Values::Grundy).unwrap_err();
        assert_eq!(err.state, "the declared family");
        assert_eq!(err.why, format!("take-and-break game: {why}"));
    }
}
