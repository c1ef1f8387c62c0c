namespace EventCommitLab.Harness.Results;

/// <summary>The tailing reader that follows the log beside each sustained round.</summary>
public enum ReaderKind
{
    /// <summary>No reader: the writers have the store to themselves.</summary>
    None,

    /// <summary>Reads "everything after the last number delivered", as a naive catch-up subscription.</summary>
    Naive,
}
