//! The `arena` command: everything is in the library's command-line layer.

fn main() -> std::process::ExitCode {
    arena::cli::main()
}
