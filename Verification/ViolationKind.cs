namespace EventCommitLab.Verification;

/// <summary>Everything the verifier looks for.</summary>
public enum ViolationKind
{
    /// <summary>An acknowledged commit has none of its events in the log.</summary>
    LostEvents,

    /// <summary>A commit has some but not all of its events in the log.</summary>
    PartialCommit,

    /// <summary>Events the ledger does not account for: an unknown commit, or more events than the commit had.</summary>
    UnexpectedEvents,

    /// <summary>A commit rejected as a conflict left events in the log.</summary>
    ConflictWroteEvents,

    /// <summary>A commit its caller was told had failed is in the log: a caller that commits it again writes it twice.</summary>
    FailedCommitWritten,

    /// <summary>The log holds an acknowledged commit's events at other sequence numbers, or at another aggregate version, than the caller was told.</summary>
    AcknowledgementMismatch,

    /// <summary>An event of a commit differs from what its caller handed over: type, event source, aggregate version, tags or payload.</summary>
    AlteredEvent,

    /// <summary>A commit's events are all in the log, unaltered, but in another order than the caller handed them over.</summary>
    ReorderedEvents,

    /// <summary>Two events share a sequence number.</summary>
    DuplicateSequenceNumber,

    /// <summary>Sequence numbers are missing between 0 and the highest one.</summary>
    SequenceGap,

    /// <summary>A commit's events do not have consecutive sequence numbers.</summary>
    NonContiguousCommit,

    /// <summary>An aggregate's version repeats (or goes back) along the log.</summary>
    AggregateVersionRepeated,

    /// <summary>An aggregate's version jumps along the log, or does not start at 1.</summary>
    AggregateVersionSkipped,

    /// <summary>
    /// An acknowledged aggregate commit's events are in the log at versions that do not follow the version it expected:
    /// the expected-version check let it through against another version.
    /// </summary>
    ExpectedVersionNotHeld,

    /// <summary>Two acknowledged commits expected the same aggregate at the same version: both passed one check, one of them wrongly.</summary>
    ExpectedVersionShared,

    /// <summary>An aggregate's stored version disagrees with its events.</summary>
    AggregateRowMismatch,

    /// <summary>The store's sequence counter is not at the log's end (ahead: a gap to come; behind: collisions to come).</summary>
    CounterDrift,

    /// <summary>
    /// A reader following the log by sequence number passed a number that was committed later: a catch-up subscription
    /// reading "everything after N" never delivers that event.
    /// </summary>
    SkippedByReader,

    /// <summary>
    /// A reader delivering only below the transaction horizon, by transaction id then number, passed an event that
    /// became visible later: the horizon did not hold back everything still to come.
    /// </summary>
    SkippedByHorizonReader,
}
