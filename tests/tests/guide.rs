//! The README as a newcomer's page and `docs/` as its guide: the README stays short,
//! opens with the two commands, links every page of the guide, and no link of either
//! points at a file that is not there.

use std::path::PathBuf;

use end_to_end::{markdown_files, repo_root};

/// The README's longest allowed length, in lines.
const README_LINES: usize = 300;

/// The two commands the README opens with, in order.
const FIRST_COMMANDS: [&str; 2] = [
    "cargo run --release -p arena -- run configs/leapfrog-round-robin.toml --force",
    "cargo test --workspace",
];

/// The targets of the Markdown links of `text` (`[words](target)`), anchors included.
fn link_targets(text: &str) -> Vec<&str> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            let end = rest.find(')')?;
            Some(&rest[..end]).filter(|t| !t.contains(char::is_whitespace))
        })
        .collect()
}

fn readme() -> String {
    std::fs::read_to_string(repo_root().join("README.md")).unwrap()
}

#[test]
fn the_readme_is_short_and_opens_with_the_two_commands() {
    let readme = readme();
    let lines: Vec<&str> = readme.lines().collect();
    assert!(
        lines.len() <= README_LINES,
        "README.md has {} lines: at most {README_LINES}, the rest goes to docs/",
        lines.len()
    );
    let opening: Vec<&str> = lines[..10.min(lines.len())]
        .iter()
        .filter_map(|line| {
            FIRST_COMMANDS
                .iter()
                .find(|c| line.starts_with(*c))
                .copied()
        })
        .collect();
    assert_eq!(
        opening, FIRST_COMMANDS,
        "README.md's first 10 lines give the two commands, in this order"
    );
}

#[test]
fn the_readme_links_every_page_of_the_guide() {
    let root = repo_root();
    let readme = readme();
    let linked: Vec<PathBuf> = link_targets(&readme)
        .into_iter()
        .map(|t| root.join(t.split('#').next().unwrap()))
        .collect();
    for page in markdown_files(&root.join("docs")) {
        assert!(
            linked.contains(&page),
            "README.md does not link {}",
            page.strip_prefix(&root).unwrap().display()
        );
    }
}

#[test]
fn every_link_of_the_readme_and_the_guide_finds_its_file() {
    let root = repo_root();
    let mut documents = markdown_files(&root.join("docs"));
    documents.push(root.join("README.md"));
    for document in documents {
        let text = std::fs::read_to_string(&document).unwrap();
        let folder = document.parent().unwrap();
        for target in link_targets(&text) {
            let file = target.split('#').next().unwrap();
            if file.is_empty() || file.contains("://") {
                continue;
            }
            assert!(
                folder.join(file).exists(),
                "{}: the link {target} finds no file",
                document.strip_prefix(&root).unwrap().display()
            );
        }
    }
}
