//! The lab on games built from their rules, each pattern proved by hand here (a theorem's
//! hypothesis checked on a plain table of this file's own, or a closed form known to be
//! right): the lab must find it, with its parameters, say "proved" exactly where a
//! declared family's theorem applies, and print code that gives the values. And three
//! games with no known pattern, where it must say "none".

use combgames::subtraction::SubtractionGame;
use lab::patterns::{find, Finding};
use lab::rules::{Family, Heap, Moves, Residues};
use lab::tables::{Table, Values};
use lab::verify::assert_formula;

/// The finding whose first line starts with `head`, which must be there.
fn finding<'a>(found: &'a [Finding], head: &str) -> &'a Finding {
    let heads: Vec<&str> = found.iter().map(|f| f.headline.as_str()).collect();
    let hit = found.iter().find(|f| f.headline.starts_with(head));
    hit.unwrap_or_else(|| panic!("no finding {head:?} among {heads:?}"))
}

/// The values of heaps `0..len` by the mex over options listed by `options`, each the
/// XOR of its parts: this file's own plain table.
fn plain(len: usize, options: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let values: Vec<u32> = (options(n).iter())
            .map(|parts| parts.iter().fold(0, |x, &p| x ^ g[p]))
            .collect();
        g.push((0..).find(|v| !values.contains(v)).unwrap());
    }
    g
}

/// Kayles: knock down one pin or two adjacent ones, leaving two rows; `declared` says it is
/// the octal game 0.77.
struct Kayles {
    declared: bool,
}

impl Heap for Kayles {
    fn moves(&self, n: u64, to: &mut Moves) {
        for take in 1..=n.min(2) {
            (0..=(n - take) / 2).for_each(|left| to.sum(&[left, n - take - left]));
        }
    }

    fn family(&self) -> Family {
        match self.declared {
            true => Family::Octal("0.77".into()),
            false => Family::Unknown,
        }
    }
}

#[test]
fn kayles_is_periodic_from_71_with_period_12_and_proved_when_declared_octal() {
    // By hand: Guy and Smith's hypothesis, g(n + 12) = g(n) for 71 <= n < 2 * 71 + 12 + 2,
    // on a plain table, and no period from 70.
    let table = plain(1000, |n| {
        let splits = |take: usize| (0..=n - take).map(move |l| vec![l, n - take - l]);
        (1..=n.min(2)).flat_map(splits).collect()
    });
    assert!((71..156).all(|n| table[n + 12] == table[n]) && table[70] != table[82]);
    for declared in [false, true] {
        let kayles = Table::heaps(&Kayles { declared }, 1000, Values::Grundy).unwrap();
        assert_eq!(kayles.values(), table);
        let found = find(&kayles);
        let periodic = finding(&found, "periodic: start 71, period 12");
        assert_eq!(periodic.proof.is_some(), declared, "{periodic:?}");
        if declared {
            assert!(periodic.proof.as_ref().unwrap()[0].starts_with("Guy-Smith: "));
        }
        // The code: the 83 values to the end of the first period, a line of digits; pasted
        // here.
        let printed = "|n: u64| {\n    const VALUES: &[u8] = b\"\\\n        \
            01231432142641271432146741285472186741231472182741281472142741281472186741281472182\
            \";\n    let n = if n < 71 { n } else { 71 + (n - 71) % 12 };\n    \
            u32::from(VALUES[n as usize] - b'0')\n}";
        assert_eq!(periodic.code[0], printed);
        let g = |n: u64| {
            const VALUES: &[u8] = b"\
                01231432142641271432146741285472186741231472182741281472142741281472186741281472182";
            let n = if n < 71 { n } else { 71 + (n - 71) % 12 };
            u32::from(VALUES[n as usize] - b'0')
        };
        assert_formula(kayles.values(), g);
    }
}

/// Lasker's Nim: take any number from a heap, or split it into two non-empty heaps.
fn lasker(n: u64, to: &mut Moves) {
    (0..n).for_each(|m| to.heap(m));
    (1..=n / 2).for_each(|a| to.sum(&[a, n - a]));
}

#[test]
fn lasker_nim_is_arithmetic_periodic_from_1_with_period_4_and_saltus_4() {
    // By hand (Winning Ways): g(4k + 1) = 4k + 1, g(4k + 2) = 4k + 2, g(4k + 3) = 4k + 4,
    // g(4k + 4) = 4k + 3; g(0) = 0, so the climb starts at 1.
    let closed = |n: u64| match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    };
    let table = Table::heaps(&lasker, 400, Values::Grundy).unwrap();
    assert_formula(table.values(), closed);
    let found = find(&table);
    let climb = finding(&found, "arithmetic-periodic: start 1, period 4, saltus 4");
    // The code printed, pasted here.
    let code = |n: u64| {
        let k = n.saturating_sub(1) / 4;
        let n = n - k * 4;
        [0u64, 1, 2, 4, 3][n as usize] + k * 4
    };
    let printed = "|n: u64| {\n    let k = n.saturating_sub(1) / 4;\n    let n = n - k * 4;\n    \
                   [0u64, 1, 2, 4, 3][n as usize] + k * 4\n}";
    assert_eq!(climb.code[0], printed);
    assert_formula(table.values(), code);
    for n in [999_999_999_999_999_999, 1_000_000_000_000_000_000, 7 << 58] {
        assert_eq!(code(n), closed(n), "{n}");
    }
    assert!(!found.iter().any(|f| f.headline.starts_with("periodic")));
}

#[test]
fn subtract_a_proper_divisor_is_the_2_adic_valuation() {
    // By hand: an odd n has only odd divisors, so every move leaves an even heap; from
    // n = 2^k m (m odd) the divisors 2^j d (j < k, d | m) leave values v2 = j, each j < k
    // reached (d = 1), and no divisor leaves v2 = k: n - 2^k d = 2^k (m - d), m - d even.
    let divisor =
        |n: u64, to: &mut Moves| (1..n).filter(|d| n % d == 0).for_each(|d| to.heap(n - d));
    let table = Table::heaps(&divisor, 3000, Values::Grundy).unwrap();
    assert_formula(&table.values()[1..], |n| (n + 1).trailing_zeros());
    let found = find(&table);
    let v2 = finding(&found, "formula: g(n) = v2(n)");
    assert_eq!(v2.headline, "formula: g(n) = v2(n)");
    assert!(v2.notes.contains(&"g(0) = 0, apart".to_string()), "{v2:?}");
    assert_eq!(
        v2.code[0],
        "|n: u64| {\n    if n == 0 {\n        return 0;\n    }\n    u64::from(n.trailing_zeros())\n}"
    );
    assert_formula(table.values(), |n: u64| {
        if n == 0 {
            return 0;
        }
        u64::from(n.trailing_zeros())
    });
    // The P-positions are then the odd heaps, and 0.
    let lost = finding(&found, "p-positions: start 1, period 2, residues 1");
    let is_p = "let is_p = |n: u64| {\n    let n = if n < 1 { n } else { 1 + (n - 1) % 2 };\n    \
                [0u64, 1].contains(&n)\n};";
    assert_eq!(lost.code, [is_p]);
    assert_eq!(found.len(), 2, "{found:?}");
}

/// A subtraction game whose moves are `moves`, declared as such.
struct Subtract(Vec<u64>);

impl Heap for Subtract {
    fn moves(&self, n: u64, to: &mut Moves) {
        self.0
            .iter()
            .filter(|&&s| s <= n)
            .for_each(|&s| to.heap(n - s));
    }

    fn family(&self) -> Family {
        Family::Subtraction(self.0.clone())
    }
}

#[test]
fn a_finite_subtraction_game_is_proved_by_its_window() {
    // By hand (the published period): take 1, 3 or 4 gives 0 1 0 1 2 3 2 again and again.
    let table = Table::heaps(&Subtract(vec![1, 3, 4]), 500, Values::Grundy).unwrap();
    assert_formula(table.values(), |n| {
        [0u32, 1, 0, 1, 2, 3, 2][(n % 7) as usize]
    });
    let found = find(&table);
    let periodic = finding(&found, "periodic: start 0, period 7");
    let proof = periodic.proof.as_ref().expect("proved");
    assert!(proof[0].starts_with("window: g(n + 7) = g(n) for the 4 heaps n = 0 .. 3"));
    // Misère play (the last to move loses): the window proves it too, and take 1 or 2
    // leaves the P-positions 1 mod 3.
    let misere = Table::heaps(&Subtract(vec![1, 2]), 300, Values::Misere).unwrap();
    assert_formula(misere.values(), |n| n % 3 != 1);
    let found = find(&misere);
    assert!(finding(&found, "periodic: start 0, period 3")
        .proof
        .is_some());
    // A table too short for a window of 40 values: not proved, and told why.
    let long = Table::heaps(&Subtract(vec![1, 40]), 60, Values::Grundy).unwrap();
    let found = find(&long);
    let notes: Vec<&String> = found.iter().flat_map(|f| &f.notes).collect();
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("not proved: no window of 40 values")),
        "{found:?}"
    );
}

/// Subtract a power of two; `from_four` leaves out 2, and `with_classes` declares the
/// moves from 4 on 4 or 8 modulo 12.
struct Powers {
    from_four: bool,
}

fn power_of_two(s: u64) -> bool {
    s.is_power_of_two()
}

fn one_or_four_on(s: u64) -> bool {
    s == 1 || s >= 4 && s.is_power_of_two()
}

impl Heap for Powers {
    fn moves(&self, n: u64, to: &mut Moves) {
        let moves = (0..63).map(|k| 1u64 << k).take_while(|&s| s <= n);
        moves
            .filter(|&s| !self.from_four || s != 2)
            .for_each(|s| to.heap(n - s));
    }

    fn family(&self) -> Family {
        Family::Residues(Residues {
            is_move: if self.from_four {
                one_or_four_on
            } else {
                power_of_two
            },
            from: 4,
            modulus: 12,
            classes: vec![4, 8],
        })
    }
}

#[test]
fn subtracting_powers_of_two_is_proved_by_the_residue_check() {
    // By hand: 2^k is 4 or 8 modulo 12 from 4 on (0 mod 4, 1 or 2 mod 3). All powers of two:
    // every move is 1 or 2 mod 3, and 1 and 2 are moves, so g(n) = n mod 3 by induction.
    let table = Table::heaps(&Powers { from_four: false }, 2000, Values::Grundy).unwrap();
    assert_formula(table.values(), |n| n % 3);
    let found = find(&table);
    let periodic = finding(&found, "periodic: start 0, period 3");
    let proof = periodic.proof.as_ref().expect("proved");
    assert!(proof[0].starts_with("residues: the moves from 4 on are [4, 8] modulo 12"));
    // 1 and the powers from 4: the options of n are those of take 1, 4 or 8 (a move 4 mod
    // 12 leaves the value of n - 4, 8 mod 12 of n - 8), so the values are that game's.
    let table = Table::heaps(&Powers { from_four: true }, 2000, Values::Grundy).unwrap();
    let take = SubtractionGame::new(&[1, 4, 8]);
    assert_eq!(take.period(), (0, 12));
    assert_formula(table.values(), |n| take.grundy(n));
    let found = find(&table);
    let periodic = finding(&found, "periodic: start 0, period 12");
    assert!(periodic.proof.is_some(), "{periodic:?}");
}

#[test]
fn a_wrong_declaration_of_classes_is_not_a_proof() {
    struct Odd;
    impl Heap for Odd {
        fn moves(&self, n: u64, to: &mut Moves) {
            (1..=n).step_by(2).for_each(|s| to.heap(n - s));
        }
        fn family(&self) -> Family {
            let odd = |s: u64| s % 2 == 1;
            Family::Residues(Residues {
                is_move: odd,
                from: 1,
                modulus: 4,
                classes: vec![1],
            })
        }
    }
    // Take an odd number: the values are n mod 2, but 3 is 3 mod 4.
    let table = Table::heaps(&Odd, 300, Values::Grundy).unwrap();
    assert_formula(table.values(), |n| n % 2);
    let found = find(&table);
    let periodic = finding(&found, "periodic: start 0, period 2");
    assert!(periodic.proof.is_none());
    assert!(periodic
        .notes
        .contains(&"not proved: move 3 is 3 modulo 4, not a declared class".into()));
}
