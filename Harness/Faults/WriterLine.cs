using EventCommitLab.Contract.Model;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Faults;

/// <summary>
/// One line a writer process streams to its parent: a commit it is about to send (with what it hands over), or what
/// became of it. The parent builds the ledger from these, so a writer killed mid-commit leaves its commits accounted for.
/// </summary>
/// <param name="Kind">start, ack, conflict, unknown or failed.</param>
/// <param name="Expected">On a start line of an aggregate commit: the version it expects its aggregate at.</param>
public sealed record WriterLine(
    string Kind, Guid CommitId, EventFingerprint[]? Events = null, long[]? Numbers = null, long? AggregateVersion = null, string? Failure = null, AggregateExpectation? Expected = null);
