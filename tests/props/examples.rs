//! The examples, `examples/NAME/` (packages of their own, with their own tests): the README
//! and `examples/README.md` show their files as they are.

use std::fs;
use std::path::Path;

/// The file `path` of the project.
fn read(path: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// Checks that the markdown file `page` shows each of `files`, named, as it is.
fn assert_shows(page: &str, files: Vec<(&str, String)>) {
    let text = read(page);
    let blocks: Vec<&str> = text
        .split("```rust\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect();
    for (name, file) in files {
        assert!(
            blocks.contains(&file.as_str()),
            "{page} does not show {name} as it is"
        );
    }
}

#[test]
fn the_readme_shows_every_example_as_it_is() {
    let files = [
        "examples/take_away/main.rs",
        "examples/take_away/tests.rs",
        "examples/georgia_bob/main.rs",
        "examples/dawson/main.rs",
    ];
    assert_shows("README.md", files.iter().map(|f| (*f, read(f))).collect());
    let judged = [
        "examples/nim_move/main.rs",
        "examples/nim_move/checker.rs",
        "examples/nim_duel/main.rs",
        "examples/nim_duel/judge.rs",
        "examples/nim_duel/tests.rs",
    ];
    assert_shows(
        "examples/README.md",
        judged.iter().map(|f| (*f, read(f))).collect(),
    );
}
