//! The command-line reference, `docs/cli-reference.md`: the `--help` of `arena` and of
//! every verb, as clap prints it. A test compares the page with the help the program
//! gives; `UPDATE_DOCS=1 cargo test -p arena --lib cli::reference` writes it again.

use clap::CommandFactory;

use super::Cli;

/// The page: a heading and a block of `--help` text for `arena`, then for each verb in
/// the order `arena --help` lists them.
fn page() -> String {
    let mut arena = Cli::command();
    arena.build();
    let mut page = String::from(
        "# Command-line reference\n\n\
         The `--help` of `arena` and of every verb, as the program prints it. This page is\n\
         generated: a test fails when it differs from the program's help, and\n\
         `UPDATE_DOCS=1 cargo test -p arena --lib cli::reference` writes it again. What the\n\
         verbs share (exit codes, output folders, progress) is in [The commands at a\n\
         glance](commands.md). [Back to the guide](README.md).\n",
    );
    let mut section = |name: &str, help: String| {
        let text: Vec<&str> = help.lines().map(str::trim_end).collect();
        page.push_str(&format!(
            "\n## `{name}`\n\n```text\n{}\n```\n",
            text.join("\n").trim_end()
        ));
    };
    section("arena", arena.render_long_help().to_string());
    for verb in arena.get_subcommands_mut() {
        if verb.get_name() == "help" {
            continue;
        }
        let name = format!("arena {}", verb.get_name());
        section(&name, verb.render_long_help().to_string());
    }
    page
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::page;

    #[test]
    fn the_cli_reference_is_the_programs_help() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/cli-reference.md");
        let expected = page();
        if std::env::var_os("UPDATE_DOCS").is_some() {
            std::fs::write(&path, &expected).expect("docs/cli-reference.md is writable");
        }
        let written = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            written == expected,
            "docs/cli-reference.md differs from the program's --help: run \
             `UPDATE_DOCS=1 cargo test -p arena --lib cli::reference` and commit the page"
        );
    }
}
