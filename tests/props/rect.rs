//! Interval and rectangle indices: a bijection onto 0..len that lists contained ones first.

use combgames::rect::{Intervals, Rects};
use proptest::prelude::*;

/// Every interval start..end of 0..n, in no particular order.
fn all_intervals(n: usize) -> Vec<(usize, usize)> {
    (0..=n)
        .flat_map(|start| (start..=n).map(move |end| (start, end)))
        .collect()
}

#[test]
fn interval_indices_are_a_bijection_with_shorter_first() {
    for n in 0..30 {
        let iv = Intervals::new(n);
        let all = all_intervals(n);
        assert_eq!(iv.len(), all.len());
        let mut seen = vec![false; iv.len()];
        for &(start, end) in &all {
            let i = iv.index(start..end);
            assert!(!seen[i], "n {n}: index {i} twice");
            seen[i] = true;
            assert_eq!(iv.range(i), start..end);
            assert_eq!(iv.bounds(i), (start, end));
            for &(s2, e2) in &all {
                if e2 - s2 < end - start {
                    assert!(
                        iv.index(s2..e2) < i,
                        "n {n}: {s2}..{e2} after {start}..{end}"
                    );
                }
            }
        }
    }
}

proptest! {
    #[test]
    fn rectangles_come_after_the_rectangles_they_contain(
        height in 0usize..12,
        width in 0usize..12,
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 8),
    ) {
        let rects = Rects::new(height, width);
        let rows = all_intervals(height);
        let cols = all_intervals(width);
        prop_assert_eq!(rects.len(), rows.len() * cols.len());
        let pick = |list: &[(usize, usize)], k: usize| list[picks[k].index(list.len())];
        let (r1, r2) = pick(&rows, 0);
        let (c1, c2) = pick(&cols, 1);
        let outer = rects.index(r1..r2, c1..c2);
        prop_assert_eq!(rects.rect(outer), (r1..r2, c1..c2));
        // A sub-rectangle: shrink each interval by a random amount at each end.
        let shrink = |(a, b): (usize, usize), k: usize| {
            let a2 = a + picks[k].index(b - a + 1);
            let b2 = b - picks[k + 1].index(b - a2 + 1);
            (a2, b2)
        };
        let (s1, s2) = shrink((r1, r2), 2);
        let (t1, t2) = shrink((c1, c2), 4);
        let inner = rects.index(s1..s2, t1..t2);
        prop_assert_eq!(rects.rect(inner), (s1..s2, t1..t2));
        if (s1, s2, t1, t2) != (r1, r2, c1, c2) {
            prop_assert!(inner < outer, "{:?} not before {:?}", (s1, s2, t1, t2), (r1, r2, c1, c2));
        }
    }

    #[test]
    fn rectangle_indices_are_a_bijection(height in 0usize..8, width in 0usize..8) {
        let rects = Rects::new(height, width);
        let mut seen = vec![false; rects.len()];
        for (r1, r2) in all_intervals(height) {
            for (c1, c2) in all_intervals(width) {
                let i = rects.index(r1..r2, c1..c2);
                prop_assert!(!seen[i]);
                seen[i] = true;
                prop_assert_eq!(rects.rect(i), (r1..r2, c1..c2));
            }
        }
    }
}

#[test]
#[should_panic(expected = "is not an interval of 0..3")]
fn an_interval_past_the_end_is_refused() {
    Intervals::new(3).index(2..4);
}

/// Ranges read from input: an error that quotes them, never a panic.
#[test]
fn ranges_out_of_place_are_errors() {
    let iv = Intervals::new(3);
    // 3..2 and 2..1 as a reader would make them, from two numbers.
    let span = |start: usize, end: usize| start..end;
    for range in [2..4, span(3, 2), 0..5, 4..4] {
        let err = iv.try_index(range.clone()).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("expected an interval of 0..3, found {range:?}")
        );
    }
    let rects = Rects::new(2, 3);
    assert_eq!(
        rects.try_index(0..2, 1..3).unwrap(),
        rects.index(0..2, 1..3)
    );
    let err = rects.try_index(0..3, 1..3).unwrap_err().to_string();
    assert_eq!(err, "expected an interval of 0..2, found 0..3");
    let err = rects.try_index(0..2, span(2, 1)).unwrap_err().to_string();
    assert_eq!(err, "expected an interval of 0..3, found 2..1");
}
