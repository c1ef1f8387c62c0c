namespace EventCommitLab.Contract.Port;

/// <summary>What the concurrent committers of one process write in common, for a store's <see cref="CommitShape"/>.</summary>
public enum SharedWrite
{
    /// <summary>Each commit writes only its own events and aggregate: nothing to contend on.</summary>
    Nothing,

    /// <summary>One writer of the process takes the shared document for a whole batch: committers never meet on it.</summary>
    OncePerBatch,

    /// <summary>Each commit updates the shared document atomically outside its transaction: a second one waits for the first.</summary>
    Atomically,

    /// <summary>Each commit writes the shared document inside its own transaction: what a second transaction meets there is the store's (a wait, or an abort to retry).</summary>
    InTransaction,
}
