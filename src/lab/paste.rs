//! The Rust of a declaration, to paste into `rules.rs` ([`family_code`]), and the words of
//! what it says of the moves, for the statement to confirm ([`confirm`]): what the lab's
//! proposals print. Every line fits [`WIDTH`] columns, its indentation in `impl Heap`
//! included, and is as `cargo fmt` leaves it (a list too long for a line is wrapped, as
//! many items a line as fit).
//! Layer 1: uses `rules`.

use crate::rules::{Family, Parts, TakeBreak};
use std::fmt::Write;

/// The widest line of code printed, its indentation in `impl Heap` included.
pub const WIDTH: usize = 92;

/// The `fn family` that declares `family`, in lines indented as in `impl Heap`; a residue
/// family's `is_move` asks the rules themselves, `takes_all(&Self, s)` (`Self` a unit
/// struct, as `Rules`).
///
/// # Complexity
/// O(the text).
///
/// ```
/// use lab::paste::family_code;
/// use lab::rules::Family;
/// let code = family_code(&Family::Subtraction(vec![1, 3, 4]));
/// assert_eq!(code[1], "        Family::Subtraction(vec![1, 3, 4])");
/// ```
pub fn family_code(family: &Family) -> Vec<String> {
    let list = |items: &[u64]| items.iter().map(u64::to_string).collect::<Vec<_>>();
    let mut code = Vec::new();
    match family {
        Family::Unknown => code.push("        Family::Unknown".into()),
        Family::Subtraction(set) => {
            code.push("        Family::Subtraction(vec![".into());
            wrap(&mut code, &list(set), "            ");
            code.push("        ])".into());
        }
        Family::Residues(set) => {
            code.extend([
                "        Family::Residues(Residues {".to_string(),
                "            is_move: |s| takes_all(&Self, s),".to_string(),
                format!("            from: {},", set.from),
                format!("            modulus: {},", set.modulus),
                "            classes: vec![".to_string(),
            ]);
            wrap(&mut code, &list(&set.classes), "                ");
            code.push("            ],".into());
            code.push("        })".into());
        }
        Family::Octal(code_) => code.push(format!("        Family::Octal({:?}.into())", code_)),
        Family::TakeBreak(tb) => code = take_break_code(tb),
    }
    join_short(&mut code);
    wrap_fn(code)
}

/// The `use` line [`family_code`]'s text needs.
///
/// # Complexity
/// O(1).
pub fn uses(family: &Family) -> &'static str {
    match family {
        Family::Residues(_) => "use lab::rules::{takes_all, Family, Heap, Residues};",
        Family::TakeBreak(_) => "use lab::rules::{Family, Heap, Parts, TakeBreak};",
        _ => "use lab::rules::{Family, Heap};",
    }
}

/// What declaring `family` says of the moves, which the statement must confirm.
///
/// # Complexity
/// O(the text).
pub fn confirm(family: &Family) -> String {
    match family {
        Family::Unknown => String::new(),
        Family::Subtraction(set) => format!(
            "every move takes {} from one heap, whatever its size, and no move takes another \
             count",
            or_list(set)
        ),
        Family::Residues(set) => format!(
            "every move takes a count from one heap, the same counts from every heap that has \
             them; every count from {} on is {} modulo {}, and each of these classes holds \
             counts as large as one likes (`Self` a unit struct, as `Rules`)",
            set.from,
            or_list(&set.classes),
            set.modulus
        ),
        Family::Octal(_) | Family::TakeBreak(_) => match family.take_break() {
            Some(Ok(tb)) => describe(&tb),
            _ => String::new(),
        },
    }
}

/// The octal code of `tb`, if it is an octal game: no tail, no count 0, parts any.
///
/// # Complexity
/// O(counts^2).
///
/// ```
/// use lab::paste::octal_code;
/// use lab::rules::TakeBreak;
/// assert_eq!(octal_code(&TakeBreak::octal("0.137").unwrap()).unwrap(), "0.137");
/// ```
pub fn octal_code(tb: &TakeBreak) -> Option<String> {
    let plain = tb.from.is_none() && tb.parts == Parts::ANY && tb.takes.iter().all(|t| t.0 > 0);
    let t = tb.takes.iter().map(|&(k, _)| k).max().filter(|_| plain)?;
    let digit = |k: u64| tb.takes.iter().filter(|t| t.0 == k).fold(0, |d, t| d | t.1);
    Some((1..=t).fold("0.".to_string(), |code, k| format!("{}{}", code, digit(k))))
}

/// The lines of `Family::TakeBreak(..)` for `tb`, indented for `fn family`.
fn take_break_code(tb: &TakeBreak) -> Vec<String> {
    let takes: Vec<String> = tb
        .takes
        .iter()
        .map(|(k, b)| format!("({}, {})", k, b))
        .collect();
    let mut code = vec![
        "        Family::TakeBreak(TakeBreak {".to_string(),
        "            takes: vec![".to_string(),
    ];
    // rustfmt keeps tuples one a line when they do not fit on one.
    code.extend(takes.iter().map(|t| format!("                {},", t)));
    code.push("            ],".into());
    code.push(match tb.from {
        Some((c, bits)) => format!("            from: Some(({}, {})),", c, bits),
        None => "            from: None,".into(),
    });
    code.push(match tb.parts {
        Parts::ANY => "            parts: Parts::ANY,".into(),
        Parts::UNEQUAL => "            parts: Parts::UNEQUAL,".into(),
        Parts { least, unequal } => format!(
            "            parts: Parts {{ least: {}, unequal: {} }},",
            least, unequal
        ),
    });
    code.push("        })".into());
    join_short(&mut code);
    code
}

/// The moves of `tb` in words, for the statement to confirm.
fn describe(tb: &TakeBreak) -> String {
    let leaves = |bits: u8| {
        let mut ways = Vec::new();
        if bits & 1 != 0 {
            ways.push("the whole heap");
        }
        if bits & 2 != 0 {
            ways.push("leaving one heap");
        }
        if bits & 4 != 0 {
            ways.push("splitting the rest into two heaps");
        }
        ways.join(" or ")
    };
    let mut said: Vec<String> = (tb.takes.iter())
        .map(|&(k, bits)| match k {
            0 => "splitting a heap into two, taking nothing".to_string(),
            k => format!("taking {}: {}", k, leaves(bits)),
        })
        .collect();
    if let Some((c, bits)) = tb.from {
        said.push(format!("taking any count from {}: {}", c, leaves(bits)));
    }
    let splits = tb
        .takes
        .iter()
        .chain(tb.from.iter())
        .any(|&(_, b)| b & 4 != 0);
    let parts = match tb.parts {
        _ if !splits => String::new(),
        Parts { least: 1, unequal } => ["", "; the two parts unequal"][usize::from(unequal)].into(),
        Parts { least, unequal } => format!(
            "; each part at least {}{}",
            least,
            ["", ", the two unequal"][usize::from(unequal)]
        ),
    };
    format!(
        "the moves are {}{}, and no other, whatever the heap's size",
        said.join("; "),
        parts
    )
}

/// `1, 3 or 4`.
fn or_list<T: ToString>(items: &[T]) -> String {
    let items: Vec<String> = items.iter().map(T::to_string).collect();
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {}", rest.join(", "), last),
        None => String::new(),
    }
}

/// Appends `items`, separated by `, `, in lines of at most [`WIDTH`] columns that start
/// with `indent`, the last with a comma too only if it ends a line of several.
fn wrap(code: &mut Vec<String>, items: &[String], indent: &str) {
    let mut line = indent.to_string();
    for item in items {
        if line.len() > indent.len() && line.len() + item.len() + 2 > WIDTH {
            code.push(line.trim_end().to_string());
            line = indent.to_string();
        }
        let _ = write!(line, "{}, ", item);
    }
    code.push(line.trim_end().to_string());
}

/// Joins each list's lines back into its opening line, as rustfmt does, where the whole
/// fits in [`WIDTH`] columns: `vec![1, 2]`.
fn join_short(code: &mut Vec<String>) {
    let closes = |line: &String| matches!(line.trim(), "]," | "])");
    let mut i = 0;
    while i < code.len() {
        let close = (i + 1..code.len()).find(|&j| closes(&code[j]));
        if let Some(close) = close.filter(|_| code[i].ends_with('[')) {
            let items: Vec<&str> = (code[i + 1..close].iter())
                .map(|l| l.trim().trim_end_matches(','))
                .collect();
            let joined = format!("{}{}{}", code[i], items.join(", "), code[close].trim());
            if joined.len() <= WIDTH {
                code[i] = joined;
                code.drain(i + 1..=close);
            }
        }
        i += 1;
    }
}

/// `body` within `fn family(&self) -> Family { .. }`, indented as in `impl Heap`.
fn wrap_fn(body: Vec<String>) -> Vec<String> {
    let mut code = vec!["    fn family(&self) -> Family {".to_string()];
    code.extend(body);
    code.push("    }".into());
    code
}
