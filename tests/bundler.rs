//! The bundler: a small fixture crate (tests/fixtures/bundle) pins the tricky cases, its
//! bundles behaving exactly like the crate built the ordinary way; problem bundles hold no
//! doc comments or test code; the lexer and the error messages.

#[allow(dead_code)]
#[path = "../src/bin/bundle.rs"]
mod bundle;

mod common;

use bundle::Kind;
use common::bundling::{
    bundle_of, bundler, compile, manifest_dir, problem_binaries, TempDir, MAX_BYTES,
};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;

fn fixture_root() -> PathBuf {
    manifest_dir().join("tests").join("fixtures").join("bundle")
}

fn run_plain(exe: &Path) -> String {
    let run = Command::new(exe).output().expect("program runs");
    assert!(run.status.success(), "{} failed", exe.display());
    String::from_utf8(run.stdout).expect("UTF-8 output")
}

/// Checks what a bundle's code (outside literals and comments) must not hold: doc comments,
/// `#[test]`, `cfg(test)`.
fn check_no_docs_or_tests(name: &str, text: &str) -> Result<(), String> {
    let tokens = bundle::lex(text).map_err(|e| format!("{name}: bundle does not lex: {e}"))?;
    if let Some(doc) = tokens.iter().find(|t| t.kind == Kind::DocComment) {
        return Err(format!(
            "{name}: doc comment left: {}",
            &text[doc.start..doc.end]
        ));
    }
    let code: String = tokens
        .iter()
        .filter(|t| !matches!(t.kind, Kind::Space | Kind::Comment | Kind::Literal))
        .map(|t| &text[t.start..t.end])
        .collect();
    for test_code in ["#[test]", "cfg(test)"] {
        if code.contains(test_code) {
            return Err(format!("{name}: {test_code} left in the bundle"));
        }
    }
    Ok(())
}

#[test]
fn problem_bundles_hold_no_docs_or_test_code() {
    let names = problem_binaries();
    assert!(!names.is_empty(), "no problem binaries in src/bin");
    for name in names {
        let bundled = bundle_of(&manifest_dir(), &name).unwrap();
        check_no_docs_or_tests(&name, &bundled.text).unwrap();
    }
}

/// The fixture binaries and the library modules each must reach, exactly.
const FIXTURE_BINARIES: &[(&str, &[&str])] = &[
    (
        "fixture",
        &[
            "a",
            "a::b",
            "a::inl",
            "a::inl::leaf",
            "c",
            "c::d",
            "c::e",
            "foreign_impls",
            "macros",
            "pathed",
            "pathed::inner",
            "platform",
        ],
    ),
    // Through the root's `pub use c::shout` and the `half` leaf of `pub use a::{..}`: not
    // `a::b`, `a::inl` or `unused`; `c::d` because `a` names it, `foreign_impls` because it
    // implements `a::Describe`.
    ("only_c", &["a", "c", "c::d", "c::e", "foreign_impls"]),
    // `src/bin/dir_bin/main.rs` with its own module file.
    ("dir_bin", &["c", "c::d", "c::e"]),
    ("plain", &[]),
];

/// What tests/fixtures/bundle/src/bin/fixture.rs prints, worked out from its source.
const FIXTURE_OUTPUT: &str = r##"42
HI!
Pair(1, 2) 7
// not a comment
/* x */ and /// not a doc
#[test] #[cfg(test)] mod tests;
"
'
raw "quoted" // and /* x */ #[test]
two hashes: "# still inside
C:\temp\
bytes // " /* x */
raw bytes "// x"
\
escaped " // quote \
crate::a::b and super:: stay
multi-line
    string // kept as is
z (25.001, 13, 4)
A! 2
D!
11 49
leaf 2
byte 5 Root(3) on a hosted target 15
"##;

#[test]
fn fixture_bundles_behave_like_the_crate_built_normally() {
    let dir = TempDir::new("fixture");
    let root = fixture_root();
    // The ordinary build, with rustc and --extern as Cargo would do it.
    let lib = Command::new("rustc")
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "lib",
            "--crate-name",
            "fix_lib",
        ])
        .arg("--out-dir")
        .arg(&dir.0)
        .arg(root.join("src").join("lib.rs"))
        .output()
        .expect("rustc runs");
    assert!(
        lib.status.success(),
        "{}",
        String::from_utf8_lossy(&lib.stderr)
    );
    let rlib = dir.0.join("libfix_lib.rlib");
    let mut failures = Vec::new();
    thread::scope(|s| {
        let checks: Vec<_> = FIXTURE_BINARIES
            .iter()
            .map(|&(name, modules)| {
                let (dir, root, rlib) = (&dir.0, &root, &rlib);
                s.spawn(move || -> Result<String, String> {
                    let reference = dir.join(format!("{name}_reference"));
                    let bin = root.join("src").join("bin");
                    let main = bin.join(name).join("main.rs");
                    let source = if main.is_file() {
                        main
                    } else {
                        bin.join(format!("{name}.rs"))
                    };
                    let built = Command::new("rustc")
                        .args(["--edition", "2021", "--extern"])
                        .arg(format!("fix_lib={}", rlib.display()))
                        .arg("-o")
                        .arg(&reference)
                        .arg(source)
                        .output()
                        .map_err(|e| e.to_string())?;
                    if !built.status.success() {
                        return Err(String::from_utf8_lossy(&built.stderr).into_owned());
                    }
                    let bundled = bundle_of(root, name)?;
                    if bundled.modules != *modules {
                        return Err(format!(
                            "{name}: reached {:?}, expected {modules:?}",
                            bundled.modules
                        ));
                    }
                    check_no_docs_or_tests(name, &bundled.text)?;
                    let exe = compile(dir, name, &bundled.text, false)?;
                    let (want, got) = (run_plain(&reference), run_plain(&exe));
                    if want != got {
                        return Err(format!("{name}: bundle printed\n{got}\nnot\n{want}"));
                    }
                    Ok(got)
                })
            })
            .collect();
        for (check, &(name, _)) in checks.into_iter().zip(FIXTURE_BINARIES) {
            match check.join().expect("no panic") {
                Ok(output) if name == "fixture" => assert_eq!(output, FIXTURE_OUTPUT),
                Ok(_) => {}
                Err(e) => failures.push(e),
            }
        }
    });
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn fixture_bundle_drops_docs_and_test_code_but_keeps_literals_and_comments() {
    let text = bundle_of(&fixture_root(), "fixture").unwrap().text;
    for gone in [
        "DOC-MARKER",
        "UNUSED-MARKER",
        "NEVER-INLINE-MARKER",
        "LONELY-MARKER",
        "this_function_does_not_exist",
        "only_in_tests",
        "mod tests {",
        "unused::Never",
        "feature = \"never\"",
        "macro_export",
        "#[path =",
        "html_root_url",
    ] {
        assert!(!text.contains(gone), "{gone:?} is still in the bundle");
    }
    for kept in [
        r#""// not a comment""#,
        r#""/* x */ and /// not a doc""#,
        r##""#[test] #[cfg(test)] mod tests;""##,
        r#"'"'"#,
        r#"'\''"#,
        r##"r#"raw "quoted" // and /* x */ #[test]"#"##,
        r###"r##"two hashes: "# still inside"##"###,
        r##"br#"raw bytes "// x""#"##,
        r#""crate::a::b and super:: stay""#,
        "\"multi-line\n    string // kept as is\"",
        "/* A plain block comment /* nested */ that is kept. */",
        "// A nested module of the binary reaches the library by an absolute path.",
        "#![allow(clippy::all)]",
        "#![allow(clippy::needless_return)]",
        "pub(crate) fn twice",
        "super::super::b::Pair",
        "$crate::fix_lib::macros::mul",
        "crate::fix_lib::c::d::LEVEL",
        "crate::fix_lib::root_fn()",
        "\nextern crate alloc;\n",
        "#[doc = \"\"]\n        SEVEN = 7;",
        "#[doc = \"\"]\n        EIGHT = 8;",
        "pub(crate) use square;",
    ] {
        assert!(text.contains(kept), "{kept:?} is missing from the bundle");
    }
    // Only the needed leaf of a root `use` with several.
    let only_c = bundle_of(&fixture_root(), "only_c").unwrap().text;
    assert!(only_c.contains("pub use a::half;") && !only_c.contains("Pair"));
    // The binary's inner attribute still comes before its first item.
    let attribute = text.find("#![allow(clippy::all)]").unwrap();
    assert!(attribute < text.find("use crate::fix_lib").unwrap());
}

#[test]
fn bundler_fails_loudly_on_oversized_bundles_missing_files_and_unknown_binaries() {
    let dir = TempDir::new("errors");
    let root = dir.0.join("crate");
    fs::create_dir_all(root.join("src").join("bin")).unwrap();
    fs::write(root.join("Cargo.toml"), "[package]\nname = \"big-one\"\n").unwrap();
    fs::write(root.join("src").join("lib.rs"), "pub mod missing;\n").unwrap();
    let big = format!(
        "fn main() {{\n    println!(\"{}\");\n}}\n",
        "x".repeat(MAX_BYTES)
    );
    fs::write(root.join("src").join("bin").join("big.rs"), &big).unwrap();
    fs::write(
        root.join("src").join("bin").join("small.rs"),
        "fn main() {}\n",
    )
    .unwrap();
    let root_arg = root.to_str().unwrap();
    let fails_with = |args: &[&str], message: &str| {
        let run = bundler(args);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success(), "{args:?} succeeded");
        assert!(run.stdout.is_empty(), "{args:?} printed a bundle");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    };
    fails_with(&["--root", root_arg, "small"], "module missing: neither of");
    fs::write(root.join("src").join("lib.rs"), "pub fn unused() {}\n").unwrap();
    fails_with(&["--root", root_arg, "big"], "it must stay under 65536");
    fails_with(
        &["--root", root_arg, "no_such_binary"],
        "no binary no_such_binary",
    );
    fails_with(&[], "usage: bundle");
    let small = bundler(&["--root", root_arg, "small"]);
    assert!(small.status.success());
}

/// Non-space tokens of `src` as (kind, text), after checking that the tokens cover `src`.
fn tokens(src: &str) -> Vec<(Kind, &str)> {
    let tokens = bundle::lex(src).unwrap();
    let joined: String = tokens.iter().map(|t| &src[t.start..t.end]).collect();
    assert_eq!(joined, src);
    tokens
        .iter()
        .filter(|t| t.kind != Kind::Space)
        .map(|t| (t.kind, &src[t.start..t.end]))
        .collect()
}

#[test]
fn lexer_tells_literals_lifetimes_and_comments_apart() {
    use Kind::*;
    assert_eq!(
        tokens(r#"&'a str = 'a'; '\'' '"' b'\\' '\u{1F600}' 'é' 'static"#),
        [
            (Punct, "&"),
            (Lifetime, "'a"),
            (Ident, "str"),
            (Punct, "="),
            (Literal, "'a'"),
            (Punct, ";"),
            (Literal, r"'\''"),
            (Literal, "'\"'"),
            (Literal, r"b'\\'"),
            (Literal, r"'\u{1F600}'"),
            (Literal, "'é'"),
            (Lifetime, "'static"),
        ]
    );
    assert_eq!(
        tokens(r####"r#"a"b"# "c\"// d" br##"e"#"## c"f" r#type r "g\\" brace"####),
        [
            (Literal, r##"r#"a"b"#"##),
            (Literal, r#""c\"// d""#),
            (Literal, r###"br##"e"#"##"###),
            (Literal, r#"c"f""#),
            (Ident, "r#type"),
            (Ident, "r"),
            (Literal, r#""g\\""#),
            (Ident, "brace"),
        ]
    );
    assert_eq!(
        tokens("/* a /* b */ c */ //! d\n/** e */ /*! f */ /**/ /*** g */ //// h\n/// i"),
        [
            (Comment, "/* a /* b */ c */"),
            (DocComment, "//! d"),
            (DocComment, "/** e */"),
            (DocComment, "/*! f */"),
            (Comment, "/**/"),
            (Comment, "/*** g */"),
            (Comment, "//// h"),
            (DocComment, "/// i"),
        ]
    );
    assert_eq!(
        tokens("1..2 x.0.1 1e-3 0xE-1 a::b"),
        [
            (Literal, "1"),
            (Punct, "."),
            (Punct, "."),
            (Literal, "2"),
            (Ident, "x"),
            (Punct, "."),
            (Literal, "0.1"),
            (Literal, "1e-3"),
            (Literal, "0xE"),
            (Punct, "-"),
            (Literal, "1"),
            (Ident, "a"),
            (Punct, "::"),
            (Ident, "b"),
        ]
    );
    for unterminated in ["\"abc", "/* a /* b */", "r#\"abc\"", "'\\'"] {
        assert!(bundle::lex(unterminated).is_err(), "{unterminated:?}");
    }
}
