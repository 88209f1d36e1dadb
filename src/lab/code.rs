//! The lab's code to paste: the shapes every code site prints in, so that what a report
//! prints is what `cargo fmt` leaves as it is, and a large table stays a block of digits.
//!
//! Every line is at most [`WIDTH`] columns, so that pasted into a function body (4 columns
//! in) or a method's (8 columns in) it is within rustfmt's 100. A code site prints an
//! expression (a closure, pasted as `let g = ...;`) or statements, in the form rustfmt gives
//! them: a closure on one line only when short, else a block; an `if` on one line only
//! when it is at most 50 columns (rustfmt's `single_line_if_else_max_width`), else on five.
//! A table of values ([`Table`]) is an array literal when short; else a byte string of
//! digits, one a value (or fixed-width numbers and a space each, when a value is above 9),
//! a row of a grid to a line, continued by `\` at the end of the line (which rustfmt never
//! touches: a 33 x 33 block stays 35 lines), decoded by one expression. Nothing printed
//! divides by 1 or multiplies by 1, which clippy refuses (`modulo_one`, `identity_op`).
//! Layer 0: uses no other module.

/// The widest line of code the lab prints.
pub const WIDTH: usize = 92;

/// Rustfmt's widest `if` kept on one line.
const SINGLE_LINE_IF: usize = 50;

/// The widest array literal printed inline.
const INLINE_ARRAY: usize = 40;

/// `lines`, each indented by `by` spaces (empty lines stay empty).
pub(crate) fn indent(lines: &[String], by: usize) -> Vec<String> {
    let pad = " ".repeat(by);
    let line = |l: &String| match l.is_empty() {
        true => String::new(),
        false => format!("{pad}{l}"),
    };
    lines.iter().map(line).collect()
}

/// `head {`, the body indented, `}` and `tail`: a block as rustfmt lays it out.
pub(crate) fn block(head: &str, body: &[String], tail: &str) -> Vec<String> {
    let mut lines = vec![format!("{head} {{")];
    lines.extend(indent(body, 4));
    lines.push(format!("}}{tail}"));
    lines
}

/// `if cond { then } else { other }` as an expression of one line when it is at most 50
/// columns, else as rustfmt breaks it; `lead` goes before it and `tail` after.
pub(crate) fn if_else(lead: &str, cond: &str, then: &str, other: &str, tail: &str) -> Vec<String> {
    let one = format!("if {cond} {{ {then} }} else {{ {other} }}");
    if one.len() <= SINGLE_LINE_IF {
        return vec![format!("{lead}{one}{tail}")];
    }
    vec![
        format!("{lead}if {cond} {{"),
        format!("    {then}"),
        "} else {".to_string(),
        format!("    {other}"),
        format!("}}{tail}"),
    ]
}

/// `let v = ...;`: `v` brought back into `[0, start + period)` by the period, the
/// statement to print. A period of 1 from 0 has none: the caller leaves `v` out.
pub(crate) fn bring_back(v: &str, start: usize, period: usize) -> Vec<String> {
    bring_back_from(v, v, start, period)
}

/// `let v = ...;`: `from` brought back as [`bring_back`] brings `v`.
pub(crate) fn bring_back_from(v: &str, from: &str, start: usize, period: usize) -> Vec<String> {
    let lead = format!("let {v} = ");
    match (start, period) {
        (0, 1) => vec![format!("{lead}0;")],
        (_, 1) => vec![format!("{lead}{from}.min({start});")],
        (0, p) => vec![format!("{lead}{from} % {p};")],
        (s, p) => {
            let other = format!("{s} + ({from} - {s}) % {p}");
            if_else(&lead, &format!("{from} < {s}"), from, &other, ";")
        }
    }
}

/// The sum of `terms` (`(name, factor)`, a factor of 0 leaves the term out) as a `usize`
/// index: `(x * 5 + y) as usize`, `y as usize`, `0`.
pub(crate) fn index(terms: &[(&str, usize)]) -> String {
    let kept: Vec<String> = terms
        .iter()
        .filter(|&&(_, f)| f > 0)
        .map(|&(v, f)| times(v, f))
        .collect();
    match kept.len() {
        0 => "0".to_string(),
        1 if !kept[0].contains(' ') => format!("{} as usize", kept[0]),
        _ => format!("({}) as usize", kept.join(" + ")),
    }
}

/// `a * b` in code, `a` alone when `b` is 1.
pub(crate) fn times(a: &str, b: usize) -> String {
    match b {
        1 => a.to_string(),
        b => format!("{a} * {b}"),
    }
}

/// A table of values in the code: an array literal when short, else a constant byte string.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    name: String,
    ty: &'static str,
    /// The array literal, when printed inline.
    inline: Option<String>,
    /// The digits of each value in the byte string (1: no space between values).
    digits: usize,
    /// The byte string's content, line by line.
    rows: Vec<String>,
}

impl Table {
    /// The table `name` of `values`, of type `ty` (`u32` or `u64`), `row` values to a row
    /// (a grid's row; `values.len()` for a sequence); `grid` keeps it a constant however
    /// small, so that it reads as a picture.
    pub(crate) fn new(
        name: &str,
        values: &[u64],
        row: usize,
        ty: &'static str,
        grid: bool,
    ) -> Table {
        let items: Vec<String> = values.iter().map(u64::to_string).collect();
        let literal = match items.split_first() {
            Some((first, rest)) if !rest.is_empty() => {
                format!("[{first}{ty}, {}]", rest.join(", "))
            }
            Some((first, _)) => format!("[{first}{ty}]"),
            None => format!("[0{ty}; 0]"),
        };
        let inline = (!grid && literal.len() <= INLINE_ARRAY).then_some(literal);
        let digits = items.iter().map(String::len).max().unwrap_or(1);
        let cell = |v: &String| match digits {
            1 => v.clone(),
            d => format!("{v:0>d$} "),
        };
        // A line of the string within the constant: 8 columns in, then `\`.
        let room = WIDTH - 4 - 4 - 1;
        let per_line = (room / (digits + usize::from(digits > 1))).max(1);
        let mut rows = Vec::new();
        for chunk in items.chunks(row.max(1)) {
            for part in chunk.chunks(per_line) {
                rows.push(part.iter().map(cell).collect::<String>());
            }
        }
        if let Some(last) = rows.last_mut() {
            let trimmed = last.trim_end().len();
            last.truncate(trimmed);
        }
        Table {
            name: name.to_string(),
            ty,
            inline,
            digits,
            rows,
        }
    }

    /// The array literal, if it is printed inline.
    pub(crate) fn literal(&self) -> Option<&str> {
        self.inline.as_deref()
    }

    /// The lines that define it (none for an array literal): a constant on one line if it
    /// fits 4 columns in, else a row to a line.
    pub(crate) fn define(&self) -> Vec<String> {
        if self.inline.is_some() {
            return Vec::new();
        }
        let head = format!("const {}: &[u8] = b\"", self.name);
        let one = format!("{head}{}\";", self.rows.concat());
        if one.len() + 4 <= WIDTH {
            return vec![one];
        }
        let mut lines = vec![format!("{head}\\")];
        let last = self.rows.len() - 1;
        for (i, row) in self.rows.iter().enumerate() {
            let end = if i == last { "\";" } else { "\\" };
            lines.push(format!("    {row}{end}"));
        }
        lines
    }

    /// The lines that give the value at `index`, a `usize` expression that needs no
    /// parentheses before `]` or after `*`, as its last line an expression of the table's
    /// type.
    pub(crate) fn at(&self, index: &str) -> Vec<String> {
        let (name, ty) = (&self.name, self.ty);
        match (&self.inline, self.digits) {
            (Some(array), _) => vec![format!("{array}[{index}]")],
            (None, 1) => vec![format!("{ty}::from({name}[{index}] - b'0')")],
            (None, d) => vec![
                format!("let i = {} * {index};", d + 1),
                format!("(i..i + {d}).fold(0, |v, j| 10 * v + {ty}::from({name}[j] - b'0'))"),
            ],
        }
    }
}

/// A closure over `n` (`params`, as `|n: u64|`) whose body is `body`: on one line when the
/// body is one expression that fits (rustfmt drops the braces of such a block when
/// `let g = ...;` fits its line: at most 83 columns here fits 8 columns in), else as a
/// block. (An expression of 84 to 87 columns would fit 4 columns in but not 8: no code
/// site prints one.)
pub(crate) fn closure(params: &str, body: &[String]) -> String {
    match body {
        [one] if !one.starts_with("let ") && params.len() + 1 + one.len() <= 83 => {
            format!("{params} {one}")
        }
        _ => block(params, body, "").join("\n"),
    }
}
