//! Reading line-oriented input: the files named on the command line, or standard input.

use std::io::BufRead;

use crate::UsageError;

/// An input and the name to report it by.
pub type Named = (String, Box<dyn BufRead>);

/// Each input with the name to report it by: the files, or standard input if there are none.
pub fn open(files: &[std::path::PathBuf]) -> Result<Vec<Named>, UsageError> {
    if files.is_empty() {
        return Ok(vec![(
            "standard input".into(),
            Box::new(std::io::stdin().lock()),
        )]);
    }
    files
        .iter()
        .map(|f| {
            let file = std::fs::File::open(f)
                .map_err(|e| UsageError(format!("cannot read {}: {e}", f.display())))?;
            Ok((
                f.display().to_string(),
                Box::new(std::io::BufReader::new(file)) as Box<dyn BufRead>,
            ))
        })
        .collect()
}
