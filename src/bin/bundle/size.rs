//! Size: what a bundle may weigh. Judges cap a source's bytes: SPOJ and CodeChef take at most
//! 50,000, most others 64 KiB. A bundle over [`WARN_BYTES`] (48 KiB) gets a warning that says
//! what takes the room: the bytes of each library module pasted, largest first, and the
//! binary's own; one over [`MAX_BYTES`] is an error, with the same account, unless the user
//! asks for it (`--allow-large`): then it is printed, and still warned about. One rule for
//! every judge, the strictest common one, rather than a limit per judge.

/// A bundle over this many bytes is warned about: 48 KiB, a margin under [`MAX_BYTES`] for
/// the next problem's needs.
pub const WARN_BYTES: usize = 48 * 1024;

/// A bundle over this many bytes fails unless allowed: the limit of SPOJ and CodeChef, the
/// strictest of the common judges (most others take under 64 KiB).
pub const MAX_BYTES: usize = 50_000;

/// Where a bundle's bytes go.
pub struct Room {
    /// The binary's own bytes, with the bundle's header comment.
    pub binary: usize,
    /// Each library module pasted, `pub mod NAME { .. }` whole, and its bytes.
    pub modules: Vec<(String, usize)>,
    /// The whole bundle: the binary, the modules, and `mod LIB { .. }` around them.
    pub total: usize,
}

impl Room {
    /// What takes the room: the modules by bytes, largest first (ties by name), then the
    /// binary, then what holds the modules together.
    fn account(&self) -> String {
        let mut modules = self.modules.clone();
        modules.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let mut parts: Vec<String> = modules
            .iter()
            .map(|(name, bytes)| format!("{name} {}", thousands(*bytes)))
            .collect();
        parts.push(format!("the binary {}", thousands(self.binary)));
        let rest = self.total - self.binary - modules.iter().map(|m| m.1).sum::<usize>();
        if rest > 0 {
            parts.push(format!("the library's wrapper {}", thousands(rest)));
        }
        parts.join(", ")
    }

    /// The warning for the bundle of `name`, if it is over [`WARN_BYTES`].
    pub fn warning(&self, name: &str) -> Option<String> {
        (self.total > WARN_BYTES).then(|| {
            format!(
                "warning: {name}: the bundle is {} bytes, over 48 KiB ({}); what takes the \
                 room, in bytes: {}",
                thousands(self.total),
                thousands(WARN_BYTES),
                self.account()
            )
        })
    }

    /// Checks the bundle of `name` against [`MAX_BYTES`], unless `allow_large`.
    ///
    /// # Errors
    /// When it is over [`MAX_BYTES`] and not allowed: the message says what takes the room
    /// and how to ask for it anyway.
    pub fn check(&self, name: &str, allow_large: bool) -> Result<(), String> {
        if self.total <= MAX_BYTES || allow_large {
            return Ok(());
        }
        Err(format!(
            "the bundle of {name} is {} bytes, over {}, the most that SPOJ and CodeChef take \
             (in bytes: {}); pass --allow-large to print it anyway, for a judge that takes it",
            thousands(self.total),
            thousands(MAX_BYTES),
            self.account()
        ))
    }
}

/// `n` with its thousands apart: 49,026.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}
