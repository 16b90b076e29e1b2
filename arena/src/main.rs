//! The `arena` command: parse the command line, run the verb, map errors to exit codes.

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match arena::cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(exit) => return exit,
    };
    let mut stdout = std::io::stdout().lock();
    match arena::cli::run(cli, &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}
