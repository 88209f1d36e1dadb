//! Flat indices of intervals and rectangles, shorter ones first, for memo tables keyed by
//! them.
//!
//! A game that splits a rectangle into smaller ones can keep one value per rectangle in a
//! flat `Vec` indexed by [`Rects::index`], and fill it in index order: every rectangle comes
//! after the rectangles it contains.
//! Layer 1: uses `errors`.

use crate::errors::{self, error};
use std::ops::Range;

/// The intervals `start..end` of `0..n`, empty ones included, numbered by length first.
///
/// Interval `start..end` has index `offset(end - start) + start`, where `offset(l)` counts
/// the intervals shorter than `l`; so an interval comes after every shorter one, and in
/// particular after every interval it strictly contains. The `n + 1` empty intervals come
/// first.
#[derive(Clone, Debug)]
pub struct Intervals {
    n: usize,
    /// `bounds[i]` is (start, end) of interval `i`, for [`Intervals::range`].
    bounds: Vec<(usize, usize)>,
}

impl Intervals {
    /// The intervals of `0..n`.
    ///
    /// # Complexity
    /// O(n^2) time and memory, for the inverse [`Intervals::range`].
    ///
    /// ```
    /// use combgames::rect::Intervals;
    /// let iv = Intervals::new(2);
    /// // 0..0, 1..1, 2..2, then 0..1, 1..2, then 0..2.
    /// assert_eq!(iv.len(), 6);
    /// assert_eq!(iv.index(1..2), 4);
    /// assert_eq!(iv.range(5), 0..2);
    /// ```
    pub fn new(n: usize) -> Self {
        let mut bounds = Vec::with_capacity((n + 1) * (n + 2) / 2);
        for len in 0..=n {
            bounds.extend((0..=n - len).map(|start| (start, start + len)));
        }
        Intervals { n, bounds }
    }

    /// The number of intervals, `(n + 1) (n + 2) / 2`.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.bounds.len()
    }

    /// Whether there are no intervals; never, as `0..0` is always one.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.bounds.is_empty()
    }

    /// The index of `range`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `range.start > range.end` or `range.end > n`: [`Intervals::try_index`] says so
    /// instead.
    #[inline]
    pub fn index(&self, range: Range<usize>) -> usize {
        assert!(
            range.start <= range.end && range.end <= self.n,
            "{range:?} is not an interval of 0..{}",
            self.n
        );
        let len = range.end - range.start;
        // Lengths 0..len have n + 1, n, ..., n + 2 - len intervals.
        len * (self.n + 1) - (len * len - len) / 2 + range.start
    }

    /// As [`Intervals::index`], for a range read from input: an error if it is not an
    /// interval of `0..n`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Errors
    /// A rule error (as `io::error` makes), if `range.start > range.end` or `range.end > n`.
    ///
    /// ```
    /// use combgames::rect::Intervals;
    /// let iv = Intervals::new(3);
    /// assert_eq!(iv.try_index(1..2).unwrap(), iv.index(1..2));
    /// let err = iv.try_index(2..4).unwrap_err().to_string();
    /// assert_eq!(err, "expected an interval of 0..3, found 2..4");
    /// ```
    pub fn try_index(&self, range: Range<usize>) -> errors::Result<usize> {
        match range.start <= range.end && range.end <= self.n {
            true => Ok(self.index(range)),
            false => Err(error(
                &format!("an interval of 0..{}", self.n),
                format!("{range:?}"),
            )),
        }
    }

    /// The interval with index `index` as `(start, end)`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `index >= self.len()`.
    #[inline]
    pub fn bounds(&self, index: usize) -> (usize, usize) {
        self.bounds[index]
    }

    /// The interval with index `index`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `index >= self.len()`.
    pub fn range(&self, index: usize) -> Range<usize> {
        let (start, end) = self.bounds[index];
        start..end
    }
}

/// The rectangles `rows x cols` of an `height x width` grid, empty ones included: a pair of
/// [`Intervals`], with index `row index * column intervals + column index`.
///
/// A rectangle comes after every rectangle it strictly contains: fewer rows means an earlier
/// row interval, and the same rows with fewer columns an earlier column interval.
#[derive(Clone, Debug)]
pub struct Rects {
    rows: Intervals,
    cols: Intervals,
}

impl Rects {
    /// The rectangles of a `height x width` grid.
    ///
    /// # Complexity
    /// O(height^2 + width^2).
    ///
    /// ```
    /// use combgames::rect::Rects;
    /// let rects = Rects::new(2, 3);
    /// assert_eq!(rects.len(), 6 * 10);
    /// let i = rects.index(0..1, 1..3);
    /// assert_eq!(rects.rect(i), (0..1, 1..3));
    /// assert!(rects.index(0..1, 1..2) < i && i < rects.index(0..2, 1..3));
    /// ```
    pub fn new(height: usize, width: usize) -> Self {
        Rects {
            rows: Intervals::new(height),
            cols: Intervals::new(width),
        }
    }

    /// The number of rectangles: a memo table's length.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.rows.len() * self.cols.len()
    }

    /// Whether there are no rectangles; never, as the empty one is always there.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The row intervals.
    ///
    /// # Complexity
    /// O(1).
    pub fn rows(&self) -> &Intervals {
        &self.rows
    }

    /// The column intervals.
    ///
    /// # Complexity
    /// O(1).
    pub fn cols(&self) -> &Intervals {
        &self.cols
    }

    /// The index of rectangle `rows x cols`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If either range is not an interval of its side: [`Rects::try_index`] says so instead.
    #[inline]
    pub fn index(&self, rows: Range<usize>, cols: Range<usize>) -> usize {
        self.rows.index(rows) * self.cols.len() + self.cols.index(cols)
    }

    /// As [`Rects::index`], for ranges read from input: an error if either is not an
    /// interval of its side.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Errors
    /// As [`Intervals::try_index`], for the rows or the columns.
    pub fn try_index(&self, rows: Range<usize>, cols: Range<usize>) -> errors::Result<usize> {
        Ok(self.rows.try_index(rows)? * self.cols.len() + self.cols.try_index(cols)?)
    }

    /// The rectangle `(rows, cols)` with index `index`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `index >= self.len()`.
    pub fn rect(&self, index: usize) -> (Range<usize>, Range<usize>) {
        let per_row = self.cols.len();
        (
            self.rows.range(index / per_row),
            self.cols.range(index % per_row),
        )
    }
}
