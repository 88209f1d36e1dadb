//! The examples, `examples/NAME/` (packages of their own, with their own tests): the README
//! and `examples/README.md` show their files as they are, and every other piece of Rust they
//! show is a part of one, or of the README's walk-throughs (`walkthroughs.rs`, which checks
//! the lab's reports the README shows).

use std::fs;

/// The file `path` of the project.
fn read(path: &str) -> String {
    fs::read_to_string(common::bundling::manifest_dir().join(path)).unwrap()
}

/// The blocks of the markdown file `page` fenced as `lang`.
fn blocks(page: &str, lang: &str) -> Vec<String> {
    let text = read(page);
    let fence = format!("```{lang}\n");
    let parts = text.split(fence.as_str()).skip(1);
    parts
        .map(|b| b.split("```").next().unwrap().to_string())
        .collect()
}

/// Checks that the markdown file `page` shows each of `files` as it is, and that each of its
/// other Rust blocks is a part of one of the examples' files or of `walkthroughs.rs`.
fn assert_shows(page: &str, files: &[&str]) {
    let shown = blocks(page, "rust");
    for file in files {
        assert!(
            shown.contains(&read(file)),
            "{page} does not show {file} as it is"
        );
    }
    let mut sources = vec![read("tests/props/walkthroughs.rs")];
    for entry in fs::read_dir(common::bundling::manifest_dir().join("examples")).unwrap() {
        for file in fs::read_dir(entry.unwrap().path()).into_iter().flatten() {
            let path = file.unwrap().path();
            if path.extension().map_or(false, |e| e == "rs") {
                sources.push(fs::read_to_string(path).unwrap());
            }
        }
    }
    for block in &shown {
        assert!(
            sources.iter().any(|source| source.contains(block.as_str())),
            "{page} shows Rust that is in no example's file:\n{block}"
        );
    }
}

#[test]
fn the_readmes_show_the_examples_as_they_are() {
    assert_shows("README.md", &[]);
}

#[test]
fn the_examples_readme_shows_them_as_they_are() {
    let files = [
        "examples/take_away/rules.rs",
        "examples/take_away/tests.rs",
        "examples/power_cards/tests.rs",
        "examples/take_squares/main.rs",
        "examples/leapers/rules.rs",
        "examples/leapers/tests.rs",
        "examples/nim_move/main.rs",
        "examples/nim_move/checker.rs",
        "examples/nim_duel/main.rs",
        "examples/nim_duel/judge.rs",
        "examples/nim_duel/tests.rs",
    ];
    assert_shows("examples/README.md", &files);
}
